// Streaming and files: what a client receives as chunks is exactly what the file
// holds; WAV and MP3 files have the headers players rely on; an MP3 decodes back to
// the streamed duration (LAME tag trims encoder delay/padding).

#include "audioencoder.h"
#include "enginetest.h"
#include "synthesispipeline.h"
#include "workerpool.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace EngineTest;

namespace
{
const QString kEnglish = QStringLiteral(
    "Streaming sends audio while the rest is still being made. The first sentence should arrive quickly. "
    "Then the second one follows, and finally the third sentence ends the recording.");
const QString kFrench = QStringLiteral(
    "La diffusion envoie le son pendant que la suite est encore en préparation. La première phrase arrive vite. "
    "Puis la deuxième suit, et enfin la troisième phrase termine l'enregistrement.");

std::vector<float> sine(double hz, double secs, double amplitude)
{
    std::vector<float> x(size_t(secs * kRate));
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = float(amplitude * std::sin(2 * M_PI * hz * double(i) / kRate));
    return x;
}
}

class TestStreaming : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void streamMatchesFile_data();
    void streamMatchesFile();
    void nonStreamJobSendsNoChunks();
    void encoderRoundTrip_data();
    void encoderRoundTrip();
    void inProcessPipelineChunksAddUp();

private:
    WorkerPool *m_pool = nullptr;
    QTemporaryDir m_dir;
    QString m_lame;
};

void TestStreaming::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_lame = findProgram("lame");
    QVERIFY2(!m_lame.isEmpty(), "the lame command is needed to decode MP3 files (Debian package lame)");
    WorkerPool::Options options;
    options.workers = 2;
    m_pool = new WorkerPool(options, this);
    QVERIFY2(m_pool->waitUntilReady(60000), "workers did not get ready");
}

void TestStreaming::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
}

void TestStreaming::streamMatchesFile_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("mp3");

    QTest::newRow("wav flite slt") << "af_sarah" << "base" << "a" << kEnglish << false;
    QTest::newRow("wav flite kal16") << "am_adam" << "base" << "a" << kEnglish << false;
    QTest::newRow("wav espeak French") << "ff_siwis" << "base" << "f" << kFrench << false;
    QTest::newRow("mp3 flite rms") << "marcus" << "advanced" << "en" << kEnglish << true;
    QTest::newRow("mp3 espeak French") << "aria" << "advanced" << "fr" << kFrench << true;
}

