// The German studio shows no English: every page of the real window is walked twice,
// once in English and once with the German translation (the one the build compiles)
// and a German locale; a text that reads the same in both is an untranslated string,
// unless every word of it is the same in both languages (Credits, Pause, WAV, a voice's
// name, an account's name, the text that was spoken). Buttons, labels, group titles,
// placeholders, tooltips, combo items, table headers and cells, list items, menus.
// An audio output's name is the system's, not the studio's text: it is left out (the
// test runs against a PulseAudio null sink, "Null Output").
#include "accountspage.h"
#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "mainwindow.h"
#include "projectpage.h"
#include "uitestenv.h"
#include "languages.h"
#include "voicecatalog.h"
#include "voicespage.h"

#include <QAbstractButton>
#include <QAudioDevice>
#include <QMediaDevices>
#include <QAbstractSpinBox>
#include <QScrollBar>
#include <QTableView>
#include <QAbstractItemView>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLibraryInfo>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QTextDocument>
#include <QTranslator>
#include <QtTest>

namespace
{
const QString kSpoken = QStringLiteral("Guten Tag. Hello from the studio.");

using Texts = QMap<QString, QString>; // where -> what it says

QString plain(const QString &text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

void add(Texts &out, const QString &where, const QString &text)
{
    const QString t = plain(text).trimmed();
    if (!t.isEmpty())
        out.insert(where, t);
}

// A name for each widget that is the same in both windows: its class, object name and
// place among its parent's children.
QString pathOf(const QObject *o, const QObject *root)
{
    QStringList parts;
    for (; o && o != root; o = o->parent()) {
        const QObject *p = o->parent();
        const int index = p ? int(p->children().indexOf(const_cast<QObject *>(o))) : 0;
        parts.prepend(QStringLiteral("%1:%2#%3").arg(QString::fromLatin1(o->metaObject()->className()), o->objectName()).arg(index));
    }
    return parts.join(u'/');
}

void collectModel(Texts &out, const QString &where, const QAbstractItemModel *model, int maxRows)
{
    if (!model)
        return;
    for (int c = 0; c < model->columnCount(); ++c)
        add(out, QStringLiteral("%1/header%2").arg(where).arg(c), model->headerData(c, Qt::Horizontal).toString());
    for (int r = 0; r < qMin(maxRows, model->rowCount()); ++r)
        for (int c = 0; c < model->columnCount(); ++c) {
            const QModelIndex i = model->index(r, c);
            add(out, QStringLiteral("%1/%2,%3").arg(where).arg(r).arg(c), i.data().toString());
            add(out, QStringLiteral("%1/%2,%3/tip").arg(where).arg(r).arg(c), i.data(Qt::ToolTipRole).toString());
        }
}

void collectMenu(Texts &out, const QString &where, const QMenu *menu)
{
    for (const QAction *a : menu->actions()) {
        add(out, where + QStringLiteral("/") + a->text(), a->text());
        if (a->menu())
            collectMenu(out, where + QStringLiteral("/") + a->text(), a->menu());
    }
}

Texts collect(QWidget *root)
{
    Texts out;
    add(out, QStringLiteral("title"), root->windowTitle());
    for (QWidget *w : root->findChildren<QWidget *>()) {
        const QString where = pathOf(w, root);
        add(out, where + QStringLiteral("/tip"), w->toolTip());
        if (auto *b = qobject_cast<QAbstractButton *>(w))
            add(out, where, b->text());
        else if (auto *l = qobject_cast<QLabel *>(w))
            add(out, where, l->text());
        else if (auto *g = qobject_cast<QGroupBox *>(w))
            add(out, where, g->title());
        else if (auto *e = qobject_cast<QLineEdit *>(w))
            add(out, where + QStringLiteral("/placeholder"), e->placeholderText());
        else if (auto *p = qobject_cast<QPlainTextEdit *>(w))
            add(out, where + QStringLiteral("/placeholder"), p->placeholderText());
        else if (auto *c = qobject_cast<QComboBox *>(w))
            for (int i = 0; i < c->count(); ++i) {
                add(out, QStringLiteral("%1/item%2").arg(where).arg(i), c->itemText(i));
                add(out, QStringLiteral("%1/item%2/tip").arg(where).arg(i), c->itemData(i, Qt::ToolTipRole).toString());
            }
        else if (auto *v = qobject_cast<QAbstractItemView *>(w))
            collectModel(out, where, v->model(), 5);
        else if (auto *m = qobject_cast<QMenuBar *>(w))
            for (const QAction *a : m->actions()) {
                add(out, where + QStringLiteral("/") + a->text(), a->text());
                if (a->menu())
                    collectMenu(out, where + QStringLiteral("/") + a->text(), a->menu());
            }
    }
    return out;
}
}

class TestGerman : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void noEnglishOnAnyPage();
    // German labels are the longest: at the smallest window and at 800×600 nothing hides
    // behind the toolbar's »» or needs horizontal scrolling, and names get the room.
    void smallWindowsFit();
    // Alt and a menu's letter opens that menu from the Generate page, in English and in
    // German: no label of the page takes the menu's letter (English "&Format:" took Alt+F
    // from File, "&Exaggeration:" Alt+E from Edit).
    void altOpensEachMenu();

private:
    void walk(UiTestEnv &env, Texts &all);
    // The Projects page with a project open (its chapter list, blocks and settings).
    void openProject(MainWindow &window);
    QSet<QString> m_sameWords; // words that are the same in German
};

