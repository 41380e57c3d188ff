// The History page as a daily tool: a text column, search over text and
// voice (in the store, beyond the loaded page), delete with the audio file (the audio
// link and GET /v3/tts then 404, in this process and in another one on the same data
// dir; the ledger keeps its rows), "Open in Generate" filling text and settings, save as
// MP3 from a WAV generation (and WAV from MP3) that decodes with the right duration, a
// file name from the text, a detail line in words, previews left out by default, and
// captions (SubRip, WebVTT) saved for a generation made with word timings.
// An in-process API server (the product's route table) serves the links.

#include "apiroutes.h"
#include "apiserver.h"
#include "audiodecoder.h"
#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "mainwindow.h"
#include "servercontrol.h"
#include "studioprocess.h"
#include "uitestenv.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
// The window's view of the embedded server, as app/servercontroller.cpp gives it.
class TestServerControl : public ServerControl
{
public:
    explicit TestServerControl(ApiServer &server) : m_server(server) {}
    bool isRunning() const override { return m_server.isListening(); }
    QString baseUrl() const override { return m_server.baseUrl(); }
    QHostAddress host() const override { return m_server.address(); }
    quint16 port() const override { return m_server.port(); }
    QString lastError() const override { return {}; }
    bool start(const QHostAddress &host, quint16 port) override { return m_server.listen(host, port); }
    void stop() override { m_server.close(); }

private:
    ApiServer &m_server;
};

struct Settings
{
    QString model = QStringLiteral("base");
    QString voice = QStringLiteral("af_sarah");
    QString language;
    double speed = 1.0;
    double cfg = 2.5;
    double exaggeration = 0.5;
    QString format = QStringLiteral("wav");
    QString apiVersion = QStringLiteral("studio");
    bool preview = false;
    bool timestamps = false;
};

QStringList columnTexts(HistoryModel *model, int column)
{
    QStringList out;
    for (int r = 0; r < model->rowCount(); ++r)
        out << model->index(r, column).data().toString();
    return out;
}

QPushButton *buttonIn(QWidget *parent, const QString &text)
{
    for (QPushButton *b : parent->findChildren<QPushButton *>())
        if (b->text() == text)
            return b;
    return nullptr;
}

// The field a form label names (its buddy), as a user finds it.
template <typename T>
T *fieldFor(QWidget *page, const QString &labelText)
{
    for (QLabel *label : page->findChildren<QLabel *>())
        if (label->text() == labelText)
            return qobject_cast<T *>(label->buddy());
    return nullptr;
}

// Types a file's name into a (Qt, not native) file dialog open in the file's folder and
// clicks Save, as a user does.
void typeFileName(QFileDialog *dialog, const QString &path)
{
    QCOMPARE(dialog->directory().absolutePath(), QFileInfo(path).absolutePath());
    // The folder is listed in the background; typed names are matched against it.
    QTest::qWait(500);
    auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
    QVERIFY(edit);
    edit->clear();
    QTest::keyClicks(edit, QFileInfo(path).fileName());
    auto *buttons = dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"));
    QVERIFY(buttons && buttons->button(QDialogButtonBox::Save));
    QTRY_VERIFY2(buttons->button(QDialogButtonBox::Save)->isEnabled(), qPrintable(edit->text()));
    buttons->button(QDialogButtonBox::Save)->click();
}

// Picks a file type in the dialog's type box with the keyboard (which is how it says
// "activated"; setting the index alone is not a user's choice).
void chooseType(QFileDialog *dialog, int index)
{
    auto *types = dialog->findChild<QComboBox *>(QStringLiteral("fileTypeCombo"));
    QVERIFY(types);
    while (types->currentIndex() < index)
        QTest::keyClick(types, Qt::Key_Down);
    while (types->currentIndex() > index)
        QTest::keyClick(types, Qt::Key_Up);
}

qint64 decodedSamples(const QString &path, const QString &format)
{
    const AudioDecoder::Decoded d = AudioDecoder::decodeFile(path, format);
    return d.ok() ? d.float32.size() / qsizetype(sizeof(float)) : -1;
}
}

class TestHistoryActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void textColumnAndHumanDetails();
    void searchFindsByTextAndVoice();
    void deleteRemovesRowFileAndLink();
    void deleteRefusedWhileGenerating();
    void openInGenerateFillsTextAndSettings();
    void saveAsMp3FromWav();
    void saveAsWavFromMp3();
    void suggestedFileNames();
    void previewsHiddenByDefault();
    void saveCaptionsWhenTimed();
    void searchReachesBeyondTheLoadedPage(); // last: it fills the history beyond a page
    void cleanupTestCase();

private:
    Generation create(const QString &text, const Settings &s = {});
    Generation createCompleted(const QString &text, const Settings &s = {});
    // A page on the test's account with every generation of it loaded.
    std::unique_ptr<HistoryPage> openPage();
    QMessageBox *confirmBox();

    std::unique_ptr<UiTestEnv> m_env;
    std::unique_ptr<ApiServer> m_server;
    std::unique_ptr<TestServerControl> m_control;
    std::unique_ptr<StudioContext> m_context; // with the server, as the window has it
    QTemporaryDir m_out;
    qint64 m_account = 0;
    QByteArray m_key;
    Generation m_sarah;
    Generation m_umlaut;
};

void TestHistoryActions::initTestCase()
{
    isolateSettings();
    // Qt's own file dialog, whatever the desktop offers, so the test can type into it.
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    // The folder saved to last time, where the dialog opens.
    QSettings().setValue(QStringLiteral("history/saveDir"), m_out.path());
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
    m_account = m_env->createAccount(QStringLiteral("alice"));
    QVERIFY(m_account);
    const auto key = m_env->engine().keys().create(m_account, QStringLiteral("test"));
    QVERIFY(key);
    m_key = key->plaintext.toLatin1();
    m_server = std::make_unique<ApiServer>(m_env->engine().services());
    registerApiRoutes(*m_server, true);
    QVERIFY(m_server->listen(QHostAddress::LocalHost, 0));
    m_control = std::make_unique<TestServerControl>(*m_server);
    m_context = std::make_unique<StudioContext>(m_env->engine().services(), m_control.get());
    m_context->setAccountId(m_account);
    m_env->context().setAccountId(m_account);
}

Generation TestHistoryActions::create(const QString &text, const Settings &s)
{
    CreateGeneration request;
    request.speech.text = text;
    request.speech.model = s.model;
    request.speech.languageCode = s.language;
    request.speech.speed = s.speed;
    request.speech.cfgWeight = s.cfg;
    request.speech.exaggeration = s.exaggeration;
    request.voiceId = s.voice;
    request.audioFormat = s.format;
    request.apiVersion = s.apiVersion;
    request.preview = s.preview;
    request.timestamps = s.timestamps;
    const auto created = m_env->engine().generations().create(m_context->auth(), request);
    if (!created)
        qWarning() << "create failed:" << created.error().detail;
    return created ? created->generation : Generation{};
}

Generation TestHistoryActions::createCompleted(const QString &text, const Settings &s)
{
    const Generation g = create(text, s);
    if (g.id.isEmpty())
        return g;
    GenerationService &gens = m_env->engine().generations();
    if (!QTest::qWaitFor([&] {
            const auto now = gens.get(m_account, g.id);
            return now && now->status == GenerationStatus::Completed;
        }, 90000))
        return {};
    return *gens.get(m_account, g.id);
}

std::unique_ptr<HistoryPage> TestHistoryActions::openPage()
{
    auto page = std::make_unique<HistoryPage>(*m_context);
    page->resize(1000, 600);
    page->show();
    if (!QTest::qWaitFor([&] { return !page->model()->isLoading() && page->model()->rowCount() > 0; }, 10000))
        qWarning("the history did not load");
    return page;
}

QMessageBox *TestHistoryActions::confirmBox()
{
    QMessageBox *box = nullptr;
    if (!QTest::qWaitFor([&] { return (box = findWindow<QMessageBox>(QStringLiteral("deleteGenerationConfirm"))) != nullptr; },
                         5000))
        qWarning("no confirmation");
    return box;
}

