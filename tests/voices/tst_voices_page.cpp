// The Voices page against an in-process engine: listing and filtering, creating a
// custom voice through the dialog (and matching a reference WAV), editing, a one-click
// preview that is free and stops on a second click, and delete with confirmation.
#include "customvoicedialog.h"
#include "engine.h"
#include "generatepage.h"
#include "studiocontext.h"
#include "voicespage.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include <cmath>

namespace
{
constexpr double kPi = 3.14159265358979323846;

// A low (110 Hz) buzz in syllable-like bursts at 6 a second, as a 16-bit WAV.
QByteArray referenceWav()
{
    const int rate = 16000;
    const int n = rate * 3;
    QByteArray pcm(n * 2, '\0');
    for (int i = 0; i < n; ++i) {
        const double t = double(i) / rate;
        double v = 0;
        for (int k = 1; k * 110 < 3500; ++k)
            v += std::sin(2 * kPi * k * 110 * t) / k;
        const double phase = std::fmod(t, 1.0 / 6);
        const double env = 0.03 + 0.97 * (phase < 0.1 ? 0.5 - 0.5 * std::cos(2 * kPi * phase / 0.1) : 0.0);
        qToLittleEndian<qint16>(qint16(std::lround(0.3 * v * env * 32767)), reinterpret_cast<uchar *>(pcm.data()) + i * 2);
    }
    QByteArray h("RIFF");
    uchar x[4];
    const auto u32 = [&](quint32 v) { qToLittleEndian(v, x); h.append(reinterpret_cast<char *>(x), 4); };
    const auto u16 = [&](quint16 v) { qToLittleEndian(v, x); h.append(reinterpret_cast<char *>(x), 2); };
    u32(quint32(36 + pcm.size()));
    h.append("WAVEfmt ");
    u32(16);
    u16(1);
    u16(1);
    u32(rate);
    u32(rate * 2);
    u16(2);
    u16(16);
    h.append("data");
    u32(quint32(pcm.size()));
    return h + pcm;
}
}

class TestVoicesPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void listsSystemVoicesAndFilters();
    void createThroughDialog();
    void emptyNameIsRefused();
    void referenceMatchingInDialog();
    void editThroughDialog();
    void previewIsOneClickAndBilled();
    void deleteAsksFirst();
    void otherAccountSeesNoCustomVoices();

private:
    QString customIdNamed(const QString &name) const;

    QTemporaryDir m_dir;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<StudioContext> m_context;
    std::unique_ptr<VoicesPage> m_page;
    qint64 m_account = 0;
    qint64 m_otherAccount = 0;
    QString m_voiceId;
};

void TestVoicesPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("tts-studio-tests");
    QCoreApplication::setApplicationName("tst_voices_page");
    QVERIFY(m_dir.isValid());
    Engine::Options o;
    o.dataDir = m_dir.path();
    o.workers = 1;
    m_engine = std::make_unique<Engine>(o);
    const QString error = m_engine->open();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_engine->startRuntime();
    const auto account = m_engine->accounts().create("pagetester", "free", 1000000);
    QVERIFY(account.ok());
    m_account = account->id;
    const auto other = m_engine->accounts().create("otheraccount", "free", 1000000);
    QVERIFY(other.ok());
    m_otherAccount = other->id;
    m_context = std::make_unique<StudioContext>(m_engine->services(), nullptr);
    m_context->setAccountId(m_account);
    m_page = std::make_unique<VoicesPage>(*m_context);
    m_page->resize(1000, 700);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page.get()));
}

void TestVoicesPage::cleanupTestCase()
{
    m_page.reset();
    // Let deferred deletes and store callbacks finish before the engine goes.
    QTest::qWait(200);
    m_engine->storePool()->waitForDone();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    m_context.reset();
    m_engine.reset();
}

QString TestVoicesPage::customIdNamed(const QString &name) const
{
    for (const Voice &v : m_engine->voices().list(m_account))
        if (v.isCustom && v.name == name)
            return v.id;
    return {};
}

