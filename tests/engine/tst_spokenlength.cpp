// SpokenLength and SpeechRequestCheck::checkSpokenLength (docs/api.md "Prices, payment
// and limits"): what a billed token may say. Amplifications (a lexicon alias of
// digits on a one-letter word, <phoneme> on a letter) are refused; aliases like
// NASA, money, dates and phone numbers are not; and no plain text in any language comes
// near the factor, which the measure of numbers spelled out below shows.

#include "languages.h"
#include "lexicon.h"
#include "speechrequestcheck.h"
#include "spokenlength.h"
#include "ssmldocument.h"
#include "synthesisplanner.h"
#include "voicecatalog.h"

#include <QtTest>

namespace
{
SynthesisParams paramsFor(const QString &text, const QString &languageCode = QStringLiteral("a"),
                          const QList<LexiconEntry> &lexicon = {})
{
    const bool base = languageCode.size() == 1;
    const auto lang = Languages::find(base ? QStringLiteral("base") : QStringLiteral("advanced"), languageCode);
    SynthesisParams p;
    p.text = text;
    p.locale = lang ? lang->locale : QString();
    p.pronunciations = Lexicon::match(lexicon, text, {languageCode, p.locale});
    return p;
}

qint64 tokensOf(const QString &text)
{
    return SsmlDocument::billedText(text).toUcs4().size();
}
}

class TestSpokenLength : public QObject
{
    Q_OBJECT

private slots:
    void measure_data();
    void measure();
    void limit_data();
    void limit();
    void numbersStayUnderTheFactorInEveryLanguage();
    void longestTextIsMeasuredQuickly();
    void syllablesAndLetterNamesWeigh();
};

void TestSpokenLength::measure_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("language");
    QTest::addColumn<qint64>("spoken");
    QTest::newRow("plain") << "Hello world." << "a" << qint64(12);
    QTest::newRow("number in words") << "1250" << "a" << qint64(QStringLiteral("one thousand two hundred fifty").size());
    QTest::newRow("SSML markup is not said") << "<speak><prosody rate=\"slow\">Hi</prosody> there</speak>" << "a"
                                             << qint64(7); // "Hi", "there": two pieces
    QTest::newRow("sub alias") << "<speak><sub alias=\"World Wide Web\">WWW</sub></speak>" << "a" << qint64(14);
    QTest::newRow("say-as digits") << "<speak><say-as interpret-as=\"digits\">12</say-as></speak>" << "a"
                                   << qint64(QStringLiteral("one two").size());
    QTest::newRow("digits beyond ICU count as their names") << QString(20, u'7') << "a" << qint64(200);
    QTest::newRow("an ideograph is a syllable") << "<speak>猫</speak>" << "z" << qint64(5);
    QTest::newRow("a lone letter is its name") << "<speak>W W</speak>" << "a" << qint64(13);
    QTest::newRow("capitals without a vowel are spelled") << "<speak>BBC news</speak>" << "a" << qint64(18 + 5);
    QTest::newRow("letters without a vowel are spelled, in either case") << "<speak>bbc Pfft</speak>" << "a" << qint64(18 + 1 + 24);
    QTest::newRow("a run of consonants no word has is spelled") << "<speak>qxzbcdfghja</speak>" << "a" << qint64(11 * 6);
    QTest::newRow("phoneme counts its IPA") << "<speak><phoneme ph=\"təˈmɑːtəʊ\">x</phoneme></speak>" << "a"
                                            << qint64(QStringLiteral("təˈmɑːtəʊ").size());
}

void TestSpokenLength::measure()
{
    QFETCH(QString, text);
    QFETCH(QString, language);
    QFETCH(qint64, spoken);
    QCOMPARE(SpokenLength::of(paramsFor(text, language)), spoken);
}

