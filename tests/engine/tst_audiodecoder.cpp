// Reading the engine's audio back (engine/audio/audiodecoder): the studio plays and
// re-encodes files through it. WAV chunks are walked (a file with an extra chunk before
// "data" still reads; the old reader in the Generate page assumed a 44-byte header).
#include "audiodecoder.h"
#include "audioencoder.h"
#include "audioformat.h"

#include <QFile>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtEndian>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <vector>

namespace
{
std::vector<float> tone(int samples)
{
    std::vector<float> out(static_cast<size_t>(samples));
    for (int i = 0; i < samples; ++i)
        out[size_t(i)] = 0.5f * float(std::sin(2.0 * M_PI * 440.0 * i / AudioFormats::kSampleRate));
    return out;
}

QByteArray encode(AudioFormat format, const std::vector<float> &samples, const QString &path)
{
    auto enc = AudioEncoder::create(format);
    if (!enc->open(path).isEmpty() || !enc->write(samples.data(), qsizetype(samples.size())).isEmpty()
        || !enc->finish().isEmpty())
        return {};
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray le32(quint32 v)
{
    QByteArray b(4, '\0');
    qToLittleEndian(v, b.data());
    return b;
}
}

class TestAudioDecoder : public QObject
{
    Q_OBJECT

private slots:
    void wavRoundTrip();
    void wavWithAnExtraChunk();
    void refused_data();
    void refused();
    void headerRate_data();
    void headerRate();
    void mp3RoundTrip();
    void mp3DecodesOnManyThreadsAtOnce();
    void wavBytesDoNotDependOnChunking();
    void writeFailureShowsByFinish_data();
    void writeFailureShowsByFinish();

private:
    QTemporaryDir m_dir;
};

void TestAudioDecoder::wavRoundTrip()
{
    const auto samples = tone(24000);
    const QByteArray wav = encode(AudioFormat::Wav, samples, m_dir.filePath("a.wav"));
    QVERIFY(!wav.isEmpty());
    const auto d = AudioDecoder::decodeWav(wav);
    QVERIFY(d.ok());
    QCOMPARE(d.float32.size(), qsizetype(samples.size() * sizeof(float)));
    const auto *f = reinterpret_cast<const float *>(d.float32.constData());
    for (size_t i = 0; i < samples.size(); i += 997)
        QVERIFY(std::abs(f[i] - samples[i]) < 1e-3f);
}

void TestAudioDecoder::wavWithAnExtraChunk()
{
    const auto samples = tone(4800);
    QByteArray wav = encode(AudioFormat::Wav, samples, m_dir.filePath("b.wav"));
    const qsizetype data = wav.indexOf("data");
    QVERIFY(data > 12);
    // A LIST chunk before "data": a reader that skips 44 bytes reads it as samples.
    const QByteArray list = "LIST" + le32(10) + QByteArray("INFOabcdef");
    wav.insert(data, list);
    qToLittleEndian(quint32(wav.size() - 8), wav.data() + 4);
    const auto d = AudioDecoder::decodeWav(wav);
    QVERIFY(d.ok());
    QCOMPARE(d.float32.size(), qsizetype(samples.size() * sizeof(float)));
    const auto *f = reinterpret_cast<const float *>(d.float32.constData());
    QVERIFY(std::abs(f[100] - samples[100]) < 1e-3f);
}

void TestAudioDecoder::refused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("problem");
    QByteArray stereo = encode(AudioFormat::Wav, tone(100), m_dir.filePath("c.wav"));
    qToLittleEndian(quint16(2), stereo.data() + stereo.indexOf("fmt ") + 8 + 2);
    QTest::newRow("not RIFF") << QByteArray("ID3\x03\x00 not a wav at all") << int(AudioDecoder::Problem::NotWav);
    QTest::newRow("stereo") << stereo << int(AudioDecoder::Problem::NotEngineWav);
    QTest::newRow("no data chunk") << QByteArray("RIFF" + le32(4) + "WAVE") << int(AudioDecoder::Problem::NoAudio);
}

void TestAudioDecoder::refused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, problem);
    const auto d = AudioDecoder::decodeWav(bytes);
    QCOMPARE(int(d.problem), problem);
    QVERIFY(d.float32.isEmpty());
}

void TestAudioDecoder::headerRate_data()
{
    QTest::addColumn<quint32>("rate");
    QTest::newRow("24000") << quint32(24000);
    QTest::newRow("2^31 - 1") << quint32(0x7FFFFFFF);
    QTest::newRow("2^31") << quint32(0x80000000u);
    QTest::newRow("4,000,000,000") << quint32(4000000000u);
    QTest::newRow("0xFFFFFFFF") << quint32(0xFFFFFFFFu);
}