void TestVoicesPage::listsSystemVoicesAndFilters()
{
    const int systemCount = int(m_engine->catalog().systemVoices().size());
    QTRY_COMPARE(m_page->visibleRows(), systemCount);
    QCOMPARE(m_page->table()->model()->columnCount(), int(VoicesPage::ColumnCount));
    const int aria = m_page->rowOf("aria");
    QVERIFY(aria >= 0);
    const auto text = [this](int row, int col) { return m_page->table()->model()->index(row, col).data().toString(); };
    QCOMPARE(text(aria, VoicesPage::ColName), QStringLiteral("Aria"));
    QCOMPARE(text(aria, VoicesPage::ColId), QStringLiteral("aria"));
    QCOMPARE(text(aria, VoicesPage::ColModel), QStringLiteral("Advanced"));
    QCOMPARE(text(aria, VoicesPage::ColGender), QStringLiteral("Female"));
    QCOMPARE(text(aria, VoicesPage::ColAccent), QStringLiteral("American"));
    QCOMPARE(text(aria, VoicesPage::ColPrice), QStringLiteral("Premium"));
    QCOMPARE(text(aria, VoicesPage::ColCustom), QString());
    QCOMPARE(text(m_page->rowOf("af_sarah"), VoicesPage::ColPrice), QStringLiteral("Free"));
    // The preview cell says that a preview is free.
    const QString tip = m_page->table()->model()->index(aria, VoicesPage::ColPreview).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains("free") && !tip.contains("billed"), qPrintable(tip));

    m_page->modelFilter()->setCurrentIndex(m_page->modelFilter()->findData("advanced"));
    QCOMPARE(m_page->visibleRows(), 9);
    QVERIFY(m_page->rowOf("af_sarah") < 0);
    m_page->modelFilter()->setCurrentIndex(0);
    m_page->searchEdit()->setText("british");
    QVERIFY(m_page->visibleRows() >= 2);
    QVERIFY(m_page->rowOf("bf_emma") >= 0);
    QVERIFY(m_page->rowOf("af_sarah") < 0);
    m_page->searchEdit()->setText("AF_SAR");
    QCOMPARE(m_page->visibleRows(), 1);
    m_page->searchEdit()->clear();
    QCOMPARE(m_page->visibleRows(), systemCount);
}

void TestVoicesPage::createThroughDialog()
{
    // The Generate page offers the new voice without a restart.
    GeneratePage generate(*m_context);
    generate.modelBox()->setCurrentIndex(generate.modelBox()->findData("base"));
    const auto offered = [&generate](const QString &id) {
        for (int i = 0; i < generate.voiceBox()->count(); ++i)
            if (generate.voiceBox()->itemData(i, Qt::UserRole + 1).toString() == id)
                return true;
        return false;
    };
    QTRY_VERIFY(offered("af_sarah"));

    QVERIFY(m_page->selectVoice("am_michael"));
    m_page->newCustomVoice();
    CustomVoiceDialog *dialog = m_page->customVoiceDialog();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    // Starts from the selected system voice.
    QCOMPARE(dialog->baseBox()->currentData().toString(), QStringLiteral("am_michael"));
    QVERIFY(dialog->selectBaseVoice("af_sarah"));
    QTest::keyClicks(dialog->nameEdit(), "Studio Narrator");
    dialog->pitchBox()->setValue(0.85);
    dialog->rateBox()->setValue(1.25);
    dialog->descriptionEdit()->setPlainText("Made in the widget test");
    QSignalSpy reloaded(m_page.get(), &VoicesPage::voicesReloaded);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_VERIFY(!m_page->customVoiceDialog());
    QTRY_VERIFY(reloaded.count() > 0);

    m_voiceId = customIdNamed("Studio Narrator");
    QVERIFY(!m_voiceId.isEmpty());
    const int row = m_page->rowOf(m_voiceId);
    QVERIFY(row >= 0);
    const auto text = [this, row](int col) { return m_page->table()->model()->index(row, col).data().toString(); };
    QCOMPARE(text(VoicesPage::ColName), QStringLiteral("Studio Narrator"));
    QCOMPARE(text(VoicesPage::ColCustom), QStringLiteral("Yes"));
    QCOMPARE(text(VoicesPage::ColModel), QStringLiteral("Base"));
    QCOMPARE(m_page->selectedVoiceId(), m_voiceId);
    // Listed after every system voice.
    QCOMPARE(row, m_page->visibleRows() - 1);

    // And in the directory, for that account.
    const auto spec = m_engine->voices().customSpec(m_account, m_voiceId);
    QVERIFY(spec);
    QCOMPARE(spec->baseVoiceId, QStringLiteral("af_sarah"));
    QCOMPARE(spec->pitch, 0.85);
    QCOMPARE(spec->rate, 1.25);
    QCOMPARE(spec->description, QStringLiteral("Made in the widget test"));
    bool listed = false;
    for (const Voice &v : m_engine->voices().list(m_account))
        listed |= v.id == m_voiceId && v.isCustom && v.ownerAccountId == m_account;
    QVERIFY(listed);
    QTRY_VERIFY(offered(m_voiceId));
}