void TestHistoryActions::textColumnAndHumanDetails()
{
    m_sarah = createCompleted(QStringLiteral("The quick brown fox jumps over the lazy dog near the riverbank at dawn, "
                                             "while the whole village is still asleep, and only the baker, awake for "
                                             "hours, watches the mist rise from the water behind the old mill."));
    QVERIFY(!m_sarah.id.isEmpty());
    auto page = openPage();
    HistoryModel *model = page->model();
    QTRY_VERIFY(model->rowOf(m_sarah.id) >= 0);
    const int row = model->rowOf(m_sarah.id);
    // The first words of the text, cut at a word and marked as cut.
    QCOMPARE(model->headerData(HistoryModel::Text, Qt::Horizontal).toString(), QStringLiteral("Text"));
    const QString text = model->index(row, HistoryModel::Text).data().toString();
    QVERIFY2(text.startsWith(QStringLiteral("The quick brown fox jumps")) && text.endsWith(QStringLiteral("…")),
             qPrintable(text));
    QVERIFY(text.size() <= HistoryModel::kSnippetChars + 1);
    QCOMPARE(model->index(row, HistoryModel::Status).data().toString(), QStringLiteral("Completed"));
    QCOMPARE(model->index(row, HistoryModel::Model).data().toString(), QStringLiteral("Base"));

    // The detail line names the voice, model and language in words; no id, no codes.
    QVERIFY(page->selectGeneration(m_sarah.id));
    const QString details = page->detailsLabel()->text();
    for (const QString &word : {QStringLiteral("Sarah"), QStringLiteral("Base"), QStringLiteral("American English"),
                                QStringLiteral("WAV"), QStringLiteral("kept until you delete it"),
                                QStringLiteral("Tokens: %1").arg(m_sarah.tokens), QStringLiteral("paid from the monthly credits")})
        QVERIFY2(details.contains(word), qPrintable(details));
    QVERIFY2(!details.contains(m_sarah.id), qPrintable(details));
    QVERIFY2(!details.contains(QStringLiteral("af_sarah")), qPrintable(details));
    QVERIFY2(!details.contains(QStringLiteral(" a ·")) && !details.contains(QStringLiteral("(a)")), qPrintable(details));

    // At 800×600 the text keeps its room: no horizontal scrolling, the detail-line
    // columns step aside.
    page->resize(620, 500);
    QTRY_VERIFY(page->view()->isColumnHidden(HistoryModel::Tokens));
    QVERIFY(!page->view()->isColumnHidden(HistoryModel::Text));
    QTRY_VERIFY(!page->view()->horizontalScrollBar()->isVisible());
    QVERIFY(page->view()->columnWidth(HistoryModel::Text) > 100);
}

