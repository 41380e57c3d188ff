// FliteBackend: a streamed sentence frees what flite's vocoder no longer reads once its
// first chunk is out (a stream worker holds many paused); the audio must not change. A
// sentence whose leading pause is trimmed (a piece after a ramp cut) leaves most of that
// pause unmade; the rest of its audio stays.

#include "flitebackend.h"
#include "synthesisparams.h"

#include <QtTest>

#include <malloc.h>

#include <cmath>
#include <vector>

namespace
{
qint64 heapInUse()
{
    return qint64(mallinfo2().uordblks);
}

SynthesisParams fliteVoice(const QString &voice)
{
    SynthesisParams params;
    params.backend = SpeechBackendKind::Flite;
    params.fliteVoice = voice;
    return params;
}

// A sink that keeps every sample.
SpeechBackend::PcmSink appendTo(std::vector<qint16> &out)
{
    return [&out](const qint16 *s, int n) {
        out.insert(out.end(), s, s + n);
        return true;
    };
}
}

class TestFliteBackend : public QObject
{
    Q_OBJECT

private slots:
    void streamedEqualsWhole_data();
    void streamedEqualsWhole();
    void pausedSentenceKeepsLittle();
    void trimmedLeadIsNotMade_data();
    void trimmedLeadIsNotMade();
};

void TestFliteBackend::streamedEqualsWhole_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("slt") << "slt" << "Outside, the sea was calm and grey, and a thin line of light was growing in the east.";
    QTest::newRow("rms") << "rms" << "He climbed the narrow stairs, counted the steps out of habit, and checked the lamp.";
    QTest::newRow("awb") << "awb" << "Nothing unusual, he noted, although the gulls were louder than yesterday.";
    QTest::newRow("kal16") << "kal16" << "The lighthouse keeper woke before dawn.";
}

// With word marks flite hands the sentence over whole, after synthesis (nothing freed on
// the way); without them it streams chunk by chunk.
void TestFliteBackend::streamedEqualsWhole()
{
    QFETCH(QString, voice);
    QFETCH(QString, sentence);
    FliteBackend flite;
    const SynthesisParams params = fliteVoice(voice);
    std::vector<qint16> streamed, whole;
    int chunks = 0;
    QCOMPARE(flite.speak(sentence, params, [&](const qint16 *s, int n) {
        streamed.insert(streamed.end(), s, s + n);
        ++chunks;
        return true;
    }), QString());
    int marks = 0;
    QCOMPARE(flite.speak(sentence, params, appendTo(whole), [&](const SpeechBackend::WordMark &) { ++marks; }), QString());
    QVERIFY(marks > 5);
    QVERIFY2(whole.size() > 16000, "less than a second of audio");
    if (voice != QLatin1String("kal16"))
        QVERIFY2(chunks > 10, "the sentence was not streamed");
    QCOMPARE(streamed.size(), whole.size());
    QVERIFY2(streamed == whole, "the streamed samples differ from the whole sentence's");
}

// What a stream worker holds for each paused unit: from its first chunk on, a streamed
// sentence keeps the vocoder's tracks and its audio, not the whole utterance (measured
// here: ~0.35 MB against ~1.5 MB for 5 s of audio). Heap in use when the first chunk
// arrives, against the same sentence's when its whole audio arrives (the utterance all
// there then).
void TestFliteBackend::pausedSentenceKeepsLittle()
{
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer's allocator is not glibc's: mallinfo2() does not see it");
#endif
    FliteBackend flite;
    const SynthesisParams params = fliteVoice(QStringLiteral("slt"));
    const QString sentence = QStringLiteral("Outside, the sea was calm and grey, and a thin line of light was growing in the east.");
    qint64 streamed = -1, whole = -1;
    qint64 before = heapInUse();
    QCOMPARE(flite.speak(sentence, params, [&](const qint16 *, int) {
        if (streamed < 0)
            streamed = heapInUse() - before;
        return true;
    }), QString());
    before = heapInUse();
    QCOMPARE(flite.speak(sentence, params, [&](const qint16 *, int) {
        whole = heapInUse() - before;
        return true;
    }, [](const SpeechBackend::WordMark &) {}), QString());
    qInfo("heap in use: %lld KB at the first streamed chunk, %lld KB with the whole utterance", streamed / 1024, whole / 1024);
    QVERIFY(whole > 1024 * 1024);
    QVERIFY2(streamed > 0 && 2 * streamed < whole, "a paused streamed sentence holds most of its utterance");
}

