// Spoken numbers: money, ordinals, clock times, ISO dates, percentages,
// fractions and plain numbers are said in the words of the language, the same for both
// backends. Checked on the text handed to the backend (per base language and several
// advanced ones), through a worker (word timings still point at the digits as written),
// and by ear for English: pocketsphinx hears the number words in flite's audio.

#include "enginetest.h"
#include "textnormalizer.h"
#include "workerpool.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace EngineTest;

class TestSpokenNumbers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void handedToBackend_data();
    void handedToBackend();
    void spelledWordsPointAtTheDigits();
    void writtenAsIs_data();
    void writtenAsIs();
    void wordTimingsOnTheInput_data();
    void wordTimingsOnTheInput();
    void heardInEnglish_data();
    void heardInEnglish();

private:
    WorkerPool *m_pool = nullptr;
    QTemporaryDir m_dir;
    QString m_sox, m_recognizer;
};

void TestSpokenNumbers::initTestCase()
{
    QVERIFY(m_dir.isValid());
    SpeechTools tools;
    const QString problem = listeningSetUp(this, &tools, &m_pool);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    m_sox = tools.sox;
    m_recognizer = tools.recognizer;
}

void TestSpokenNumbers::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
}

void TestSpokenNumbers::handedToBackend_data()
{
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("spoken");
    struct Row
    {
        const char *locale, *text, *spoken;
    };
    // Base languages (a b j z e f h i p) and advanced ones (de ru nl sv tr ar pl).
    const Row rows[] = {
        {"en_US", "It costs 1,250.50 €.", "It costs one thousand two hundred fifty euros fifty."},
        {"en_US", "the 3rd time", "the third time"},
        {"en_US", "at 12:30, 9:05 or 7:00", "at twelve thirty, nine oh five or seven o'clock"},
        {"en_US", "on 2026-11-24", "on November twenty-fourth, twenty twenty-six"},
        {"en_US", "45 % of 3/4", "forty-five percent of three fourths"},
        {"en_US", "$5 and 1 € and 1.5", "five US dollars and one euro and one point five"},
        {"en_US", "born in 1985, by 2024", "born in nineteen eighty-five, by twenty twenty-four"},
        {"en_US", "the summer of 1969", "the summer of nineteen sixty-nine"},
        {"en_US", "July 4, 1976 and 4 July 1976", "July four, nineteen seventy-six and four July nineteen seventy-six"},
        {"en_US", "1066 AD", "ten sixty-six AD"},
        {"en_US", "1985 apples, 1,985 in 1,985", "one thousand nine hundred eighty-five apples, one thousand nine hundred eighty-five in one thousand nine hundred eighty-five"},
        {"en_US", "in 2100 and in 999", "in two thousand one hundred and in nine hundred ninety-nine"},
        {"de", "im Jahr 1985", "im Jahr eintausendneunhundertfünfundachtzig"},
        {"en_GB", "45 % on 2026-11-24", "forty-five per cent on twenty-fourth November twenty twenty-six"},
        {"ja", "1,250.50 €", "千二百五十ユーロ 五十"},
        {"ja", "45 %", "四十五 パーセント"},
        {"zh", "2026-11-24", "二〇二六年十一月二十四日"},
        {"zh", "1,250 €", "一千二百五十欧元"},
        {"es", "1,250.50 €", "mil doscientos cincuenta euros cincuenta"},
        {"es", "el 3º, 45 % y 1 €", "el tercero, cuarenta y cinco por ciento y un euro"},
        {"es", "2026-11-24", "veinticuatro de noviembre de dos mil veintiséis"},
        {"fr", "1,250.50 €", "mille deux cent cinquante euros cinquante"},
        {"fr", "le 3e à 12:30", "le troisième à douze heures trente"},
        {"fr", "45 % le 2026-11-24", "quarante-cinq pour cent le vingt-quatre novembre deux mille vingt-six"},
        {"hi", "45 %", "पैंतालीस प्रतिशत"},
        {"hi", "2026-11-24", "चौबीस नवंबर दो हज़ार छब्बीस"},
        {"it", "1,250.50 €", "milleduecentocinquanta euro cinquanta"},
        {"it", "il 3º alle 12:30", "il terzo alle dodici trenta"},
        {"pt_BR", "45 % em 2026-11-24", "quarenta e cinco por cento em vinte e quatro de novembro de dois mil e vinte e seis"},
        {"pt_BR", "1,250.50 €", "mil duzentos e cinquenta Euros cinquenta"},
        {"de", "1.250,50 € und 1,250.50 €", "eintausendzweihundertfünfzig Euro fünfzig und eintausendzweihundertfünfzig Euro fünfzig"},
        {"de", "um 12:30 am 2026-11-24", "um zwölf Uhr dreißig am vierundzwanzigste November zweitausendsechsundzwanzig"},
        {"de", "45 %, 1 € und 1,5", "fünfundvierzig Prozent, ein Euro und eins Komma fünf"},
        {"ru", "45 % и 3rd", "сорок пять процентов и третий"},
        {"nl", "45 % om 12:30", "vijfenveertig procent om twaalf uur dertig"},
        {"sv", "1,250.50 €", "ettusen tvåhundrafemtio euro femtio"},
        {"tr", "45 %", "yüzde kırk beş"},
        {"ar", "1,250 €", "ألف ومائتان وخمسون يورو"},
        {"pl", "45 % i 2026-11-24", "czterdzieści pięć procent i dwadzieścia cztery listopada dwa tysiące dwadzieścia sześć"},
    };
    for (const Row &r : rows)
        QTest::addRow("%s %s", r.locale, r.text) << QString::fromLatin1(r.locale) << QString::fromUtf8(r.text)
                                                 << QString::fromUtf8(r.spoken);
}

