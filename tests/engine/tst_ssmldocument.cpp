// SsmlDocument: the SSML subset read into what a synthesis says. The items (text runs,
// breaks, boundaries), their settings, the offsets that point each spoken character
// back into the markup, the billed text, and where a malformed document is refused.

#include "captions.h"
#include "sentencespans.h"
#include "ssmldocument.h"
#include "ssmlplan.h"

#include <QJsonObject>
#include <QtTest>

#include <cmath>

namespace
{
// The items in a compact form: T"text"[rate,pitch,volume]{sayAs}(lang) B500 S P.
QString describe(const SsmlDocument &doc)
{
    QStringList out;
    for (const SsmlItem &i : doc.items()) {
        switch (i.kind) {
        case SsmlItem::Kind::Break: out << QStringLiteral("B%1").arg(i.breakMs); break;
        case SsmlItem::Kind::SentenceEnd: out << QStringLiteral("S"); break;
        case SsmlItem::Kind::ParagraphEnd: out << QStringLiteral("P"); break;
        case SsmlItem::Kind::Text: {
            QString t = QStringLiteral("T\"%1\"").arg(i.text);
            if (i.prosody != SsmlProsody{})
                t += QStringLiteral("[%1,%2,%3]").arg(i.prosody.rate, 0, 'g', 3).arg(i.prosody.pitch, 0, 'g', 3).arg(i.prosody.volume, 0, 'g', 3);
            if (!i.sayAs.isEmpty())
                t += u'{' + i.sayAs + (i.format.isEmpty() ? QString() : u':' + i.format) + u'}';
            if (!i.ipa.isEmpty())
                t += QStringLiteral("/%1/").arg(i.ipa);
            if (!i.language.isEmpty())
                t += u'(' + i.language + u')';
            out << t;
            break;
        }
        }
    }
    return out.join(u' ');
}

const SsmlDocument *docOf(const std::variant<SsmlDocument, SsmlError> &v)
{
    return std::get_if<SsmlDocument>(&v);
}
}

class TestSsmlDocument : public QObject
{
    Q_OBJECT
private slots:
    void detection_data();
    void detection();
    void items_data();
    void items();
    void offsetsPointIntoTheMarkup_data();
    void offsetsPointIntoTheMarkup();
    void billedText_data();
    void billedText();
    void malformed_data();
    void malformed();
    void limits();
    void longDocuments_data();
    void longDocuments();
    void strictValues_data();
    void strictValues();
    void rangesAreSymmetric_data();
    void rangesAreSymmetric();
    void breakAllowance_data();
    void breakAllowance();
    void byteOrderMarkAndDeclaration();
    void captionWordIsTheVisibleText_data();
    void captionWordIsTheVisibleText();
};

void TestSsmlDocument::detection_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ssml");
    QTest::newRow("plain") << "Hello <speak> world" << false;
    QTest::newRow("speak") << "<speak>Hi</speak>" << true;
    QTest::newRow("leading whitespace") << "\n  \t<speak>Hi</speak>" << true;
    QTest::newRow("attributes") << "<speak version=\"1.1\" xml:lang=\"en-US\">Hi</speak>" << true;
    QTest::newRow("speaker is not speak") << "<speaker>Hi</speaker>" << false;
    QTest::newRow("unclosed open tag") << "<speak" << true;
    QTest::newRow("text before") << "Say <speak>Hi</speak>" << false;
    // What editors and XML tools write before the root is still SSML.
    QTest::newRow("XML declaration") << "<?xml version=\"1.0\"?><speak>Hi</speak>" << true;
    QTest::newRow("XML declaration, encoding, line break")
        << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<speak version=\"1.1\">Hi</speak>" << true;
    QTest::newRow("byte order mark") << QStringLiteral("\uFEFF<speak>Hi</speak>") << true;
    QTest::newRow("byte order mark and declaration") << QStringLiteral("\uFEFF<?xml version=\"1.0\"?><speak>Hi</speak>") << true;
    QTest::newRow("declaration of another root") << "<?xml version=\"1.0\"?><html>Hi</html>" << false;
    QTest::newRow("unfinished declaration") << "<?xml version=\"1.0\" <speak>Hi</speak>" << false;
    // XML's prolog: comments and processing instructions may come before the root, and
    // a document type declaration makes the text an XML document, refused, never read
    // aloud as plain text.
    QTest::newRow("comment before speak") << "<!-- read me -->\n<speak>Hi</speak>" << true;
    QTest::newRow("declaration, PI, comment") << "<?xml version=\"1.0\"?><?foo bar?><!--c--><speak>Hi</speak>" << true;
    QTest::newRow("comment before plain text") << "<!-- note --> Hello" << false;
    QTest::newRow("unfinished comment") << "<!-- <speak>Hi</speak>" << false;
    QTest::newRow("DOCTYPE before speak") << "<!DOCTYPE speak><speak>Hi</speak>" << true;
    QTest::newRow("declaration then DOCTYPE")
        << "<?xml version=\"1.0\"?>\n<!DOCTYPE speak [<!ENTITY a \"aaaa\">]>\n<speak>&a;</speak>" << true;
    QTest::newRow("DOCTYPE after a comment") << "<!-- c --><!DOCTYPE speak><speak>Hi</speak>" << true;
    QTest::newRow("DOCTYPE of another root") << "<!DOCTYPE html><html>Hi</html>" << true;
    QTest::newRow("doctype in lower case") << "\uFEFF <!doctype speak><speak>Hi</speak>" << true;
}

