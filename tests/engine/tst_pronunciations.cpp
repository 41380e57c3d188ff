// Pronunciations (lexicons, SSML <phoneme>): IPA turned into espeak-ng
// mnemonics and flite's CMU phones, lexicon entries parsed and matched as whole words,
// the text handed to the backend, and through workers: an alias and IPA change what is
// said (duration, and what pocketsphinx hears on flite) while word timings keep
// pointing at the words as written.

#include "enginetest.h"
#include "foldedtext.h"
#include "ipaphonemes.h"
#include "lexicon.h"
#include "synthesispipeline.h"
#include "workerpool.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QtTest>

#include <map>

using namespace EngineTest;

namespace
{
// Lexicon::match as it was before it walked the text word by word: every entry searched
// in the whole folded text from every position (a reference for the same answers, and
// for how much faster the new walk is on a heavy lexicon).
char32_t cpBefore(const QString &s, qsizetype i)
{
    if (i <= 0)
        return 0;
    if (s.at(i - 1).isLowSurrogate() && i >= 2 && s.at(i - 2).isHighSurrogate())
        return QChar::surrogateToUcs4(s.at(i - 2), s.at(i - 1));
    return s.at(i - 1).unicode();
}
char32_t cpAt(const QString &s, qsizetype i)
{
    if (i >= s.size())
        return 0;
    if (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate())
        return QChar::surrogateToUcs4(s.at(i), s.at(i + 1));
    return s.at(i).unicode();
}
bool wordCp(char32_t c)
{
    return c != 0 && (QChar::isLetterOrNumber(c) || QChar::isMark(c));
}
QList<Pronunciation> referenceMatch(const QList<LexiconEntry> &entries, const QString &text, const QString &language)
{
    QList<qsizetype> order;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QString &code = entries.at(i).languageCode;
        if (code.isEmpty() || code == language || language.startsWith(code + u'-'))
            order.append(i);
    }
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return entries.at(a).grapheme.size() > entries.at(b).grapheme.size();
    });
    std::optional<FoldedText> canonical, caseless;
    std::vector<bool> taken(size_t(text.size()), false);
    QList<Pronunciation> found;
    for (qsizetype index : order) {
        const LexiconEntry &e = entries.at(index);
        const FoldedText::Mode mode = e.caseSensitive ? FoldedText::Mode::Canonical : FoldedText::Mode::Caseless;
        std::optional<FoldedText> &folded = e.caseSensitive ? canonical : caseless;
        if (!folded)
            folded.emplace(text, mode);
        const QString grapheme = FoldedText::fold(e.grapheme, mode);
        if (grapheme.isEmpty())
            continue;
        const QString &haystack = folded->folded();
        for (qsizetype at = haystack.indexOf(grapheme); at >= 0; at = haystack.indexOf(grapheme, at + 1)) {
            const auto span = folded->original(at, at + grapheme.size());
            if (!span)
                continue;
            const qsizetype after = at + grapheme.size();
            if (wordCp(cpAt(grapheme, 0)) && wordCp(cpBefore(haystack, at)))
                continue;
            if (wordCp(cpBefore(grapheme, grapheme.size())) && wordCp(cpAt(haystack, after)))
                continue;
            const auto [start, end] = *span;
            if (std::any_of(taken.begin() + start, taken.begin() + end, [](bool t) { return t; }))
                continue;
            std::fill(taken.begin() + start, taken.begin() + end, true);
            found.append(Pronunciation{start, end - start, e.phoneme, e.alias});
        }
    }
    std::sort(found.begin(), found.end(), [](const Pronunciation &a, const Pronunciation &b) { return a.start < b.start; });
    return found;
}
}

class TestPronunciations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void ipaToEspeak_data();
    void ipaToEspeak();
    void ipaToEspeakInLanguage_data();
    void ipaToEspeakInLanguage();
    void ipaToFlite_data();
    void ipaToFlite();
    void unknownIpa_data();
    void unknownIpa();
    void parseProblems_data();
    void parseProblems();
    void parseLimits();
    void match_data();
    void match();
    void matchAsBefore();
    void matchHeavyLexicon();
    void paramsRoundTrip();
    void handedToBackend_data();
    void handedToBackend();
    void phonemesChangeTheAudio_data();
    void phonemesChangeTheAudio();
    void wordTimingsOnTheGrapheme_data();
    void wordTimingsOnTheGrapheme();
    void heardOnFlite_data();
    void heardOnFlite();

private:
    double durationOf(const SynthesisParams &params);

    WorkerPool *m_pool = nullptr;
    QTemporaryDir m_dir;
    QString m_sox, m_recognizer;
};

void TestPronunciations::initTestCase()
{
    QVERIFY(m_dir.isValid());
    SpeechTools tools;
    const QString problem = listeningSetUp(this, &tools, &m_pool);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    m_sox = tools.sox;
    m_recognizer = tools.recognizer;
}

void TestPronunciations::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
}

