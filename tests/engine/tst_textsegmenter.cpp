// TextSegmenter: the pieces a synthesizer is fed. A wrong split is audible (a pause
// in "3.5", a sentence read without its final intonation) and an uncapped run delays
// the first audio, so the pieces themselves are what these tests check.

#include "synthesispipeline.h"
#include "textsegmenter.h"

#include <QRegularExpression>
#include <QtTest>

namespace
{
QString withoutSpaces(QString s)
{
    s.remove(QRegularExpression(QStringLiteral("\\s+")));
    return s;
}

qsizetype codePoints(const QString &s)
{
    return s.toUcs4().size();
}

bool hasLoneSurrogate(const QString &s)
{
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (c.isHighSurrogate()) {
            if (i + 1 >= s.size() || !s.at(i + 1).isLowSurrogate())
                return true;
            ++i;
        } else if (c.isLowSurrogate()) {
            return true;
        }
    }
    return false;
}

// A run of ordinary words with no punctuation at all, exactly `length` characters.
QString wordRun(int length)
{
    static const QStringList vocabulary = {"river", "stone", "quiet", "morning", "lantern", "yellow",
                                           "garden", "window", "silver", "travel", "north", "apple"};
    QString s;
    int i = 0;
    while (s.size() < length) {
        if (!s.isEmpty())
            s += u' ';
        s += vocabulary.at(i++ % vocabulary.size());
    }
    s.truncate(length);
    return s.trimmed();
}

// The bench text's first two sentences, as each backend's ramp cuts them.
const QString kTwoSentences = QStringLiteral("The lighthouse keeper woke before dawn, as he had done for thirty years. "
                                             "He climbed the narrow stairs, counted the steps out of habit, and checked the lamp.");
const QStringList kTwoSentencesEspeak = {"The lighthouse keeper woke before dawn,", "as he had done for thirty years.",
                                         "He climbed the narrow stairs, counted the steps out of habit, and checked the lamp."};
const QStringList kTwoSentencesFlite = {"The lighthouse keeper woke before dawn,", "as he had done for thirty years.",
                                        "He climbed the narrow stairs, counted the steps out of habit,", "and checked the lamp."};
const QStringList kTwoSentencesPlain = {"The lighthouse keeper woke before dawn, as he had done for thirty years.",
                                        "He climbed the narrow stairs, counted the steps out of habit, and checked the lamp."};
}

class TestTextSegmenter : public QObject
{
    Q_OBJECT

private slots:
    void sentences_data();
    void sentences();
    void cappedRuns_data();
    void cappedRuns();
    void defaultCapIs240();
    void ramp_data();
    void ramp();
    void rampOnlySplitsSentences_data();
    void rampOnlySplitsSentences();
    void rampByBackend_data();
    void rampByBackend();
    void settledLength_data();
    void settledLength();

private:
    static void checkJoinsTo(const QList<TextSegmenter::Piece> &ramped, const QList<TextSegmenter::Piece> &plain);
};

void TestTextSegmenter::sentences_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("period, question, exclamation")
        << "Hello world. How are you? I am fine!" << QStringList{"Hello world.", "How are you?", "I am fine!"};
    QTest::newRow("decimal number not split")
        << "The price is 3.5 dollars. That is cheap." << QStringList{"The price is 3.5 dollars.", "That is cheap."};
    QTest::newRow("version number not split")
        << "Version 1.2.3 is out. Update now." << QStringList{"Version 1.2.3 is out.", "Update now."};
    QTest::newRow("ellipsis and ?! stay with their sentence")
        << "Wait... What?! Yes." << QStringList{"Wait...", "What?!", "Yes."};
    QTest::newRow("closing quote stays with its sentence")
        << "He said \"Stop.\" Then he left." << QStringList{"He said \"Stop.\"", "Then he left."};
    QTest::newRow("unterminated last sentence kept")
        << "First one. Second one without a stop" << QStringList{"First one.", "Second one without a stop"};
    QTest::newRow("japanese 。！？ without spaces")
        << QStringLiteral("今日は晴れです。明日は雨ですか？本当です！")
        << QStringList{QStringLiteral("今日は晴れです。"), QStringLiteral("明日は雨ですか？"), QStringLiteral("本当です！")};
    QTest::newRow("chinese 。 without spaces")
        << QStringLiteral("你好。今天天气很好。") << QStringList{QStringLiteral("你好。"), QStringLiteral("今天天气很好。")};
    QTest::newRow("japanese closing bracket stays")
        << QStringLiteral("彼は「はい。」と言った。") << QStringList{QStringLiteral("彼は「はい。」"), QStringLiteral("と言った。")};
    QTest::newRow("hindi danda")
        << QStringLiteral("नमस्ते दुनिया। आप कैसे हैं?")
        << QStringList{QStringLiteral("नमस्ते दुनिया।"), QStringLiteral("आप कैसे हैं?")};
    QTest::newRow("leading and trailing spaces trimmed")
        << "   One.    Two.   " << QStringList{"One.", "Two."};
    QTest::newRow("punctuation-only pieces dropped") << "Hello. ... !!! Bye." << QStringList{"Hello.", "Bye."};
    QTest::newRow("empty") << "" << QStringList{};
    QTest::newRow("whitespace only") << " \t  " << QStringList{};
    QTest::newRow("punctuation only") << "?!. ..." << QStringList{};
}

