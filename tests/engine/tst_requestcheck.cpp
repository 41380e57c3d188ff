// SpeechRequestCheck: the value rules shared by the API, the GUI and `say`. Each
// rejected request names the offending field, as a client would see it.

#include "speechrequestcheck.h"
#include "languages.h"
#include "voicecatalog.h"

#include <QtTest>

#include <limits>

class TestRequestCheck : public QObject
{
    Q_OBJECT

private slots:
    void check_data();
    void check();
    void everyCatalogVoicePlansEveryLanguageOfItsModel();
    void invalidCharacterNamesTheFirstOne_data();
    void invalidCharacterNamesTheFirstOne();
};

void TestRequestCheck::check_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("speed");
    QTest::addColumn<double>("cfgWeight");
    QTest::addColumn<double>("exaggeration");
    QTest::addColumn<QString>("errorField"); // empty: accepted

    const double nan = std::numeric_limits<double>::quiet_NaN();
    QTest::newRow("valid base") << "af_sarah" << "base" << "" << "Hello." << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("valid advanced ja") << "aria" << "advanced" << "ja" << "こんにちは。" << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("valid base j") << "jf_alpha" << "base" << "j" << "こんにちは。" << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("speed 0.5 and cfg 1 and ex 0 (lower bounds)") << "aria" << "advanced" << "en" << "Hi." << 0.5 << 1.0 << 0.0 << "";
    QTest::newRow("speed 2.0 and cfg 5 and ex 1 (upper bounds)") << "aria" << "advanced" << "en" << "Hi." << 2.0 << 5.0 << 1.0 << "";
    QTest::newRow("unknown model") << "af_sarah" << "turbo" << "" << "Hello." << 1.0 << 2.5 << 0.5 << "model";
    QTest::newRow("empty text") << "af_sarah" << "base" << "" << "" << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("whitespace text") << "af_sarah" << "base" << "" << "  \n\t " << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("text over 50,000") << "af_sarah" << "base" << "" << QString(50001, u'a') << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("text of 50,000") << "af_sarah" << "base" << "" << QString(50000, u'a') << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("no voice id") << "" << "base" << "" << "Hello." << 1.0 << 2.5 << 0.5 << "voice_id";
    QTest::newRow("unknown voice") << "nobody" << "base" << "" << "Hello." << 1.0 << 2.5 << 0.5 << "voice_id";
    QTest::newRow("base voice, advanced model") << "af_sarah" << "advanced" << "" << "Hello." << 1.0 << 2.5 << 0.5 << "voice_id";
    QTest::newRow("advanced voice, base model") << "aria" << "base" << "" << "Hello." << 1.0 << 2.5 << 0.5 << "voice_id";
    QTest::newRow("speed 0.49") << "af_sarah" << "base" << "" << "Hello." << 0.49 << 2.5 << 0.5 << "speed";
    QTest::newRow("speed 2.01") << "af_sarah" << "base" << "" << "Hello." << 2.01 << 2.5 << 0.5 << "speed";
    QTest::newRow("speed NaN") << "af_sarah" << "base" << "" << "Hello." << nan << 2.5 << 0.5 << "speed";
    QTest::newRow("cfg 0.99") << "aria" << "advanced" << "" << "Hello." << 1.0 << 0.99 << 0.5 << "cfg_weight";
    QTest::newRow("cfg 5.01") << "aria" << "advanced" << "" << "Hello." << 1.0 << 5.01 << 0.5 << "cfg_weight";
    QTest::newRow("exaggeration -0.01") << "aria" << "advanced" << "" << "Hello." << 1.0 << 2.5 << -0.01 << "exaggeration";
    QTest::newRow("exaggeration 1.01") << "aria" << "advanced" << "" << "Hello." << 1.0 << 2.5 << 1.01 << "exaggeration";
    QTest::newRow("exaggeration NaN") << "aria" << "advanced" << "" << "Hello." << 1.0 << 2.5 << nan << "exaggeration";
    QTest::newRow("advanced code on base") << "af_sarah" << "base" << "en" << "Hello." << 1.0 << 2.5 << 0.5 << "language_code";
    QTest::newRow("base code on advanced") << "aria" << "advanced" << "a" << "Hello." << 1.0 << 2.5 << 0.5 << "language_code";
    QTest::newRow("unknown code") << "aria" << "advanced" << "xx" << "Hello." << 1.0 << 2.5 << 0.5 << "language_code";
    // Text with nothing to say, or characters no text may hold (docs/api.md "The v3 API", what text is accepted).
    QTest::newRow("emoji only") << "af_sarah" << "base" << "" << QString(QStringLiteral("\U0001F600")).repeated(300) << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("punctuation only") << "ef_dora" << "base" << "" << "... !!! ???" << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("zero-width only") << "ef_dora" << "base" << "" << QStringLiteral("\u200B\u200D\u2060") << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("words and emoji") << "af_sarah" << "base" << "" << QStringLiteral("Hi \U0001F600 there.") << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("lone surrogate") << "af_sarah" << "base" << "" << QString(QStringLiteral("Hello ") + QChar(0xD800)) << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("NUL") << "af_sarah" << "base" << "" << QString(QStringLiteral("Hello") + QChar(0) + QStringLiteral("there")) << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("control character") << "af_sarah" << "base" << "" << QStringLiteral("Hello\u0007there") << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("tab and new lines") << "af_sarah" << "base" << "" << "Hello\tthere.\r\nAgain." << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("Chinese, English voice") << "af_sarah" << "base" << "" << QStringLiteral("\u4F60\u597D\u4E16\u754C") << 1.0 << 2.5 << 0.5 << "text";
    QTest::newRow("astral letters only, Mandarin voice") << "zf_xiaobei" << "base" << "" << QStringLiteral("\U00020BB7\U00020BB7") << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("Chinese, Mandarin voice") << "zf_xiaobei" << "base" << "" << QStringLiteral("\u4F60\u597D\u4E16\u754C") << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("Chinese, advanced voice in zh") << "aria" << "advanced" << "zh" << QStringLiteral("\u4F60\u597D") << 1.0 << 2.5 << 0.5 << "";
    QTest::newRow("Chinese, advanced voice in English") << "aria" << "advanced" << "" << QStringLiteral("\u4F60\u597D") << 1.0 << 2.5 << 0.5 << "text";
}

