// SSML through the synthesis pipeline, measured on the audio: a <break> is that much
// silence where it stands (500 ms -> 500 +- 30 ms), prosody rate changes the duration,
// pitch the F0, volume the level; word timings point into the markup. An espeak-ng
// voice (French) and a flite voice (English) each, in process.

#include "enginetest.h"
#include "synthesispipeline.h"

#include <QtTest>

#include <cmath>

using namespace EngineTest;

namespace
{
struct Spoken
{
    std::vector<float> audio;
    QList<WordTiming> words;
    QString error;
};

Spoken speak(SynthesisPipeline &pipeline, const QString &voice, const QString &language, const QString &text,
             bool timed = false, const QString &model = QStringLiteral("base"))
{
    Spoken out;
    QString error;
    const auto params = plan({voice, model, language, text}, &error);
    if (!params) {
        out.error = error;
        return out;
    }
    SynthesisPipeline::WordSink sink;
    if (timed)
        sink = [&](const QList<WordTiming> &w) {
            out.words += w;
            return true;
        };
    out.error = pipeline.run(*params, [&](const float *s, qsizetype n) {
        out.audio.insert(out.audio.end(), s, s + n);
        return true;
    }, nullptr, sink);
    return out;
}

// Silent 5 ms frames: peak under -50 dBFS.
constexpr int kFrame = kRate / 200;
constexpr float kSilent = 0.003f;

std::vector<bool> silentFrames(const std::vector<float> &x)
{
    std::vector<bool> out;
    for (size_t f = 0; f + kFrame <= x.size(); f += kFrame) {
        float peak = 0;
        for (size_t i = f; i < f + kFrame; ++i)
            peak = std::max(peak, std::abs(x[i]));
        out.push_back(peak < kSilent);
    }
    return out;
}

// The longest run of silence inside the audio (not at its ends), in ms.
double longestInnerSilenceMs(const std::vector<float> &x, double *atSeconds = nullptr)
{
    const std::vector<bool> s = silentFrames(x);
    size_t first = 0, last = s.size();
    while (first < last && s[first])
        ++first;
    while (last > first && s[last - 1])
        --last;
    size_t best = 0, run = 0, bestEnd = 0;
    for (size_t i = first; i < last; ++i) {
        run = s[i] ? run + 1 : 0;
        if (run > best) {
            best = run;
            bestEnd = i + 1;
        }
    }
    if (atSeconds)
        *atSeconds = double((bestEnd - best) * kFrame) / kRate;
    return double(best * kFrame) * 1000.0 / kRate;
}

// Duration of the audible part (first to last sound).
double voicedSeconds(const std::vector<float> &x)
{
    const std::vector<bool> s = silentFrames(x);
    size_t first = 0, last = s.size();
    while (first < last && s[first])
        ++first;
    while (last > first && s[last - 1])
        --last;
    return double((last - first) * kFrame) / kRate;
}

// RMS over the frames that sound.
double soundingRms(const std::vector<float> &x)
{
    const std::vector<bool> s = silentFrames(x);
    double sum = 0;
    qint64 n = 0;
    for (size_t f = 0; f < s.size(); ++f) {
        if (s[f])
            continue;
        for (size_t i = f * kFrame; i < (f + 1) * kFrame; ++i)
            sum += double(x[i]) * x[i];
        n += kFrame;
    }
    return n ? std::sqrt(sum / double(n)) : 0.0;
}

struct VoiceCase
{
    const char *voice;
    const char *language;
    const char *first;
    const char *second;
};
const VoiceCase kVoices[] = {
    {"ff_siwis", "f", "Voici la première partie de la phrase", "et voici la seconde partie."},
    {"af_sarah", "a", "Here is the first part of the sentence", "and here is the second part."},
};
}