void TestSsmlDocument::detection()
{
    QFETCH(QString, text);
    QFETCH(bool, ssml);
    QCOMPARE(SsmlDocument::isSsml(text), ssml);
}

void TestSsmlDocument::items_data()
{
    QTest::addColumn<QString>("ssml");
    QTest::addColumn<QString>("items");
    QTest::newRow("text") << "<speak>Hello world.</speak>" << "T\"Hello world.\"";
    QTest::newRow("break time ms") << "<speak>A <break time=\"500ms\"/> B</speak>" << "T\"A \" B500 T\" B\"";
    QTest::newRow("break time s") << "<speak>A<break time=\"1.2s\"/>B</speak>" << "T\"A\" B1200 T\"B\"";
    QTest::newRow("break strengths")
        << "<speak>a<break strength=\"none\"/>b<break strength=\"x-weak\"/>c<break strength=\"weak\"/>d"
           "<break strength=\"medium\"/>e<break strength=\"strong\"/>f<break strength=\"x-strong\"/>g<break/>h</speak>"
        << "T\"a\" B0 T\"b\" B100 T\"c\" B250 T\"d\" B400 T\"e\" B700 T\"f\" B1000 T\"g\" B400 T\"h\"";
    QTest::newRow("time wins over strength") << "<speak>a<break strength=\"weak\" time=\"20ms\"/>b</speak>"
                                             << "T\"a\" B20 T\"b\"";
    QTest::newRow("prosody named") << "<speak><prosody rate=\"slow\" pitch=\"high\" volume=\"soft\">x</prosody></speak>"
                                   << "T\"x\"[0.75,1.15,0.501]";
    QTest::newRow("prosody percent and dB")
        << "<speak><prosody rate=\"80%\" pitch=\"+10%\" volume=\"+6dB\">x</prosody></speak>" << "T\"x\"[0.8,1.1,2]";
    QTest::newRow("prosody nested relative")
        << "<speak><prosody rate=\"x-fast\"><prosody rate=\"-50%\" pitch=\"-12st\">x</prosody>y</prosody></speak>"
        << "T\"x\"[1,0.5,1] T\"y\"[2,1,1]";
    QTest::newRow("volume silent") << "<speak><prosody volume=\"silent\">x</prosody></speak>" << "T\"x\"[1,1,0]";
    QTest::newRow("emphasis") << "<speak>a <emphasis level=\"strong\">b</emphasis> <emphasis>c</emphasis></speak>"
                              << "T\"a \" T\"b\"[0.85,1.12,1.26] T\" \" T\"c\"[0.93,1.06,1.12]";
    QTest::newRow("say-as kinds")
        << "<speak><say-as interpret-as=\"characters\">ABC</say-as><say-as interpret-as=\"spell-out\">x</say-as>"
           "<say-as interpret-as=\"cardinal\">12</say-as><say-as interpret-as=\"ordinal\">3</say-as>"
           "<say-as interpret-as=\"digits\">42</say-as><say-as interpret-as=\"date\" format=\"dmy\">24.11.2026</say-as>"
           "<say-as interpret-as=\"time\">12:30</say-as><say-as interpret-as=\"telephone\">555-1234</say-as></speak>"
        << "T\"ABC\"{characters} T\"x\"{characters} T\"12\"{cardinal} T\"3\"{ordinal} T\"42\"{digits} "
           "T\"24.11.2026\"{date:dmy} T\"12:30\"{time} T\"555-1234\"{telephone}";
    QTest::newRow("say-as unknown is text") << "<speak>a <say-as interpret-as=\"unit\">5kg</say-as></speak>"
                                            << "T\"a 5kg\"";
    QTest::newRow("sub") << "<speak>The <sub alias=\"World Wide Web\">WWW</sub>.</speak>"
                         << "T\"The World Wide Web.\"";
    QTest::newRow("phoneme") << "<speak>say <phoneme alphabet=\"ipa\" ph=\"təˈmɑːtəʊ\">tomato</phoneme></speak>"
                             << "T\"say \" T\"tomato\"/təˈmɑːtəʊ/";
    QTest::newRow("phoneme x-sampa read as text")
        << "<speak><phoneme alphabet=\"x-sampa\" ph=\"t@\">tomato</phoneme></speak>" << "T\"tomato\"";
    QTest::newRow("lang") << "<speak>Hi <lang xml:lang=\"de\">Guten Tag</lang></speak>" << "T\"Hi \" T\"Guten Tag\"(de)";
    QTest::newRow("p and s") << "<speak><p><s>One</s><s>Two</s></p><p>Three</p></speak>"
                             << "P S T\"One\" S S T\"Two\" S P P T\"Three\" P";
    QTest::newRow("unknown elements are text")
        << "<speak><voice name=\"x\">Hi <mark name=\"m\"/>there <audio src=\"a.wav\">beep</audio></voice></speak>"
        << "T\"Hi there beep\"";
    QTest::newRow("markup inside say-as is its text")
        << "<speak><say-as interpret-as=\"characters\">A<emphasis>B</emphasis></say-as></speak>" << "T\"AB\"{characters}";
    QTest::newRow("entities and CDATA") << "<speak>Tom &amp; Jerry <![CDATA[<3]]></speak>" << "T\"Tom & Jerry <3\"";
    QTest::newRow("namespaced") << "<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\" xml:lang=\"en-US\">"
                                   "<break time=\"300ms\"/>Hi</speak>"
                                << "B300 T\"Hi\"";
    QTest::newRow("comments and declaration skipped") << "<speak>a<!-- not said -->b</speak>" << "T\"ab\"";
    QTest::newRow("XML declaration") << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<speak>Hi</speak>" << "T\"Hi\"";
    QTest::newRow("time wins, strength checked") << "<speak>a<break strength=\"x-strong\" time=\"0.5s\"/>b</speak>"
                                                 << "T\"a\" B500 T\"b\"";
    QTest::newRow("units in any case") << "<speak>a<break time=\"250MS\"/>b<break time=\".5S\"/>c</speak>"
                                       << "T\"a\" B250 T\"b\" B500 T\"c\"";
    QTest::newRow("two octaves either way")
        << "<speak><prosody pitch=\"-24st\" rate=\"25%\">x</prosody><prosody pitch=\"+24st\" rate=\"4\">y</prosody></speak>"
        << "T\"x\"[0.25,0.25,1] T\"y\"[4,4,1]";
    QTest::newRow("empty xml:lang keeps the language around it")
        << "<speak><lang xml:lang=\"de\"><s xml:lang=\"\">x</s></lang></speak>" << "S T\"x\"(de) S";
}