void TestSpokenNumbers::handedToBackend()
{
    QFETCH(QString, locale);
    QFETCH(QString, text);
    QFETCH(QString, spoken);
    QCOMPARE(TextNormalizer(locale).normalize(text).text, spoken);
}

void TestSpokenNumbers::spelledWordsPointAtTheDigits()
{
    const QString text = QStringLiteral("Pay 1,250.50 € by 2026-11-24, please.");
    const SpokenText s = TextNormalizer(QStringLiteral("en_US")).normalize(text);
    QCOMPARE(qsizetype(s.origin.size()), s.text.size() + 1);
    const qsizetype money = text.indexOf(u'1'), date = text.indexOf(QStringLiteral("2026"));
    const qsizetype thousand = s.text.indexOf(QStringLiteral("thousand")), november = s.text.indexOf(QStringLiteral("November"));
    QVERIFY(thousand > 0 && november > thousand);
    QCOMPARE(s.sourceIndex(thousand), money);
    QCOMPARE(s.sourceIndex(november), date);
    QCOMPARE(s.sourceIndex(s.text.indexOf(QStringLiteral("please"))), text.indexOf(QStringLiteral("please")));
    QCOMPARE(s.sourceIndex(s.text.size()), text.size());
}

void TestSpokenNumbers::writtenAsIs_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("no digits") << QStringLiteral("Nothing to say aloud differently.");
    QTest::newRow("digits inside a word") << QStringLiteral("MP3 and B2B");
}

void TestSpokenNumbers::writtenAsIs()
{
    QFETCH(QString, text);
    QCOMPARE(TextNormalizer(QStringLiteral("en_US")).normalize(text).text, text);
}

void TestSpokenNumbers::wordTimingsOnTheInput_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::newRow("en flite") << "af_sarah" << "base" << "a" << QStringLiteral("It costs 1,250.50 € on 2026-11-24 at 12:30.");
    QTest::newRow("de espeak-ng") << "aria" << "advanced" << "de" << QStringLiteral("Es kostet 1.250,50 € am 2026-11-24 um 12:30.");
    QTest::newRow("ja kana") << "jf_alpha" << "base" << "j" << QStringLiteral("値段は1,250円です。");
}

// The words of the captions are the words as written: "1,250.50 €" is one word whose
// span is the digits and the sign, spoken as six.
void TestSpokenNumbers::wordTimingsOnTheInput()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QString error;
    const auto params = plan({voiceId, model, language, text}, &error);
    QVERIFY2(params, qPrintable(error));
    QVERIFY(!params->locale.isEmpty());
    const Outcome o = runWithWords(*m_pool, *params);
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    const QList<uint> ucs4 = text.toUcs4();
    QStringList expected;
    for (const WordTimings::Span &s : WordTimings::split(text))
        expected << text.mid(s.start, s.end - s.start);
    if (!text.contains(u' '))
        expected = QStringList{text};
    QStringList got;
    qint64 lastStart = -1;
    for (const WordTiming &w : o.words) {
        got << QString::fromUcs4(reinterpret_cast<const char32_t *>(ucs4.constData() + w.charStart), w.charEnd - w.charStart);
        QVERIFY2(w.startSample >= lastStart && w.startSample < o.streamedSamples, "starts in order, inside the audio");
        lastStart = w.startSample;
    }
    QCOMPARE(got, expected);
}

void TestSpokenNumbers::heardInEnglish_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("heard");
    QTest::newRow("money") << QStringLiteral("The price is 1,250 €.") << QStringList{"two", "hundred", "fifty", "euros"};
    QTest::newRow("date") << QStringLiteral("We meet on 2026-11-24.") << QStringList{"november", "twenty"};
    QTest::newRow("time and percent") << QStringLiteral("It starts at 12:30 with 45 % off.") << QStringList{"twelve", "thirty", "percent"};
    QTest::newRow("ordinal") << QStringLiteral("This is the 3rd time.") << QStringList{"third"};
    QTest::newRow("year") << QStringLiteral("She was born in 1985.") << QStringList{"nineteen", "eighty", "five"};
}

// Free recognition (no grammar) of flite rms, the voice the recognizer hears best: the
// number words are there, so the backend was handed words, not digits.
void TestSpokenNumbers::heardInEnglish()
{
    QFETCH(QString, text);
    QFETCH(QStringList, heard);
    QString error;
    const auto params = plan({"am_michael", "base", "a", text}, &error);
    QVERIFY2(params, qPrintable(error));
    const QString wav = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-') + ".wav");
    const QString wav16 = QString(wav).replace(".wav", "-16k.wav");
    const Outcome o = run(*m_pool, job(*params, wav, AudioFormat::Wav, false), 120000, false);
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    QByteArray out, err;
    QVERIFY2(runProgram(m_sox, {wav, "-r", "16000", "-c", "1", "-b", "16", wav16, "pad", "0.5", "0.5"}, &out, &err) == 0,
             qPrintable("sox failed: " + QString::fromLocal8Bit(err)));
    QVERIFY2(runProgram(m_recognizer, {"-infile", wav16, "-logfn", "/dev/null"}, &out, &err, 180000) == 0,
             qPrintable("pocketsphinx_continuous failed: " + QString::fromLocal8Bit(err)));
    const QStringList hypothesis = words(QString::fromUtf8(out));
    qInfo("%s -> heard: %s", qPrintable(text), qPrintable(hypothesis.join(u' ')));
    for (const QString &w : heard)
        QVERIFY2(hypothesis.contains(w), qPrintable(QStringLiteral("'%1' not heard in: %2").arg(w, hypothesis.join(u' '))));
}

QTEST_GUILESS_MAIN(TestSpokenNumbers)
#include "tst_spokennumbers.moc"