void TestStreaming::streamMatchesFile()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(bool, mp3);

    QString error;
    const auto params = plan({voiceId, model, language, text}, &error);
    QVERIFY2(params, qPrintable(error));
    const QString path = m_dir.filePath(QStringLiteral("%1-%2.%3").arg(voiceId, language, mp3 ? "mp3" : "wav"));
    const Outcome o = run(*m_pool, job(*params, path, mp3 ? AudioFormat::Mp3 : AudioFormat::Wav, true));
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    QVERIFY(o.started);
    QVERIFY2(o.chunks >= 3, qPrintable(QStringLiteral("%1 chunks").arg(o.chunks))); // three sentences
    QCOMPARE(o.streamedSamples, qint64(o.audio.size()));
    QCOMPARE(o.finishedSamples, o.streamedSamples);
    QVERIFY2(seconds(o.streamedSamples) > 3.0, qPrintable(QString::number(seconds(o.streamedSamples))));
    QVERIFY(rms(o.audio) >= 0.02);
    qInfo("%s: %d chunks, %lld samples (%.2f s)", qPrintable(QTest::currentDataTag()), o.chunks,
          o.streamedSamples, seconds(o.streamedSamples));

    if (!mp3) {
        const WavFile w = readWav(path);
        QVERIFY2(w.valid, qPrintable(w.error));
        QCOMPARE(w.riff, QByteArray("RIFF"));
        QCOMPARE(w.wave, QByteArray("WAVE"));
        QCOMPARE(w.formatTag, quint16(1)); // PCM
        QCOMPARE(w.sampleRate, quint32(24000));
        QCOMPARE(w.channels, quint16(1));
        QCOMPARE(w.bitsPerSample, quint16(16));
        QCOMPARE(w.blockAlign, quint16(2));
        QCOMPARE(w.byteRate, quint32(48000));
        QCOMPARE(qint64(w.riffSize), w.fileSize - 8);
        // Expected exact; the tolerance in the brief is 1%.
        QVERIFY2(qAbs(w.frames() - o.streamedSamples) <= o.streamedSamples / 100,
                 qPrintable(QStringLiteral("file %1 vs streamed %2").arg(w.frames()).arg(o.streamedSamples)));
        QCOMPARE(w.frames(), o.streamedSamples);
        // The file holds the streamed samples themselves (16-bit rounding only).
        int worst = 0;
        for (size_t i = 0; i < w.samples.size(); ++i) {
            const int expected = int(std::lrint(qBound(-1.0f, o.audio[i], 1.0f) * 32767.0f));
            worst = qMax(worst, qAbs(expected - int(w.samples[i])));
        }
        QVERIFY2(worst <= 1, qPrintable(QStringLiteral("file differs from the stream by up to %1 LSB").arg(worst)));
        return;
    }

    const Mp3FrameInfo info = readFirstMp3Frame(path);
    QVERIFY2(info.valid, qPrintable(info.error));
    QCOMPARE(info.offset, qint64(0)); // no ID3 tag, no junk before the first frame
    QCOMPARE(info.mpegVersion, 2);
    QCOMPARE(info.layer, 3);
    QCOMPARE(info.sampleRate, 24000);
    QVERIFY2(info.mono, "first frame is not mono");
    QCOMPARE(info.bitrateKbps, 64);
    QVERIFY2(info.hasInfoTag && info.hasLameTag, "first frame carries no Info/LAME tag (duration and gapless trim)");

    const QString decoded = path + ".decoded.wav";
    QByteArray out, err;
    const int rc = runProgram(m_lame, {"--quiet", "--decode", path, decoded}, &out, &err);
    QVERIFY2(rc == 0, qPrintable("lame --decode failed: " + QString::fromLocal8Bit(err)));
    const WavFile w = readWav(decoded);
    QVERIFY2(w.valid, qPrintable(w.error));
    QCOMPARE(w.sampleRate, quint32(24000));
    QCOMPARE(w.channels, quint16(1));
    const double ratio = double(w.frames()) / double(o.streamedSamples);
    qInfo("mp3 decodes to %lld samples, streamed %lld (ratio %.4f)", w.frames(), o.streamedSamples, ratio);
    QVERIFY2(qAbs(ratio - 1.0) <= 0.02, qPrintable(QString::number(ratio)));
    // It is the same speech: the decoded signal follows the streamed one closely.
    const double corr = correlation(w.toFloat(), o.audio);
    qInfo("correlation of decoded MP3 with the stream: %.3f", corr);
    QVERIFY2(corr >= 0.9, qPrintable(QString::number(corr)));
}

void TestStreaming::nonStreamJobSendsNoChunks()
{
    QString error;
    const auto params = plan({"af_sarah", "base", "a", kEnglish}, &error);
    QVERIFY2(params, qPrintable(error));
    const QString path = m_dir.filePath("nostream.wav");
    const Outcome o = run(*m_pool, job(*params, path, AudioFormat::Wav, false));
    QVERIFY2(o.finished, qPrintable(o.error));
    QCOMPARE(o.chunks, 0);
    const WavFile w = readWav(path);
    QVERIFY2(w.valid, qPrintable(w.error));
    QCOMPARE(w.frames(), o.finishedSamples);
    QVERIFY(rms(w.toFloat()) >= 0.02);
}

void TestStreaming::encoderRoundTrip_data()
{
    QTest::addColumn<bool>("mp3");
    QTest::addColumn<int>("chunkSize");
    QTest::newRow("wav, one call") << false << 0;
    QTest::newRow("wav, 999-sample chunks") << false << 999;
    QTest::newRow("mp3, one call") << true << 0;
    QTest::newRow("mp3, 1000-sample chunks") << true << 1000;
}