void TestGerman::initTestCase()
{
    isolateSettings();
    // Words German shares with English (docs/translations.md: Credits, Token, API...),
    // technical names and units.
    for (const char *w : {"Credits", "Credit", "Pause", "Status", "Name", "API", "WAV", "MP3", "URL", "JSON", "TTS", "Studio",
                          "ID", "x", "api", "key", "OK", "Pro", "s", "ms", "http", "Token", "v3", "CFG", "Tokens", "Format", "MP",
                          "Premium", "Text", "UTC", "T", "Z"})
        m_sameWords.insert(QString::fromLatin1(w));
}

// One window on the env's data dir, every page shown and loaded, its texts.
void TestGerman::walk(UiTestEnv &env, Texts &all)
{
    MainWindow window(env.context());
    window.resize(1100, 760);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const MainWindow::Page pages[] = {MainWindow::Generate, MainWindow::History, MainWindow::Voices, MainWindow::Pronunciations, MainWindow::Keys,
                                      MainWindow::Accounts, MainWindow::Projects};
    QTRY_VERIFY_WITH_TIMEOUT(window.generatePage()->voiceBox()->count() > 0, 20000);
    openProject(window);
    for (MainWindow::Page page : pages) {
        window.showPage(page);
        if (page == MainWindow::History) {
            QTRY_VERIFY_WITH_TIMEOUT(window.historyPage()->model()->rowCount() > 0, 20000);
            window.historyPage()->selectGeneration(window.historyPage()->model()->index(0, 0).data(HistoryModel::IdRole).toString());
        }
        QTest::qWait(300); // store reads land
        const Texts texts = collect(&window);
        for (auto it = texts.begin(); it != texts.end(); ++it)
            all.insert(it.key(), it.value());
    }
}

void TestGerman::openProject(MainWindow &window)
{
    static QTemporaryDir dir;
    static int n = 0;
    const QString md = dir.filePath(QStringLiteral("studio.md"));
    QFile f(md);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QStringLiteral("# Studio\n\n%1\n").arg(kSpoken).toUtf8());
    f.close();
    window.projectPage()->importDocument(md, dir.filePath(QStringLiteral("studio-%1.ttsproject").arg(++n)));
    QTRY_VERIFY_WITH_TIMEOUT(window.projectPage()->isOpen(), 20000);
}