void TestPronunciations::ipaToEspeak_data()
{
    QTest::addColumn<QString>("ipa");
    QTest::addColumn<QString>("espeak");
    QTest::newRow("tomato") << QStringLiteral("təˈmɑːtoʊ") << QStringLiteral("t@'mA:toU");
    QTest::newRow("tie bar, length") << QStringLiteral("ˈt͡ʃiːz") << QStringLiteral("'tSi:z");
    QTest::newRow("two words, secondary stress") << QStringLiteral("ˌnjuː ˈjɔːk") << QStringLiteral(",nju: 'jO:k");
    QTest::newRow("German ch, uvular r") << QStringLiteral("ˈbaχ ʁeːt") << QStringLiteral("'baX Re:t");
    QTest::newRow("French nasal") << QStringLiteral("bɔ̃ʒuʁ") << QStringLiteral("bO~ZuR");
    // Precomposed letters are their NFD: a vowel with the nasal tilde, and ç stays the
    // palatal fricative (c + U+0327 in NFD).
    QTest::newRow("precomposed a tilde U+00E3") << QStringLiteral("p\u00e3w") << QStringLiteral("pa~w");
    QTest::newRow("a + combining tilde") << QStringLiteral("pa\u0303w") << QStringLiteral("pa~w");
    QTest::newRow("precomposed e and o tilde") << QStringLiteral("b\u1ebd s\u00f5") << QStringLiteral("be~ so~");
    QTest::newRow("precomposed i and u tilde") << QStringLiteral("\u0129\u0169") << QStringLiteral("i~u~");
    QTest::newRow("precomposed c cedilla") << QStringLiteral("ˈi\u00e7") << QStringLiteral("'iC");
    QTest::newRow("c + combining cedilla") << QStringLiteral("ˈic\u0327") << QStringLiteral("'iC");
}

void TestPronunciations::ipaToEspeak()
{
    QFETCH(QString, ipa);
    QFETCH(QString, espeak);
    QCOMPARE(IpaPhonemes::toEspeak(ipa).value_or(QStringLiteral("<none>")), espeak);
}

void TestPronunciations::ipaToEspeakInLanguage_data()
{
    QTest::addColumn<QString>("ipa");
    QTest::addColumn<QStringList>("known");
    QTest::addColumn<QString>("espeak");
    // A Spanish-like table: five vowels, no schwa.
    const QStringList spanish{"a", "e", "i", "o", "u", "p", "t", "m", "s", "n", "d", "f", "l", "h", "r", "k"};
    QTest::newRow("lax vowels become tense") << QStringLiteral("ˌhɪpəpəˈtɒməs") << spanish << QStringLiteral(",hipepe'tomes");
    QTest::newRow("long vowel mnemonic first") << QStringLiteral("ˈnɜːs") << QStringList{"n", "3:", "3", "s"}
                                               << QStringLiteral("'n3:s");
    QTest::newRow("long mark kept otherwise") << QStringLiteral("ˈmɑːt") << QStringList{"m", "a", "t"} << QStringLiteral("'ma:t");
    QTest::newRow("theta to t") << QStringLiteral("θɪn") << spanish << QStringLiteral("tin");
}

void TestPronunciations::ipaToEspeakInLanguage()
{
    QFETCH(QString, ipa);
    QFETCH(QStringList, known);
    QFETCH(QString, espeak);
    QCOMPARE(IpaPhonemes::toEspeak(ipa, [&](const QString &m) { return known.contains(m); }).value_or("<none>"), espeak);
}

void TestPronunciations::ipaToFlite_data()
{
    QTest::addColumn<QString>("ipa");
    QTest::addColumn<QString>("phones");
    QTest::newRow("tomato") << QStringLiteral("təˈmɑːtoʊ") << QStringLiteral("t ax0 m aa1 t ow0");
    QTest::newRow("no stress mark: first vowel") << QStringLiteral("kæt") << QStringLiteral("k ae1 t");
    QTest::newRow("stressed schwa is ah1") << QStringLiteral("ˈəbaʊt") << QStringLiteral("ah1 b aw0 t");
    QTest::newRow("affricates, th") << QStringLiteral("ˈtʃɜːtʃ θɪŋ") << QStringLiteral("ch er1 ch th ih0 ng");
    QTest::newRow("closest phones: German") << QStringLiteral("ˈbaχ") << QStringLiteral("b aa1 hh");
}

void TestPronunciations::ipaToFlite()
{
    QFETCH(QString, ipa);
    QFETCH(QString, phones);
    QCOMPARE(IpaPhonemes::toFlite(ipa).value_or(QStringList{"<none>"}).join(u' '), phones);
}

void TestPronunciations::unknownIpa_data()
{
    QTest::addColumn<QString>("ipa");
    QTest::addColumn<QString>("unknown"); // "-": all known
    QTest::newRow("known") << QStringLiteral("ˈhɛloʊ") << QStringLiteral("-");
    QTest::newRow("a dollar") << QStringLiteral("hɛ$loʊ") << QStringLiteral("$");
    QTest::newRow("a digit") << QStringLiteral("h3lo") << QStringLiteral("3");
    QTest::newRow("capital letter") << QStringLiteral("Hello") << QStringLiteral("H");
    QTest::newRow("only marks") << QStringLiteral("ˈ.") << QString();
    QTest::newRow("precomposed a tilde") << QStringLiteral("p\u00e3w") << QStringLiteral("-");
    QTest::newRow("precomposed e, o tilde, c cedilla") << QStringLiteral("\u1ebd\u00f5\u00e7") << QStringLiteral("-");
    // An unknown accent is named with its letter, as written, not as a lone mark.
    QTest::newRow("acute accent") << QStringLiteral("h\u00e1") << QStringLiteral("\u00e1");
}

