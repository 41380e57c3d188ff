// The Pronunciations page: entries added, edited and deleted through the widgets are the
// account's lexicon in the store (what every generation uses); an invalid entry changes
// nothing and says why; a W3C PLS file exported by the page imports again; ▶ says the
// word in a sentence with the chosen voice, and the lexicon is applied to it (the alias
// makes the audio longer).

#include "lexiconservice.h"
#include "plsfile.h"
#include "pronunciationspage.h"
#include "uitestenv.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

class TestPronunciationsPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void addEditDelete();
    void invalidChangesNothing();
    void plsRoundTrip();
    void plsImportReplacesEquivalentSpelling();
    void plsRead_data();
    void plsRead();
    void plsGraphemeWithSpacesRefused_data();
    void plsGraphemeWithSpacesRefused();
    void listenSaysTheEntry();
    void cleanupTestCase();

private:
    QList<LexiconEntry> stored();
    void edit(PronunciationsPage &page, const QString &grapheme, const QString &alias, const QString &phoneme = {});
    bool waitSaved(PronunciationsPage &page, const std::function<void()> &action);
    qint64 listen(PronunciationsPage &page, int row);

    std::unique_ptr<UiTestEnv> m_env;
    qint64 m_account = 0;
    QTemporaryDir m_dir;
};

void TestPronunciationsPage::initTestCase()
{
    isolateSettings();
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
    m_account = m_env->createAccount(QStringLiteral("alice"));
    QVERIFY(m_account);
    m_env->context().setAccountId(m_account);
}

void TestPronunciationsPage::cleanupTestCase()
{
    m_env.reset();
}

QList<LexiconEntry> TestPronunciationsPage::stored()
{
    const auto r = m_env->engine().services().lexicons().entries(m_account);
    return r ? *r : QList<LexiconEntry>{};
}

void TestPronunciationsPage::edit(PronunciationsPage &page, const QString &grapheme, const QString &alias, const QString &phoneme)
{
    page.graphemeEdit()->setText(grapheme);
    page.aliasEdit()->setText(alias);
    page.phonemeEdit()->setText(phoneme);
    page.languageEdit()->clear();
    page.caseBox()->setChecked(false);
}

bool TestPronunciationsPage::waitSaved(PronunciationsPage &page, const std::function<void()> &action)
{
    QSignalSpy saved(&page, &PronunciationsPage::saved);
    action();
    return (saved.count() > 0 || saved.wait(10000)) && saved.first().first().toBool();
}

void TestPronunciationsPage::addEditDelete()
{
    PronunciationsPage page(m_env->context());
    QSignalSpy loaded(&page, &PronunciationsPage::loaded);
    page.show();
    QVERIFY(loaded.count() > 0 || loaded.wait(10000));
    QCOMPARE(page.table()->rowCount(), 0);

    edit(page, "SQL", "sequel");
    QVERIFY(waitSaved(page, [&] { page.addEntry(); }));
    edit(page, "GIF", {}, "dʒɪf");
    page.caseBox()->setChecked(true);
    QVERIFY(waitSaved(page, [&] { page.addEntry(); }));
    QCOMPARE(page.table()->rowCount(), 2);
    QCOMPARE(stored().size(), 2);
    QCOMPARE(stored().at(1).phoneme, QStringLiteral("dʒɪf"));
    QVERIFY(stored().at(1).caseSensitive);

    page.table()->selectRow(0);
    QCOMPARE(page.graphemeEdit()->text(), QStringLiteral("SQL"));
    page.aliasEdit()->setText("ess queue ell");
    QVERIFY(waitSaved(page, [&] { page.saveSelected(); }));
    QCOMPARE(stored().at(0).alias, QStringLiteral("ess queue ell"));
    QCOMPARE(page.table()->item(0, PronunciationsPage::Alias)->text(), QStringLiteral("ess queue ell"));

    page.table()->selectRow(1);
    QVERIFY(waitSaved(page, [&] { page.deleteSelected(); }));
    QCOMPARE(stored().size(), 1);
    QCOMPARE(page.table()->rowCount(), 1);
}