void TestFliteBackend::trimmedLeadIsNotMade_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<bool>("clustergen");
    QTest::newRow("slt") << "slt" << "keeper woke before dawn," << true;
    QTest::newRow("rms") << "rms" << "counted the steps out of habit," << true;
    QTest::newRow("awb") << "awb" << "and checked the lamp." << true;
    // A diphone voice has no vocoder of clustergen's: all of it is made.
    QTest::newRow("kal16") << "kal16" << "and checked the lamp." << false;
}

// The same sentence with its leading silence heard and trimmed (SpeechBackend::
// LeadingSilence), streamed and with word marks (whole): trimmed, its audio is the same
// after the ~0.2 s of leading pause that clustergen's vocoder no longer makes, and its
// word marks move with it.
void TestFliteBackend::trimmedLeadIsNotMade()
{
    QFETCH(QString, voice);
    QFETCH(QString, sentence);
    QFETCH(bool, clustergen);
    FliteBackend flite;
    const SynthesisParams params = fliteVoice(voice);
    const int rate = flite.sampleRate(params);
    struct Said
    {
        std::vector<qint16> streamed, whole;
        QList<SpeechBackend::WordMark> marks;
    };
    auto say = [&](SpeechBackend::LeadingSilence lead) {
        Said said;
        [&] { QCOMPARE(flite.speak(sentence, params, appendTo(said.streamed), {}, {}, lead), QString()); }();
        [&] {
            QCOMPARE(flite.speak(sentence, params, appendTo(said.whole),
                                 [&](const SpeechBackend::WordMark &m) { said.marks.append(m); }, {}, lead),
                     QString());
        }();
        return said;
    };
    const Said heard = say(SpeechBackend::LeadingSilence::Heard);
    const Said trimmed = say(SpeechBackend::LeadingSilence::Trimmed);
    QVERIFY(!QTest::currentTestFailed());
    QVERIFY2(trimmed.streamed == trimmed.whole, "streamed and whole differ when the lead is trimmed");
    QCOMPARE(trimmed.marks.size(), heard.marks.size());
    QVERIFY(heard.marks.size() >= 3);
    const qint64 unmade = qint64(heard.whole.size()) - qint64(trimmed.whole.size());
    qInfo("%s: %lld of %zu samples unmade (%.0f ms)", qPrintable(voice), unmade, heard.whole.size(), unmade * 1000.0 / rate);
    if (!clustergen) {
        QVERIFY2(heard.whole == trimmed.whole, "a diphone voice's audio changed");
        return;
    }
    // flite's leading pause is ~150-210 ms; 20 ms of it are still made.
    QVERIFY2(unmade >= rate / 10 && unmade <= rate / 4, "not most of the leading pause left out");
    for (qsizetype i = 0; i < heard.marks.size(); ++i) {
        QCOMPARE(trimmed.marks.at(i).textIndex, heard.marks.at(i).textIndex);
        QVERIFY2(std::abs(heard.marks.at(i).start - unmade - trimmed.marks.at(i).start) <= 1, "a word mark did not move with the audio");
    }
    // After the pause, the same sounds in the same places: the vocoder starts 20 ms before
    // the pause ends, and the noise that voices unvoiced sounds comes out otherwise (so
    // the envelope, in 10 ms frames, not the samples).
    const size_t frame = size_t(rate / 100);
    std::vector<double> x, y;
    for (size_t at = frame * 2; at + frame <= trimmed.whole.size(); at += frame) {
        double ex = 0, ey = 0;
        for (size_t k = at; k < at + frame; ++k) {
            ex += double(heard.whole[k + size_t(unmade)]) * heard.whole[k + size_t(unmade)];
            ey += double(trimmed.whole[k]) * trimmed.whole[k];
        }
        x.push_back(std::sqrt(ex / double(frame)));
        y.push_back(std::sqrt(ey / double(frame)));
    }
    double both = 0, a = 0, b = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        both += x[i] * y[i];
        a += x[i] * x[i];
        b += y[i] * y[i];
    }
    const double correlation = both / std::sqrt(a * b);
    qInfo("envelope correlation after the pause: %.4f", correlation);
    QVERIFY2(correlation > 0.99, "the audio after the pause changed");
}

QTEST_GUILESS_MAIN(TestFliteBackend)
#include "tst_flitebackend.moc"