// The encoder alone, in process: a 1.5 s 440 Hz tone written in chunks comes back
// with its duration, level and frequency.
void TestStreaming::encoderRoundTrip()
{
    QFETCH(bool, mp3);
    QFETCH(int, chunkSize);
    const std::vector<float> tone = sine(440.0, 1.5, 0.5);
    const QString path = m_dir.filePath(QStringLiteral("tone-%1-%2.%3").arg(chunkSize).arg(mp3).arg(mp3 ? "mp3" : "wav"));
    auto encoder = AudioEncoder::create(mp3 ? AudioFormat::Mp3 : AudioFormat::Wav);
    QCOMPARE(encoder->open(path), QString());
    const qsizetype step = chunkSize > 0 ? chunkSize : qsizetype(tone.size());
    for (qsizetype off = 0; off < qsizetype(tone.size()); off += step)
        QCOMPARE(encoder->write(tone.data() + off, qMin(step, qsizetype(tone.size()) - off)), QString());
    QCOMPARE(encoder->finish(), QString());

    QString wavPath = path;
    if (mp3) {
        wavPath = path + ".decoded.wav";
        QByteArray err;
        QVERIFY2(runProgram(m_lame, {"--quiet", "--decode", path, wavPath}, nullptr, &err) == 0, err.constData());
    }
    const WavFile w = readWav(wavPath);
    QVERIFY2(w.valid, qPrintable(w.error));
    QCOMPARE(w.sampleRate, quint32(24000));
    if (mp3)
        QVERIFY2(qAbs(w.frames() - qint64(tone.size())) <= qint64(tone.size()) / 50, qPrintable(QString::number(w.frames())));
    else
        QCOMPARE(w.frames(), qint64(tone.size()));
    const std::vector<float> back = w.toFloat();
    const double level = rms(back);
    QVERIFY2(qAbs(level - 0.5 / std::sqrt(2.0)) < 0.02, qPrintable(QString::number(level)));
    // Frequency from zero crossings over the middle second.
    int crossings = 0;
    for (size_t i = kRate / 4 + 1; i < size_t(kRate / 4 + kRate); ++i)
        crossings += (back[i - 1] < 0 && back[i] >= 0) ? 1 : 0;
    QVERIFY2(qAbs(crossings - 440) <= 2, qPrintable(QString::number(crossings)));
}

// In process (the one pipeline this process may hold): the chunks the sink receives
// add up to a plausible sentence and stop when the sink says so.
void TestStreaming::inProcessPipelineChunksAddUp()
{
    QString error;
    const auto params = plan({"ff_siwis", "base", "f", kFrench}, &error);
    QVERIFY2(params, qPrintable(error));
    SynthesisPipeline pipeline;
    qint64 total = 0;
    int chunks = 0;
    QCOMPARE(pipeline.run(*params, [&](const float *, qsizetype n) {
        total += n;
        ++chunks;
        return true;
    }), QString());
    qInfo("in-process: %d chunks, %.2f s", chunks, seconds(total));
    QVERIFY(chunks >= 3);
    QVERIFY(seconds(total) > 3.0);

    // Same job through a worker: same length within 1% (espeak is not bit-repeatable).
    const Outcome o = run(*m_pool, job(*params, {}, AudioFormat::Wav, true), 60000, false);
    QVERIFY(o.finished);
    QVERIFY2(qAbs(o.streamedSamples - total) <= total / 100,
             qPrintable(QStringLiteral("worker %1 vs in-process %2").arg(o.streamedSamples).arg(total)));

    // A sink that stops early stops synthesis.
    qint64 partial = 0;
    QCOMPARE(pipeline.run(*params, [&](const float *, qsizetype n) {
        partial += n;
        return partial < kRate / 2;
    }), QString());
    QVERIFY2(partial < total / 2, qPrintable(QStringLiteral("%1 of %2 samples after stop").arg(partial).arg(total)));
}

QTEST_GUILESS_MAIN(TestStreaming)
#include "tst_streaming.moc"