void TestPronunciations::unknownIpa()
{
    QFETCH(QString, ipa);
    QFETCH(QString, unknown);
    QCOMPARE(IpaPhonemes::unknownSymbol(ipa).value_or(QStringLiteral("-")), unknown);
}

void TestPronunciations::parseProblems_data()
{
    QTest::addColumn<QString>("entries");
    QTest::addColumn<QString>("field");
    QTest::addColumn<bool>("wrongType");
    QTest::newRow("no grapheme") << R"([{"alias":"x"}])" << "entries[0].grapheme" << false;
    QTest::newRow("neither alias nor phoneme") << R"([{"grapheme":"a"}])" << "entries[0].alias" << false;
    QTest::newRow("bad ipa") << R"([{"grapheme":"ok","alias":"o k"},{"grapheme":"a","phoneme":"h$"}])" << "entries[1].phoneme" << false;
    QTest::newRow("alphabet") << R"([{"grapheme":"a","phoneme":"ə","alphabet":"x-sampa"}])" << "entries[0].alphabet" << false;
    QTest::newRow("language") << R"([{"grapheme":"a","alias":"b","language_code":"english!"}])" << "entries[0].language_code" << false;
    QTest::newRow("duplicate") << R"([{"grapheme":"SQL","alias":"sequel"},{"grapheme":"sql","alias":"s q l"}])" << "entries[1].grapheme" << false;
    // Canonically equivalent spellings are one grapheme: precomposed é (NFC) and e + U+0301.
    QTest::newRow("duplicate, NFC and NFD") << R"([{"grapheme":"caf\u00e9","alias":"x"},{"grapheme":"cafe\u0301","alias":"y"}])"
                                            << "entries[1].grapheme" << false;
    QTest::newRow("duplicate, NFC and NFD, case-sensitive")
        << R"([{"grapheme":"Caf\u00e9","alias":"x","case_sensitive":true},{"grapheme":"Cafe\u0301","alias":"y","case_sensitive":true}])"
        << "entries[1].grapheme" << false;
    QTest::newRow("duplicate, full case folding") << R"([{"grapheme":"stra\u00dfe","alias":"x"},{"grapheme":"STRASSE","alias":"y"}])"
                                                  << "entries[1].grapheme" << false;
    QTest::newRow("duplicate, fullwidth") << R"([{"grapheme":"NASA","alias":"x"},{"grapheme":"\uff2e\uff21\uff33\uff21","alias":"y"}])"
                                          << "entries[1].grapheme" << false;
    // Refused: what would not survive storage, or says nothing.
    QTest::newRow("noncharacter U+FFFE in alias") << R"([{"grapheme":"a","alias":"b\ufffe"}])" << "entries[0].alias" << false;
    QTest::newRow("noncharacter U+FDD0 in grapheme") << R"([{"grapheme":"a\ufdd0","alias":"b"}])" << "entries[0].grapheme" << false;
    QTest::newRow("noncharacter U+10FFFF in alias") << R"([{"grapheme":"a","alias":"b\udbff\udfff"}])" << "entries[0].alias" << false;
    QTest::newRow("noncharacter U+FFFF in grapheme") << R"([{"grapheme":"\uffffa","alias":"b"}])" << "entries[0].grapheme" << false;
    QTest::newRow("alias of a zero-width space") << R"([{"grapheme":"a","alias":"\u200b"}])" << "entries[0].alias" << false;
    QTest::newRow("grapheme of a combining mark") << R"([{"grapheme":"\u0301","alias":"b"}])" << "entries[0].grapheme" << false;
    // Graphemes are kept as sent: whitespace at either end is refused, never trimmed.
    QTest::newRow("grapheme with a leading space") << R"([{"grapheme":" SQL","alias":"sequel"}])" << "entries[0].grapheme" << false;
    QTest::newRow("grapheme with a trailing space") << R"([{"grapheme":"SQL ","alias":"sequel"}])" << "entries[0].grapheme" << false;
    QTest::newRow("grapheme with a leading no-break space") << R"([{"grapheme":"\u00a0SQL","alias":"sequel"}])"
                                                            << "entries[0].grapheme" << false;
    QTest::newRow("grapheme with a trailing ideographic space") << R"([{"grapheme":"SQL\u3000","alias":"sequel"}])"
                                                                << "entries[0].grapheme" << false;
    QTest::newRow("grapheme with a trailing tab") << R"([{"grapheme":"SQL\t","alias":"sequel"}])" << "entries[0].grapheme" << false;
    QTest::newRow("grapheme a number") << R"([{"grapheme":5,"alias":"b"}])" << "entries[0].grapheme" << true;
    QTest::newRow("case_sensitive a string") << R"([{"grapheme":"a","alias":"b","case_sensitive":"yes"}])" << "entries[0].case_sensitive" << true;
    QTest::newRow("entry not an object") << R"([{"grapheme":"a","alias":"b"},"c"])" << "entries[1]" << true;
}

