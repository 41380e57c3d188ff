// Every language code of both models speaks native-script text: audible speech
// (at least 0.5 s, RMS >= 0.02) through real worker processes, and not a read-out of
// character names (bounded duration per character). Japanese kanji go through kana.

#include "enginetest.h"
#include "kanaconverter.h"
#include "languages.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QtTest>

using namespace EngineTest;

namespace
{
// Native-script sample text per language code (both models share it).
QString sampleText(const QString &code)
{
    static const QHash<QString, QString> texts = {
        {"a", QStringLiteral("The weather is lovely today. Let us go for a walk.")},
        {"b", QStringLiteral("The weather is lovely today. Let us go for a walk.")},
        {"en", QStringLiteral("The weather is lovely today. Let us go for a walk.")},
        {"j", QStringLiteral("今日は良い天気です。東京に行きます。")},
        {"ja", QStringLiteral("今日は良い天気です。東京に行きます。")},
        {"z", QStringLiteral("今天天气很好。我们去公园散步吧。")},
        {"zh", QStringLiteral("今天天气很好。我们去公园散步吧。")},
        {"e", QStringLiteral("Hoy hace muy buen tiempo. Vamos a dar un paseo.")},
        {"es", QStringLiteral("Hoy hace muy buen tiempo. Vamos a dar un paseo.")},
        {"f", QStringLiteral("Il fait très beau aujourd'hui. Allons nous promener.")},
        {"fr", QStringLiteral("Il fait très beau aujourd'hui. Allons nous promener.")},
        {"h", QStringLiteral("आज मौसम बहुत अच्छा है। चलो टहलने चलते हैं।")},
        {"hi", QStringLiteral("आज मौसम बहुत अच्छा है। चलो टहलने चलते हैं।")},
        {"i", QStringLiteral("Oggi il tempo è bellissimo. Andiamo a fare una passeggiata.")},
        {"it", QStringLiteral("Oggi il tempo è bellissimo. Andiamo a fare una passeggiata.")},
        {"p", QStringLiteral("Hoje o tempo está ótimo. Vamos dar um passeio.")},
        {"pt", QStringLiteral("Hoje o tempo está ótimo. Vamos dar um passeio.")},
        {"ar", QStringLiteral("الطقس جميل جدا اليوم. دعنا نذهب في نزهة.")},
        {"da", QStringLiteral("Vejret er dejligt i dag. Lad os gå en tur.")},
        {"de", QStringLiteral("Das Wetter ist heute schön. Lass uns spazieren gehen.")},
        {"el", QStringLiteral("Ο καιρός είναι υπέροχος σήμερα. Πάμε μια βόλτα.")},
        {"fi", QStringLiteral("Tänään on kaunis ilma. Mennään kävelylle.")},
        {"he", QStringLiteral("מזג האוויר נפלא היום. בוא נצא לטייל.")},
        {"ko", QStringLiteral("오늘은 날씨가 정말 좋습니다. 산책하러 갑시다.")},
        {"ms", QStringLiteral("Cuaca sangat baik hari ini. Mari kita pergi berjalan.")},
        {"nl", QStringLiteral("Het weer is vandaag prachtig. Laten we gaan wandelen.")},
        {"no", QStringLiteral("Været er nydelig i dag. La oss gå en tur.")},
        {"pl", QStringLiteral("Pogoda jest dzisiaj piękna. Chodźmy na spacer.")},
        {"ru", QStringLiteral("Сегодня прекрасная погода. Давайте пойдём гулять.")},
        {"sv", QStringLiteral("Vädret är underbart idag. Låt oss gå en promenad.")},
        {"sw", QStringLiteral("Hali ya hewa ni nzuri sana leo. Twende tukatembee.")},
        {"tr", QStringLiteral("Bugün hava çok güzel. Hadi yürüyüşe çıkalım.")},
    };
    return texts.value(code);
}

bool isCjkIdeograph(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0xF900 && c <= 0xFAFF)
           || (c >= 0x20000 && c <= 0x2FA1F);
}

bool isHiragana(char32_t c)
{
    return c >= 0x3041 && c <= 0x309F;
}

// CJK text is denser: a syllable per character. Alphabetic scripts: ~0.06-0.08 s per
// character. A synthesizer that spells out unknown characters ("Chinese letter ...")
// takes over a second per character, far above these bounds.
double maxSecondsPerCharacter(const QString &code)
{
    if (code == "j" || code == "ja" || code == "z" || code == "zh")
        return 0.45;
    if (code == "ko")
        return 0.35;
    return 0.15;
}
}

