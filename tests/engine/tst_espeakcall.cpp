// espeak-ng speaks each call in a fork of a process that never speaks (EspeakCall), so a
// call's samples depend only on its input: the same sentence is the same samples
// whatever the process said before (other voices, languages, rates, breathy variants,
// calls cut short), also after hundreds of calls (voice and rate settings queue commands
// in espeak-ng that only synthesis takes off). A stop ends the call's child at once and
// leaves no process behind. Registered twice: engine_espeakcall forks each call from the
// test process, engine_espeakcall_zygote (TTS_TEST_ESPEAK_ZYGOTE=1) from a zygote as
// tts-worker does, whose calls must be the same samples as the ones forked here.

#include "espeakbackend.h"
#include "espeakcall.h"
#include "procinfo.h"

#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <vector>

#include <sys/wait.h>

namespace
{
SynthesisParams voice(const QString &language, const QString &variant = {}, double speed = 1.0)
{
    SynthesisParams p;
    p.backend = SpeechBackendKind::Espeak;
    p.espeakLanguage = language;
    p.espeakVariant = variant;
    p.gender = variant.startsWith(u'f') ? 2 : 1;
    p.speed = speed;
    return p;
}

bool zygoteMode()
{
    return qEnvironmentVariableIntValue("TTS_TEST_ESPEAK_ZYGOTE") == 1;
}

qsizetype mappingsOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/maps").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    return f.readAll().count('\n');
}
}

class TestEspeakCall : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameSamplesWhateverCameBefore_data();
    void sameSamplesWhateverCameBefore();
    void wordMarksInOrder();
    void stopEndsTheCall();
    void unknownVoiceIsAnError();
    void zygoteCallsEqualCallsForkedHere_data();
    void zygoteCallsEqualCallsForkedHere();
    void zygoteKeepsFourVoices();
    void killedCallInANewVoiceProcessFails();

private:
    std::vector<qint16> say(const QString &text, const SynthesisParams &params, QList<SpeechBackend::WordMark> *marks = nullptr);

    EspeakBackend m_espeak;
};

void TestEspeakCall::initTestCase()
{
    QVERIFY(m_espeak.isReady());
    if (zygoteMode()) {
        EspeakCall::startZygote();
        QVERIFY(EspeakCall::hasZygote());
        QCOMPARE(ProcInfo::children(::getpid()).size(), 1);
    }
}

std::vector<qint16> TestEspeakCall::say(const QString &text, const SynthesisParams &params, QList<SpeechBackend::WordMark> *marks)
{
    std::vector<qint16> pcm;
    const QString err = m_espeak.speak(
        text, params,
        [&](const qint16 *s, int n) {
            pcm.insert(pcm.end(), s, s + n);
            return true;
        },
        marks ? SpeechBackend::MarkSink([marks](const SpeechBackend::WordMark &m) { marks->append(m); })
              : SpeechBackend::MarkSink());
    if (!err.isEmpty())
        qWarning("%s", qPrintable(err));
    return pcm;
}

void TestEspeakCall::sameSamplesWhateverCameBefore_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<double>("speed");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("es f3 (breath noise)") << "es" << "f3" << 1.0 << "El puerto estaba tranquilo y los barcos se mecían.";
    QTest::newRow("de m1") << "de" << "m1" << 1.0 << "Der Sturm war vorüber, als wir den Hafen erreichten.";
    QTest::newRow("fr at speed 1.5") << "fr" << "f2" << 1.5 << "La tempête était passée quand nous sommes arrivés.";
    QTest::newRow("ja") << "ja" << "" << 1.0 << "あらしはすぎさっていました。";
}

void TestEspeakCall::sameSamplesWhateverCameBefore()
{
    QFETCH(QString, language);
    QFETCH(QString, variant);
    QFETCH(double, speed);
    QFETCH(QString, sentence);
    const SynthesisParams params = voice(language, variant, speed);
    const std::vector<qint16> first = say(sentence, params);
    QVERIFY(first.size() > 10000);
    // What a busy worker does between two units of one stream: 300 calls in other
    // languages, variants and rates, some stopped after their first chunk.
    const QList<SynthesisParams> others = {voice("ru", "m3", 0.8), voice("it", "f4", 2.0), voice("hi"), voice("es", "f3")};
    for (int i = 0; i < 300; ++i) {
        const SynthesisParams &other = others.at(i % others.size());
        bool firstChunk = true;
        m_espeak.speak(QStringLiteral("Uno dos tres, %1.").arg(i), other, [&](const qint16 *, int) {
            const bool go = !firstChunk || i % 3 != 0;
            firstChunk = false;
            return go;
        });
    }
    const std::vector<qint16> again = say(sentence, params);
    QCOMPARE(again.size(), first.size());
    QVERIFY2(again == first, "the same sentence came out with other samples");
}