void TestPronunciations::parseProblems()
{
    QFETCH(QString, entries);
    QFETCH(QString, field);
    QFETCH(bool, wrongType);
    const Lexicon::Parsed parsed = Lexicon::parse(QJsonDocument::fromJson(entries.toUtf8()).array());
    QVERIFY(parsed.entries.isEmpty()); // all or nothing
    QCOMPARE(parsed.problems.size(), 1);
    QCOMPARE(parsed.problems.first().field, field);
    QCOMPARE(parsed.problems.first().wrongType, wrongType);
}

void TestPronunciations::parseLimits()
{
    QJsonArray many;
    for (int i = 0; i <= Lexicon::kMaxEntries; ++i)
        many.append(QJsonObject{{"grapheme", QStringLiteral("w%1").arg(i)}, {"alias", "x"}});
    QCOMPARE(Lexicon::parse(many).problems.value(0).field, QStringLiteral("entries"));
    many.removeLast();
    QCOMPARE(Lexicon::parse(many).entries.size(), Lexicon::kMaxEntries);

    const QString longWord(Lexicon::kMaxGraphemeLength + 1, u'a');
    QCOMPARE(Lexicon::parse({QJsonObject{{"grapheme", longWord}, {"alias", "x"}}}).problems.value(0).field,
             QStringLiteral("entries[0].grapheme"));
    QCOMPARE(Lexicon::parse({QJsonObject{{"grapheme", longWord.left(100)}, {"alias", QString(201, u'b')}}}).problems.value(0).field,
             QStringLiteral("entries[0].alias"));
    QCOMPARE(Lexicon::parse({QJsonObject{{"grapheme", "a"}, {"phoneme", QString(201, u'a')}}}).problems.value(0).field,
             QStringLiteral("entries[0].phoneme"));
    QVERIFY(Lexicon::parse({QJsonObject{{"grapheme", longWord.left(100)}, {"alias", QString(200, u'b')}}}).problems.isEmpty());
}