void TestSpokenLength::limit_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<LexiconEntry>>("lexicon");
    QTest::addColumn<bool>("accepted");

    const QString digits200 = QStringLiteral("0123456789").repeated(20);
    QList<LexiconEntry> digitAlias{{QStringLiteral("Q"), digits200, {}, {}, false}};
    QList<LexiconEntry> nasa{{QStringLiteral("NASA"), QStringLiteral("National Aeronautics and Space Administration"), {}, {}, false}};
    QList<LexiconEntry> longIpa{{QStringLiteral("Q"), {}, QStringLiteral("ta").repeated(100), {}, false}};

    // One token said as 200 digits spelled out (108 s of speech).
    QTest::newRow("alias of digits on one letter") << QStringLiteral("Q") << digitAlias << false;
    QTest::newRow("alias of digits, many times") << QStringLiteral("Q ").repeated(50) << digitAlias << false;
    QTest::newRow("alias of digits, once in a text") << QStringLiteral("The code is Q, as agreed with the whole team.") << digitAlias
                                                     << false;
    QTest::newRow("IPA on one letter, many times") << QStringLiteral("Q ").repeated(20) << longIpa << false;
    QTest::newRow("say-as digits in a sub alias")
        << QStringLiteral("<speak>") + QStringLiteral("<sub alias=\"%1\">x</sub> ").arg(digits200).repeated(10)
               + QStringLiteral("</speak>")
        << QList<LexiconEntry>() << true; // the alias is billed: 200 tokens each
    QTest::newRow("phoneme on a letter, many times")
        << QStringLiteral("<speak>") + QStringLiteral("<phoneme ph=\"%1\">a</phoneme> ").arg(QStringLiteral("ta").repeated(100)).repeated(20)
               + QStringLiteral("</speak>")
        << QList<LexiconEntry>() << false;

    // Letters the voices spell out one by one (~0.24 s each), in either case.
    const QString consonants = QStringLiteral("bcdfghjklmnpqrstvwxz");
    QList<LexiconEntry> spelled{{QStringLiteral("a"), consonants.repeated(2), {}, {}, false}};
    QList<LexiconEntry> spelledOnce{{QStringLiteral("a"), consonants.repeated(10), {}, {}, false}};
    QList<LexiconEntry> clusters{{QStringLiteral("a"), QStringLiteral("qxzbcdfghjaqxzbcdfghje").repeated(9), {}, {}, false}};
    QTest::newRow("consonant alias, lower case, every word") << QStringLiteral("a ").repeated(40).trimmed() << spelled << false;
    QTest::newRow("consonant alias, capitals") << QStringLiteral("a ").repeated(40).trimmed()
                                               << QList<LexiconEntry>{{QStringLiteral("a"), consonants.toUpper().repeated(2), {}, {}, false}}
                                               << false;
    QTest::newRow("consonant alias, one token") << QStringLiteral("a") << spelledOnce << false;
    QTest::newRow("consonant runs between vowels") << QStringLiteral("a") << clusters << false;

    // What people do: untouched.
    QTest::newRow("words with long consonant runs")
        << QStringLiteral("<speak>Strengths and rhythms: Angstschweiß, szczęście, BBC, NPR.</speak>") << QList<LexiconEntry>() << true;
    QTest::newRow("NASA alias") << QStringLiteral("NASA launched it.") << nasa << true;
    QTest::newRow("NASA alias, every word") << QStringLiteral("NASA ").repeated(200) << nasa << true;
    QTest::newRow("money") << QStringLiteral("1,250.50 €") << QList<LexiconEntry>() << true;
    QTest::newRow("money in SSML") << QStringLiteral("<speak>It costs 1,250.50 €.</speak>") << QList<LexiconEntry>() << true;
    QTest::newRow("say-as telephone")
        << QStringLiteral("<speak>Call <say-as interpret-as=\"telephone\">+1 555-123-4567</say-as> now.</speak>")
        << QList<LexiconEntry>() << true;
    QTest::newRow("say-as digits, long")
        << QStringLiteral("<speak><say-as interpret-as=\"digits\">%1</say-as></speak>").arg(digits200) << QList<LexiconEntry>()
        << true;
    QTest::newRow("alias of digits on a long text")
        << QStringLiteral("The code is Q. ") + QStringLiteral("The quick brown fox jumps over the lazy dog. ").repeated(20)
        << digitAlias << true;
}

void TestSpokenLength::limit()
{
    QFETCH(QString, text);
    QFETCH(QList<LexiconEntry>, lexicon);
    QFETCH(bool, accepted);
    const SynthesisParams p = paramsFor(text, QStringLiteral("a"), lexicon);
    const auto problem = SpeechRequestCheck::checkSpokenLength(p);
    const qint64 spoken = SpokenLength::of(p);
    const QString what = QStringLiteral("%1 spoken for %2 tokens: %3")
                             .arg(spoken).arg(tokensOf(text)).arg(problem ? problem->detail : QStringLiteral("accepted"));
    QVERIFY2(bool(problem) != accepted, qPrintable(what));
    if (problem) {
        QCOMPARE(problem->kind, ServiceError::Kind::InvalidInput);
        QCOMPARE(problem->errors.value(0).field, QStringLiteral("text"));
        QVERIFY2(problem->detail.contains(QStringLiteral("per token")), qPrintable(problem->detail));
    }
}

