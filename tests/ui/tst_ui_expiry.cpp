// History rows whose lifetime ends turn EXPIRED by themselves (no other change needs
// to happen) and lose their audio actions; the studio's own generations are kept (no
// lifetime) while the API's beside them still expire. The engine runs with a lifetime
// of seconds.

#include "apiroutes.h"
#include "apiserver.h"
#include "historymodel.h"
#include "historypage.h"
#include "studioprocess.h"
#include "uitestenv.h"

#include <QJsonArray>

#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QPushButton>
#include <QtTest>

class TestHistoryExpiry : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rowTurnsExpired();
    void studioRowsAreKept();
    void cleanupTestCase();

private:
    std::unique_ptr<UiTestEnv> m_env;
};

namespace
{
// The History page's Play button, found as a user finds it: by its text.
QPushButton *playButton(const QWidget &page)
{
    for (QPushButton *b : page.findChildren<QPushButton *>())
        if (b->text() == QStringLiteral("Play"))
            return b;
    return nullptr;
}

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
    QPushButton *play = playButton(page);
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
    QCOMPARE(index.data().toString(), QStringLiteral("Expired"));
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

void TestHistoryExpiry::studioRowsAreKept()
{
    const qint64 account = m_env->createAccount(QStringLiteral("bob"));
    QVERIFY(account);
    m_env->context().setAccountId(account);
    GenerationService &gens = m_env->engine().generations();
    const auto make = [&](const QString &apiVersion) {
        CreateGeneration request;
        request.speech.text = QStringLiteral("Made by %1.").arg(apiVersion);
        request.voiceId = QStringLiteral("af_sarah");
        request.apiVersion = apiVersion;
        const auto created = gens.create(m_env->context().auth(), request);
        return created ? created->generation.id : QString();
    };
    const QString studio = make(ApiVersion::Studio);
    const QString api = make(QStringLiteral("v3"));
    QVERIFY(!studio.isEmpty() && !api.isEmpty());

    HistoryPage page(m_env->context());
    page.show();
    HistoryModel *model = page.model();
    QPushButton *play = playButton(page);
    QVERIFY(play);
    QTRY_COMPARE_WITH_TIMEOUT(model->statusOf(studio), GenerationStatus::Completed, 60000);
    const QString studioFile = gens.get(account, studio)->audioPath;
    QVERIFY(QFile::exists(studioFile));

    // Past the lifetime: the API's row expires by itself, the studio's stays playable.
    QTRY_COMPARE_WITH_TIMEOUT(model->statusOf(api), GenerationStatus::Expired, (kTtlSec + 65) * 1000);
    QTest::qWait(int(qMax<qint64>(0, gens.get(account, studio)->createdAt + kTtlSec * 1000 + 200 - QDateTime::currentMSecsSinceEpoch())));
    model->refresh();
    QTRY_VERIFY(!model->isLoading());
    QCOMPARE(model->statusOf(studio), GenerationStatus::Completed);
    const QModelIndex index = model->index(model->rowOf(studio), HistoryModel::Status);
    QCOMPARE(index.data().toString(), QStringLiteral("Completed"));
    QVERIFY(index.data(HistoryModel::PlayableRole).toBool());
    QVERIFY(page.selectGeneration(studio));
    QVERIFY(play->isEnabled());
    QVERIFY(!gens.isExpired(*gens.get(account, studio)));
    QCOMPARE(gens.expiresAtMs(*gens.get(account, studio)), GenerationService::kKeptUntilMs);

    // The sweep deletes the API row's audio and leaves the studio's.
    gens.sweepExpired();
    QVERIFY(QFile::exists(studioFile));
    QVERIFY(!gens.get(account, api)); // 404 for the API
    QVERIFY(gens.get(account, studio));

    // The API sees the same: the studio's generation resolves at any age, with a link
    // that downloads; the API's is gone.
    ApiServer server(m_env->engine().services());
    registerApiRoutes(server, true);
    QVERIFY(server.listen(QHostAddress::LocalHost, 0));
    const auto key = m_env->engine().keys().create(account, QStringLiteral("k"));
    QVERIFY(key);
    const QByteArray apiKey = key->plaintext.toLatin1();
    const auto poll = [&](const QString &id) {
        return httpRequest("GET", server.baseUrl() + QStringLiteral("/v3/tts?generation_id=") + id, apiKey);
    };
    const HttpResult kept = poll(studio);
    QCOMPARE(kept.status, 200);
    QCOMPARE(kept.json.value("status").toString(), GenerationStatus::Completed);
    const HttpResult audio = httpRequest("GET", kept.json.value("audio_url").toString());
    QCOMPARE(audio.status, 200);
    QVERIFY(audio.body.startsWith("RIFF"));
    QCOMPARE(poll(api).status, 404);
    const HttpResult history = httpRequest("GET", server.baseUrl() + QStringLiteral("/v3/history"), apiKey);
    QCOMPARE(history.status, 200);
    QHash<QString, QJsonObject> items;
    for (const QJsonValue &v : history.json.value("history").toArray())
        items.insert(v.toObject().value("generation_id").toString(), v.toObject());
    QCOMPARE(items.value(studio).value("status").toString(), GenerationStatus::Completed);
    QVERIFY(items.value(studio).contains("audio_url"));
    QCOMPARE(items.value(api).value("status").toString(), GenerationStatus::Expired);
    QVERIFY(!items.value(api).contains("audio_url"));
    server.close();

    // The filters agree: the studio row is COMPLETED, never EXPIRED.
    QComboBox *filter = page.statusFilterBox();
    filter->setCurrentIndex(filter->findData(GenerationStatus::Expired));
    QTRY_VERIFY(!model->isLoading() && model->statusFilter() == GenerationStatus::Expired);
    QCOMPARE(model->rowOf(studio), -1);
    QVERIFY(model->rowOf(api) >= 0);
    filter->setCurrentIndex(filter->findData(GenerationStatus::Completed));
    QTRY_VERIFY(!model->isLoading() && model->statusFilter() == GenerationStatus::Completed);
    QCOMPARE(model->rowOf(studio), 0);
    QCOMPARE(model->rowCount(), 1);
}

void TestHistoryExpiry::cleanupTestCase()
{
    m_env.reset();
}

QTEST_MAIN(TestHistoryExpiry)
#include "tst_ui_expiry.moc"