void TestSsmlDocument::items()
{
    QFETCH(QString, ssml);
    QFETCH(QString, items);
    const auto parsed = SsmlDocument::parse(ssml);
    if (const auto *e = std::get_if<SsmlError>(&parsed))
        QFAIL(qPrintable(e->describe()));
    QCOMPARE(describe(*docOf(parsed)), items);
}

void TestSsmlDocument::offsetsPointIntoTheMarkup_data()
{
    // Each spoken character's span in the input, as the substring it covers.
    QTest::addColumn<QString>("ssml");
    QTest::addColumn<int>("item");
    QTest::addColumn<QString>("spoken");
    QTest::addColumn<QStringList>("sources");
    QTest::newRow("plain text") << "<speak>Hi <b>yo</b></speak>" << 0 << "Hi yo" << QStringList{"H", "i", " ", "y", "o"};
    QTest::newRow("entity") << "<speak>a&amp;b</speak>" << 0 << "a&b" << QStringList{"a", "&amp;", "b"};
    QTest::newRow("char reference") << "<speak>x&#233;</speak>" << 0 << "xé" << QStringList{"x", "&#233;"};
    QTest::newRow("astral char reference") << "<speak>&#x1F600;</speak>" << 0 << QString::fromUcs4(U"\U0001F600")
                                           << QStringList{"&#x1F600;", "&#x1F600;"};
    QTest::newRow("CRLF") << "<speak>a\r\nb</speak>" << 0 << "a\nb" << QStringList{"a", "\r\n", "b"};
    QTest::newRow("CDATA after text") << "<speak>a<![CDATA[<b]]></speak>" << 0 << "a<b" << QStringList{"a", "<", "b"};
    QTest::newRow("sub alias stands for its content")
        << "<speak><sub alias=\"ab\">WWW</sub></speak>" << 0 << "ab" << QStringList{"WWW", "WWW"};
    QTest::newRow("after a break") << "<speak>x<break/>y</speak>" << 2 << "y" << QStringList{"y"};
    QTest::newRow("say-as") << "<speak><say-as interpret-as=\"digits\">12</say-as></speak>" << 0 << "12"
                            << QStringList{"1", "2"};
}

void TestSsmlDocument::offsetsPointIntoTheMarkup()
{
    QFETCH(QString, ssml);
    QFETCH(int, item);
    QFETCH(QString, spoken);
    QFETCH(QStringList, sources);
    const auto parsed = SsmlDocument::parse(ssml);
    QVERIFY(docOf(parsed));
    const SsmlItem &it = docOf(parsed)->items().at(item);
    QCOMPARE(it.text, spoken);
    QCOMPARE(qsizetype(it.from.size()), it.text.size());
    QCOMPARE(qsizetype(it.to.size()), it.text.size());
    QStringList got;
    for (size_t i = 0; i < it.from.size(); ++i)
        got << ssml.mid(it.from[i], it.to[i] - it.from[i]);
    QCOMPARE(got, sources);
}

void TestSsmlDocument::billedText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("billed");
    QTest::newRow("plain text is billed as sent") << "  Hello  world " << "  Hello  world ";
    QTest::newRow("markup is not billed") << "<speak><prosody rate=\"slow\">Hello</prosody> world</speak>" << "Hello world";
    QTest::newRow("whitespace collapsed") << "<speak>\n  <p>Hello</p>\n  <p>world</p>\n</speak>" << "Hello world";
    QTest::newRow("sub counts its alias") << "<speak><sub alias=\"World Wide Web\">WWW</sub></speak>" << "World Wide Web";
    QTest::newRow("breaks separate words") << "<speak>a<break time=\"1s\"/>b</speak>" << "a b";
    QTest::newRow("say-as as written") << "<speak><say-as interpret-as=\"cardinal\">1250</say-as></speak>" << "1250";
    QTest::newRow("entities decoded") << "<speak>R&amp;D</speak>" << "R&D";
    QTest::newRow("docs/api.md example")
        << "<speak><p>Hello <break time=\"1s\"/><sub alias=\"World Wide Web\">WWW</sub> &amp; more.</p></speak>"
        << "Hello World Wide Web & more.";
    QTest::newRow("malformed SSML billed as sent") << "<speak>oops" << "<speak>oops";
    // Characters a text may hold, by reference; comments and CDATA decode none.
    QTest::newRow("allowed references") << "<speak>a&#xFDCF;&#xFDF0;&#65;&#x1F600;&#x10FFFD;</speak>"
                                        << QString::fromUcs4(U"a\uFDCF\uFDF0A\U0001F600\U0010FFFD");
    QTest::newRow("no references in comments and CDATA") << "<speak><!-- &#xFDD0; -->a<![CDATA[&#xFDD0;]]></speak>"
                                                          << "a&#xFDD0;";
}