class TestLanguages : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void languageCodes();
    void nativeScript_data();
    void nativeScript();
    void kanaConversion_data();
    void kanaConversion();
    void japaneseKanjiAreReadAsWords();

private:
    VoiceCatalog m_catalog;
    WorkerPool *m_pool = nullptr;
};

void TestLanguages::initTestCase()
{
    QVERIFY2(m_catalog.loadError().isEmpty(), qPrintable(m_catalog.loadError()));
    QVERIFY2(QFileInfo(WorkerPool::defaultWorkerProgram()).isExecutable(),
             qPrintable("no worker at " + WorkerPool::defaultWorkerProgram()));
    WorkerPool::Options options;
    options.workers = 2;
    m_pool = new WorkerPool(options, this);
    QVERIFY2(m_pool->waitUntilReady(60000), "workers did not get ready");
}

void TestLanguages::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
}

void TestLanguages::languageCodes()
{
    QCOMPARE(Languages::codes("base"), (QStringList{"a", "b", "j", "z", "e", "f", "h", "i", "p"}));
    QCOMPARE(Languages::codes("advanced"),
             (QStringList{"en", "ar", "da", "de", "el", "es", "fi", "fr", "he", "hi", "it", "ja",
                          "ko", "ms", "nl", "no", "pl", "pt", "ru", "sv", "sw", "tr", "zh"}));
    // Every base voice speaks a base language; every base language has a voice.
    QSet<QString> covered;
    for (const Voice &v : m_catalog.systemVoices()) {
        if (v.model == "base") {
            QVERIFY2(Languages::find("base", v.language), qPrintable(v.id + " speaks unknown " + v.language));
            covered << v.language;
        }
    }
    for (const QString &code : Languages::codes("base"))
        QVERIFY2(covered.contains(code), qPrintable("no base voice for " + code));
}

void TestLanguages::nativeScript_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("voices");

    for (const QString &code : Languages::codes("base")) {
        // Every base voice of that language (each has its own variant and pitch).
        QStringList voices;
        for (const Voice &v : m_catalog.systemVoices())
            if (v.model == "base" && v.language == code)
                voices << v.id;
        QTest::addRow("base/%s", qPrintable(code)) << "base" << code << voices;
    }
    for (const QString &code : Languages::codes("advanced"))
        QTest::addRow("advanced/%s", qPrintable(code)) << "advanced" << code << QStringList{"aria", "marcus"};
}

void TestLanguages::nativeScript()
{
    QFETCH(QString, model);
    QFETCH(QString, code);
    QFETCH(QStringList, voices);
    QVERIFY(!voices.isEmpty());
    const QString text = sampleText(code);
    QVERIFY2(!text.isEmpty(), qPrintable("no sample text for " + code));

    double lowestFemale = 1e9, highestMale = 0;
    QString lowestFemaleId, highestMaleId;
    for (const QString &voiceId : voices) {
        RequestSpec spec;
        spec.voiceId = voiceId;
        spec.model = model;
        spec.language = code;
        spec.text = text;
        QString error;
        const auto params = plan(spec, &error);
        QVERIFY2(params, qPrintable(error));
        const Outcome o = run(*m_pool, job(*params, {}, AudioFormat::Wav, true));
        QVERIFY2(o.finished, qPrintable(voiceId + ": " + (o.failed ? o.error : QStringLiteral("timed out"))));
        QCOMPARE(o.streamedSamples, o.finishedSamples);
        const double secs = seconds(o.streamedSamples);
        const double loudness = rms(o.audio);
        const double maxSecs = maxSecondsPerCharacter(code) * double(text.size());
        const double f0 = median(trackF0(o.audio));
        const QString gender = m_catalog.find(voiceId)->gender;
        if (gender == "Female" && f0 < lowestFemale) {
            lowestFemale = f0;
            lowestFemaleId = voiceId;
        }
        if (gender == "Male" && f0 > highestMale) {
            highestMale = f0;
            highestMaleId = voiceId;
        }
        qInfo("%s %s/%s: %.2f s, RMS %.3f, median F0 %.0f Hz", qPrintable(voiceId), qPrintable(model), qPrintable(code),
              secs, loudness, f0);
        QVERIFY2(secs >= 0.5, qPrintable(QStringLiteral("%1: only %2 s of audio").arg(voiceId).arg(secs)));
        QVERIFY2(loudness >= 0.02, qPrintable(QStringLiteral("%1: RMS %2 < 0.02").arg(voiceId).arg(loudness)));
        QVERIFY2(secs <= maxSecs, qPrintable(QStringLiteral("%1: %2 s for %3 characters (max %4 s): "
                                                            "characters spelled out instead of read?")
                                                 .arg(voiceId).arg(secs).arg(text.size()).arg(maxSecs)));
    }
    // A listener tells the female voices from the male ones in every language.
    if (lowestFemale < 1e9 && highestMale > 0)
        QVERIFY2(lowestFemale > 1.15 * highestMale,
                 qPrintable(QStringLiteral("female %1 at %2 Hz is not clearly above male %3 at %4 Hz")
                                .arg(lowestFemaleId).arg(lowestFemale).arg(highestMaleId).arg(highestMale)));
}