void TestHistoryActions::searchFindsByTextAndVoice()
{
    Settings sara;
    sara.voice = QStringLiteral("if_sara"); // Sara, an Italian voice
    m_umlaut = createCompleted(QStringLiteral("Über den Wolken muss die Freiheit wohl grenzenlos sein."), sara);
    QVERIFY(!m_umlaut.id.isEmpty());
    Settings nicole;
    nicole.voice = QStringLiteral("af_nicole");
    const Generation other = createCompleted(QStringLiteral("Nothing to see here."), nicole);
    QVERIFY(!other.id.isEmpty());

    auto page = openPage();
    HistoryModel *model = page->model();
    QTRY_COMPARE(model->rowCount(), 3);
    // Typed as a user types; the list is read again once typing pauses.
    const auto search = [&](const QString &term) {
        // QTest types ASCII only; "ü" arrives as an input method would commit it.
        bool ascii = true;
        for (QChar c : term)
            ascii &= c.unicode() < 128;
        if (ascii)
            QTest::keyClicks(page->searchBox(), term);
        else
            page->searchBox()->insert(term);
        if (!QTest::qWaitFor([&] { return !model->isLoading() && model->search() == term; }, 5000))
            qWarning() << "search not applied:" << term;
        return columnTexts(model, HistoryModel::Text);
    };
    const auto clear = [&] {
        page->searchBox()->clear();
        QTRY_VERIFY(!model->isLoading() && model->search().isEmpty());
    };

    // By text, in any letter case.
    QStringList found = search(QStringLiteral("LAZY DOG"));
    QCOMPARE(found.size(), 1);
    QVERIFY(found.first().startsWith(QStringLiteral("The quick brown fox")));
    clear();
    // Letter case beyond ASCII: "über" finds "Über".
    found = search(QStringLiteral("über den"));
    QCOMPARE(found.size(), 1);
    QVERIFY(found.first().startsWith(QStringLiteral("Über den Wolken")));
    clear();
    // By voice name: "sara" is in Sarah and in Sara, not in Nicole.
    search(QStringLiteral("sara"));
    QCOMPARE(model->rowCount(), 2);
    QVERIFY(model->rowOf(m_sarah.id) >= 0 && model->rowOf(m_umlaut.id) >= 0);
    QCOMPARE(model->rowOf(other.id), -1);
    clear();
    search(QStringLiteral("Nicole"));
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->rowOf(other.id), 0);
    clear();
    // Nothing found says so.
    search(QStringLiteral("zebra"));
    QCOMPARE(model->rowCount(), 0);
    QLabel *hint = nullptr;
    for (QLabel *l : page->findChildren<QLabel *>())
        if (l->text().startsWith(QStringLiteral("No generations match")))
            hint = l;
    QVERIFY(hint && hint->isVisible());
    clear();
    QCOMPARE(model->rowCount(), 3);
}

// The list loads a page at a time; a search must find what is not loaded yet.
void TestHistoryActions::searchReachesBeyondTheLoadedPage()
{
    QStringList fillers;
    for (int i = 0; i < HistoryModel::kPageSize + 2; ++i) {
        const Generation g = create(QStringLiteral("Filler number %1.").arg(i));
        QVERIFY(!g.id.isEmpty());
        fillers << g.id;
    }
    for (const QString &id : fillers)
        m_env->engine().generations().cancel(m_account, id);
    auto page = openPage();
    HistoryModel *model = page->model();
    QTRY_COMPARE(model->rowCount(), HistoryModel::kPageSize);
    QCOMPARE(model->rowOf(m_sarah.id), -1); // older than the first page
    QTest::keyClicks(page->searchBox(), QStringLiteral("riverbank"));
    QTRY_VERIFY(!model->isLoading() && model->search() == QStringLiteral("riverbank"));
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->rowOf(m_sarah.id), 0);
    // The failed fillers are found by text as well (search goes with the status filter).
    page->searchBox()->clear();
    QTest::keyClicks(page->searchBox(), QStringLiteral("filler number 1"));
    QTRY_VERIFY(!model->isLoading() && model->search() == QStringLiteral("filler number 1"));
    QCOMPARE(model->rowCount(), 11); // "Filler number 1." and 10 to 19
}