void TestTextSegmenter::sentences()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    const QStringList pieces = TextSegmenter().split(text);
    QCOMPARE(pieces, expected);
    for (const QString &p : pieces) {
        QVERIFY2(!p.trimmed().isEmpty(), "empty piece");
        QCOMPARE(p, p.trimmed());
    }
}

void TestTextSegmenter::cappedRuns_data()
{
    QTest::addColumn<QString>("text");

    QTest::newRow("2000-char run of words, no punctuation") << wordRun(2000);
    QTest::newRow("2000 chars, no spaces at all") << QString(QStringLiteral("abcdefghij")).repeated(200);
    QTest::newRow("2000 CJK chars, no punctuation")
        << QString(QStringLiteral("今日は良い天気で東京に行きます")).repeated(134).left(2000);
    QTest::newRow("run between two sentences")
        << QStringLiteral("Short start. ") + wordRun(2000) + QStringLiteral(". Short end.");
    // U+20BB7 (a kanji used in names) lies outside the BMP; one letter in front makes a
    // hard cut at 240 UTF-16 units fall inside a surrogate pair.
    QTest::newRow("supplementary-plane run (surrogate pairs)")
        << QStringLiteral("a") + QString(QStringLiteral("𠮷")).repeated(1000);
    // Comma-separated clauses whose comma lands exactly on the cap (index 240).
    QTest::newRow("comma exactly at the cap")
        << QString(240, u'a') + QStringLiteral(", ") + wordRun(600);
    QTest::newRow("ideographic comma exactly at the cap")
        << QString(QStringLiteral("東")).repeated(240) + QStringLiteral("、") + QString(QStringLiteral("京")).repeated(600);
}

void TestTextSegmenter::cappedRuns()
{
    QFETCH(QString, text);
    const QStringList pieces = TextSegmenter(240).split(text);
    QVERIFY2(pieces.size() >= qsizetype(codePoints(text) / 240), qPrintable(QString::number(pieces.size())));
    for (qsizetype i = 0; i < pieces.size(); ++i) {
        const QString &p = pieces.at(i);
        QVERIFY2(!p.trimmed().isEmpty(), qPrintable(QStringLiteral("piece %1 is empty").arg(i)));
        QVERIFY2(codePoints(p) <= 240, qPrintable(QStringLiteral("piece %1 has %2 characters (cap 240): ...%3")
                                                      .arg(i).arg(codePoints(p)).arg(p.right(12))));
        QVERIFY2(!hasLoneSurrogate(p), qPrintable(QStringLiteral("piece %1 splits a surrogate pair").arg(i)));
    }
    // Nothing lost, nothing duplicated, order kept.
    QCOMPARE(withoutSpaces(pieces.join(QString())), withoutSpaces(text));
    // A run of words is cut between words, never inside one.
    if (text.contains(u' ') && !text.contains(u',')) {
        const QStringList original = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        QStringList rejoined;
        for (const QString &p : pieces)
            rejoined << p.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
        QCOMPARE(rejoined, original);
    }
}

void TestTextSegmenter::defaultCapIs240()
{
    const QStringList pieces = TextSegmenter().split(wordRun(2000));
    QVERIFY(pieces.size() >= 9);
    for (const QString &p : pieces)
        QVERIFY2(p.size() <= 240, qPrintable(QString::number(p.size())));
}