void TestPronunciations::match_data()
{
    QTest::addColumn<QString>("entries");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("matched"); // the spans' text, in order
    QTest::newRow("whole words only") << R"([{"grapheme":"cat","alias":"x"}])" << "en" << "cat, catalog and the cat."
                                      << QStringList{"cat", "cat"};
    QTest::newRow("case-insensitive by default") << R"([{"grapheme":"sql","alias":"x"}])" << "en" << "SQL and sql"
                                                 << QStringList{"SQL", "sql"};
    QTest::newRow("case-sensitive") << R"([{"grapheme":"US","alias":"x","case_sensitive":true}])" << "en" << "us and US"
                                    << QStringList{"US"};
    QTest::newRow("other language skipped") << R"([{"grapheme":"Chef","alias":"x","language_code":"de"}])" << "en"
                                            << "Chef" << QStringList{};
    QTest::newRow("base language matches region") << R"([{"grapheme":"Chef","alias":"x","language_code":"pt"}])" << "p pt_BR"
                                                  << "Chef" << QStringList{"Chef"};
    QTest::newRow("region") << R"([{"grapheme":"tomato","alias":"x","language_code":"en-GB"}])" << "a en_US"
                            << "tomato" << QStringList{};
    QTest::newRow("API code") << R"([{"grapheme":"tomato","alias":"x","language_code":"b"}])" << "b en_GB"
                              << "tomato" << QStringList{"tomato"};
    QTest::newRow("longest first, no overlap") << R"([{"grapheme":"New York","alias":"x"},{"grapheme":"New York City","alias":"y"}])"
                                               << "en" << "New York City and New York" << QStringList{"New York City", "New York"};
    QTest::newRow("umlaut word boundary") << R"([{"grapheme":"Bär","alias":"x"}])" << "de" << "Bären und Bär."
                                          << QStringList{"Bär"};
    // Normalization (docs/api.md "Pronunciation lexicons"): compared in NFC, or NFKC with
    // full case folding without case sensitivity; spans are the text as written.
    QTest::newRow("NFD entry, NFC text") << R"([{"grapheme":"cafe\u0301","alias":"x"}])" << "fr"
                                         << QStringLiteral("Un caf\u00e9 noir.") << QStringList{QStringLiteral("caf\u00e9")};
    QTest::newRow("NFC entry, NFD text") << R"([{"grapheme":"caf\u00e9","alias":"x"}])" << "fr"
                                         << QStringLiteral("Un cafe\u0301 noir.") << QStringList{QStringLiteral("cafe\u0301")};
    QTest::newRow("case-sensitive, canonical") << R"([{"grapheme":"Caf\u00e9","alias":"x","case_sensitive":true}])" << "fr"
                                               << QStringLiteral("cafe\u0301, Cafe\u0301 et CAF\u00c9")
                                               << QStringList{QStringLiteral("Cafe\u0301")};
    QTest::newRow("full case folding") << R"([{"grapheme":"stra\u00dfe","alias":"x"}])" << "de"
                                       << QStringLiteral("STRASSE, Strasse und Stra\u00dfe.")
                                       << QStringList{"STRASSE", "Strasse", QStringLiteral("Stra\u00dfe")};
    QTest::newRow("folded entry, sharp s in the text") << R"([{"grapheme":"STRASSE","alias":"x"}])" << "de"
                                                       << QStringLiteral("Die Stra\u00dfe.") << QStringList{QStringLiteral("Stra\u00dfe")};
    QTest::newRow("fullwidth, case-insensitive") << R"([{"grapheme":"NASA","alias":"x"}])" << "en"
                                                 << QStringLiteral("\uff2e\uff21\uff33\uff21 and nasa")
                                                 << QStringList{QStringLiteral("\uff2e\uff21\uff33\uff21"), "nasa"};
    QTest::newRow("fullwidth, case-sensitive: canonical only") << R"([{"grapheme":"NASA","alias":"x","case_sensitive":true}])"
                                                               << "en" << QStringLiteral("\uff2e\uff21\uff33\uff21 and NASA")
                                                               << QStringList{"NASA"};
    QTest::newRow("sharp s, case-sensitive: no folding") << R"([{"grapheme":"Stra\u00dfe","alias":"x","case_sensitive":true},{"grapheme":"STRASSE","alias":"y","case_sensitive":true}])"
                                                         << "de" << QStringLiteral("Strasse und Stra\u00dfe")
                                                         << QStringList{QStringLiteral("Stra\u00dfe")};
    QTest::newRow("never inside a letter with its marks") << R"([{"grapheme":"cafe","alias":"x"}])" << "fr"
                                                          << QStringLiteral("caf\u00e9, cafe\u0301 et cafe")
                                                          << QStringList{"cafe"};
    QTest::newRow("soft hyphen inside the word") << R"([{"grapheme":"Stra\u00dfe","alias":"x"}])" << "de"
                                                 << QStringLiteral("Die Stra\u00ad\u00dfe.")
                                                 << QStringList{QStringLiteral("Stra\u00ad\u00dfe")};
    QTest::newRow("not a word inside a soft-hyphenated one") << R"([{"grapheme":"cat","alias":"x"}])" << "en"
                                                             << QStringLiteral("con\u00adcat cat") << QStringList{"cat"};
    QTest::newRow("places after folded text") << R"([{"grapheme":"nasa","alias":"x"},{"grapheme":"\ufb01le","alias":"y"}])"
                                              << "en" << QStringLiteral("\U0001F600 Gro\u00df\u00dfe FILE, NASA.")
                                              << QStringList{"FILE", "NASA"};
    // SSML: matched in what a reader sees, spans mapped back to the markup.
    QTest::newRow("ssml: a mark from an entity") << R"([{"grapheme":"cafe","alias":"x"}])" << "fr"
                                                 << "<speak>cafe&#x301; x</speak>" << QStringList{};
    QTest::newRow("ssml: an entity in the word") << R"([{"grapheme":"caf\u00e9","alias":"x"}])" << "fr"
                                                 << "<speak>caf&#xE9; x</speak>" << QStringList{"caf&#xE9;"};
    QTest::newRow("ssml: an empty element inside a word") << R"([{"grapheme":"ab","alias":"x"}])" << "en"
                                                          << "<speak>zz<x/>ab x ab</speak>" << QStringList{"ab"};
    QTest::newRow("ssml: a comment inside a word") << R"([{"grapheme":"ab","alias":"x"}])" << "en"
                                                   << "<speak>ab<!-- -->c x</speak>" << QStringList{};
    QTest::newRow("ssml: tag names and attributes are not text") << R"([{"grapheme":"speak","alias":"x"},{"grapheme":"en","alias":"y"}])"
                                                                 << "en" << "<speak xml:lang=\"en\">Speak</speak>"
                                                                 << QStringList{"Speak"};
    QTest::newRow("ssml: sentences separate words") << R"([{"grapheme":"ab","alias":"x"},{"grapheme":"new york","alias":"y"}])"
                                                    << "en" << "<speak><s>ab</s><s>ab</s>new<break/>york</speak>"
                                                    << QStringList{"ab", "ab"};
    QTest::newRow("ssml: across an element") << R"([{"grapheme":"new york","alias":"y"}])" << "en"
                                             << "<speak>new <emphasis>york</emphasis></speak>"
                                             << QStringList{"new <emphasis>york"};
}

void TestPronunciations::match()
{
    QFETCH(QString, entries);
    QFETCH(QString, language);
    QFETCH(QString, text);
    QFETCH(QStringList, matched);
    const Lexicon::Parsed parsed = Lexicon::parse(QJsonDocument::fromJson(entries.toUtf8()).array());
    QVERIFY(parsed.problems.isEmpty());
    QStringList got;
    for (const Pronunciation &p : Lexicon::match(parsed.entries, text, language.split(u' ')))
        got << text.mid(p.start, p.length);
    QCOMPARE(got, matched);
}