class TestSsmlSpeech : public QObject
{
    Q_OBJECT
private slots:
    void breakIsMeasuredSilence_data();
    void breakIsMeasuredSilence();
    void rateChangesDuration_data();
    void rateChangesDuration();
    void volumeChangesLevel_data();
    void volumeChangesLevel();
    void pitchChangesF0_data();
    void pitchChangesF0();
    void wordTimingsPointIntoTheMarkup_data();
    void wordTimingsPointIntoTheMarkup();
    void languageSwitch_data();
    void languageSwitch();
    void phonemeIsSaid_data();
    void phonemeIsSaid();
    void lexiconSpansOnTheDocument();
    void longAliasedStepIsSaidInCalls();

private:
    SynthesisPipeline m_pipeline;
};

void TestSsmlSpeech::breakIsMeasuredSilence_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("ms");
    QTest::addColumn<QString>("model");
    for (const VoiceCase &v : kVoices) {
        for (const char *time : {"500ms", "1.2s", "250ms"}) {
            const int ms = QString::fromLatin1(time).endsWith(QLatin1String("ms")) ? QString::fromLatin1(time).chopped(2).toInt()
                                                                                     : int(QString::fromLatin1(time).chopped(1).toDouble() * 1000);
            QTest::addRow("%s %s", v.voice, time)
                << v.voice << v.language
                << QStringLiteral("<speak>%1 <break time=\"%2\"/> %3</speak>").arg(v.first, time, v.second) << ms << "base";
        }
        // After a full stop the break replaces the sentence pause, it does not add to it.
        QTest::addRow("%s after a sentence", v.voice)
            << v.voice << v.language << QStringLiteral("<speak>%1.<break time=\"500ms\"/>%2</speak>").arg(v.first, v.second)
            << 500 << "base";
        QTest::addRow("%s strength strong", v.voice)
            << v.voice << v.language
            << QStringLiteral("<speak>%1<break strength=\"strong\"/>%2</speak>").arg(v.first, v.second) << 700 << "base";
    }
    // The other flite voices (rms, awb, kal16) and espeak-ng in two more languages.
    const QString en = QStringLiteral("<speak>Here is the first part of the sentence <break time=\"500ms\"/> and here is the second part.</speak>");
    QTest::newRow("am_michael (rms) 500ms") << "am_michael" << "a" << en << 500 << "base";
    QTest::newRow("bm_george (awb) 500ms") << "bm_george" << "b" << en << 500 << "base";
    QTest::newRow("am_adam (kal16) 500ms") << "am_adam" << "a" << en << 500 << "base";
    QTest::newRow("ef_dora (espeak-ng es) 500ms")
        << "ef_dora" << "e" << "<speak>Esta es la primera parte de la frase <break time=\"500ms\"/> y esta es la segunda parte.</speak>"
        << 500 << "base";
    QTest::newRow("aria (espeak-ng de, advanced) 1.2s")
        << "aria" << "de" << "<speak>Das ist der erste Teil des Satzes <break time=\"1.2s\"/> und das ist der zweite Teil.</speak>"
        << 1200 << "advanced";
}

void TestSsmlSpeech::breakIsMeasuredSilence()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(int, ms);
    QFETCH(QString, model);
    const Spoken s = speak(m_pipeline, voice, language, text, false, model);
    QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
    double at = 0;
    const double silence = longestInnerSilenceMs(s.audio, &at);
    qInfo("%s: %d ms break -> %.0f ms of silence at %.2f s of %.2f s", qPrintable(voice), ms, silence, at,
          seconds(qint64(s.audio.size())));
    QVERIFY2(std::abs(silence - ms) <= 30, qPrintable(QStringLiteral("%1 ms of silence for a %2 ms break").arg(silence).arg(ms)));
    // At that point: after the first part, before the second (neither at an end).
    QVERIFY(at > 0.8);
    QVERIFY(at + ms / 1000.0 < seconds(qint64(s.audio.size())) - 0.5);
}