void TestRequestCheck::check()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(double, speed);
    QFETCH(double, cfgWeight);
    QFETCH(double, exaggeration);
    QFETCH(QString, errorField);

    static const VoiceCatalog catalog;
    const auto voice = catalog.find(voiceId);
    SpeechRequest r;
    r.text = text;
    r.model = model;
    r.languageCode = language;
    r.speed = speed;
    r.cfgWeight = cfgWeight;
    r.exaggeration = exaggeration;
    const auto problem = SpeechRequestCheck::check(r, voiceId, voice ? &*voice : nullptr);
    if (errorField.isEmpty()) {
        QVERIFY2(!problem, problem ? qPrintable(problem->detail) : "");
        QVERIFY(voice);
        QVERIFY2(SynthesisPlanner::plan(*voice, r), "accepted request but the planner cannot realise it");
        return;
    }
    QVERIFY2(problem, "accepted");
    QCOMPARE(problem->kind, ServiceError::Kind::InvalidInput);
    QCOMPARE(problem->errors.size(), 1);
    QCOMPARE(problem->errors.first().field, errorField);
    QVERIFY(!problem->detail.isEmpty());
}

void TestRequestCheck::everyCatalogVoicePlansEveryLanguageOfItsModel()
{
    const VoiceCatalog catalog;
    QVERIFY2(catalog.loadError().isEmpty(), qPrintable(catalog.loadError()));
    QCOMPARE(catalog.systemVoices().size(), 29);
    for (const Voice &v : catalog.systemVoices()) {
        for (const QString &code : Languages::codes(v.model)) {
            SpeechRequest r;
            r.text = QStringLiteral("Hello.");
            r.model = v.model;
            r.languageCode = code;
            QVERIFY2(!SpeechRequestCheck::check(r, v.id, &v), qPrintable(v.id + "/" + code));
            const auto p = SynthesisPlanner::plan(v, r);
            QVERIFY2(p, qPrintable(v.id + "/" + code));
            const LanguageInfo lang = *Languages::find(v.model, code);
            if (lang.english) {
                QCOMPARE(p->backend, SpeechBackendKind::Flite);
                QVERIFY2(!p->fliteVoice.isEmpty(), qPrintable(v.id));
            } else {
                QCOMPARE(p->backend, SpeechBackendKind::Espeak);
                QVERIFY2(!p->espeakVoice.isEmpty() || !p->espeakLanguage.isEmpty(), qPrintable(v.id + "/" + code));
                QCOMPARE(p->kana, lang.needsKana);
            }
        }
    }
}

void TestRequestCheck::invalidCharacterNamesTheFirstOne_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // empty: valid

    QTest::newRow("printable ASCII") << QString::fromLatin1(" !~azAZ09.,?") << QString();
    QTest::newRow("tab, line feed, carriage return") << QStringLiteral("a\tb\nc\rd") << QString();
    QTest::newRow("letters outside ASCII") << QStringLiteral("Grüße, こんにちは, \U0001F600") << QString();
    QTest::newRow("NUL") << QString(QStringLiteral("ab") + QChar(0) + QStringLiteral("c"))
                         << QStringLiteral("a control character (U+0000) at character 3");
    QTest::newRow("unit separator (0x1F)") << QStringLiteral("x\u001F") << QStringLiteral("a control character (U+001F) at character 2");
    QTest::newRow("DEL (0x7F)") << QStringLiteral("x\u007F") << QStringLiteral("a control character (U+007F) at character 2");
    QTest::newRow("C1 control after an astral letter") << QStringLiteral("\U0001F600\u0085")
                                                       << QStringLiteral("a control character (U+0085) at character 2");
    QTest::newRow("lone surrogate") << QString(QStringLiteral("Hi ") + QChar(0xDC00))
                                    << QStringLiteral("a lone surrogate (U+DC00) at character 4");
    QTest::newRow("noncharacter") << QStringLiteral("a\uFFFE") << QStringLiteral("a noncharacter (U+FFFE) at character 2");
    QTest::newRow("astral noncharacter") << QStringLiteral("a\U0001FFFF") << QStringLiteral("a noncharacter (U+1FFFF) at character 2");
    QTest::newRow("the first of two") << QStringLiteral("a\u0001b\u0002") << QStringLiteral("a control character (U+0001) at character 2");
}

// The description names the first refused character (code point, position in code points).
void TestRequestCheck::invalidCharacterNamesTheFirstOne()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto bad = SpeechRequestCheck::invalidCharacter(text);
    QCOMPARE(bad.value_or(QString()), expected);
}

QTEST_GUILESS_MAIN(TestRequestCheck)
#include "tst_requestcheck.moc"