// The fmt chunk's rate is unsigned 32-bit: read as written (a reader that clamps or wraps
// it to int reports a rate the file never said), and any but 24 kHz is not the engine's.
void TestAudioDecoder::headerRate()
{
    QFETCH(quint32, rate);
    QByteArray wav = encode(AudioFormat::Wav, tone(100), m_dir.filePath("rate.wav"));
    qToLittleEndian(rate, wav.data() + wav.indexOf("fmt ") + 8 + 4);
    QCOMPARE(AudioDecoder::parseWav(wav).sampleRate, rate);
    QCOMPARE(AudioDecoder::decodeWav(wav).ok(), rate == quint32(AudioFormats::kSampleRate));
}

void TestAudioDecoder::mp3RoundTrip()
{
    const auto samples = tone(48000);
    const QString path = m_dir.filePath("d.mp3");
    QVERIFY(!encode(AudioFormat::Mp3, samples, path).isEmpty());
    const auto d = AudioDecoder::decodeFile(path, QStringLiteral("mp3"));
    QVERIFY2(d.ok(), qPrintable(QString::number(int(d.problem))));
    // MP3 pads with encoder delay: about the same length, never much less.
    const qsizetype n = d.float32.size() / qsizetype(sizeof(float));
    QVERIFY2(n >= qsizetype(samples.size()) && n < qsizetype(samples.size()) + 4800, QByteArray::number(n));
    QCOMPARE(int(AudioDecoder::decodeFile(m_dir.filePath("missing.mp3"), "mp3").problem),
             int(AudioDecoder::Problem::Unreadable));
}

// Pages and services decode on pool threads at the same time (History's player, the
// studio's project blocks): every decode gives the same samples.
void TestAudioDecoder::mp3DecodesOnManyThreadsAtOnce()
{
    const QString path = m_dir.filePath("many.mp3");
    QVERIFY(!encode(AudioFormat::Mp3, tone(96000), path).isEmpty());
    const QByteArray expected = AudioDecoder::decodeFile(path, QStringLiteral("mp3")).float32;
    QVERIFY(!expected.isEmpty());
    std::atomic<int> same{0};
    QThreadPool pool;
    pool.setMaxThreadCount(8);
    constexpr int kDecodes = 64;
    for (int i = 0; i < kDecodes; ++i)
        pool.start([&] {
            if (AudioDecoder::decodeFile(path, QStringLiteral("mp3")).float32 == expected)
                ++same;
        });
    pool.waitForDone();
    QCOMPARE(same.load(), kDecodes);
}

// The encoder gathers bytes before write(2): whatever the chunk sizes (some crossing its
// buffer, one larger than it), the file holds the header patched at the end and every
// sample, in order.
void TestAudioDecoder::wavBytesDoNotDependOnChunking()
{
    const std::vector<float> samples = tone(24000 * 4); // 192,000 bytes of PCM
    const QString whole = m_dir.filePath("whole.wav");
    const QByteArray reference = encode(AudioFormat::Wav, samples, whole);
    QCOMPARE(reference.size(), 44 + qsizetype(samples.size()) * 2);
    QCOMPARE(reference.mid(40, 4), le32(quint32(samples.size() * 2)));

    const QList<qsizetype> chunks{1, 7, 960, 4800, 40000, 33, 70000, 1, 19999};
    auto enc = AudioEncoder::create(AudioFormat::Wav);
    const QString chunked = m_dir.filePath("chunked.wav");
    QCOMPARE(enc->open(chunked), QString());
    qsizetype at = 0;
    for (int i = 0; at < qsizetype(samples.size()); ++i) {
        const qsizetype n = qMin(chunks.at(i % chunks.size()), qsizetype(samples.size()) - at);
        QCOMPARE(enc->write(samples.data() + at, n), QString());
        at += n;
    }
    QCOMPARE(enc->finish(), QString());
    QFile f(chunked);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), reference);

    // A file shorter than the buffer: the header is patched over bytes not written yet.
    const std::vector<float> few = tone(100);
    const QByteArray small = encode(AudioFormat::Wav, few, m_dir.filePath("small.wav"));
    QCOMPARE(small.size(), 44 + 200);
    QCOMPARE(small.mid(40, 4), le32(200));
    QCOMPARE(small.mid(4, 4), le32(36 + 200));
}

void TestAudioDecoder::writeFailureShowsByFinish_data()
{
    QTest::addColumn<AudioFormat>("format");
    QTest::newRow("wav") << AudioFormat::Wav;
    QTest::newRow("mp3") << AudioFormat::Mp3;
}

// A volume that refuses every write (/dev/full: ENOSPC) with a few seconds of audio that
// fit in the buffer: the failure is reported, by finish() at the latest, with its cause.
void TestAudioDecoder::writeFailureShowsByFinish()
{
    QFETCH(AudioFormat, format);
    if (!QFile::exists("/dev/full"))
        QSKIP("no /dev/full");
    auto enc = AudioEncoder::create(format);
    QCOMPARE(enc->open("/dev/full"), QString());
    const std::vector<float> samples = tone(4800);
    QString err = enc->write(samples.data(), qsizetype(samples.size()));
    if (err.isEmpty())
        err = enc->finish();
    QVERIFY2(err.contains("disk full"), qPrintable(err));
}

QTEST_MAIN(TestAudioDecoder)
#include "tst_audiodecoder.moc"