void TestSsmlDocument::billedText()
{
    QFETCH(QString, text);
    QFETCH(QString, billed);
    QCOMPARE(SsmlDocument::billedText(text), billed);
}

void TestSsmlDocument::malformed_data()
{
    QTest::addColumn<QString>("ssml");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("unclosed root") << "<speak>Hello" << 1 << 12 << "";
    QTest::newRow("mismatched tag") << "<speak>\n  <p>oops</speak>" << 2 << 17 << "mismatch";
    QTest::newRow("bad attribute quoting") << "<speak>\n<break time=500ms/></speak>" << 2 << 13 << "";
    QTest::newRow("undeclared entity") << "<speak>a &nbsp; b</speak>" << 1 << 15 << "nbsp";
    QTest::newRow("text after root") << "<speak>a</speak> b" << 1 << 18 << "";
    QTest::newRow("bad break time") << "<speak>a\n  <break time=\"5\"/></speak>" << 2 << 3 << "time";
    QTest::newRow("break too long") << "<speak><break time=\"11s\"/></speak>" << 1 << 8 << "at most";
    QTest::newRow("bad break strength") << "<speak><break strength=\"loud\"/></speak>" << 1 << 8 << "strength";
    QTest::newRow("bad rate") << "<speak>x<prosody rate=\"quick\">y</prosody></speak>" << 1 << 9 << "rate";
    QTest::newRow("bad pitch") << "<speak><prosody pitch=\"up\">y</prosody></speak>" << 1 << 8 << "pitch";
    QTest::newRow("bad volume") << "<speak><prosody volume=\"+99dB\">y</prosody></speak>" << 1 << 8 << "volume";
    QTest::newRow("bad emphasis") << "<speak><emphasis level=\"huge\">y</emphasis></speak>" << 1 << 8 << "level";
    QTest::newRow("sub without alias") << "<speak><sub>y</sub></speak>" << 1 << 8 << "alias";
    QTest::newRow("phoneme without ph") << "<speak><phoneme>y</phoneme></speak>" << 1 << 8 << "ph";
    QTest::newRow("lang without xml:lang") << "<speak><lang>y</lang></speak>" << 1 << 8 << "xml:lang";
    QTest::newRow("phoneme not IPA") << "<speak>\n <phoneme alphabet=\"ipa\" ph=\"t@m\">y</phoneme></speak>" << 2 << 2 << "IPA";
    QTest::newRow("phoneme too long") << "<speak><phoneme ph=\"" + QString("ta").repeated(101) + "\">y</phoneme></speak>" << 1
                                      << 8 << "longer than 200";
    QTest::newRow("DTD") << "<!DOCTYPE speak [<!ENTITY x \"y\">]><speak>&x;</speak>" << 1 << 1 << "document type";
    QTest::newRow("DTD after the declaration")
        << "<?xml version=\"1.0\"?>\n<!DOCTYPE speak SYSTEM \"x.dtd\"><speak>Hi</speak>" << 2 << 1 << "document type";
    QTest::newRow("DTD after a comment") << "<!-- c --><!DOCTYPE speak><speak>Hi</speak>" << 1 << 11 << "document type";
    QTest::newRow("doctype in lower case") << "<!doctype speak><speak>Hi</speak>" << 1 << 1 << "document type";
    // A character reference stands for its character: refused where the raw character is
    // (docs/api.md "Valid characters only"), with where it is written.
    QTest::newRow("&#xFDD0;") << "<speak>a&#xFDD0;</speak>" << 1 << 9 << "noncharacter (U+FDD0)";
    QTest::newRow("&#64976; (U+FDD0)") << "<speak>a&#64976;</speak>" << 1 << 9 << "noncharacter (U+FDD0)";
    QTest::newRow("&#xFDEF;") << "<speak>\nab &#xfdef;</speak>" << 2 << 4 << "noncharacter (U+FDEF)";
    QTest::newRow("&#xFFFE;") << "<speak>a&#xFFFE;</speak>" << 1 << 9 << "noncharacter (U+FFFE)";
    QTest::newRow("&#xFFFF;") << "<speak>a&#xFFFF;</speak>" << 1 << 9 << "noncharacter (U+FFFF)";
    QTest::newRow("&#x1FFFE;") << "<speak>a&#x1FFFE;</speak>" << 1 << 9 << "noncharacter (U+1FFFE)";
    QTest::newRow("&#x10FFFF;") << "<speak>a&#x10FFFF;</speak>" << 1 << 9 << "noncharacter (U+10FFFF)";
    QTest::newRow("&#1114111; (U+10FFFF)") << "<speak>a&#1114111;</speak>" << 1 << 9 << "noncharacter (U+10FFFF)";
    QTest::newRow("&#xD800;") << "<speak>a&#xD800;</speak>" << 1 << 9 << "surrogate (U+D800)";
    QTest::newRow("&#0;") << "<speak>a&#0;</speak>" << 1 << 9 << "control character (U+0000)";
    QTest::newRow("&#x1;") << "<speak>a&#x1;</speak>" << 1 << 9 << "control character (U+0001)";
    QTest::newRow("&#x7F;") << "<speak>a&#x7F;</speak>" << 1 << 9 << "control character (U+007F)";
    QTest::newRow("&#x85;") << "<speak>a&#x85;</speak>" << 1 << 9 << "control character (U+0085)";
    QTest::newRow("&#x110000;") << "<speak>a&#x110000;</speak>" << 1 << 9 << "beyond U+10FFFF";
    QTest::newRow("20 digits") << "<speak>a&#99999999999999999999;</speak>" << 1 << 9 << "beyond U+10FFFF";
    QTest::newRow("in an alias") << "<speak><sub alias=\"a&#xFDD0;\">x</sub></speak>" << 1 << 21 << "noncharacter (U+FDD0)";
    QTest::newRow("in an unknown element's attribute") << "<speak><mark name=\"&#1;\"/>a</speak>" << 1 << 20
                                                        << "control character (U+0001)";
}