void TestEspeakCall::wordMarksInOrder()
{
    QList<SpeechBackend::WordMark> marks;
    const QString text = QStringLiteral("Der Sturm war vorüber, als wir kamen.");
    const std::vector<qint16> pcm = say(text, voice("de"), &marks);
    QCOMPARE(marks.size(), 7);
    for (qsizetype i = 0; i < marks.size(); ++i) {
        QVERIFY(marks.at(i).start >= 0 && marks.at(i).start < qint64(pcm.size()));
        if (i > 0) {
            QVERIFY(marks.at(i).start > marks.at(i - 1).start);
            QVERIFY(marks.at(i).textIndex > marks.at(i - 1).textIndex);
        }
    }
    QCOMPARE(text.mid(marks.at(3).textIndex, 7), QStringLiteral("vorüber"));
}

void TestEspeakCall::stopEndsTheCall()
{
    // A long text (~2 h of slow speech, seconds of synthesis) stopped after its first chunk:
    // back at once, with one chunk, and the call's child gone (waited for: no zombie,
    // nothing left to wait for).
    const QString text = QStringLiteral("Una frase larga que sigue y sigue. ").repeated(1700);
    int chunks = 0;
    QElapsedTimer t;
    t.start();
    const QString err = m_espeak.speak(text, voice("es", {}, 0.5), [&](const qint16 *, int) {
        ++chunks;
        return false;
    });
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QCOMPARE(chunks, 1);
    qInfo("stopped after %lld ms", qint64(t.elapsed()));
    if (zygoteMode()) {
        // The call's child ends at its next write into the closed pipe. It was forked from
        // the zygote's process for its voice (a child of the zygote that stays).
        const QList<qint64> zygote = ProcInfo::children(::getpid());
        QCOMPARE(zygote.size(), 1);
        auto calls = [&] {
            QList<qint64> all;
            for (qint64 voiceZygote : ProcInfo::children(zygote.first()))
                all += ProcInfo::children(voiceZygote);
            return all;
        };
        // (the reaping loops wake at least once a second)
        QTRY_VERIFY_WITH_TIMEOUT(calls().isEmpty(), 2500);
        QVERIFY(EspeakCall::hasZygote());
        return;
    }
    errno = 0;
    QCOMPARE(::waitpid(-1, nullptr, WNOHANG), -1);
    QCOMPARE(errno, ECHILD);
}

void TestEspeakCall::zygoteCallsEqualCallsForkedHere_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("variant");
    QTest::addColumn<double>("speed");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("es f3 (breath noise)") << "es" << "f3" << 1.2 << "El puerto estaba tranquilo y los barcos se mecían.";
    QTest::newRow("de m1") << "de" << "m1" << 1.0 << "Der Sturm war vorüber, als wir den Hafen erreichten.";
    QTest::newRow("fr f2 at speed 1.5") << "fr" << "f2" << 1.5 << "La tempête était passée quand nous sommes arrivés.";
    QTest::newRow("ja") << "ja" << "" << 1.0 << "あらしはすぎさっていました。";
}

