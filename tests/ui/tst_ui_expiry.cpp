// History rows whose lifetime ends turn EXPIRED by themselves (no other change needs
// to happen) and lose their audio actions. The engine runs with a lifetime of seconds.

#include "historymodel.h"
#include "historypage.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QPushButton>
#include <QtTest>

class TestHistoryExpiry : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rowTurnsExpired();
    void cleanupTestCase();

private:
    std::unique_ptr<UiTestEnv> m_env;
};

namespace
{
constexpr qint64 kTtlSec = 6;
}

void TestHistoryExpiry::initTestCase()
{
    isolateSettings();
    m_env = std::make_unique<UiTestEnv>(UiTestEnv::Options{QString(), kTtlSec});
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
}

void TestHistoryExpiry::rowTurnsExpired()
{
    const qint64 account = m_env->createAccount(QStringLiteral("alice"));
    QVERIFY(account);
    m_env->context().setAccountId(account);
    HistoryPage page(m_env->context());
    page.show();

    CreateGeneration request;
    request.speech.text = QStringLiteral("Short lived.");
    request.voiceId = QStringLiteral("af_sarah");
    const auto created = m_env->engine().generations().create(m_env->context().auth(), request);
    QVERIFY(created);
    const QString id = created->generation.id;

    HistoryModel *model = page.model();
    QPushButton *play = nullptr;
    for (QPushButton *b : page.findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Play"))
            play = b;
    QVERIFY(play);
    QTRY_VERIFY_WITH_TIMEOUT(model->statusOf(id) == GenerationStatus::Completed
                                 || model->statusOf(id) == GenerationStatus::Expired,
                             60000);
    QVERIFY(page.selectGeneration(id));
    if (model->statusOf(id) == GenerationStatus::Completed) {
        // Only when the machine was quick enough to finish within the lifetime.
        QVERIFY(play->isEnabled());
    }
    QTRY_COMPARE_WITH_TIMEOUT(model->statusOf(id), GenerationStatus::Expired, (kTtlSec + 5) * 1000);
    const QModelIndex index = model->index(model->rowOf(id), HistoryModel::Status);
    QCOMPARE(index.data().toString(), GenerationStatus::Expired);
    QVERIFY(!index.data(HistoryModel::PlayableRole).toBool());
    QTRY_VERIFY(!play->isEnabled());
    QVERIFY(page.selectedAudioUrl().isEmpty());

    // The EXPIRED filter lists it; COMPLETED no longer does.
    QComboBox *filter = page.statusFilterBox();
    filter->setCurrentIndex(filter->findData(GenerationStatus::Expired));
    QTRY_VERIFY(!model->isLoading() && model->statusFilter() == GenerationStatus::Expired);
    QTRY_COMPARE(model->rowOf(id), 0);
    filter->setCurrentIndex(filter->findData(GenerationStatus::Completed));
    QTRY_VERIFY(!model->isLoading() && model->statusFilter() == GenerationStatus::Completed);
    QCOMPARE(model->rowCount(), 0);
}

void TestHistoryExpiry::cleanupTestCase()
{
    m_env.reset();
}

QTEST_MAIN(TestHistoryExpiry)
#include "tst_ui_expiry.moc"