void TestSsmlDocument::malformed()
{
    QFETCH(QString, ssml);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, mentions);
    const auto parsed = SsmlDocument::parse(ssml);
    const auto *e = std::get_if<SsmlError>(&parsed);
    QVERIFY2(e, "accepted");
    QCOMPARE(e->line, qint64(line));
    QCOMPARE(e->column, qint64(column));
    QVERIFY2(e->message.contains(mentions, Qt::CaseInsensitive), qPrintable(e->message));
    QVERIFY(e->describe().contains(QStringLiteral("line %1, column %2").arg(line).arg(column)));
}

void TestSsmlDocument::limits()
{
    const auto deep = SsmlDocument::parse(QStringLiteral("<speak>") + QStringLiteral("<p>").repeated(100) + u'x'
                                          + QStringLiteral("</p>").repeated(100) + QStringLiteral("</speak>"));
    const auto *e = std::get_if<SsmlError>(&deep);
    QVERIFY(e);
    QVERIFY2(e->message.contains(QStringLiteral("nested")), qPrintable(e->message));
    QCOMPARE(e->column, qint64(7 + 99 * 3 + 1));

    const auto ok = SsmlDocument::parse(QStringLiteral("<speak>") + QStringLiteral("<p>").repeated(99) + u'x'
                                        + QStringLiteral("</p>").repeated(99) + QStringLiteral("</speak>"));
    QVERIFY(docOf(ok));

    const auto many = SsmlDocument::parse(QStringLiteral("<speak>") + QStringLiteral("<mark/>").repeated(10000)
                                          + QStringLiteral("</speak>"));
    e = std::get_if<SsmlError>(&many);
    QVERIFY(e);
    QVERIFY2(e->message.contains(QStringLiteral("too many")), qPrintable(e->message));

    const auto pauses = SsmlDocument::parse(QStringLiteral("<speak>") + QStringLiteral("<break time=\"10s\"/>").repeated(61)
                                            + QStringLiteral("</speak>"));
    e = std::get_if<SsmlError>(&pauses);
    QVERIFY(e);
    QVERIFY2(e->message.contains(QStringLiteral("add up")), qPrintable(e->message));
}

void TestSsmlDocument::longDocuments_data()
{
    // Documents of thousands of elements, read in time that grows with their length
    // (bench/ssml prints it): every sentence is a step of the plan, pointing at its own
    // letter; past kMaxElements the document is refused where the element is; a
    // reference no text may hold is found at the very end of a long document.
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("steps");         // -1: refused; 0: as long pieces as a plain text's
    QTest::addColumn<qint64>("errorColumn");
    const QString sentences = QStringLiteral("<s>a</s>").repeated(6200);
    QTest::newRow("6,200 sentences") << QStringLiteral("<speak>") + sentences + QStringLiteral("</speak>") << 6200 << qint64(0);
    QTest::newRow("12,400 sentences: too many elements")
        << QStringLiteral("<speak>") + sentences + sentences + QStringLiteral("</speak>") << -1 << qint64(7 + 9999 * 8 + 1);
    QTest::newRow("6,200 marks") << QStringLiteral("<speak>") + QStringLiteral("<mark name=\"m\"/>w ").repeated(6200)
                                        + QStringLiteral("</speak>")
                                 << 0 << qint64(0);
    QTest::newRow("a refused reference after 6,200 sentences")
        << QStringLiteral("<speak>") + sentences + QStringLiteral("&#xFDD0;</speak>") << -1 << qint64(7 + 6200 * 8 + 1);
}

void TestSsmlDocument::longDocuments()
{
    QFETCH(QString, text);
    QFETCH(int, steps);
    QFETCH(qint64, errorColumn);
    const auto parsed = SsmlDocument::parse(text);
    if (steps < 0) {
        const auto *e = std::get_if<SsmlError>(&parsed);
        QVERIFY(e);
        QCOMPARE(e->line, qint64(1));
        QCOMPARE(e->column, errorColumn);
        return;
    }
    const SsmlDocument *doc = docOf(parsed);
    QVERIFY(doc);
    const SsmlPlan plan(*doc, 300, nullptr);
    if (steps > 0)
        QCOMPARE(plan.steps().size(), qsizetype(steps));
    // Every letter said once, and the last one pointing at itself in the markup.
    const QChar letter = steps > 0 ? u'a' : u'w';
    qsizetype said = 0;
    for (const SsmlStep &step : plan.steps())
        said += step.text.count(letter);
    QCOMPARE(said, qsizetype(6200));
    const SsmlStep &last = plan.steps().last();
    const qsizetype lastLetter = text.lastIndexOf(QString(letter) + (steps > 0 ? QStringLiteral("</s>") : QStringLiteral(" ")));
    QCOMPARE(last.from.back(), lastLetter);
    QCOMPARE(last.to.back(), lastLetter + 1);
}