void TestSsmlSpeech::rateChangesDuration_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("rate");
    QTest::addColumn<double>("minRatio");
    QTest::addColumn<double>("maxRatio");
    for (const VoiceCase &v : kVoices) {
        const QString t = QStringLiteral("%1, %2").arg(v.first, v.second);
        QTest::addRow("%s 50%%", v.voice) << v.voice << v.language << t << "50%" << 1.6 << 2.4;
        QTest::addRow("%s x-fast", v.voice) << v.voice << v.language << t << "x-fast" << 0.4 << 0.65;
        QTest::addRow("%s slow", v.voice) << v.voice << v.language << t << "slow" << 1.15 << 1.5;
        QTest::addRow("%s -20%%", v.voice) << v.voice << v.language << t << "-20%" << 1.1 << 1.45;
    }
}

void TestSsmlSpeech::rateChangesDuration()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(QString, rate);
    QFETCH(double, minRatio);
    QFETCH(double, maxRatio);
    const Spoken plain = speak(m_pipeline, voice, language, QStringLiteral("<speak>%1</speak>").arg(text));
    const Spoken changed = speak(m_pipeline, voice, language,
                                 QStringLiteral("<speak><prosody rate=\"%1\">%2</prosody></speak>").arg(rate, text));
    QVERIFY2(plain.error.isEmpty() && changed.error.isEmpty(), qPrintable(plain.error + changed.error));
    const double ratio = voicedSeconds(changed.audio) / voicedSeconds(plain.audio);
    qInfo("%s rate %s: %.2f s -> %.2f s (x%.2f)", qPrintable(voice), qPrintable(rate), voicedSeconds(plain.audio),
          voicedSeconds(changed.audio), ratio);
    QVERIFY2(ratio >= minRatio && ratio <= maxRatio, qPrintable(QString::number(ratio)));
}

void TestSsmlSpeech::volumeChangesLevel_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("volume");
    QTest::addColumn<double>("db");
    for (const VoiceCase &v : kVoices) {
        const QString t = QStringLiteral("%1, %2").arg(v.first, v.second);
        QTest::addRow("%s -12dB", v.voice) << v.voice << v.language << t << "-12dB" << -12.0;
        QTest::addRow("%s soft", v.voice) << v.voice << v.language << t << "soft" << -6.0;
        QTest::addRow("%s x-soft", v.voice) << v.voice << v.language << t << "x-soft" << -12.0;
        QTest::addRow("%s +3dB", v.voice) << v.voice << v.language << t << "+3dB" << 3.0;
    }
}

void TestSsmlSpeech::volumeChangesLevel()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(QString, volume);
    QFETCH(double, db);
    const Spoken plain = speak(m_pipeline, voice, language, QStringLiteral("<speak>%1</speak>").arg(text));
    const Spoken changed = speak(m_pipeline, voice, language,
                                 QStringLiteral("<speak><prosody volume=\"%1\">%2</prosody></speak>").arg(volume, text));
    QVERIFY2(plain.error.isEmpty() && changed.error.isEmpty(), qPrintable(plain.error + changed.error));
    // Over the whole audio: the same speech, so the ratio of RMS is the gain.
    const double measured = 20.0 * std::log10(rms(changed.audio) / rms(plain.audio));
    qInfo("%s volume %s: %+.1f dB (asked %+.1f dB)", qPrintable(voice), qPrintable(volume), measured, db);
    // The soft limiter takes a little off loud peaks when raised.
    QVERIFY2(std::abs(measured - db) <= (db > 0 ? 1.5 : 1.0), qPrintable(QString::number(measured)));
    Q_UNUSED(soundingRms);
}

void TestSsmlSpeech::pitchChangesF0_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    for (const VoiceCase &v : kVoices)
        QTest::addRow("%s", v.voice) << v.voice << v.language << QStringLiteral("%1, %2").arg(v.first, v.second);
}

void TestSsmlSpeech::pitchChangesF0()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, text);
    auto f0 = [&](const QString &pitch) {
        const Spoken s = speak(m_pipeline, voice, language,
                               QStringLiteral("<speak><prosody pitch=\"%1\">%2</prosody></speak>").arg(pitch, text));
        return median(trackF0(s.audio));
    };
    const double low = f0("x-low"), mid = f0("medium"), high = f0("x-high");
    qInfo("%s median F0: x-low %.0f Hz, medium %.0f Hz, x-high %.0f Hz", qPrintable(voice), low, mid, high);
    QVERIFY2(high > mid * 1.08, qPrintable(QStringLiteral("%1 vs %2").arg(high).arg(mid)));
    QVERIFY2(low < mid / 1.08, qPrintable(QStringLiteral("%1 vs %2").arg(low).arg(mid)));
}