void TestHistoryActions::deleteRemovesRowFileAndLink()
{
    const Generation g = createCompleted(QStringLiteral("Delete me, please."));
    QVERIFY(!g.id.isEmpty());
    QVERIFY(QFile::exists(g.audioPath));
    GenerationService &gens = m_env->engine().generations();

    // Another process on the same data dir (a headless server beside the studio) has it
    // cached from a poll.
    Engine::Options o;
    o.dataDir = m_env->dataDir();
    Engine other(o);
    QCOMPARE(other.open(), QString());
    QVERIFY(other.generations().get(m_account, g.id));

    auto page = openPage();
    HistoryModel *model = page->model();
    QTRY_VERIFY(model->rowOf(g.id) >= 0);
    QVERIFY(page->selectGeneration(g.id));
    // The link a user copies works, and the API has it (and caches it).
    page->copyUrlButton()->click();
    const QString url = page->selectedAudioUrl();
    QVERIFY(!url.isEmpty());
    const HttpResult before = httpRequest("GET", url);
    QCOMPARE(before.status, 200);
    QVERIFY(before.body.startsWith("RIFF"));
    const QString poll = m_server->baseUrl() + QStringLiteral("/v3/tts?generation_id=") + g.id;
    QCOMPARE(httpRequest("GET", poll, m_key).status, 200);
    QCOMPARE(httpRequest("GET", poll, m_key).status, 200); // answered from memory now
    const auto balanceBefore = m_env->engine().accounts().find(m_account);
    const int ledgerBefore = int(m_env->engine().accounts().ledger(m_account).size());

    // Cancel leaves everything as it was.
    QVERIFY(page->deleteButton()->isEnabled());
    page->deleteButton()->click();
    QMessageBox *box = confirmBox();
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("Delete me, please")), qPrintable(box->text()));
    box->button(QMessageBox::Cancel)->click();
    QTest::qWait(300);
    QVERIFY(model->rowOf(g.id) >= 0);
    QVERIFY(QFile::exists(g.audioPath));

    // Delete.
    const int rowsBefore = model->rowCount();
    const int storedBefore = int(gens.history(m_account, QString(), 1000, 0).size());
    page->deleteButton()->click();
    box = confirmBox();
    QVERIFY(box);
    QAbstractButton *confirm = nullptr;
    for (QAbstractButton *b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::DestructiveRole)
            confirm = b;
    QVERIFY(confirm);
    confirm->click();
    QTRY_COMPARE(model->rowOf(g.id), -1);
    QCOMPARE(model->rowCount(), rowsBefore - 1);
    QCOMPARE(int(gens.history(m_account, QString(), 1000, 0).size()), storedBefore - 1);
    QTRY_VERIFY(page->statusLabel()->text().startsWith(QStringLiteral("Deleted")));
    QVERIFY(!QFile::exists(g.audioPath));
    // The neighbour took the selection.
    QTRY_VERIFY(!page->selectedId().isEmpty() && page->selectedId() != g.id);

    // The link and the API: gone, like an unknown id.
    const HttpResult link = httpRequest("GET", url);
    QCOMPARE(link.status, 404);
    QVERIFY(!link.body.startsWith("RIFF"));
    const HttpResult polled = httpRequest("GET", poll, m_key);
    QCOMPARE(polled.status, 404);
    QCOMPARE(polled.json.value("detail").toString(), QStringLiteral("Generation not found"));
    QVERIFY(!gens.get(m_account, g.id));
    QVERIFY2(!other.generations().get(m_account, g.id), "another process still serves the deleted generation");
    bool listed = false;
    for (const Generation &h : gens.history(m_account, QString(), 500, 0))
        listed |= h.id == g.id;
    QVERIFY(!listed);

    // Nothing refunded: balances and ledger as before.
    const auto balanceAfter = m_env->engine().accounts().find(m_account);
    QCOMPARE(balanceAfter->credits, balanceBefore->credits);
    QCOMPARE(balanceAfter->walletMicros, balanceBefore->walletMicros);
    QCOMPARE(int(m_env->engine().accounts().ledger(m_account).size()), ledgerBefore);
    QVERIFY(m_env->engine().accounts().ledgerConsistent(m_account));
}

void TestHistoryActions::deleteRefusedWhileGenerating()
{
    // Long enough to still be queued or generating when asked.
    const Generation g = create(QString(QStringLiteral("A long sentence to keep the worker busy for a while. ")).repeated(40));
    QVERIFY(!g.id.isEmpty());
    GenerationService &gens = m_env->engine().generations();
    const auto refused = gens.remove(m_account, g.id);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, ServiceError::Kind::Conflict);
    QVERIFY(gens.get(m_account, g.id));

    // On the page the button says why it is not offered.
    auto page = openPage();
    QTRY_VERIFY(page->model()->rowOf(g.id) >= 0);
    QVERIFY(page->selectGeneration(g.id));
    if (page->model()->statusOf(g.id) != GenerationStatus::Completed) {
        QVERIFY(!page->deleteButton()->isEnabled());
        QVERIFY(page->deleteButton()->toolTip().contains(QStringLiteral("once it has finished")));
    }
    // Once finished it can go.
    QTRY_COMPARE_WITH_TIMEOUT(page->model()->statusOf(g.id), GenerationStatus::Completed, 120000);
    QTRY_VERIFY(page->deleteButton()->isEnabled());
    QVERIFY(gens.remove(m_account, g.id));
    QCOMPARE(gens.remove(m_account, g.id).error().kind, ServiceError::Kind::NotFound);
}

