// server/multipart: well-formed forms, each kind of malformed input, and random
// damage (never a crash, always a clear error or a form).
#include "multipart.h"

#include <QtTest>

#include <random>

namespace
{
const QByteArray kType = "multipart/form-data; boundary=XyZ123";

QByteArray form(const QList<QPair<QByteArray, QByteArray>> &parts, const QByteArray &boundary = "XyZ123")
{
    QByteArray b;
    for (const auto &p : parts)
        b += "--" + boundary + "\r\n" + p.first + "\r\n\r\n" + p.second + "\r\n";
    b += "--" + boundary + "--\r\n";
    return b;
}
}

class TestMultipart : public QObject
{
    Q_OBJECT

private slots:
    void parsesTextAndFileParts();
    void boundaryForms_data();
    void boundaryForms();
    void preambleEpilogueAndPadding();
    void binaryBodyWithLookalikes();
    void filenameStar();
    void malformed_data();
    void malformed();
    void randomDamageNeverCrashes();
};

void TestMultipart::parsesTextAndFileParts()
{
    const QByteArray wav("RIFF\0\0\0\0WAVE\r\n--X\r\n", 20);
    const QByteArray body = form({{"Content-Disposition: form-data; name=\"name\"", "My voice"},
                                  {"Content-Disposition: form-data; name=\"pitch\"", "1.25"},
                                  {"Content-Disposition: form-data; name=\"description\"", ""},
                                  {"Content-Disposition: form-data; name=\"reference\"; filename=\"ref.wav\"\r\n"
                                   "Content-Type: audio/wav",
                                   wav}});
    const auto f = Multipart::parse(kType, body);
    QVERIFY2(f.ok(), qPrintable(f.error().detail));
    QCOMPARE(f->parts.size(), 4);
    QCOMPARE(f->part("name")->body, QByteArray("My voice"));
    QVERIFY(!f->part("name")->isFile());
    QCOMPARE(f->part("pitch")->body, QByteArray("1.25"));
    QCOMPARE(f->part("description")->body, QByteArray());
    const Multipart::Part *ref = f->part("reference");
    QVERIFY(ref && ref->isFile());
    QCOMPARE(*ref->filename, QStringLiteral("ref.wav"));
    QCOMPARE(ref->contentType, QByteArray("audio/wav"));
    QCOMPARE(ref->body, wav);
    QVERIFY(!f->has("missing"));
}

void TestMultipart::boundaryForms_data()
{
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("boundary");
    QTest::newRow("plain") << QByteArray("multipart/form-data; boundary=abc") << QByteArray("abc");
    QTest::newRow("quoted") << QByteArray("multipart/form-data; boundary=\"a b:c\"") << QByteArray("a b:c");
    QTest::newRow("case, spaces, charset") << QByteArray("Multipart/Form-Data ;charset=utf-8;  BOUNDARY=----WebKitFormBoundary7MA4YWxk")
                                           << QByteArray("----WebKitFormBoundary7MA4YWxk");
}

void TestMultipart::boundaryForms()
{
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, boundary);
    QVERIFY(Multipart::isFormData(contentType));
    const auto b = Multipart::boundary(contentType);
    QVERIFY2(b.ok(), qPrintable(b.error().detail));
    QCOMPARE(*b, boundary);
    const auto f = Multipart::parse(contentType, form({{"Content-Disposition: form-data; name=a", "1"}}, boundary));
    QVERIFY2(f.ok(), qPrintable(f.error().detail));
    QCOMPARE(f->part("a")->body, QByteArray("1"));
}

void TestMultipart::preambleEpilogueAndPadding()
{
    const QByteArray body = "This is a preamble.\r\n--XyZ123 \t\r\n"
                            "content-disposition: form-data; name=\"a\"\r\n\r\n"
                            "one\r\n--XyZ123\r\n"
                            "Content-Disposition: form-data; name=\"b\"\r\n\r\n"
                            "two\r\n--XyZ123--\r\nepilogue ignored --XyZ123 junk";
    const auto f = Multipart::parse(kType, body);
    QVERIFY2(f.ok(), qPrintable(f.error().detail));
    QCOMPARE(f->parts.size(), 2);
    QCOMPARE(f->part("a")->body, QByteArray("one"));
    QCOMPARE(f->part("b")->body, QByteArray("two"));
}

void TestMultipart::binaryBodyWithLookalikes()
{
    QByteArray data;
    for (int i = 0; i < 4096; ++i)
        data.append(char(i * 37));
    data += "\r\n--XyZ12\r\n--XyZ1234"; // almost the delimiter, twice
    data += "--XyZ123"; // the delimiter not preceded by CRLF is data
    data += "\r\n\r\n";
    const auto f = Multipart::parse(kType, form({{"Content-Disposition: form-data; name=\"reference\"; filename=\"x.wav\"", data}}));
    // "\r\n--XyZ1234" contains the delimiter "\r\n--XyZ123" followed by "4": that is
    // an error by RFC 2046 (a boundary must not occur in the data), reported clearly.
    QVERIFY(!f.ok());
    QVERIFY2(f.error().detail.contains("boundary line"), qPrintable(f.error().detail));

    QByteArray clean = data;
    clean.replace("\r\n--XyZ1234", "\r\n--Xy");
    const auto g = Multipart::parse(kType, form({{"Content-Disposition: form-data; name=\"reference\"; filename=\"x.wav\"", clean}}));
    QVERIFY2(g.ok(), qPrintable(g.error().detail));
    QCOMPARE(g->part("reference")->body, clean);
}