void TestSsmlDocument::strictValues_data()
{
    // Values are taken as written, or refused with where they are; never
    // read past (" 1s "), never taken for the default (""), never a NaN or an exponent.
    QTest::addColumn<QString>("element"); // an element with one attribute, inside <speak>x...</speak>
    QTest::addColumn<QString>("mentions");
    const QStringList breaks = {"", " 1s ", " 1s", "1s ", "1 s", "-1s", "+1s", "1e3ms", "NaNs", "nans", "Infinitys",
                                "infs", "1.s", "1.", "s", "ms", "0x10ms", "1,5s", "10", "\t1s"};
    for (const QString &t : breaks)
        QTest::addRow("time=\"%s\"", qPrintable(t)) << QStringLiteral("<break time=\"%1\"/>").arg(t) << "time";
    QTest::newRow("time beyond any int") << "<break time=\"99999999999999999999999s\"/>" << "at most 10 s";
    QTest::newRow("time beyond 10 s by a hair") << "<break time=\"10.0005s\"/>" << "at most 10 s";
    QTest::newRow("strength empty") << "<break strength=\"\"/>" << "empty";
    QTest::newRow("strength spaced") << "<break strength=\" weak\"/>" << "spaces";
    QTest::newRow("bad strength beside a time") << "<break time=\"1s\" strength=\"loud\"/>" << "strength";
    for (const char *attr : {"rate", "pitch", "volume"}) {
        QTest::addRow("%s empty", attr) << QStringLiteral("<prosody %1=\"\">y</prosody>").arg(QLatin1String(attr)) << "empty";
        QTest::addRow("%s spaced", attr) << QStringLiteral("<prosody %1=\" medium\">y</prosody>").arg(QLatin1String(attr))
                                          << "spaces";
        QTest::addRow("%s NaN", attr) << QStringLiteral("<prosody %1=\"NaN%\">y</prosody>").arg(QLatin1String(attr))
                                       << QString::fromLatin1(attr);
        QTest::addRow("%s exponent", attr) << QStringLiteral("<prosody %1=\"1e1%\">y</prosody>").arg(QLatin1String(attr))
                                            << QString::fromLatin1(attr);
    }
    QTest::newRow("emphasis level empty") << "<emphasis level=\"\">y</emphasis>" << "empty";
    QTest::newRow("interpret-as empty") << "<say-as interpret-as=\"\">12</say-as>" << "empty";
    QTest::newRow("interpret-as spaced") << "<say-as interpret-as=\"digits \">12</say-as>" << "spaces";
    QTest::newRow("format spaced") << "<say-as interpret-as=\"date\" format=\" dmy\">1.2.2026</say-as>" << "spaces";
    QTest::newRow("alphabet empty") << "<phoneme alphabet=\"\" ph=\"ta\">y</phoneme>" << "empty";
    QTest::newRow("xml:lang spaced") << "<lang xml:lang=\" de\">y</lang>" << "spaces";
    QTest::newRow("xml:lang empty on lang") << "<lang xml:lang=\"\">y</lang>" << "xml:lang";
}

void TestSsmlDocument::strictValues()
{
    QFETCH(QString, element);
    QFETCH(QString, mentions);
    const QString ssml = QStringLiteral("<speak>x") + element + QStringLiteral("</speak>");
    const auto parsed = SsmlDocument::parse(ssml);
    const auto *e = std::get_if<SsmlError>(&parsed);
    QVERIFY2(e, qPrintable(QStringLiteral("accepted: ") + ssml));
    QCOMPARE(e->line, qint64(1));
    QCOMPARE(e->column, qint64(9)); // the element's '<'
    QVERIFY2(e->message.contains(mentions, Qt::CaseInsensitive), qPrintable(e->message));
}

void TestSsmlDocument::rangesAreSymmetric_data()
{
    // Bounds hold both ways ("-1000st", a pitch of 10^-25, is refused as "+1000st" is).
    // Rate and pitch: 0.25 to 4 times the voice's, either way; volume: silent or -60 dB
    // to +20 dB in effect, nested or not.
    QTest::addColumn<QString>("prosody");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("pitch -1000st") << "pitch=\"-1000st\"" << false;
    QTest::newRow("pitch +1000st") << "pitch=\"+1000st\"" << false;
    QTest::newRow("pitch -25st") << "pitch=\"-25st\"" << false;
    QTest::newRow("pitch +25st") << "pitch=\"+25st\"" << false;
    QTest::newRow("pitch -24st") << "pitch=\"-24st\"" << true;
    QTest::newRow("pitch +24st") << "pitch=\"+24st\"" << true;
    QTest::newRow("pitch -99%") << "pitch=\"-99%\"" << false;
    QTest::newRow("pitch +1000%") << "pitch=\"+1000%\"" << false;
    QTest::newRow("pitch -75%") << "pitch=\"-75%\"" << true;
    QTest::newRow("pitch +300%") << "pitch=\"+300%\"" << true;
    QTest::newRow("pitch 10Hz") << "pitch=\"10Hz\"" << false;
    QTest::newRow("pitch 1000Hz") << "pitch=\"1000Hz\"" << false;
    QTest::newRow("pitch -140Hz") << "pitch=\"-140Hz\"" << false;
    QTest::newRow("rate -99%") << "rate=\"-99%\"" << false;
    QTest::newRow("rate +1000%") << "rate=\"+1000%\"" << false;
    QTest::newRow("rate -75%") << "rate=\"-75%\"" << true;
    QTest::newRow("rate +300%") << "rate=\"+300%\"" << true;
    QTest::newRow("rate 0.1") << "rate=\"0.1\"" << false;
    QTest::newRow("rate 10") << "rate=\"10\"" << false;
    QTest::newRow("rate 0") << "rate=\"0\"" << false;
    QTest::newRow("volume -99.99% (-80 dB)") << "volume=\"-99.99%\"" << false;
    QTest::newRow("volume +1000%") << "volume=\"+1000%\"" << false;
    QTest::newRow("volume -100% (silent)") << "volume=\"-100%\"" << true;
    QTest::newRow("volume -60dB") << "volume=\"-60dB\"" << true;
    QTest::newRow("volume +20dB") << "volume=\"+20dB\"" << true;
    QTest::newRow("volume -61dB") << "volume=\"-61dB\"" << false;
    QTest::newRow("volume +21dB") << "volume=\"+21dB\"" << false;
}