void TestHistoryActions::openInGenerateFillsTextAndSettings()
{
    Settings s;
    s.model = QStringLiteral("advanced");
    s.voice = QStringLiteral("luna");
    s.language = QStringLiteral("de");
    s.speed = 1.3;
    s.cfg = 3.5;
    s.exaggeration = 0.8;
    s.format = QStringLiteral("mp3");
    const QString text = QStringLiteral("Guten Morgen, wie geht es dir heute?");
    const Generation g = create(text, s);
    QVERIFY(!g.id.isEmpty());

    MainWindow window(*m_context);
    window.show();
    window.showPage(MainWindow::History);
    HistoryPage *history = window.historyPage();
    GeneratePage *generate = window.generatePage();
    QTRY_VERIFY(history->model()->rowOf(g.id) >= 0);
    QVERIFY(history->selectGeneration(g.id));
    QVERIFY(history->openButton()->isEnabled());
    history->openButton()->click();

    QTRY_VERIFY(generate->isVisible());
    QVERIFY(!history->isVisible());
    QCOMPARE(generate->editor()->toPlainText(), text);
    QCOMPARE(generate->modelBox()->currentData().toString(), QStringLiteral("advanced"));
    QTRY_VERIFY(generate->voiceBox()->currentText().contains(QStringLiteral("(luna)")));
    QComboBox *language = fieldFor<QComboBox>(generate, QStringLiteral("&Language:"));
    QVERIFY(language);
    QCOMPARE(language->currentData().toString(), QStringLiteral("de"));
    QDoubleSpinBox *speed = fieldFor<QDoubleSpinBox>(generate, QStringLiteral("&Speed:"));
    QVERIFY(speed);
    QCOMPARE(speed->value(), 1.3);
    QCOMPARE(fieldFor<QDoubleSpinBox>(generate, QStringLiteral("&CFG weight:"))->value(), 3.5);
    QCOMPARE(fieldFor<QDoubleSpinBox>(generate, QStringLiteral("E&xaggeration:"))->value(), 0.8);
    QCOMPARE(fieldFor<QComboBox>(generate, QStringLiteral("F&ormat:"))->currentData().toString(), QStringLiteral("mp3"));

    // And back with a base generation: the model and voice switch again.
    window.showPage(MainWindow::History);
    QVERIFY(history->selectGeneration(m_umlaut.id));
    history->openButton()->click();
    QTRY_VERIFY(generate->isVisible());
    QCOMPARE(generate->editor()->toPlainText(), m_umlaut.inputText);
    QCOMPARE(generate->modelBox()->currentData().toString(), QStringLiteral("base"));
    QTRY_VERIFY(generate->voiceBox()->currentText().contains(QStringLiteral("(if_sara)")));
    QCOMPARE(fieldFor<QComboBox>(generate, QStringLiteral("F&ormat:"))->currentData().toString(), QStringLiteral("wav"));
    QTRY_VERIFY(m_env->engine().generations().get(m_account, g.id)->status == GenerationStatus::Completed);
}