void TestSpokenLength::numbersStayUnderTheFactorInEveryLanguage()
{
    // The longest words per written character numbers take, in every language: big
    // numbers, ordinals, fractions, money, dates and times, alone or in a row.
    const QStringList forms = {
        "7", "77", "777", "7777", "77777", "777777", "7777777", "777777777777777", "77,777,777", "777.777",
        "777th", "77th", "777/777", "77/77", "7/7", "777 %", "77%", "777 €", "777,777.77 €", "77.77 $", "777 EUR",
        "2777-07-27", "1777-12-27", "23:57", "17:47", "7,777,777,777,777.77", "777777777777777th", "777777777777777e",
        "777777777777777 €", "777777777777777 %", "777777777777777.777777777777777", "777,777,777,777,777.77 €",
        "7777777777777777", "77777777777777777777777777777777", "MP3", "7th", "7e", "1/7", "7/777", "777777777777777.",
        "777777777777777 EUR", "€777777777777777", "0.000000000000007",
    };
    double worst = 0;
    QString worstCase;
    for (const QString &model : {QStringLiteral("base"), QStringLiteral("advanced")}) {
        for (const QString &code : Languages::codes(model)) {
            for (const QString &form : forms) {
                for (const QString &text : {form, (form + u' ').repeated(20).trimmed()}) {
                    const SynthesisParams p = paramsFor(text, code);
                    const double ratio = double(SpokenLength::of(p)) / double(text.toUcs4().size());
                    if (ratio > worst) {
                        worst = ratio;
                        worstCase = code + QStringLiteral(": ") + text.left(40);
                    }
                }
            }
        }
    }
    qInfo("numbers spelled out: at most %.2f characters said per character written (%s)", worst, qPrintable(worstCase));
    // With a margin: the factor must stay clear of whatever ICU's rules say.
    QVERIFY2(worst * 1.2 < SpeechRequestCheck::kSpokenPerToken, qPrintable(worstCase));
}

void TestSpokenLength::longestTextIsMeasuredQuickly()
{
    // A stream's request is planned on the server thread too: the measure of the longest
    // document (50,000 code points, numbers and a lexicon) is printed, and must not hang.
    QString body;
    while (body.size() < 49000)
        body += QStringLiteral("On 2026-11-24 NASA paid 1,250.50 € for <emphasis>777</emphasis> parts. ");
    const QString doc = QStringLiteral("<speak>") + body + QStringLiteral("</speak>");
    const QList<LexiconEntry> nasa{{QStringLiteral("NASA"), QStringLiteral("National Aeronautics and Space Administration"), {}, {}, false}};
    const SynthesisParams p = paramsFor(doc, QStringLiteral("a"), nasa);
    QElapsedTimer t;
    t.start();
    const auto problem = SpeechRequestCheck::checkSpokenLength(p);
    const qint64 ms = t.elapsed();
    qInfo("%lld code points of SSML with %lld lexicon spans measured in %lld ms", qint64(doc.size()),
          qint64(p.pronunciations.size()), ms);
    QVERIFY2(!problem, problem ? qPrintable(problem->detail) : "");
    QVERIFY(ms < 5000);
}

void TestSpokenLength::syllablesAndLetterNamesWeigh()
{
    // Counted in code points, an ideograph alias says 6.98 s per token and an alias of
    // "W W W ..." 3.47 s; weighted by how long each is said they are refused, and plain
    // sentences of those scripts with a lexicon are not.
    const QList<LexiconEntry> ideographs{{QStringLiteral("猫"), QString(39, QChar(0x7228)), {}, {}, false}};
    QString w20;
    for (int i = 0; i < 20; ++i)
        w20 += QStringLiteral("W ");
    const QList<LexiconEntry> letters{{QStringLiteral("x"), w20.trimmed(), {}, {}, false}};
    const QList<LexiconEntry> nasa{{QStringLiteral("NASA"), QStringLiteral("National Aeronautics and Space Administration"), {}, {}, false}};
    struct Case
    {
        QString text;
        QString language;
        QList<LexiconEntry> lexicon;
        bool accepted;
    };
    const QList<Case> cases = {
        {QStringLiteral("猫、").repeated(50), QStringLiteral("z"), ideographs, false},
        {QStringLiteral("猫、").repeated(50), QStringLiteral("j"), ideographs, false},
        {QStringLiteral("<speak>") + QStringLiteral("x ").repeated(60) + QStringLiteral("</speak>"), QStringLiteral("a"), letters, false},
        {QStringLiteral("x ").repeated(60), QStringLiteral("a"), letters, false},
        {QStringLiteral("我的猫很喜欢睡觉，它每天睡十四个小时。").repeated(20), QStringLiteral("z"), ideographs, true},
        {QStringLiteral("<speak>我的猫很喜欢睡觉。</speak>"), QStringLiteral("z"), {}, true},
        {QStringLiteral("猫が好きです。毎日十二時間も寝ます。").repeated(20), QStringLiteral("j"), ideographs, true},
        {QStringLiteral("<speak>NASA launched 12 rockets in 2024, the BBC said.</speak>"), QStringLiteral("a"), nasa, true},
        {QStringLiteral("<speak><say-as interpret-as=\"characters\">ABCDEFGHIJ</say-as></speak>"), QStringLiteral("a"), {}, true},
    };
    for (const Case &c : cases) {
        const SynthesisParams p = paramsFor(c.text, c.language, c.lexicon);
        const auto problem = SpeechRequestCheck::checkSpokenLength(p);
        QVERIFY2(bool(problem) != c.accepted,
                 qPrintable(c.text.left(30) + QStringLiteral(": %1 for %2 tokens").arg(SpokenLength::of(p)).arg(tokensOf(c.text))));
    }
}

QTEST_APPLESS_MAIN(TestSpokenLength)
#include "tst_spokenlength.moc"