void TestGerman::noEnglishOnAnyPage()
{
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    const qint64 account = env.createAccount(QStringLiteral("maria"));
    env.context().setAccountId(account);
    for (const Voice &v : env.engine().services().catalog().systemVoices()) {
        m_sameWords.insert(v.name);
        for (const QString &part : v.id.split(u'_'))
            m_sameWords.insert(part);
    }
    m_sameWords.insert(QStringLiteral("maria"));
    // Languages are named in their own language (as language menus do): "English" there.
    for (const QString &model : {QStringLiteral("base"), QStringLiteral("advanced")})
        for (const QString &code : Languages::codes(model)) {
            const QLocale spoken(Languages::find(model, code)->locale);
            for (const QString &name : {spoken.nativeLanguageName(), spoken.nativeTerritoryName()})
                for (const QString &w : name.split(QRegularExpression(QStringLiteral("\\W+")), Qt::SkipEmptyParts))
                    m_sameWords.insert(w);
        }
    for (const QString &w : kSpoken.split(QRegularExpression(QStringLiteral("\\W+")), Qt::SkipEmptyParts))
        m_sameWords.insert(w);
    // Something in History and in the ledger: one generation, spoken through the page.
    {
        GeneratePage page(env.context());
        QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
        page.editor()->setPlainText(kSpoken);
        page.speak();
        QTRY_COMPARE_WITH_TIMEOUT(page.lastStatus(), GenerationStatus::Completed, 30000);
    }

    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    Texts english;
    walk(env, english);
    QVERIFY(!QTest::currentTestFailed());
    QVERIFY(english.size() > 100);

    QTranslator mine, qt;
    QVERIFY(mine.load(QStringLiteral(TTS_QM_DIR "/tts-studio_de.qm")));
    QCoreApplication::installTranslator(&mine);
    if (qt.load(QStringLiteral("qtbase_de"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&qt);
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    Texts german;
    walk(env, german);
    QCoreApplication::removeTranslator(&mine);
    QCoreApplication::removeTranslator(&qt);
    QLocale::setDefault(QLocale::c());
    QVERIFY(german.size() > 100);

    QSet<QString> devices;
    for (const QAudioDevice &d : QMediaDevices::audioOutputs())
        devices.insert(d.description());
    QVERIFY2(!devices.isEmpty(), "no audio output: run under tests/playback/with-pulse.sh, as ctest does");
    int deviceNames = 0;
    static const QRegularExpression words(QStringLiteral("[^\\W\\d_]+"));
    QStringList english_left;
    int compared = 0;
    for (auto it = german.begin(); it != german.end(); ++it) {
        if (!english.contains(it.key()))
            continue;
        ++compared;
        if (devices.contains(it.value())) {
            ++deviceNames;
            continue;
        }
        // Links and ids (a generation's, in hex) are the same everywhere.
        static const QRegularExpression hexId(QStringLiteral("^[0-9a-f]{8}(-[0-9a-f-]+)?$"));
        if (english.value(it.key()) != it.value() || it.value().contains(QStringLiteral("://")) || hexId.match(it.value()).hasMatch())
            continue;
        static const QRegularExpression uuid(QStringLiteral("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"));
        const QString text = QString(it.value()).remove(uuid);
        bool same = true;
        for (auto m = words.globalMatch(text); m.hasNext() && same;)
            same = m_sameWords.contains(m.next().captured());
        if (!same)
            english_left << QStringLiteral("%1\n      at %2").arg(it.value(), it.key());
    }
    qInfo("%d texts compared, %d audio output names left out, %d in English in the German window", compared, deviceNames,
          int(english_left.size()));
    QVERIFY2(deviceNames > 0, "the player's output list shows the system's devices");
    for (const QString &left : std::as_const(english_left))
        qWarning("untranslated: %s", qPrintable(left));
    QVERIFY2(english_left.isEmpty(), "texts of the German window read as in English (listed above)");
}

void TestGerman::smallWindowsFit()
{
    QTranslator mine;
    QVERIFY(mine.load(QStringLiteral(TTS_QM_DIR "/tts-studio_de.qm")));
    QCoreApplication::installTranslator(&mine);
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    UiTestEnv env;
    env.context().setAccountId(env.createAccount(QStringLiteral("maria")));
    {
        MainWindow window(env.context());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(window.generatePage()->voiceBox()->count() > 0, 20000);
        openProject(window);
        const QList<QSize> sizes{window.minimumSizeHint(), QSize(800, 600), QSize(1920, 1080)};
        for (const QSize &size : sizes) {
            window.resize(size);
            // The window can be that small: nothing is cut off at its right edge. The
            // message names the widest page, which is the one to mend.
            QString widest;
            int widestWidth = 0;
            for (QWidget *page : window.findChildren<QWidget *>()) {
                if (page->parentWidget() && page->parentWidget()->inherits("QStackedWidget")
                    && page->minimumSizeHint().width() > widestWidth) {
                    widestWidth = page->minimumSizeHint().width();
                    widest = QString::fromLatin1(page->metaObject()->className());
                }
            }
            QVERIFY2(window.size() == size || size == window.minimumSizeHint(),
                     qPrintable(QStringLiteral("asked for %1×%2, the window is %3×%4 (its minimum %5×%6; widest page %7, %8 px)")
                                    .arg(size.width()).arg(size.height()).arg(window.width()).arg(window.height())
                                    .arg(window.minimumSizeHint().width()).arg(window.minimumSizeHint().height())
                                    .arg(widest).arg(widestWidth)));
            for (MainWindow::Page page : {MainWindow::Generate, MainWindow::History, MainWindow::Voices, MainWindow::Pronunciations, MainWindow::Keys,
                                          MainWindow::Accounts, MainWindow::Projects}) {
                window.showPage(page);
                QTest::qWait(50);
                const QString where = QStringLiteral("%1×%2, page %3").arg(window.width()).arg(window.height()).arg(int(page));
                auto *more = window.findChild<QWidget *>(QStringLiteral("qt_toolbar_ext_button"));
                QVERIFY2(!more || !more->isVisible(), qPrintable(QStringLiteral("toolbar overflows at ") + where));
                if (size.width() >= 800)
                    for (auto *view : window.findChildren<QAbstractItemView *>())
                        if (view->isVisible() && !view->objectName().isEmpty())
                            QVERIFY2(!view->horizontalScrollBar()->isVisible(),
                                     qPrintable(view->objectName() + QStringLiteral(" scrolls sideways at ") + where));
            }
            // The Projects page fits the window it is in (nothing cut off at the right).
            if (size.width() >= 800)
                QVERIFY2(window.projectPage()->minimumSizeHint().width() <= window.projectPage()->width(),
                         qPrintable(QStringLiteral("Projects page needs %1 px, has %2")
                                        .arg(window.projectPage()->minimumSizeHint().width())
                                        .arg(window.projectPage()->width())));
            // Names, not ids, get the room; spin boxes keep their size.
            auto *voices = window.findChild<QTableView *>(QStringLiteral("voicesTable"));
            QVERIFY(voices->columnWidth(VoicesPage::ColName) >= voices->fontMetrics().horizontalAdvance(QStringLiteral("Michael")));
            for (auto *spin : window.generatePage()->findChildren<QAbstractSpinBox *>())
                QVERIFY2(spin->width() < 200, qPrintable(QString::number(spin->width())));
        }
    }
    QCoreApplication::removeTranslator(&mine);
    QLocale::setDefault(QLocale::c());
}

void TestGerman::altOpensEachMenu()
{
    UiTestEnv env;
    env.context().setAccountId(env.createAccount(QStringLiteral("maria")));
    for (const bool german : {false, true}) {
        QTranslator mine;
        if (german) {
            QVERIFY(mine.load(QStringLiteral(TTS_QM_DIR "/tts-studio_de.qm")));
            QCoreApplication::installTranslator(&mine);
        }
        {
            MainWindow window(env.context());
            window.show();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            QTRY_VERIFY_WITH_TIMEOUT(window.generatePage()->voiceBox()->count() > 0, 20000);
            window.generatePage()->editor()->setFocus();
            const QList<QAction *> menus = window.menuBar()->actions();
            QVERIFY(menus.size() >= 3);
            for (QAction *menu : menus) {
                const qsizetype amp = menu->text().indexOf(u'&');
                QVERIFY2(amp >= 0, qPrintable(menu->text()));
                const QChar letter = menu->text().at(amp + 1).toUpper();
                QTest::keyClick(window.generatePage()->editor(), Qt::Key(letter.unicode()), Qt::AltModifier);
                QTRY_VERIFY2(QApplication::activePopupWidget() == menu->menu(),
                             qPrintable(QStringLiteral("Alt+%1 did not open %2").arg(letter).arg(menu->text())));
                QApplication::activePopupWidget()->close();
                QTRY_VERIFY(!QApplication::activePopupWidget());
            }
        }
        if (german)
            QCoreApplication::removeTranslator(&mine);
    }
}

QTEST_MAIN(TestGerman)
#include "tst_ui_german.moc"