void TestHistoryActions::saveAsMp3FromWav()
{
    auto page = openPage();
    QTRY_VERIFY(page->model()->rowOf(m_sarah.id) >= 0);
    QVERIFY(page->selectGeneration(m_sarah.id));
    QVERIFY(page->saveButton()->isEnabled());
    page->saveButton()->click();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = findWindow<QFileDialog>(QStringLiteral("historySaveDialog"))) != nullptr);
    // Offered under a name from the text, in its own format; MP3 is offered too.
    QCOMPARE(QFileInfo(dialog->selectedFiles().value(0)).fileName(), QStringLiteral("The-quick-brown-fox-jumps-over.wav"));
    QCOMPARE(dialog->nameFilters(), (QStringList{QStringLiteral("WAV audio (*.wav)"), QStringLiteral("MP3 audio (*.mp3)")}));
    // Choosing the MP3 type renames the offered file.
    chooseType(dialog, 1);
    QTRY_COMPARE(QFileInfo(dialog->selectedFiles().value(0)).fileName(), QStringLiteral("The-quick-brown-fox-jumps-over.mp3"));
    const QString target = m_out.filePath(QStringLiteral("fox.mp3"));
    typeFileName(dialog, target);
    QTRY_VERIFY2_WITH_TIMEOUT(page->statusLabel()->text().startsWith(QStringLiteral("Saved")),
                              qPrintable(page->statusLabel()->text()), 30000);
    QVERIFY2(page->statusLabel()->text().contains(QStringLiteral("MP3")), qPrintable(page->statusLabel()->text()));

    // A real MP3 (not the WAV renamed) that decodes to the same length.
    QFile file(target);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray head = file.read(4);
    QVERIFY2(!head.startsWith("RIFF"), "a WAV file named .mp3");
    const qint64 wav = decodedSamples(m_sarah.audioPath, QStringLiteral("wav"));
    const qint64 mp3 = decodedSamples(target, QStringLiteral("mp3"));
    QVERIFY(wav > 24000);
    QVERIFY2(mp3 >= wav && mp3 < wav + 4800, qPrintable(QStringLiteral("wav %1, mp3 %2 samples").arg(wav).arg(mp3)));
    QVERIFY(!QFile::exists(target + QStringLiteral(".part")));
}

void TestHistoryActions::saveAsWavFromMp3()
{
    Settings s;
    s.format = QStringLiteral("mp3");
    const Generation g = createCompleted(QStringLiteral("An MP3 to save as WAV."), s);
    QVERIFY(!g.id.isEmpty());
    auto page = openPage();
    QTRY_VERIFY(page->model()->rowOf(g.id) >= 0);
    QVERIFY(page->selectGeneration(g.id));
    page->saveButton()->click();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = findWindow<QFileDialog>(QStringLiteral("historySaveDialog"))) != nullptr);
    QCOMPARE(QFileInfo(dialog->selectedFiles().value(0)).fileName(), QStringLiteral("An-MP3-to-save-as-WAV.mp3"));
    // No suffix typed: the chosen type decides.
    chooseType(dialog, 0); // WAV
    typeFileName(dialog, m_out.filePath(QStringLiteral("from-mp3")));
    QTRY_VERIFY2_WITH_TIMEOUT(page->statusLabel()->text().startsWith(QStringLiteral("Saved")),
                              qPrintable(page->statusLabel()->text()), 30000);
    const QString target = m_out.filePath(QStringLiteral("from-mp3.wav"));
    QVERIFY2(QFile::exists(target), qPrintable(page->statusLabel()->text()));
    QCOMPARE(decodedSamples(target, QStringLiteral("wav")), decodedSamples(g.audioPath, QStringLiteral("mp3")));
}