void TestSsmlDocument::rangesAreSymmetric()
{
    QFETCH(QString, prosody);
    QFETCH(bool, accepted);
    const auto parsed = SsmlDocument::parse(QStringLiteral("<speak><prosody %1>y</prosody></speak>").arg(prosody));
    const auto *e = std::get_if<SsmlError>(&parsed);
    QVERIFY2(bool(e) != accepted, e ? qPrintable(e->message) : "accepted");

    // Nested: what counts is the setting in effect, both ways alike.
    for (const QString &twice : {QStringLiteral("-60dB"), QStringLiteral("+20dB")}) {
        const auto nested = SsmlDocument::parse(
            QStringLiteral("<speak><prosody volume=\"%1\"><prosody volume=\"%1\">y</prosody></prosody></speak>").arg(twice));
        QVERIFY2(std::get_if<SsmlError>(&nested), qPrintable(twice));
    }
    for (const QString &twice : {QStringLiteral("-13st"), QStringLiteral("+13st")}) {
        const auto nested = SsmlDocument::parse(
            QStringLiteral("<speak><prosody pitch=\"%1\"><prosody pitch=\"%1\">y</prosody></prosody></speak>").arg(twice));
        QVERIFY2(std::get_if<SsmlError>(&nested), qPrintable(twice));
    }
}

void TestSsmlDocument::breakAllowance_data()
{
    // Silence is not billed, so breaks may add up to 10 s plus 1 s for
    // every 10 tokens said (600 s at most); beyond, the break that goes over is named.
    QTest::addColumn<QString>("ssml");
    QTest::addColumn<int>("column"); // 0: accepted
    QTest::newRow("one token, 60 breaks of 10 s (600 s)")
        << QStringLiteral("<speak>a") + QStringLiteral("<break time=\"10s\"/>").repeated(60) + QStringLiteral("</speak>")
        << 9 + 19; // the second break: 20 s
    QTest::newRow("one token, one break of 10 s") << "<speak>a<break time=\"10s\"/></speak>" << 0;
    QTest::newRow("one token, 10.1 s") << "<speak>a<break time=\"10s\"/><break time=\"100ms\"/></speak>" << 0;
    QTest::newRow("one token, 10.2 s") << "<speak>a<break time=\"10s\"/><break time=\"200ms\"/></speak>" << 9 + 19;
    QTest::newRow("a few breaks in a short text")
        << "<speak>Welcome.<break time=\"3s\"/>Step one.<break time=\"2s\"/>Step two.<break time=\"500ms\"/>"
           "Done.<break strength=\"x-strong\"/></speak>"
        << 0;
    // 100 tokens: 20 s.
    QTest::newRow("100 tokens, 20 s") << QStringLiteral("<speak>") + QString(100, u'a')
                                             + QStringLiteral("<break time=\"10s\"/><break time=\"10s\"/></speak>")
                                      << 0;
    QTest::newRow("99 tokens, 20 s") << QStringLiteral("<speak>") + QString(99, u'a')
                                            + QStringLiteral("<break time=\"10s\"/><break time=\"10s\"/></speak>")
                                     << 7 + 99 + 1 + 19;
}

void TestSsmlDocument::breakAllowance()
{
    QFETCH(QString, ssml);
    QFETCH(int, column);
    const auto parsed = SsmlDocument::parse(ssml);
    const auto *e = std::get_if<SsmlError>(&parsed);
    if (column == 0) {
        QVERIFY2(!e, e ? qPrintable(e->describe()) : "");
        return;
    }
    QVERIFY2(e, "accepted");
    QVERIFY2(e->message.contains(QStringLiteral("breaks add up")) && e->message.contains(QStringLiteral("1 s for every 10 tokens")),
             qPrintable(e->message));
    QCOMPARE(e->column, qint64(column));
}

void TestSsmlDocument::byteOrderMarkAndDeclaration()
{
    // The spans point into the text as sent, the mark included.
    const QString withBom = QStringLiteral("\uFEFF<speak>Hi <sub alias=\"you\">U</sub></speak>");
    const auto parsed = SsmlDocument::parse(withBom);
    const SsmlDocument *doc = docOf(parsed);
    QVERIFY(doc);
    QCOMPARE(doc->spokenText(), QStringLiteral("Hi you"));
    const SsmlItem &item = doc->items().first();
    QCOMPARE(withBom.mid(item.from.front(), item.to.front() - item.from.front()), QStringLiteral("H"));
    QCOMPARE(withBom.mid(item.from.back(), item.to.back() - item.from.back()), QStringLiteral("U"));
    QCOMPARE(SsmlDocument::billedText(QStringLiteral("\uFEFF<?xml version=\"1.0\"?><speak>Hi</speak>")), QStringLiteral("Hi"));

    // XML wants its declaration first: after whitespace it is refused, saying where.
    const QString late = QStringLiteral("\n<?xml version=\"1.0\"?><speak>Hi</speak>");
    QVERIFY(SsmlDocument::isSsml(late));
    const auto refused = SsmlDocument::parse(late);
    QVERIFY(std::get_if<SsmlError>(&refused));
}