void TestSsmlSpeech::wordTimingsPointIntoTheMarkup_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("words");
    const QString en = QStringLiteral(
        "<speak>Hello <emphasis level=\"strong\">big</emphasis> <sub alias=\"World Wide Web\">WWW</sub>"
        "<break time=\"600ms\"/>I was born on <say-as interpret-as=\"date\" format=\"mdy\">11/24/2026</say-as>, "
        "call <say-as interpret-as=\"telephone\">555-1234</say-as>.</speak>");
    QTest::newRow("af_sarah") << "af_sarah" << "a" << en
                              << QStringList{"Hello", "big", "WWW", "I", "was", "born", "on", "11/24/2026", "call", "555-1234"};
    const QString fr = QStringLiteral(
        "<speak>Bonjour <emphasis>mes</emphasis> amis<break time=\"600ms\"/>nous sommes le "
        "<say-as interpret-as=\"ordinal\">3</say-as> jour.</speak>");
    QTest::newRow("ff_siwis") << "ff_siwis" << "f" << fr << QStringList{"Bonjour", "mes", "amis", "nous", "sommes", "le", "3", "jour"};
}

void TestSsmlSpeech::wordTimingsPointIntoTheMarkup()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(QStringList, words);
    const Spoken s = speak(m_pipeline, voice, language, text, true);
    QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
    QStringList got;
    for (const WordTiming &w : s.words)
        got << text.mid(w.charStart, w.charEnd - w.charStart); // ASCII: code points are UTF-16 units
    // A word's own punctuation may come with it; markup never does.
    QStringList gotWords;
    for (QString g : got)
        gotWords << g.remove(QRegularExpression(QStringLiteral("[,.]$")));
    QCOMPARE(gotWords, words);
    // Monotonic, inside the audio; the break sits between its words.
    for (qsizetype i = 0; i < s.words.size(); ++i) {
        QVERIFY(s.words[i].startSample <= s.words[i].endSample);
        QVERIFY(s.words[i].endSample <= qint64(s.audio.size()));
        if (i > 0)
            QVERIFY(s.words[i].startSample >= s.words[i - 1].startSample);
    }
    const qsizetype afterBreak = 3; // "I" / "nous"
    const double gap = seconds(s.words[afterBreak].startSample - s.words[afterBreak - 1].endSample);
    qInfo("%s: gap around the 600 ms break in the word timings: %.3f s", qPrintable(voice), gap);
    QVERIFY2(gap >= 0.5 && gap <= 0.9, qPrintable(QString::number(gap)));
}

void TestSsmlSpeech::languageSwitch_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("tag");
    QTest::addColumn<bool>("flite"); // the backend the tag resolves to
    QTest::addColumn<QString>("locale");
    // flite (16 kHz) -> espeak-ng German (22.05 kHz) -> flite, and the other way round.
    QTest::newRow("English voice, German part")
        << "af_sarah" << "a"
        << "<speak>Good morning everyone. <lang xml:lang=\"de-DE\">Guten Morgen, meine Freunde.</lang> See you soon.</speak>"
        << "de-de" << false << "de";
    QTest::newRow("French voice, British English part")
        << "ff_siwis" << "f"
        << "<speak>Bonjour tout le monde. <s xml:lang=\"en-GB\">Good morning, my friends.</s> A bientôt.</speak>"
        << "en-gb" << true << "en_GB";
}