// A zygote's call, forked from the process the zygote keeps for its voice (selected once
// there), is the same samples as a call forked here that selects the voice itself. A
// voice gets its process when it comes a second time: the first call selects it itself.
void TestEspeakCall::zygoteCallsEqualCallsForkedHere()
{
    if (!zygoteMode())
        QSKIP("engine_espeakcall_zygote runs this");
    QFETCH(QString, language);
    QFETCH(QString, variant);
    QFETCH(double, speed);
    QFETCH(QString, sentence);
    EspeakCall::stopZygote(); // a fresh one per row
    EspeakCall::startZygote();
    QVERIFY(EspeakCall::hasZygote());
    QList<SpeechBackend::WordMark> firstMarks, zygoteMarks, hereMarks;
    const std::vector<qint16> first = say(sentence, voice(language, variant, speed), &firstMarks);
    const QList<qint64> zygote = ProcInfo::children(::getpid());
    QCOMPARE(zygote.size(), 1);
    // Its first call was forked from the zygote itself: once reaped (the zygote's loop
    // wakes at least once a second), the zygote has no child, no voice process.
    QTRY_VERIFY_WITH_TIMEOUT(ProcInfo::children(zygote.first()).isEmpty(), 2500);
    // The second call: forked from the voice's process, seen while it speaks.
    QList<qint64> voiceProcesses, callsOfTheVoice;
    std::vector<qint16> fromZygote;
    const QString err = m_espeak.speak(
        sentence, voice(language, variant, speed),
        [&](const qint16 *s, int n) {
            if (fromZygote.empty()) {
                voiceProcesses = ProcInfo::children(zygote.first());
                if (voiceProcesses.size() == 1)
                    callsOfTheVoice = ProcInfo::children(voiceProcesses.first());
            }
            fromZygote.insert(fromZygote.end(), s, s + n);
            return true;
        },
        SpeechBackend::MarkSink([&](const SpeechBackend::WordMark &m) { zygoteMarks.append(m); }));
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QVERIFY2(EspeakCall::hasZygote(), "the call did not go through the zygote");
    QCOMPARE(voiceProcesses.size(), 1);
    QCOMPARE(callsOfTheVoice.size(), 1);
    // It is the small program beside this one, not a copy of this process: every call's
    // fork and exit cost per mapping of the process forked. (TTS_STUDIO_ZYGOTE_COPY: the
    // copy a worker falls back on without the program.)
    const bool copy = qEnvironmentVariableIsSet("TTS_STUDIO_ZYGOTE_COPY");
    const QString exe = QFileInfo(QStringLiteral("/proc/%1/exe").arg(zygote.first())).symLinkTarget();
    const QString ownExe = QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget();
    QCOMPARE(QFileInfo(exe).fileName(), copy ? QFileInfo(ownExe).fileName() : QStringLiteral("tts-espeak-zygote"));
    const qsizetype zygoteMaps = mappingsOf(zygote.first()), ownMaps = mappingsOf(::getpid());
    qInfo("mappings: zygote %lld, this process %lld", qint64(zygoteMaps), qint64(ownMaps));
    if (!copy)
        QVERIFY(zygoteMaps > 0 && zygoteMaps < ownMaps);
#ifdef TTS_ZYGOTE_STATIC
    // Linked statically (app/CMakeLists.txt): its own segments, heap, stack and vdso, not
    // the ~210 mappings of the shared espeak-ng and the libraries libpcaudio brings.
    if (!copy)
        QVERIFY2(zygoteMaps < 40, qPrintable(QString::number(zygoteMaps)));
#endif
    // It exits when its socket closes, and is waited for; its voices' processes with it.
    EspeakCall::stopZygote();
    QVERIFY(!EspeakCall::hasZygote());
    QVERIFY(ProcInfo::children(::getpid()).isEmpty());
    const std::vector<qint16> here = say(sentence, voice(language, variant, speed), &hereMarks);
    QVERIFY(fromZygote.size() > 10000);
    QCOMPARE(here.size(), fromZygote.size());
    QVERIFY2(here == fromZygote, "the call from the voice's process came out with other samples");
    QVERIFY2(here == first, "the zygote's own call came out with other samples");
    QCOMPARE(hereMarks.size(), zygoteMarks.size());
    QCOMPARE(hereMarks.size(), firstMarks.size());
    for (qsizetype i = 0; i < hereMarks.size(); ++i) {
        QCOMPARE(hereMarks.at(i).start, zygoteMarks.at(i).start);
        QCOMPARE(hereMarks.at(i).start, firstMarks.at(i).start);
    }
}