void TestPronunciationsPage::invalidChangesNothing()
{
    PronunciationsPage page(m_env->context());
    QSignalSpy loaded(&page, &PronunciationsPage::loaded);
    page.show();
    QVERIFY(loaded.count() > 0 || loaded.wait(10000));
    const QList<LexiconEntry> before = stored();
    edit(page, "bad", {}, "h€lo");
    QVERIFY(!waitSaved(page, [&] { page.addEntry(); }));
    QVERIFY2(page.statusLabel()->text().contains("entries[") && page.statusLabel()->text().contains("phoneme"),
             qPrintable(page.statusLabel()->text()));
    QCOMPARE(stored(), before);
    QCOMPARE(page.table()->rowCount(), before.size());
}

void TestPronunciationsPage::plsRoundTrip()
{
    PronunciationsPage page(m_env->context());
    QSignalSpy loaded(&page, &PronunciationsPage::loaded);
    page.show();
    QVERIFY(loaded.count() > 0 || loaded.wait(10000));
    const QList<LexiconEntry> before = stored();
    const QString file = m_dir.filePath("lexicon.pls");
    QSignalSpy exported(&page, &PronunciationsPage::exported);
    QVERIFY(page.exportPls(file));
    QVERIFY(exported.wait(10000));
    QCOMPARE(exported.first().first().toBool(), true);
    QCOMPARE(m_env->engine().services().lexicons().clear(m_account).ok(), true);
    page.reload();
    QTRY_COMPARE(page.table()->rowCount(), 0);
    QVERIFY(waitSaved(page, [&] { QVERIFY(page.importPls(file)); }));
    QCOMPARE(stored().size(), before.size());
    for (qsizetype i = 0; i < before.size(); ++i) {
        QCOMPARE(stored().at(i).grapheme, before.at(i).grapheme);
        QCOMPARE(stored().at(i).alias, before.at(i).alias);
        QCOMPARE(stored().at(i).phoneme, before.at(i).phoneme);
        // An entry of every language stays one (the file says xml:lang="und").
        QCOMPARE(stored().at(i).languageCode, before.at(i).languageCode);
    }
}

// A PLS file's entry replaces the lexicon's entry of the same word written in another
// Unicode form (NFD "cafe" + U+0301 for NFC "Café"): one entry, the file's, not two
// entries the lexicon counts as repeats.
void TestPronunciationsPage::plsImportReplacesEquivalentSpelling()
{
    PronunciationsPage page(m_env->context());
    QSignalSpy loaded(&page, &PronunciationsPage::loaded);
    page.show();
    QVERIFY(loaded.count() > 0 || loaded.wait(10000));
    QVERIFY(m_env->engine().services().lexicons().clear(m_account).ok());
    page.reload();
    QTRY_COMPARE(page.table()->rowCount(), 0);
    edit(page, QStringLiteral("Caf\u00e9"), "kaffee");
    QVERIFY(waitSaved(page, [&] { page.addEntry(); }));
    QCOMPARE(stored().size(), 1);

    LexiconEntry decomposed;
    decomposed.grapheme = QStringLiteral("cafe\u0301");
    decomposed.alias = QStringLiteral("coffee house");
    const QString file = m_dir.filePath("nfd.pls");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(PlsFile::write({decomposed}));
    f.close();
    QVERIFY(waitSaved(page, [&] { QVERIFY(page.importPls(file)); }));
    QCOMPARE(stored().size(), 1);
    QCOMPARE(stored().first().grapheme, decomposed.grapheme);
    QCOMPARE(stored().first().alias, decomposed.alias);
    QTRY_COMPARE(page.table()->rowCount(), 1);
}

void TestPronunciationsPage::plsRead_data()
{
    QTest::addColumn<QByteArray>("xml");
    QTest::addColumn<QStringList>("entries"); // grapheme=alias|phoneme@language
    QTest::addColumn<int>("skipped");
    QTest::newRow("W3C example") << QByteArray(R"(<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>tomato</grapheme><phoneme>təˈmeɪtoʊ</phoneme></lexeme>
  <lexeme><grapheme>W3C</grapheme><grapheme>w3c</grapheme><alias>World Wide Web Consortium</alias></lexeme>
  <lexeme><grapheme>Xyz</grapheme><phoneme alphabet="x-sampa">"ks</phoneme></lexeme>
</lexicon>)") << QStringList{"tomato=|təˈmeɪtoʊ@en", "W3C=World Wide Web Consortium|@en", "w3c=World Wide Web Consortium|@en"} << 1;
    QTest::newRow("und is every language") << QByteArray(R"(<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="und">
  <lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme>
</lexicon>)") << QStringList{"SQL=sequel|@"} << 0;
}