// The word-by-word walk finds what the search from every position found, on texts and
// lexicons made of the pieces where folding and whole words are subtle.
void TestPronunciations::matchAsBefore()
{
    const QStringList pieces{"a", "A", "b", "ab", " ", " ", ".", "-", QStringLiteral("\u00e9"), QStringLiteral("e\u0301"),
                             "e", QStringLiteral("\u00df"), "ss", "SS", QStringLiteral("\u00ad"), QStringLiteral("\ufb01"),
                             "fi", QStringLiteral("\U0001D400"), "1", "+", QStringLiteral("\ufdfa")};
    QRandomGenerator random(16);
    auto some = [&](int most) {
        QString out;
        const int n = 1 + int(random.bounded(most));
        for (int i = 0; i < n; ++i)
            out += pieces.at(qsizetype(random.bounded(pieces.size())));
        return out;
    };
    int compared = 0, matched = 0;
    for (int round = 0; round < 800; ++round) {
        QJsonArray array;
        const int n = 1 + int(random.bounded(12));
        for (int i = 0; i < n; ++i) {
            QJsonObject o{{"grapheme", some(4)}, {"alias", QStringLiteral("x%1").arg(i)}};
            if (random.bounded(3) == 0)
                o.insert("case_sensitive", true);
            if (random.bounded(4) == 0)
                o.insert("language_code", random.bounded(2) ? "en" : "de");
            array.append(o);
        }
        const Lexicon::Parsed parsed = Lexicon::parse(array);
        if (!parsed.problems.isEmpty())
            continue; // a grapheme without a letter, a repeated one
        QString text;
        for (int i = 0; i < 12; ++i)
            text += random.bounded(2) ? some(3)
                                      : parsed.entries.at(qsizetype(random.bounded(parsed.entries.size()))).grapheme
                                            + pieces.at(qsizetype(random.bounded(pieces.size())));
        const auto got = Lexicon::match(parsed.entries, text, {"en"});
        QCOMPARE(got, referenceMatch(parsed.entries, text, "en"));
        ++compared;
        matched += int(got.size());
    }
    QVERIFY2(compared > 100 && matched > 100, qPrintable(QStringLiteral("%1 lexicons, %2 matches").arg(compared).arg(matched)));
}

// A lexicon built to be slow: 500 entries "a" x k (k = 1..100, in five languages) and a
// text of one long "aaa..." word. Matching walks each word of the text once and finds
// what a search of every entry from every position finds (which takes seconds per
// request); both times are printed (speed is for benchmarks to judge, not a timed
// assertion: ~1.3 ms against ~180 ms).
void TestPronunciations::matchHeavyLexicon()
{
    QJsonArray array;
    for (int k = 100; k >= 1 && array.size() < Lexicon::kMaxEntries; --k) {
        for (const char *code : {"", "cs", "a", "en", "en-us"}) {
            QJsonObject o{{"grapheme", QString(k, u'a')}, {"alias", "b"}};
            if (QByteArray(code) == "cs")
                o.insert("case_sensitive", true);
            else if (*code)
                o.insert("language_code", code);
            array.append(o);
        }
    }
    const Lexicon::Parsed parsed = Lexicon::parse(array);
    QVERIFY(parsed.problems.isEmpty());
    QCOMPARE(parsed.entries.size(), Lexicon::kMaxEntries);
    for (const QString &text : {QString(8000, u'a'), QString(8000, u'a') + QStringLiteral(" ") + QString(100, u'a'),
                                QStringLiteral("a ").repeated(2000) + QString(4000, u'a')}) {
        QElapsedTimer timer;
        timer.start();
        const auto before = referenceMatch(parsed.entries, text, "en-us");
        const qint64 oldNs = timer.nsecsElapsed();
        timer.restart();
        const auto now = Lexicon::match(parsed.entries, text, {"en-us"});
        const qint64 newNs = timer.nsecsElapsed();
        QCOMPARE(now, before);
        qInfo("%lld characters: %.1f ms before, %.3f ms now", qlonglong(text.size()), oldNs / 1e6, newNs / 1e6);
    }
    // U+FDFA folds to 18 characters (four words): a grapheme of 100 of them against a
    // text of them is one walk per word, not a search per position.
    QJsonArray long_{QJsonObject{{"grapheme", QString(100, QChar(0xfdfa))}, {"alias", "b"}},
                     QJsonObject{{"grapheme", QString(1, QChar(0xfdfa))}, {"alias", "c"}}};
    const auto fdfa = Lexicon::parse(long_);
    QVERIFY(fdfa.problems.isEmpty());
    const QString text = QString(5000, QChar(0xfdfa)) + u' ' + QString(100, QChar(0xfdfa)) + QStringLiteral(" \ufdfa");
    QElapsedTimer timer;
    timer.start();
    const auto before = referenceMatch(fdfa.entries, text, "en");
    const qint64 oldNs = timer.nsecsElapsed();
    timer.restart();
    const auto now = Lexicon::match(fdfa.entries, text, {"en"});
    const qint64 newNs = timer.nsecsElapsed();
    QCOMPARE(now, before);
    QCOMPARE(now.size(), 2);
    qInfo("U+FDFA x %lld: %.1f ms before, %.3f ms now", qlonglong(text.size()), oldNs / 1e6, newNs / 1e6);
}