// The zygote keeps a process per voice for the last four voices it was asked for twice:
// one more gives up the least recently used, and a voice it still has is not selected
// again.
void TestEspeakCall::zygoteKeepsFourVoices()
{
    if (!zygoteMode())
        QSKIP("engine_espeakcall_zygote runs this");
    EspeakCall::stopZygote();
    EspeakCall::startZygote();
    auto voiceProcesses = [] {
        const QList<qint64> zygote = ProcInfo::children(::getpid());
        if (zygote.size() != 1)
            return QSet<qint64>{-1};
        const QList<qint64> voices = ProcInfo::children(zygote.first());
        return QSet<qint64>(voices.begin(), voices.end());
    };
    // Says it twice (the second call starts the voice's process); the process it runs in.
    // The first call is the zygote's own child until the zygote has waited for it.
    auto twice = [&](const SynthesisParams &v) {
        const QSet<qint64> before = voiceProcesses();
        for (int i = 0; i < 2; ++i)
            if (say(QStringLiteral("Uno dos tres."), v).size() < 1000)
                return qint64(-1);
        QSet<qint64> added;
        if (!QTest::qWaitFor([&] { return (added = voiceProcesses() - before).size() == 1; }, 2500))
            return qint64(-1);
        return *added.begin();
    };
    const qint64 es = twice(voice("es", "f3")), de = twice(voice("de", "m1"));
    const qint64 fr = twice(voice("fr", "f2")), it = twice(voice("it", "f4"));
    QVERIFY(es > 0 && de > 0 && fr > 0 && it > 0);
    QCOMPARE(voiceProcesses(), (QSet<qint64>{es, de, fr, it}));
    // es spoken again (in its process, nothing started): de is now the least recently used.
    QVERIFY(say(QStringLiteral("Uno dos tres."), voice("es", "f3", 1.5)).size() > 1000); // prosody is per call
    QCOMPARE(voiceProcesses(), (QSet<qint64>{es, de, fr, it}));
    const qint64 ru = twice(voice("ru", "m3"));
    QVERIFY(ru > 0);
    // de's process ends once its calls have (the zygote reaps it within a second).
    QTRY_COMPARE_WITH_TIMEOUT(voiceProcesses(), (QSet<qint64>{es, fr, it, ru}), 2500);
}

// A call that dies in a voice's process just started ends with an error at once: nothing
// but the call holds its pipe's write end (not the voice's process, not other calls).
void TestEspeakCall::killedCallInANewVoiceProcessFails()
{
    if (!zygoteMode())
        QSKIP("engine_espeakcall_zygote runs this");
    EspeakCall::stopZygote();
    EspeakCall::startZygote();
    const QString text = QStringLiteral("Una frase larga que sigue y sigue. ").repeated(200);
    QVERIFY(say(QStringLiteral("Hola."), voice("es", "m2")).size() > 1000); // seen once: no process yet
    qint64 killed = -1;
    int chunks = 0;
    const QString err = m_espeak.speak(text, voice("es", "m2"), [&](const qint16 *, int) {
        if (++chunks == 1) {
            // (the zygote's children: the voice's process, and maybe the first call, not yet
            // waited for; the call speaking now is the voice process's child)
            const QList<qint64> zygote = ProcInfo::children(::getpid());
            QList<qint64> calls;
            for (qint64 child : zygote.size() == 1 ? ProcInfo::children(zygote.first()) : QList<qint64>{})
                calls += ProcInfo::children(child);
            if (calls.size() == 1) {
                killed = calls.first();
                ::kill(pid_t(killed), SIGKILL);
            }
        }
        return true;
    });
    QVERIFY2(killed > 0, "the call was not forked from a voice's process");
    // (with its pipe end held elsewhere, the read above would never end: ctest's timeout)
    QCOMPARE(err, QStringLiteral("espeak-ng synthesis failed (its process ended early)"));
    QVERIFY(EspeakCall::hasZygote());
    // The voice's process goes on: the next call is whole.
    QVERIFY(say(QStringLiteral("Hola."), voice("es", "m2")).size() > 1000);
}

void TestEspeakCall::unknownVoiceIsAnError()
{
    SynthesisParams p = voice({});
    p.espeakVoice = QStringLiteral("no-such-voice");
    const QString err = m_espeak.speak(QStringLiteral("Hola."), p, [](const qint16 *, int) { return true; });
    QVERIFY2(err.startsWith(QStringLiteral("espeak-ng has no voice for 'no-such-voice'")), qPrintable(err));
    // and the next call speaks as before
    QVERIFY(say(QStringLiteral("Hola."), voice("es")).size() > 1000);
}

QTEST_GUILESS_MAIN(TestEspeakCall)
#include "tst_espeakcall.moc"