void TestSsmlSpeech::languageSwitch()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(QString, tag);
    QFETCH(bool, flite);
    QFETCH(QString, locale);
    QString error;
    const auto params = plan({voice, "base", language, text}, &error);
    QVERIFY2(params, qPrintable(error));
    QVERIFY2(params->languages.contains(tag), qPrintable(params->languages.keys().join(',')));
    QCOMPARE(params->languages.value(tag).backend == SpeechBackendKind::Flite, flite);
    QCOMPARE(params->languages.value(tag).locale, locale);
    // Across the worker's JSON too.
    const auto back = SynthesisParams::fromJson(params->toJson());
    QVERIFY(back && back->languages.value(tag).locale == locale);

    const Spoken s = speak(m_pipeline, voice, language, text, true);
    QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
    const double total = seconds(qint64(s.audio.size()));
    QVERIFY2(s.words.size() >= 9, qPrintable(QString::number(s.words.size())));
    // One clock through both backends' rates: words in order, inside the audio, the
    // last one ending near its end.
    for (qsizetype i = 1; i < s.words.size(); ++i)
        QVERIFY(s.words[i].startSample >= s.words[i - 1].startSample);
    const double lastEnd = seconds(s.words.last().endSample);
    qInfo("%s: %lld words, last ends at %.2f s of %.2f s", qPrintable(voice), qlonglong(s.words.size()), lastEnd, total);
    QVERIFY(lastEnd <= total + 0.01);
    QVERIFY(lastEnd >= total - 0.6);
    QVERIFY(longestInnerSilenceMs(s.audio) < 800);
}

void TestSsmlSpeech::phonemeIsSaid_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("before");
    QTest::addColumn<QString>("after");
    QTest::newRow("ff_siwis") << "ff_siwis" << "f" << "Je dis" << "maintenant.";
    QTest::newRow("af_sarah") << "af_sarah" << "a" << "I say" << "now.";
}

void TestSsmlSpeech::phonemeIsSaid()
{
    // A long IPA word for a short written one: the audio says the IPA (it grows), the
    // captions keep the word as written, and the sentence stays one utterance.
    QFETCH(QString, voice);
    QFETCH(QString, language);
    QFETCH(QString, before);
    QFETCH(QString, after);
    const QString plainText = QStringLiteral("<speak>%1 cat %2</speak>").arg(before, after);
    const QString ipaText = QStringLiteral("<speak>%1 <phoneme alphabet=\"ipa\" ph=\"ˌsuːpərˌkælɪˌfrædʒɪˌlɪstɪk\">cat</phoneme> %2</speak>")
                                .arg(before, after);
    const Spoken plain = speak(m_pipeline, voice, language, plainText, true);
    const Spoken said = speak(m_pipeline, voice, language, ipaText, true);
    QVERIFY2(plain.error.isEmpty() && said.error.isEmpty(), qPrintable(plain.error + said.error));
    const double grown = voicedSeconds(said.audio) - voicedSeconds(plain.audio);
    qInfo("%s: <phoneme> adds %.2f s (%.2f -> %.2f s)", qPrintable(voice), grown, voicedSeconds(plain.audio),
          voicedSeconds(said.audio));
    QVERIFY2(grown > 0.4, qPrintable(QString::number(grown)));
    // No join: the whole sentence is one piece, so no cut-and-join silence around the word.
    QVERIFY2(longestInnerSilenceMs(said.audio) < 250, qPrintable(QString::number(longestInnerSilenceMs(said.audio))));
    QStringList words;
    for (const WordTiming &w : said.words)
        words << ipaText.mid(w.charStart, w.charEnd - w.charStart);
    QVERIFY2(words.contains(QStringLiteral("cat")), qPrintable(words.join('|')));
    QCOMPARE(words.size(), plainText.count(u' ') + 1 - 0);
}