void TestPronunciations::paramsRoundTrip()
{
    SynthesisParams p;
    p.text = QStringLiteral("Say SQL and GIF.");
    p.pronunciations = {{4, 3, {}, QStringLiteral("sequel")}, {12, 3, QStringLiteral("dʒɪf"), {}}};
    const auto back = SynthesisParams::fromJson(p.toJson());
    QVERIFY(back);
    QCOMPARE(back->pronunciations, p.pronunciations);
    // Spans that do not fit the text are dropped, not trusted.
    QJsonObject json = p.toJson();
    json.insert("text", QStringLiteral("Say SQL."));
    QCOMPARE(SynthesisParams::fromJson(json)->pronunciations.size(), 1);
    // A plan without spans has no key: older stored plans compare equal.
    p.pronunciations.clear();
    QVERIFY(!p.toJson().contains("pronunciations"));
}

void TestPronunciations::handedToBackend_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("entries");
    QTest::addColumn<QString>("spoken");
    QTest::addColumn<QStringList>("phonemes"); // the spans' text in what is spoken
    QTest::newRow("alias, flite") << "af_sarah" << "I use SQL daily." << R"([{"grapheme":"SQL","alias":"sequel"}])"
                                  << "I use sequel daily." << QStringList{};
    QTest::newRow("alias with digits in words") << "af_sarah" << "Meet R2." << R"([{"grapheme":"R2","alias":"R 2 unit"}])"
                                                << "Meet R two unit." << QStringList{};
    QTest::newRow("ipa, flite keeps the letters") << "af_sarah" << "A GIF file." << R"([{"grapheme":"gif","phoneme":"dʒɪf"}])"
                                                  << "A GIF file." << QStringList{"GIF"};
    QTest::newRow("ipa, espeak-ng") << "aria" << "Ein GIF hier." << R"([{"grapheme":"gif","phoneme":"dʒɪf"}])"
                                    << "Ein GIF hier." << QStringList{"GIF"};
    QTest::newRow("numbers still spoken around") << "af_sarah" << "2 SQL tables" << R"([{"grapheme":"SQL","alias":"sequel"}])"
                                                 << "two sequel tables" << QStringList{};
}

void TestPronunciations::handedToBackend()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, text);
    QFETCH(QString, entries);
    QFETCH(QString, spoken);
    QFETCH(QStringList, phonemes);
    QString error;
    const bool german = voiceId == QLatin1String("aria");
    auto params = plan({voiceId, german ? "advanced" : "base", german ? "de" : "a", text}, &error);
    QVERIFY2(params, qPrintable(error));
    params->pronunciations = Lexicon::match(Lexicon::parse(QJsonDocument::fromJson(entries.toUtf8()).array()).entries, text,
                                            {german ? "de" : "en"});
    SynthesisPipeline pipeline;
    const SynthesisPipeline::SpokenPiece piece = pipeline.spokenPiece({0, text}, *params);
    QCOMPARE(piece.text.text, spoken);
    QCOMPARE(qsizetype(piece.text.origin.size()), spoken.size() + 1);
    QStringList got;
    for (const SpeechBackend::PhonemeSpan &s : piece.phonemes)
        got << piece.text.text.mid(s.start, s.length);
    QCOMPARE(got, phonemes);
    // Every spoken character of a replaced span points at the span as written.
    for (const Pronunciation &p : params->pronunciations) {
        if (p.alias.isEmpty())
            continue;
        const qsizetype at = spoken.indexOf(p.alias.split(u' ').first());
        QCOMPARE(piece.text.sourceIndex(at), p.start);
    }
}

double TestPronunciations::durationOf(const SynthesisParams &params)
{
    const Outcome o = run(*m_pool, job(params, {}, AudioFormat::Wav, true), 120000, true);
    if (!o.finished)
        return -1;
    // Voiced length: leading and trailing quiet trimmed.
    qsizetype first = 0, last = qsizetype(o.audio.size()) - 1;
    while (first < last && std::abs(o.audio[size_t(first)]) < 0.01f)
        ++first;
    while (last > first && std::abs(o.audio[size_t(last)]) < 0.01f)
        --last;
    return seconds(last - first);
}

void TestPronunciations::phonemesChangeTheAudio_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");
    QTest::newRow("espeak-ng de") << "aria" << "advanced" << "de";
    QTest::newRow("espeak-ng es") << "aria" << "advanced" << "es";
    QTest::newRow("flite") << "am_michael" << "base" << "a";
}

// "cat" said as a long word: the audio is much longer than with the letters' own sound,
// and about as long as that word written out.
void TestPronunciations::phonemesChangeTheAudio()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    QString error;
    const QString text = QStringLiteral("The cat.");
    auto plain = plan({voiceId, model, language, text}, &error);
    QVERIFY2(plain, qPrintable(error));
    QCOMPARE(plain->backend, language == QLatin1String("a") ? SpeechBackendKind::Flite : SpeechBackendKind::Espeak);
    SynthesisParams ipa = *plain;
    ipa.pronunciations = {{4, 3, QStringLiteral("ˌhɪpəpəˈtɒməs ænd ˌɛlɪˈfæntəs"), {}}};
    const double before = durationOf(*plain), after = durationOf(ipa);
    qInfo("%s: %.2f s -> %.2f s", qPrintable(voiceId), before, after);
    QVERIFY(before > 0 && after > 0);
    QVERIFY2(after > before + 0.8, "the phonemes are said instead of the word");
}