// Captions are offered for a generation made with word timings only; the saved file's
// cues are that generation's words at their times.
void TestHistoryActions::saveCaptionsWhenTimed()
{
    Settings s;
    s.timestamps = true;
    s.apiVersion = QStringLiteral("v3"); // an API generation that asked for timestamps
    const QString text = QStringLiteral("Captions come from the words' own times. A second sentence, with a clause, ends here.");
    const Generation timed = createCompleted(text, s);
    QVERIFY(!timed.id.isEmpty());
    QVERIFY(timed.captions);
    auto page = openPage();
    QTRY_VERIFY(page->model()->rowOf(timed.id) >= 0);
    QVERIFY(page->selectGeneration(m_sarah.id)); // made without timings
    QVERIFY(page->saveButton()->isEnabled());
    QVERIFY(!page->captionsButton()->isEnabled());
    QVERIFY(page->captionsButton()->toolTip().contains(QStringLiteral("without word timings")));
    QVERIFY(page->selectGeneration(timed.id));
    QVERIFY(page->captionsButton()->isEnabled());
    page->captionsButton()->click();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = findWindow<QFileDialog>(QStringLiteral("captionsSaveDialog"))) != nullptr);
    QCOMPARE(dialog->nameFilters(), (QStringList{QStringLiteral("SubRip subtitles (*.srt)"), QStringLiteral("WebVTT subtitles (*.vtt)")}));
    QCOMPARE(QFileInfo(dialog->selectedFiles().value(0)).fileName(), QStringLiteral("Captions-come-from-the-words-own.srt"));
    // WebVTT, no suffix typed: the chosen type names the file.
    saveInFileDialog(dialog, m_out.filePath(QStringLiteral("timed")), 1);
    QTRY_VERIFY2_WITH_TIMEOUT(page->statusLabel()->text().startsWith(QStringLiteral("Saved captions")),
                              qPrintable(page->statusLabel()->text()), 10000);
    QString problem;
    const QList<CaptionCue> cues = readCaptionFile(m_out.filePath(QStringLiteral("timed.vtt")), &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(cues.size(), 2); // a sentence ends a cue
    const QList<WordTiming> words = m_env->engine().generations().readCaptions(timed.id).value_or(QList<WordTiming>{});
    QCOMPARE(words.size(), text.split(u' ').size());
    const QString mismatch = cuesMatchWords(cues, text, words);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    // The context menu has it too.
    bool inMenu = false;
    for (QAction *a : page->view()->actions())
        inMenu = inMenu || (a->text() == QStringLiteral("Save captions…") && a->isEnabled());
    QVERIFY(inMenu);
}

void TestHistoryActions::suggestedFileNames()
{
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("Hello, world! This is/a test: with *many* words."),
                                            QStringLiteral("wav")),
             QStringLiteral("Hello-world-This-is-a-test.wav"));
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("../../etc/passwd"), QStringLiteral("mp3")),
             QStringLiteral("etc-passwd.mp3"));
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("Grüße aus Köln"), QStringLiteral("mp3")),
             QStringLiteral("Grüße-aus-Köln.mp3"));
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("こんにちは、世界"), QStringLiteral("wav")),
             QStringLiteral("こんにちは-世界.wav"));
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("   ...   "), QStringLiteral("wav")), QStringLiteral("speech.wav"));
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("con"), QStringLiteral("wav")), QStringLiteral("speech-con.wav"));
    // SSML: the words the document shows, not its markup.
    QCOMPARE(HistoryPage::suggestedFileName(QStringLiteral("<speak version=\"1.1\" xmlns=\"http://www.w3.org/2001/10/synthesis\">"
                                                           "AT&amp;T <sub alias=\"x\">WWW</sub> foo<x/>bar</speak>"),
                                            QStringLiteral("srt")),
             QStringLiteral("AT-T-WWW-foobar.srt"));
    const QString longWord = QString(QStringLiteral("x")).repeated(200);
    QCOMPARE(HistoryPage::suggestedFileName(longWord, QStringLiteral("wav")).size(), 40 + 4);
}

void TestHistoryActions::previewsHiddenByDefault()
{
    Settings s;
    s.preview = true;
    const Generation preview = create(QStringLiteral("Hello, I am a voice preview."), s);
    QVERIFY(!preview.id.isEmpty());
    auto page = openPage();
    HistoryModel *model = page->model();
    QVERIFY(!page->previewsBox()->isChecked());
    QTRY_VERIFY(!model->isLoading());
    QCOMPARE(model->rowOf(preview.id), -1);
    page->previewsBox()->click();
    QTRY_VERIFY(model->rowOf(preview.id) == 0);
    page->previewsBox()->click();
    QTRY_COMPARE(model->rowOf(preview.id), -1);
}

void TestHistoryActions::cleanupTestCase()
{
    // Store work still running would answer to a deleted context.
    m_env->engine().storePool()->waitForDone();
    QCoreApplication::processEvents();
    m_server.reset();
    m_context.reset();
    m_env.reset();
}

QTEST_MAIN(TestHistoryActions)
#include "tst_ui_history_actions.moc"