void TestVoicesPage::emptyNameIsRefused()
{
    m_page->newCustomVoice();
    CustomVoiceDialog *dialog = m_page->customVoiceDialog();
    QVERIFY(dialog);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->errorLabel()->isVisible());
    QVERIFY(dialog->errorLabel()->text().contains("name"));
    dialog->reject();
    QTRY_VERIFY(!m_page->customVoiceDialog());
}

void TestVoicesPage::referenceMatchingInDialog()
{
    const QString path = m_dir.filePath("reference.wav");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(referenceWav());
    f.close();

    m_page->newCustomVoice();
    CustomVoiceDialog *dialog = m_page->customVoiceDialog();
    QVERIFY(dialog);
    // Only for advanced base voices.
    QVERIFY(dialog->selectBaseVoice("af_sarah"));
    QSignalSpy analysed(dialog, &CustomVoiceDialog::analysisFinished);
    dialog->analyzeReference(path);
    QCOMPARE(analysed.count(), 1);
    QCOMPARE(analysed.at(0).at(0).toBool(), false);

    QVERIFY(dialog->selectBaseVoice("aria"));
    dialog->analyzeReference(path);
    QVERIFY(dialog->isAnalyzing());
    QVERIFY(!dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), 2, 60000);
    QVERIFY2(analysed.at(1).at(0).toBool(), qPrintable(dialog->analysisLabel()->text()));
    qInfo("%s", qPrintable(dialog->analysisLabel()->text()));
    // 110 Hz against a female voice: much lower; bursts at 6/s: faster.
    QVERIFY(dialog->pitchBox()->value() < 0.8);
    QVERIFY(dialog->rateBox()->value() > 1.0);
    QVERIFY(dialog->buttons()->button(QDialogButtonBox::Ok)->isEnabled());

    // A bad file says why and changes nothing.
    const double pitch = dialog->pitchBox()->value();
    const QString bad = m_dir.filePath("bad.wav");
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("not a wav");
    b.close();
    dialog->analyzeReference(bad);
    QTRY_COMPARE_WITH_TIMEOUT(analysed.count(), 3, 30000);
    QCOMPARE(analysed.at(2).at(0).toBool(), false);
    QVERIFY(dialog->analysisLabel()->text().contains("WAV"));
    QCOMPARE(dialog->pitchBox()->value(), pitch);

    dialog->nameEdit()->setText("Matched");
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_VERIFY(!m_page->customVoiceDialog());
    const QString id = customIdNamed("Matched");
    QVERIFY(!id.isEmpty());
    const auto spec = m_engine->voices().customSpec(m_account, id);
    QVERIFY(spec && spec->baseVoiceId == "aria" && spec->pitch == pitch);
    QTRY_VERIFY(m_page->rowOf(id) >= 0);
}

void TestVoicesPage::editThroughDialog()
{
    QTRY_VERIFY(m_page->selectVoice(m_voiceId));
    m_page->editCustomVoice();
    QTRY_VERIFY(m_page->customVoiceDialog() && m_page->customVoiceDialog()->isVisible());
    CustomVoiceDialog *dialog = m_page->customVoiceDialog();
    QCOMPARE(dialog->voiceId(), m_voiceId);
    QCOMPARE(dialog->nameEdit()->text(), QStringLiteral("Studio Narrator"));
    QCOMPARE(dialog->pitchBox()->value(), 0.85);
    QCOMPARE(dialog->rateBox()->value(), 1.25);
    dialog->nameEdit()->setText("Studio Narrator 2");
    dialog->rateBox()->setValue(0.75);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_VERIFY(!m_page->customVoiceDialog());
    QTRY_COMPARE(m_page->table()->model()->index(m_page->rowOf(m_voiceId), VoicesPage::ColName).data().toString(),
                 QStringLiteral("Studio Narrator 2"));
    QCOMPARE(m_engine->voices().customSpec(m_account, m_voiceId)->rate, 0.75);
    QCOMPARE(customIdNamed("Studio Narrator 2"), m_voiceId);
}