void TestLanguages::kanaConversion_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("mustContain");

    QTest::newRow("東京") << QStringLiteral("東京") << QStringLiteral("とうきょう");
    QTest::newRow("sentence with kanji") << QStringLiteral("今日は良い天気です。東京に行きます。") << QStringLiteral("とうきょう");
    QTest::newRow("katakana to hiragana") << QStringLiteral("コーヒーを飲みます。") << QStringLiteral("のみます");
    QTest::newRow("kana unchanged") << QStringLiteral("ありがとう。") << QStringLiteral("ありがとう。");
}

void TestLanguages::kanaConversion()
{
    QFETCH(QString, input);
    QFETCH(QString, mustContain);
    KanaConverter kana;
    QVERIFY(kana.isReady());
    const QString out = kana.toKana(input);
    qInfo("%s -> %s", qPrintable(input), qPrintable(out));
    QVERIFY2(out.contains(mustContain), qPrintable(out));
    int hiragana = 0;
    for (char32_t c : out.toUcs4()) {
        QVERIFY2(!isCjkIdeograph(c), qPrintable(QStringLiteral("ideograph U+%1 left in '%2'").arg(quint32(c), 4, 16).arg(out)));
        QVERIFY2(!(c >= 0x30A1 && c <= 0x30FA), qPrintable(QStringLiteral("katakana left in '%1'").arg(out)));
        hiragana += isHiragana(c) ? 1 : 0;
    }
    QVERIFY(hiragana > 0);
}

// What a listener hears: kanji text takes about as long as the same text written in
// hiragana, and far less than kanji read out without conversion ("Chinese letter").
void TestLanguages::japaneseKanjiAreReadAsWords()
{
    const QString kanji = QStringLiteral("今日は良い天気です。東京に行きます。");
    const QString hiragana = QStringLiteral("きょうはよいてんきです。とうきょうにいきます。");
    RequestSpec spec;
    spec.voiceId = "jf_alpha";
    spec.text = kanji;
    QString error;
    const auto kanjiParams = plan(spec, &error);
    QVERIFY2(kanjiParams, qPrintable(error));
    QVERIFY(kanjiParams->kana);
    spec.text = hiragana;
    const auto kanaParams = plan(spec, &error);
    QVERIFY2(kanaParams, qPrintable(error));
    SynthesisParams unconverted = *kanjiParams;
    unconverted.kana = false;

    const Outcome a = run(*m_pool, job(*kanjiParams, {}, AudioFormat::Wav, true), 60000, false);
    const Outcome b = run(*m_pool, job(*kanaParams, {}, AudioFormat::Wav, true), 60000, false);
    const Outcome c = run(*m_pool, job(unconverted, {}, AudioFormat::Wav, true), 60000, false);
    QVERIFY(a.finished && b.finished && c.finished);
    const double ta = seconds(a.streamedSamples), tb = seconds(b.streamedSamples), tc = seconds(c.streamedSamples);
    qInfo("kanji %.2f s, hiragana %.2f s, kanji without kana conversion %.2f s", ta, tb, tc);
    QVERIFY2(ta >= 0.7 * tb && ta <= 1.4 * tb, qPrintable(QStringLiteral("kanji %1 s vs hiragana %2 s").arg(ta).arg(tb)));
    // The control shows the measurement can tell: unconverted kanji sound very different.
    QVERIFY2(qAbs(tc - tb) > qAbs(ta - tb) + 0.5, qPrintable(QStringLiteral("control %1 s").arg(tc)));
}

QTEST_GUILESS_MAIN(TestLanguages)
#include "tst_languages.moc"