void TestMultipart::filenameStar()
{
    const auto f = Multipart::parse(kType, form({{"Content-Disposition: form-data; name=\"reference\"; "
                                                  "filename=\"fallback.wav\"; filename*=UTF-8''%E2%82%AC%20rates.wav",
                                                  "x"}}));
    QVERIFY2(f.ok(), qPrintable(f.error().detail));
    QCOMPARE(*f->part("reference")->filename, QString::fromUtf8("€ rates.wav"));
    const auto empty = Multipart::parse(kType, form({{"Content-Disposition: form-data; name=\"reference\"; filename=\"\"", ""}}));
    QVERIFY(empty.ok());
    QVERIFY(empty->part("reference")->isFile());
}

void TestMultipart::malformed_data()
{
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    const QByteArray ok = form({{"Content-Disposition: form-data; name=\"a\"", "1"}});
    QTest::newRow("not multipart") << QByteArray("application/json") << ok << "multipart/form-data";
    QTest::newRow("no boundary") << QByteArray("multipart/form-data") << ok << "boundary";
    QTest::newRow("empty boundary") << QByteArray("multipart/form-data; boundary=\"\"") << ok << "boundary";
    QTest::newRow("long boundary") << ("multipart/form-data; boundary=" + QByteArray(71, 'b')) << ok << "70";
    QTest::newRow("unterminated quote in type") << QByteArray("multipart/form-data; boundary=\"abc") << ok << "quoted";
    QTest::newRow("other boundary") << QByteArray("multipart/form-data; boundary=other") << ok << "does not occur";
    QTest::newRow("empty body") << kType << QByteArray() << "does not occur";
    QTest::newRow("no closing delimiter") << kType << ok.left(ok.size() - 12) << "not terminated";
    QTest::newRow("truncated in headers") << kType << QByteArray("--XyZ123\r\nContent-Disposition: form-data; na") << "end of headers";
    QTest::newRow("no CRLF after boundary") << kType << QByteArray("--XyZ123garbage") << "CRLF";
    QTest::newRow("no disposition") << kType << form({{"Content-Type: text/plain", "1"}}) << "no Content-Disposition";
    QTest::newRow("not form-data") << kType << form({{"Content-Disposition: attachment; name=a", "1"}}) << "not form-data";
    QTest::newRow("no name") << kType << form({{"Content-Disposition: form-data; filename=\"a.wav\"", "1"}}) << "no name";
    QTest::newRow("header without colon") << kType << form({{"Content-Disposition form-data", "1"}}) << "without a name";
    QTest::newRow("unterminated quote") << kType << form({{"Content-Disposition: form-data; name=\"a", "1"}}) << "unterminated";
    QTest::newRow("duplicate field") << kType
                                     << form({{"Content-Disposition: form-data; name=a", "1"}, {"Content-Disposition: form-data; name=a", "2"}})
                                     << "twice";
    QTest::newRow("two dispositions") << kType
                                      << form({{"Content-Disposition: form-data; name=a\r\nContent-Disposition: form-data; name=b", "1"}})
                                      << "two Content-Disposition";
    QList<QPair<QByteArray, QByteArray>> many;
    for (int i = 0; i <= Multipart::kMaxParts; ++i)
        many.append({"Content-Disposition: form-data; name=f" + QByteArray::number(i), "x"});
    QTest::newRow("too many parts") << kType << form(many) << "more than";
}

void TestMultipart::malformed()
{
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    const auto f = Multipart::parse(contentType, body);
    QVERIFY(!f.ok());
    QCOMPARE(f.error().kind, ServiceError::Kind::InvalidInput);
    QVERIFY2(f.error().detail.contains(expected, Qt::CaseInsensitive), qPrintable(f.error().detail));
}

void TestMultipart::randomDamageNeverCrashes()
{
    const QByteArray good = form({{"Content-Disposition: form-data; name=\"name\"", "Voice"},
                                  {"Content-Disposition: form-data; name=\"reference\"; filename=\"r.wav\"\r\nContent-Type: audio/wav",
                                   QByteArray(300, '\x01')}});
    std::mt19937 rng(12345);
    int parsed = 0, rejected = 0;
    for (int i = 0; i < 5000; ++i) {
        QByteArray b = good;
        const int edits = 1 + int(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            const qsizetype at = qsizetype(rng() % quint32(b.size() + 1));
            switch (rng() % 4) {
            case 0: b.truncate(at); break;
            case 1: if (at < b.size()) b[at] = char(rng()); break;
            case 2: b.insert(at, "\r\n--XyZ123"); break;
            case 3: b.remove(at, qsizetype(rng() % 20)); break;
            }
        }
        const auto f = Multipart::parse(kType, b);
        if (f.ok())
            ++parsed;
        else {
            ++rejected;
            QVERIFY(!f.error().detail.isEmpty());
        }
    }
    qInfo("random damage: %d parsed, %d rejected", parsed, rejected);
    QVERIFY(rejected > 0);
}

QTEST_GUILESS_MAIN(TestMultipart)
#include "tst_voices_multipart.moc"