void TestPronunciationsPage::plsRead()
{
    QFETCH(QByteArray, xml);
    QFETCH(QStringList, entries);
    QFETCH(int, skipped);
    const PlsFile::Read read = PlsFile::read(xml);
    QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
    QStringList got;
    for (const LexiconEntry &e : read.entries)
        got << e.grapheme + u'=' + e.alias + u'|' + e.phoneme + u'@' + e.languageCode;
    QCOMPARE(got, entries);
    QCOMPARE(read.skipped, skipped);
    QVERIFY(!PlsFile::read("<lexicon><lexeme>").error.isEmpty());
}

void TestPronunciationsPage::plsGraphemeWithSpacesRefused_data()
{
    QTest::addColumn<QString>("grapheme");
    QTest::newRow("leading space") << " SQL";
    QTest::newRow("trailing space") << "SQL ";
    QTest::newRow("line breaks around") << "\n    SQL\n  ";
}

// A grapheme is kept as written, as PUT /v3/lexicon keeps it: one with whitespace around
// it is refused, naming its line, rather than trimmed into another word.
void TestPronunciationsPage::plsGraphemeWithSpacesRefused()
{
    QFETCH(QString, grapheme);
    const QString xml = QStringLiteral("<?xml version=\"1.0\"?>\n<lexicon version=\"1.0\" xmlns=\"http://www.w3.org/2005/01/"
                                       "pronunciation-lexicon\" alphabet=\"ipa\" xml:lang=\"en\">\n"
                                       "  <lexeme><grapheme>%1</grapheme><alias>sequel</alias></lexeme>\n</lexicon>")
                            .arg(grapheme);
    const PlsFile::Read read = PlsFile::read(xml.toUtf8());
    QVERIFY2(read.error.contains(QStringLiteral("line 3")) && read.error.contains(QStringLiteral("whitespace")),
             qPrintable(read.error));
    QVERIFY(read.entries.isEmpty());
}

qint64 TestPronunciationsPage::listen(PronunciationsPage &page, int row)
{
    page.table()->selectRow(row);
    QSignalSpy listened(&page, &PronunciationsPage::listened);
    page.listenSelected();
    if (!listened.wait(60000))
        return -1;
    return listened.first().first().toString() == PronunciationsPage::tr("Done.") ? page.listenedSamples() : -1;
}

// ▶ says "This is how QXZ sounds." with the voice chosen; with a long alias stored for
// QXZ the audio is much longer than for a word without an entry.
void TestPronunciationsPage::listenSaysTheEntry()
{
    PronunciationsPage page(m_env->context());
    QSignalSpy loaded(&page, &PronunciationsPage::loaded);
    page.show();
    QVERIFY(loaded.count() > 0 || loaded.wait(10000));
    edit(page, "QXZ", "the quick brown fox jumps over the lazy dog");
    QVERIFY(waitSaved(page, [&] { page.addEntry(); }));
    edit(page, "QXY", "q x y");
    QVERIFY(waitSaved(page, [&] { page.addEntry(); }));
    page.voiceBox()->setCurrentIndex(page.voiceBox()->findData(QStringLiteral("am_michael")));
    QVERIFY(page.voiceBox()->currentIndex() >= 0);
    const int rows = page.table()->rowCount();
    const qint64 longer = listen(page, rows - 2), shorter = listen(page, rows - 1);
    qInfo("QXZ (long alias) %lld samples, QXY %lld", longer, shorter);
    QVERIFY(longer > 0 && shorter > 0);
    QVERIFY(longer > shorter + 24000);
}

QTEST_MAIN(TestPronunciationsPage)
#include "tst_ui_pronunciations.moc"