void TestVoicesPage::previewIsOneClickAndBilled()
{
    const auto before = m_engine->accounts().find(m_account);
    QVERIFY(before);
    const int historyBefore = int(m_engine->generations().history(m_account, {}, 100, 0).size());
    const int withPreviewsBefore = int(m_engine->generations().history(m_account, {}, 100, 0, true).size());

    // One click on the preview cell of a row starts it...
    const int row = m_page->rowOf("af_sarah");
    QVERIFY(row >= 0);
    const QRect cell = m_page->table()->visualRect(m_page->table()->model()->index(row, VoicesPage::ColPreview));
    QSignalSpy finished(m_page.get(), &VoicesPage::previewFinished);
    QTest::mouseClick(m_page->table()->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(m_page->previewingVoiceId(), QStringLiteral("af_sarah"));
    // ... and it plays the whole sample (no audio device here: it ends when generated).
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("af_sarah"));
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("COMPLETED"));
    QVERIFY(m_page->previewSamples() > 24000 / 2);
    QVERIFY(!m_page->isPreviewing());
    const auto g = m_engine->generations().get(m_account, m_page->lastPreviewGenerationId());
    QVERIFY(g.ok());
    QCOMPARE(g->status, QStringLiteral("COMPLETED"));
    QVERIFY(g->tokens > 0);
    const auto after = m_engine->accounts().find(m_account);
    QCOMPARE(after->credits, before->credits); // free: a sample, not work
    // Marked as a preview: not in the default history, only when previews are asked for.
    QVERIFY(g->preview);
    QCOMPARE(int(m_engine->generations().history(m_account, {}, 100, 0).size()), historyBefore);
    QCOMPARE(int(m_engine->generations().history(m_account, {}, 100, 0, true).size()), withPreviewsBefore + 1);

    // A second click on the same voice stops it; a custom voice previews too.
    const int customRow = m_page->rowOf(m_voiceId);
    const QRect customCell = m_page->table()->visualRect(m_page->table()->model()->index(customRow, VoicesPage::ColPreview));
    QTest::mouseClick(m_page->table()->viewport(), Qt::LeftButton, {}, customCell.center());
    QCOMPARE(m_page->previewingVoiceId(), m_voiceId);
    QTest::mouseClick(m_page->table()->viewport(), Qt::LeftButton, {}, customCell.center());
    QVERIFY(!m_page->isPreviewing());
    QTRY_COMPARE(finished.count(), 2);
    QCOMPARE(finished.at(1).at(1).toString(), QStringLiteral("STOPPED"));
}

void TestVoicesPage::deleteAsksFirst()
{
    int asked = 0;
    m_page->setConfirmDelete([&asked](const Voice &) {
        ++asked;
        return false;
    });
    QTRY_VERIFY(m_page->selectVoice(m_voiceId));
    m_page->deleteCustomVoice();
    QCOMPARE(asked, 1);
    QTest::qWait(200);
    QVERIFY(m_engine->voices().customSpec(m_account, m_voiceId));

    m_page->setConfirmDelete([&asked](const Voice &v) {
        ++asked;
        return v.isCustom;
    });
    m_page->deleteCustomVoice();
    QCOMPARE(asked, 2);
    QTRY_VERIFY(m_page->rowOf(m_voiceId) < 0);
    QVERIFY(!m_engine->voices().customSpec(m_account, m_voiceId));

    // System voices cannot be deleted (nothing is asked).
    QVERIFY(m_page->selectVoice("af_sarah"));
    m_page->deleteCustomVoice();
    QCOMPARE(asked, 2);
}

void TestVoicesPage::otherAccountSeesNoCustomVoices()
{
    QVERIFY(!customIdNamed("Matched").isEmpty());
    QSignalSpy reloaded(m_page.get(), &VoicesPage::voicesReloaded);
    m_context->setAccountId(m_otherAccount);
    QTRY_VERIFY(reloaded.count() > 0);
    QCOMPARE(m_page->visibleRows(), int(m_engine->catalog().systemVoices().size()));
    for (const Voice &v : m_engine->voices().list(m_otherAccount))
        QVERIFY(!v.isCustom);
    QVERIFY(!m_engine->voices().find(m_otherAccount, customIdNamed("Matched")));
    m_context->setAccountId(m_account);
    QTRY_VERIFY(m_page->rowOf(customIdNamed("Matched")) >= 0);
}

QTEST_MAIN(TestVoicesPage)
#include "tst_voices_page.moc"