QTEST_APPLESS_MAIN(TestSsmlDocument)
#include "tst_ssmldocument.moc"

// A caption's word is what a reader of the document sees in the word's span (markup and
// comments left out, entities decoded, a <sub>'s content rather than its alias), while
// char_start/char_end keep pointing at the whole span of the document as sent.
void TestSsmlDocument::captionWordIsTheVisibleText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("source"); // the word's span of text (its first occurrence)
    QTest::addColumn<QString>("word");
    QTest::addColumn<QString>("markedSource"); // what an editor marks of the span
    QTest::newRow("unknown element") << "<speak>foo<x/>bar</speak>" << "foo<x/>bar" << "foobar" << "foo<x/>bar";
    QTest::newRow("unknown element with content") << "<speak>un<voice name=\"v\">believ</voice>able</speak>"
                                                  << "un<voice name=\"v\">believ</voice>able" << "unbelievable" << "un<voice name=\"v\">believ</voice>able";
    QTest::newRow("emphasis inside a word") << "<speak>un<emphasis>believ</emphasis>able.</speak>"
                                            << "un<emphasis>believ</emphasis>able." << "unbelievable." << "un<emphasis>believ</emphasis>able.";
    QTest::newRow("comment") << "<speak>Hello wo<!-- c -->rld.</speak>" << "wo<!-- c -->rld." << "world." << "wo<!-- c -->rld.";
    QTest::newRow("entity") << "<speak>AT&amp;T, today</speak>" << "AT&amp;T," << "AT&T," << "AT&amp;T,";
    QTest::newRow("markup entities") << "<speak>a &lt;b&gt; c</speak>" << "&lt;b&gt;" << "<b>" << "&lt;b&gt;";
    QTest::newRow("character reference") << "<speak>caf&#xE9; au lait</speak>" << "caf&#xE9;" << QStringLiteral("caf\u00e9") << "caf&#xE9;";
    QTest::newRow("reference beyond U+FFFF") << "<speak>smile&#x1F600; now</speak>" << "smile&#x1F600;"
                                             << QStringLiteral("smile\U0001F600") << "smile&#x1F600;";
    QTest::newRow("CDATA") << "<speak>x <![CDATA[a<b]]> y</speak>" << "a<b" << "a<b" << "a<b";
    QTest::newRow("sub: its written content") << "<speak>See <sub alias=\"World Wide Web\">WWW</sub> now</speak>" << "WWW"
                                              << "WWW" << "WWW";
    QTest::newRow("sub with markup inside") << "<speak>See <sub alias=\"x\">W<x/>W&amp;W</sub> now</speak>"
                                            << "W<x/>W&amp;W" << "WW&W" << "W<x/>W&amp;W";
    QTest::newRow("say-as: as written") << "<speak>It is <say-as interpret-as=\"cardinal\">1250</say-as> now</speak>"
                                        << "1250" << "1250" << "1250";
    QTest::newRow("phoneme: as written") << "<speak>A <phoneme ph=\"t\u0259\u02c8m\u0251\u02d0to\u028a\">tomato</phoneme> here</speak>"
                                         << "tomato" << "tomato" << "tomato";
    QTest::newRow("span over a whole element") << "<speak>go <emphasis>now</emphasis>!</speak>" << "<emphasis>now</emphasis>!"
                                               << "now!" << "now</emphasis>!";
    QTest::newRow("plain text stays as written") << "Tom &amp; <b>Jerry</b>" << "&amp; <b>Jerry</b>" << "&amp; <b>Jerry</b>" << "&amp; <b>Jerry</b>";
}

void TestSsmlDocument::captionWordIsTheVisibleText()
{
    QFETCH(QString, text);
    QFETCH(QString, source);
    QFETCH(QString, word);
    QFETCH(QString, markedSource);
    const qsizetype at = text.indexOf(source);
    QVERIFY(at >= 0);
    const qint64 cs = text.left(at).toUcs4().size();
    const qint64 ce = cs + source.toUcs4().size();
    const QList<WordTiming> timings{{cs, ce, 0, 24000}};
    const QJsonObject json = Captions::wordsJson(text, timings).at(0).toObject();
    QCOMPARE(json.value("word").toString(), word);
    QCOMPARE(json.value("char_start").toInteger(), cs);
    QCOMPARE(json.value("char_end").toInteger(), ce);
    // The subtitle files show the same text (SubRip without what a player reads as markup,
    // WebVTT escaped).
    const QList<Captions::Cue> cues = Captions::cues(text, timings);
    QCOMPARE(cues.size(), 1);
    QCOMPARE(cues.first().lines, QStringList{word});
    static const QRegularExpression srtMarkup(QStringLiteral("</?(b|i|u|s|font)\\b[^>]*>"), QRegularExpression::CaseInsensitiveOption);
    const QString srtWord = QString(word).remove(srtMarkup);
    if (!srtWord.trimmed().isEmpty())
        QVERIFY2(Captions::render(Captions::Format::Srt, text, timings).contains(srtWord), qPrintable(srtWord));
    // An editor marks it from its first visible character to its last: markup inside the
    // word stays marked, tags around it do not.
    const SentenceSpans::Span marked = SentenceSpans::words(text, timings).value(0);
    QCOMPARE(text.mid(marked.start, marked.length), markedSource);
}
