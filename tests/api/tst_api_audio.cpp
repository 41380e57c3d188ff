// Audio downloads (spec 2.1, 4.5; docs/decisions.md "Audio links", "Real speech only"):
// the signed audio_url downloads without the API key; WAV is 16-bit PCM, 24 kHz,
// mono; MP3 is 24 kHz mono; both hold real speech (not silence); a tampered,
// missing or re-targeted signature answers 403.
#include "testserver.h"

#include <QDateTime>
#include <QFile>
#include <QTest>
#include <QUrl>
#include <QUrlQuery>
#include <QtEndian>

#include <cmath>

class ApiAudioTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void wavDownload();
    void mp3Download();
    void signedLinkShape();
    void tamperedLink_data();
    void tamperedLink();

private:
    QString completedUrl(const QString &text, const QString &format, QString *id = nullptr);

    TestServer m_server;
    QByteArray m_key;
    QString m_wavUrl, m_wavId;
    QString m_mp3Url, m_mp3Id;
};

namespace
{
struct Mp3Frame
{
    bool ok = false;
    int sampleRate = 0;
    bool mono = false;
    int layer = 0;
};

// The first MPEG audio frame header after an optional ID3v2 tag.
Mp3Frame firstMp3Frame(const QByteArray &b)
{
    Mp3Frame f;
    qsizetype pos = 0;
    if (b.startsWith("ID3") && b.size() > 10) {
        const auto s = [&](int i) { return qsizetype(quint8(b.at(6 + i)) & 0x7f); };
        pos = 10 + ((s(0) << 21) | (s(1) << 14) | (s(2) << 7) | s(3));
    }
    for (; pos + 4 <= b.size(); ++pos) {
        const quint8 b0 = quint8(b.at(pos)), b1 = quint8(b.at(pos + 1)), b2 = quint8(b.at(pos + 2)),
                     b3 = quint8(b.at(pos + 3));
        if (b0 != 0xFF || (b1 & 0xE0) != 0xE0)
            continue;
        const int version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
        const int layerBits = (b1 >> 1) & 3;
        const int rateIndex = (b2 >> 2) & 3;
        if (version == 1 || layerBits == 0 || rateIndex == 3)
            continue;
        static const int rates[4][3] = {{11025, 12000, 8000}, {0, 0, 0}, {22050, 24000, 16000}, {44100, 48000, 32000}};
        f.sampleRate = rates[version][rateIndex];
        f.layer = 4 - layerBits;
        f.mono = ((b3 >> 6) & 3) == 3;
        f.ok = true;
        return f;
    }
    return f;
}
}

void ApiAudioTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("listener");
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    m_wavUrl = completedUrl(QStringLiteral("Hello world, this is a test of the download."), "wav", &m_wavId);
    m_mp3Url = completedUrl(QStringLiteral("Hello world, this is a test of the download."), "mp3", &m_mp3Id);
    QVERIFY(!m_wavUrl.isEmpty() && !m_mp3Url.isEmpty());
}

void ApiAudioTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

QString ApiAudioTest::completedUrl(const QString &text, const QString &format, QString *id)
{
    const HttpResponse c = m_server.createGeneration(m_key, text, QStringLiteral("af_sarah"), {{"audio_format", format}});
    if (c.status != 201) {
        qWarning("create: %s", c.describe().constData());
        return {};
    }
    const QString gid = c.json.value("generation_id").toString();
    if (id)
        *id = gid;
    const HttpResponse done = m_server.waitForCompleted(m_key, gid);
    if (done.json.value("status").toString() != QLatin1String("COMPLETED")) {
        qWarning("not completed: %s", done.describe().constData());
        return {};
    }
    return done.json.value("audio_url").toString();
}

void ApiAudioTest::wavDownload()
{
    const HttpResponse r = m_server.get(m_wavUrl, {}); // no API key
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.header("content-type"), QByteArray("audio/wav"));
    const QByteArray length = r.header("content-length");
    if (!length.isEmpty())
        QCOMPARE(length.toLongLong(), qint64(r.body.size()));
    const ApiCheck::WavInfo w = ApiCheck::parseWav(r.body);
    QVERIFY2(w.ok, qPrintable(w.error));
    QCOMPARE(w.format, quint16(1)); // PCM
    QCOMPARE(w.channels, quint16(1));
    QCOMPARE(w.rate, quint32(24000));
    QCOMPARE(w.bits, quint16(16));
    const double seconds = double(w.pcm.size()) / (24000 * 2);
    QVERIFY2(seconds > 1.0 && seconds < 15.0, qPrintable(QString::number(seconds)));
    // Real speech, not silence: a clear RMS level and peaks.
    const auto *s = reinterpret_cast<const qint16 *>(w.pcm.constData());
    const qsizetype n = w.pcm.size() / 2;
    double sum = 0;
    int peak = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const int v = qFromLittleEndian(s[i]);
        sum += double(v) * v;
        peak = qMax(peak, std::abs(v));
    }
    const double rms = std::sqrt(sum / double(n));
    QVERIFY2(rms > 300 && peak > 3000, qPrintable(QStringLiteral("rms %1 peak %2").arg(rms).arg(peak)));

    // The file on disk is what was served.
    QFile f(m_server.audioDir() + u'/' + m_wavId + QStringLiteral(".wav"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), r.body);
}