void TestSsmlSpeech::lexiconSpansOnTheDocument()
{
    // A lexicon is matched on the text as sent: for SSML, its spans on the document's text
    // are said (an alias here), those on markup are not.
    const QString text = QStringLiteral("<speak>I say <emphasis>QXZ</emphasis> now.</speak>");
    QString error;
    const auto params = plan({"af_sarah", "base", "a", text}, &error);
    QVERIFY2(params, qPrintable(error));
    auto run = [&](const QList<Pronunciation> &spans) {
        SynthesisParams p = *params;
        p.pronunciations = spans;
        std::vector<float> audio;
        const QString e = m_pipeline.run(p, [&](const float *s, qsizetype n) {
            audio.insert(audio.end(), s, s + n);
            return true;
        });
        return e.isEmpty() ? voicedSeconds(audio) : -1.0;
    };
    const qsizetype word = text.indexOf(QLatin1String("QXZ"));
    const qsizetype tag = text.indexOf(QLatin1String("emphasis"));
    const double plain = run({});
    const double aliased = run({Pronunciation{word, 3, {}, QStringLiteral("seven hundred and seventy seven thousand")}});
    const double onMarkup = run({Pronunciation{tag, 8, {}, QStringLiteral("seven hundred and seventy seven thousand")}});
    qInfo("plain %.2f s, alias on the text %.2f s, alias on markup %.2f s", plain, aliased, onMarkup);
    QVERIFY(plain > 0 && aliased > 0 && onMarkup > 0);
    QVERIFY2(aliased > plain + 0.8, "the alias is said");
    QVERIFY2(std::abs(onMarkup - plain) < 0.15, "markup is never said");
}

void TestSsmlSpeech::longAliasedStepIsSaidInCalls()
{
    // A long step: a lexicon alias of 20 "W" on "x", a document of many x's in one
    // sentence. The step is cut into backend calls no longer than a plain
    // piece (240), and the job hears from the pipeline after each call (its heartbeat), so
    // no watchdog takes the long step for a hung worker.
    QString text = QStringLiteral("<speak>");
    for (int i = 0; i < 14; ++i)
        text += QStringLiteral("x ");
    text += QStringLiteral("</speak>");
    QString error;
    const auto params = plan({"af_sarah", "base", "a", text}, &error);
    QVERIFY2(params, qPrintable(error));
    SynthesisParams p = *params;
    QString alias;
    for (int i = 0; i < 20; ++i)
        alias += QStringLiteral("W ");
    for (qsizetype at = text.indexOf(u'x'); at >= 0; at = text.indexOf(u'x', at + 1))
        p.pronunciations.append(Pronunciation{at, 1, {}, alias.trimmed()});

    // The cut itself: every call at most 240, together the step's whole text.
    SynthesisPipeline::SpokenPiece whole;
    for (int i = 0; i < 30; ++i)
        whole.text.text += alias;
    for (qsizetype i = 0; i <= whole.text.text.size(); ++i)
        whole.text.origin.push_back(i);
    const auto calls = SynthesisPipeline::callsOf(whole);
    QVERIFY(calls.size() >= 5);
    QString joined;
    for (const auto &c : calls) {
        QVERIFY(c.text.text.size() <= SynthesisPipeline::kMaxCall);
        QCOMPARE(c.text.origin.size(), size_t(c.text.text.size() + 1));
        joined += c.text.text;
    }
    QCOMPARE(joined, whole.text.text);

    for (const bool timed : {false, true}) {
        int beats = 0;
        m_pipeline.setHeartbeat([&] {
            ++beats;
            return true;
        });
        std::vector<float> audio;
        QList<WordTiming> words;
        SynthesisPipeline::WordSink sink;
        if (timed)
            sink = [&](const QList<WordTiming> &w) {
                words += w;
                return true;
            };
        const QString e = m_pipeline.run(p, [&](const float *s, qsizetype n) {
            audio.insert(audio.end(), s, s + n);
            return true;
        }, nullptr, sink);
        m_pipeline.setHeartbeat({});
        QVERIFY2(e.isEmpty(), qPrintable(e));
        qInfo("timed %d: %d backend calls, %.1f s of audio, %lld words", int(timed), beats,
              double(audio.size()) / kRate, qint64(words.size()));
        QVERIFY2(beats >= 3, "14 x 40 characters said: at least 3 calls of 240");
        QVERIFY(double(audio.size()) / kRate > 14 * 20 * 0.2);
        if (timed)
            QCOMPARE(words.size(), 14);
    }
}

QTEST_GUILESS_MAIN(TestSsmlSpeech)
#include "tst_ssmlspeech.moc"