// The ramp: a text's first piece is its first clause, later ones grow, then sentences (what
// a live stream's first unit costs is its first piece). It cuts only where the sentence
// pauses: a cut between two words cost intelligibility.
void TestTextSegmenter::ramp_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<QList<bool>>("joins");

    QTest::newRow("a clause, then sentences")
        << "The lighthouse keeper woke before dawn, as he had done for thirty years. He climbed the narrow stairs."
        << QStringList{"The lighthouse keeper woke before dawn,", "as he had done for thirty years.",
                       "He climbed the narrow stairs."}
        << QList<bool>{true, false, false};
    QTest::newRow("no pause: not cut between words")
        << "She was born in a small town near Boston and moved to the city."
        << QStringList{"She was born in a small town near Boston and moved to the city."} << QList<bool>{false};
    QTest::newRow("a short first clause")
        << "Yes, I think so, and I will tell you why tomorrow."
        << QStringList{"Yes, I think so,", "and I will tell you why tomorrow."} << QList<bool>{true, false};
    QTest::newRow("short sentences are not cut")
        << "Hello world. How are you?" << QStringList{"Hello world.", "How are you?"} << QList<bool>{false, false};
    QTest::newRow("a thousands comma is no clause end")
        << "1,000 people came to the big meeting in the town hall today."
        << QStringList{"1,000 people came to the big meeting in the town hall today."} << QList<bool>{false};
    QTest::newRow("a date's comma is no clause end")
        << "On July 4, 1976 the whole town came out to see the tall ships."
        << QStringList{"On July 4, 1976 the whole town came out to see the tall ships."} << QList<bool>{false};
    QTest::newRow("an amount stays with its currency")
        << "The price is 1,250 € for the whole set of books."
        << QStringList{"The price is 1,250 € for the whole set of books."} << QList<bool>{false};
    QTest::newRow("a dash between spaces")
        << "Nothing unusual - he noted, although the gulls were louder than yesterday."
        << QStringList{"Nothing unusual -", "he noted,", "although the gulls were louder than yesterday."}
        << QList<bool>{true, true, false};
    QTest::newRow("japanese: at the ideographic comma only")
        << QStringLiteral("今日は、とても良い天気なので公園に行きます。")
        << QStringList{QStringLiteral("今日は、"), QStringLiteral("とても良い天気なので公園に行きます。")}
        << QList<bool>{true, false};
    QTest::newRow("japanese without commas: not cut")
        << QStringLiteral("とても良い天気なので公園に行きます。")
        << QStringList{QStringLiteral("とても良い天気なので公園に行きます。")} << QList<bool>{false};
    QTest::newRow("one long word") << "Supercalifragilisticexpialidocious." << QStringList{"Supercalifragilisticexpialidocious."}
                                   << QList<bool>{false};
}

void TestTextSegmenter::ramp()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QFETCH(QList<bool>, joins);
    const QList<TextSegmenter::Piece> pieces = TextSegmenter(240, true).pieces(text);
    QStringList got;
    QList<bool> gotJoins;
    for (const TextSegmenter::Piece &p : pieces) {
        got << p.text;
        gotJoins << p.joinsNext;
        QCOMPARE(text.mid(p.start, p.text.size()), p.text);
    }
    QCOMPARE(got, expected);
    QCOMPARE(gotJoins, joins);
}

// Whatever the text, the ramp only cuts sentences further: the pieces without it are the
// ramp's pieces joined along joinsNext, and nothing is lost.
void TestTextSegmenter::rampOnlySplitsSentences_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("a paragraph")
        << "The lighthouse keeper woke before dawn, as he had done for thirty years. He climbed the narrow stairs, "
           "counted the steps out of habit, and checked the lamp. Outside, the sea was calm and grey, and a thin line "
           "of light was growing in the east. He wrote the time in his logbook, then the wind, then the state of the "
           "water. Nothing unusual, he noted, although the gulls were louder than yesterday.";
    QTest::newRow("2000-char run of words") << wordRun(2000);
    QTest::newRow("run after a short sentence") << QStringLiteral("Hi. ") + wordRun(600);
    QTest::newRow("commas everywhere") << QString(QStringLiteral("one, two, three, four, ")).repeated(30) + u'.';
    QTest::newRow("japanese") << QString(QStringLiteral("今日は、良い天気で、東京に行きます。")).repeated(20);
}

