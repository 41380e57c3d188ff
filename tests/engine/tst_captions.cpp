// Captions: the text of SubRip and WebVTT cues is never read as the format's own markup
// or timing lines, whatever the spoken text holds, and stays readable.

#include "captions.h"

#include <QtTest>

class TestCaptions : public QObject
{
    Q_OBJECT

private slots:
    void srtTextIsNeverMarkup_data();
    void srtTextIsNeverMarkup();
    void srtCueOfOnlyMarkupIsLeftOut();
};

void TestCaptions::srtTextIsNeverMarkup_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bold") << QStringList{"and <b>bold</b> words."} << "and bold words.";
    QTest::newRow("italic, underline, strike, any case") << QStringList{"<I>a</I> <u>b</u> <s>c</S>"} << "a b c";
    QTest::newRow("font colour") << QStringList{"<font color=\"#ff0000\">red</font> text"} << "red text";
    QTest::newRow("font unquoted, face") << QStringList{"<font color=red face='x'>red</font>"} << "red";
    QTest::newRow("self-closing") << QStringList{"a <b/> b"} << "a b";
    QTest::newRow("nested halves") << QStringList{"x <<b>b>bold</b> y"} << "x bold y";
    QTest::newRow("override block") << QStringList{"{\\an8}at the top"} << "at the top";
    QTest::newRow("override tags inside") << QStringList{"one {\\i1}two{\\i0} three"} << "one two three";
    QTest::newRow("microdvd style") << QStringList{"{y:i}slanted"} << "slanted";
    QTest::newRow("comparison stays") << QStringList{"if a < b and c > d"} << "if a < b and c > d";
    QTest::newRow("no space comparison stays") << QStringList{"x<y, y>z"} << "x<y, y>z";
    QTest::newRow("other angle text stays") << QStringList{"<grin> and <3"} << "<grin> and <3";
    QTest::newRow("plain braces stay") << QStringList{"set {a, b}"} << "set {a, b}";
    QTest::newRow("timing arrow") << QStringList{"00:00:01,000 --> 00:59:00,000"} << "00:00:01,000 -> 00:59:00,000";
    QTest::newRow("long arrow") << QStringList{"a ---> b"} << "a -> b";
    QTest::newRow("two lines") << QStringList{"<i>first line</i>", "second {\\b1}line"} << "first line\nsecond line";
    QTest::newRow("a line of only markup") << QStringList{"<b>", "words"} << "words";
    QTest::newRow("a tag across the cue's line break") << QStringList{"Go <font color=\"red\"", "face=\"x\">red</font> now."}
                                                       << "Go red now.";
    QTest::newRow("font with three attributes") << QStringList{"<font color=red face=x size=3>big</font>"} << "big";
    QTest::newRow("tags of only a name, with spaces") << QStringList{"Go < b>y</ b> and <b >x</b > now, < i>z</ i >"}
                                                      << "Go y and x now, z";
    QTest::newRow("font with a space before its name") << QStringList{"Go < font color=\"red\">r< /font> now, <\tfont size=\"9\">s"}
                                                       << "Go r now, s";
    QTest::newRow("override block with a space") << QStringList{"Go { \\an8}top now."} << "Go top now.";
}

void TestCaptions::srtTextIsNeverMarkup()
{
    QFETCH(QStringList, lines);
    QFETCH(QString, expected);
    const QString srt = Captions::srt({{1.0, 2.5, lines}});
    QCOMPARE(srt, QStringLiteral("1\n00:00:01,000 --> 00:00:02,500\n%1\n\n").arg(expected));
}

// A cue left without text would be a blank cue (or a blank line that ends it): it is
// left out and the next cues are numbered on.
void TestCaptions::srtCueOfOnlyMarkupIsLeftOut()
{
    const QString srt = Captions::srt({{0.0, 1.0, {"one"}}, {1.0, 2.0, {"<b></b>", "{\\an8}"}}, {2.0, 3.0, {"three"}}});
    QCOMPARE(srt, QStringLiteral("1\n00:00:00,000 --> 00:00:01,000\none\n\n2\n00:00:02,000 --> 00:00:03,000\nthree\n\n"));
}

QTEST_GUILESS_MAIN(TestCaptions)
#include "tst_captions.moc"