void ApiAudioTest::mp3Download()
{
    QVERIFY(QUrl(m_mp3Url).path().endsWith(QLatin1String(".mp3")));
    const HttpResponse r = m_server.get(m_mp3Url, {});
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.header("content-type"), QByteArray("audio/mpeg"));
    QVERIFY2(r.body.size() > 2000, qPrintable(QString::number(r.body.size())));
    const Mp3Frame f = firstMp3Frame(r.body);
    QVERIFY2(f.ok, "no MPEG audio frame found");
    QCOMPARE(f.layer, 3);
    QCOMPARE(f.sampleRate, 24000);
    QVERIFY2(f.mono, "mp3 must be mono");
}

void ApiAudioTest::signedLinkShape()
{
    const QUrl url(m_wavUrl);
    QCOMPARE(url.path(), "/v3/audio/" + m_wavId + ".wav");
    const QUrlQuery q(url);
    bool ok = false;
    const qint64 expires = q.queryItemValue("expires").toLongLong(&ok);
    QVERIFY(ok);
    QVERIFY(expires > QDateTime::currentSecsSinceEpoch());
    QVERIFY(!q.queryItemValue("sig").isEmpty());
    // The link carries no API key.
    QVERIFY(!m_wavUrl.contains(QString::fromLatin1(m_key)));
}

void ApiAudioTest::tamperedLink_data()
{
    QTest::addColumn<QString>("mutation");
    QTest::addColumn<int>("status");
    QTest::newRow("signature one character changed") << "sig-char" << 403;
    QTest::newRow("signature truncated") << "sig-truncated" << 403;
    QTest::newRow("signature removed") << "sig-removed" << 403;
    QTest::newRow("signature empty") << "sig-empty" << 403;
    QTest::newRow("expires moved later") << "expires-later" << 403;
    QTest::newRow("expires removed") << "expires-removed" << 403;
    QTest::newRow("other generation's signature") << "swap-id" << 403;
    QTest::newRow("unknown id, no signature") << "unknown" << 403;
}

void ApiAudioTest::tamperedLink()
{
    QFETCH(QString, mutation);
    QFETCH(int, status);
    QUrl url(m_wavUrl);
    QUrlQuery q(url);
    QString sig = q.queryItemValue("sig");
    const QString expires = q.queryItemValue("expires");
    if (mutation == QLatin1String("sig-char")) {
        const int i = int(sig.size()) / 2;
        sig[i] = sig.at(i) == u'A' ? u'B' : u'A';
        q.removeQueryItem("sig");
        q.addQueryItem("sig", sig);
    } else if (mutation == QLatin1String("sig-truncated")) {
        q.removeQueryItem("sig");
        q.addQueryItem("sig", sig.left(sig.size() - 1));
    } else if (mutation == QLatin1String("sig-removed")) {
        q.removeQueryItem("sig");
    } else if (mutation == QLatin1String("sig-empty")) {
        q.removeQueryItem("sig");
        q.addQueryItem("sig", QString());
    } else if (mutation == QLatin1String("expires-later")) {
        q.removeQueryItem("expires");
        q.addQueryItem("expires", QString::number(expires.toLongLong() + 3600));
    } else if (mutation == QLatin1String("expires-removed")) {
        q.removeQueryItem("expires");
    } else if (mutation == QLatin1String("swap-id")) {
        // The mp3 generation's path with the wav generation's signature.
        url.setPath("/v3/audio/" + m_mp3Id + ".mp3");
    } else if (mutation == QLatin1String("unknown")) {
        url.setPath("/v3/audio/00000000-0000-0000-0000-000000000000.wav");
        q.clear();
    }
    url.setQuery(q);
    const HttpResponse r = m_server.get(url.toString(QUrl::FullyEncoded), m_key);
    QVERIFY2(r.status == status, qPrintable(url.toString() + u' ' + QString::fromUtf8(r.describe())));
    QVERIFY2(r.isJsonObject && !r.detail().isEmpty(), r.describe());
    QVERIFY(!r.body.startsWith("RIFF"));
    // The genuine link still works afterwards.
    QCOMPARE(m_server.get(m_wavUrl, {}).status, 200);
}

QTEST_GUILESS_MAIN(ApiAudioTest)
#include "tst_api_audio.moc"