void TestTextSegmenter::rampOnlySplitsSentences()
{
    QFETCH(QString, text);
    const QList<TextSegmenter::Piece> plain = TextSegmenter(240, false).pieces(text);
    for (const int growth : {TextSegmenter::kRampGrowth, TextSegmenter::kSlowStartRampGrowth}) {
        const QList<TextSegmenter::Piece> ramped = TextSegmenter(240, true, growth).pieces(text);
        checkJoinsTo(ramped, plain);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestTextSegmenter::checkJoinsTo(const QList<TextSegmenter::Piece> &ramped, const QList<TextSegmenter::Piece> &plain)
{
    QVERIFY(ramped.size() >= plain.size());
    qsizetype k = 0;
    for (const TextSegmenter::Piece &sentence : plain) {
        QVERIFY(k < ramped.size());
        QCOMPARE(ramped.at(k).start, sentence.start);
        const qsizetype end = sentence.start + sentence.text.size();
        while (ramped.at(k).joinsNext) {
            QVERIFY(ramped.at(k).start + ramped.at(k).text.size() < end);
            QVERIFY(!ramped.at(k).text.trimmed().isEmpty());
            ++k;
        }
        QCOMPARE(ramped.at(k).start + ramped.at(k).text.size(), end);
        ++k;
    }
    QCOMPARE(k, ramped.size());
    // Every cut is a clause end.
    for (const TextSegmenter::Piece &p : ramped)
        QVERIFY2(!p.joinsNext || TextSegmenter::isClauseEnd(p.text.back()), qPrintable(p.text));
}

// Each route cuts a voice's text as SynthesisPipeline::segmenterFor says: flite's pieces
// grow more slowly than espeak-ng's (it works out a whole utterance before its first
// audio), and kal16's texts are not ramped at all.
// Text arriving in pieces (Wyoming's synthesize-chunk): only sentences whose end is
// followed by more text are settled.
void TestTextSegmenter::settledLength_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("settled");
    QTest::newRow("nothing ended") << "Turn on the kit" << "";
    QTest::newRow("end mark last") << "Turn on the lights." << "";
    QTest::newRow("end then space") << "Turn on the lights. " << "Turn on the lights.";
    QTest::newRow("two sentences and a part") << "One. Two! Thr" << "One. Two!";
    QTest::newRow("decimal still open") << "It is 21." << "";
    QTest::newRow("decimal inside") << "It is 21.5 degrees" << "";
    QTest::newRow("closing quote may follow") << "He said \"stop.\"" << "";
    QTest::newRow("closing quote kept") << "He said \"stop.\" Then" << "He said \"stop.\"";
    QTest::newRow("CJK end") << "你好。再" << "你好。";
}

void TestTextSegmenter::settledLength()
{
    QFETCH(QString, text);
    QFETCH(QString, settled);
    QCOMPARE(text.left(TextSegmenter::settledLength(text)), settled);
}

void TestTextSegmenter::rampByBackend_data()
{
    QTest::addColumn<bool>("flite");
    QTest::addColumn<QString>("fliteVoice");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("espeak-ng: up to twice the text before") << false << QString() << kTwoSentencesEspeak;
    QTest::newRow("flite slt: up to the text before") << true << QStringLiteral("slt") << kTwoSentencesFlite;
    QTest::newRow("flite kal16: sentences") << true << QStringLiteral("kal16") << kTwoSentencesPlain;
}

void TestTextSegmenter::rampByBackend()
{
    QFETCH(bool, flite);
    QFETCH(QString, fliteVoice);
    QFETCH(QStringList, expected);
    SynthesisParams params;
    params.backend = flite ? SpeechBackendKind::Flite : SpeechBackendKind::Espeak;
    params.fliteVoice = fliteVoice;
    QStringList got;
    for (const TextSegmenter::Piece &p : SynthesisPipeline::segmenterFor(params).pieces(kTwoSentences))
        got << p.text;
    QCOMPARE(got.join(u'|'), expected.join(u'|'));
}

QTEST_GUILESS_MAIN(TestTextSegmenter)
#include "tst_textsegmenter.moc"