void TestPronunciations::wordTimingsOnTheGrapheme_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("ipa");
    QTest::addColumn<QString>("alias");
    QTest::addColumn<QString>("language");
    QTest::newRow("flite alias") << "am_michael" << "base" << QString() << "world wide web consortium" << "a";
    QTest::newRow("flite ipa") << "am_michael" << "base" << "ˈdʌbəljuː ˈdʌbəljuː si" << QString() << "a";
    QTest::newRow("espeak-ng alias") << "aria" << "advanced" << QString() << "world wide web consortium" << "de";
    QTest::newRow("espeak-ng ipa") << "aria" << "advanced" << "ˈdʌbəljuː ˈdʌbəljuː si" << QString() << "de";
}

// The captions' words are the words as written: "W3C" is one word, spoken as several.
void TestPronunciations::wordTimingsOnTheGrapheme()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, ipa);
    QFETCH(QString, alias);
    QFETCH(QString, language);
    const QString text = QStringLiteral("Ask the W3C about it, then the W3C again.");
    QString error;
    auto params = plan({voiceId, model, language, text}, &error);
    QVERIFY2(params, qPrintable(error));
    const qsizetype second = text.lastIndexOf(QStringLiteral("W3C"));
    params->pronunciations = {{8, 3, ipa, alias}, {second, 3, ipa, alias}};
    QCOMPARE(text.mid(8, 3), QStringLiteral("W3C"));
    const Outcome o = runWithWords(*m_pool, *params);
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    QStringList got, expected;
    for (const WordTimings::Span &s : WordTimings::split(text))
        expected << text.mid(s.start, s.end - s.start);
    qint64 lastStart = -1;
    for (const WordTiming &w : o.words) {
        got << text.mid(w.charStart, w.charEnd - w.charStart);
        QVERIFY2(w.startSample >= lastStart && w.startSample < o.streamedSamples, "starts in order, inside the audio");
        lastStart = w.startSample;
    }
    QCOMPARE(got, expected);
    // The replaced word lasts as long as the words said for it: longer than "Ask".
    const WordTiming w3c = o.words.at(2), ask = o.words.at(0);
    QVERIFY2(w3c.endSample - w3c.startSample > ask.endSample - ask.startSample,
             qPrintable(QStringLiteral("W3C %1 samples, Ask %2").arg(w3c.endSample - w3c.startSample).arg(ask.endSample - ask.startSample)));
}

void TestPronunciations::heardOnFlite_data()
{
    QTest::addColumn<QString>("ipa");
    QTest::addColumn<QString>("alias");
    QTest::newRow("alias") << QString() << "seven hundred";
    QTest::newRow("ipa") << "ˈsɛvən ˈhʌndɹəd" << QString();
}

// pocketsphinx hears the alias (or the IPA's words) where the text has letters it would
// otherwise hear spelled out.
void TestPronunciations::heardOnFlite()
{
    QFETCH(QString, ipa);
    QFETCH(QString, alias);
    const QString text = QStringLiteral("The code is QXZ.");
    QString error;
    auto params = plan({"am_michael", "base", "a", text}, &error);
    QVERIFY2(params, qPrintable(error));
    params->pronunciations = {{12, 3, ipa, alias}};
    const QString wav = m_dir.filePath(QString::fromLatin1(QTest::currentDataTag()) + ".wav");
    const QString wav16 = QString(wav).replace(".wav", "-16k.wav");
    const Outcome o = run(*m_pool, job(*params, wav, AudioFormat::Wav, false), 120000, false);
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    QByteArray out, err;
    QVERIFY2(runProgram(m_sox, {wav, "-r", "16000", "-c", "1", "-b", "16", wav16, "pad", "0.5", "0.5"}, &out, &err) == 0,
             qPrintable("sox failed: " + QString::fromLocal8Bit(err)));
    QVERIFY2(runProgram(m_recognizer, {"-infile", wav16, "-logfn", "/dev/null"}, &out, &err, 180000) == 0,
             qPrintable("pocketsphinx_continuous failed: " + QString::fromLocal8Bit(err)));
    const QStringList hypothesis = words(QString::fromUtf8(out));
    qInfo("%s -> heard: %s", qPrintable(QTest::currentDataTag()), qPrintable(hypothesis.join(u' ')));
    QVERIFY2(hypothesis.contains(QStringLiteral("seven")) || hypothesis.contains(QStringLiteral("hundred")),
             qPrintable(QStringLiteral("neither 'seven' nor 'hundred' heard in: %1").arg(hypothesis.join(u' '))));
}

QTEST_GUILESS_MAIN(TestPronunciations)
#include "tst_pronunciations.moc"
