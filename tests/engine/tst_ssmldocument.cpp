// SsmlDocument: the SSML subset read into what a synthesis says. The items (text runs,
// breaks, boundaries), their settings, the offsets that point each spoken character
// back into the markup, the billed text, and where a malformed document is refused.

#include "captions.h"
#include "sentencespans.h"
#include "ssmldocument.h"

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
    // The subtitle files show the same text (SubRip as it is, WebVTT escaped).
    const QList<Captions::Cue> cues = Captions::cues(text, timings);
    QCOMPARE(cues.size(), 1);
    QCOMPARE(cues.first().lines, QStringList{word});
    QVERIFY(Captions::render(Captions::Format::Srt, text, timings).contains(word));
    // An editor marks it from its first visible character to its last: markup inside the
    // word stays marked, tags around it do not.
    const SentenceSpans::Span marked = SentenceSpans::words(text, timings).value(0);
    QCOMPARE(text.mid(marked.start, marked.length), markedSource);
}
