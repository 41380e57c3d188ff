// Billing (docs/decisions.md "Tokens", "Payment"): tokens are code points; base costs
// 1 credit / $0.000015 per token, advanced (premium) 2 credits / $0.00003; monthly
// credits pay first, then the wallet, else 402 with nothing changed; dollar_cost is
// tokens x the model's price whichever source pays. Concurrent requests never
// overdraw an account, and the ledger explains every balance.
#include "testserver.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>

class ApiBillingTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void newAccountGrant();
    void paymentOrder_data();
    void paymentOrder();
    void paymentOrderSettles();
    void creditsAndWalletAreNotCombined();
    void exactBalanceIsEnough();
    void concurrentOverdraftCredits();
    void concurrentOverdraftWallet();
    void ledgerExplainsBalances();

private:
    struct Expected
    {
        QString id;
        QString method;
        double dollarCost;
    };
    TestServer m_server;
    QByteArray m_mixedKey;
    QList<Expected> m_expected;
    QStringList m_accountsToAudit;
};

namespace
{
int countStatus(const QList<HttpResponse> &rs, int status)
{
    return int(std::count_if(rs.begin(), rs.end(), [status](const HttpResponse &r) { return r.status == status; }));
}
}

void ApiBillingTest::initTestCase()
{
    // 10 credits and $0.001 (1,000 micro-USD) in the wallet.
    m_mixedKey = m_server.createAccountWithKey("mixed", {"--credits", "10", "--wallet", "0.001"});
    QVERIFY(!m_mixedKey.isEmpty());
    m_accountsToAudit << "mixed";
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    QCOMPARE(m_server.balance("mixed"), (Balance{10, 1000}));
}

void ApiBillingTest::cleanupTestCase()
{
    if (m_server.isRunning())
        QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiBillingTest::newAccountGrant()
{
    // `accounts create` without options: a free account with 10,000 credits and $0.
    const QByteArray key = m_server.createAccountWithKey("newcomer");
    QVERIFY(!key.isEmpty());
    QCOMPARE(m_server.balance("newcomer"), (Balance{10000, 0}));
    const TestServer::CliResult list = m_server.cli({"accounts", "list"});
    bool free = false;
    for (const QString &line : list.out.split(u'\n'))
        free |= line.split(u'\t').value(1) == QLatin1String("newcomer") && line.split(u'\t').value(2) == QLatin1String("free");
    QVERIFY2(free, qPrintable(list.out));
    // 10,000 base tokens are affordable at once, 10,001 are not.
    const HttpResponse over = m_server.createGeneration(key, ApiCheck::textOfLength(10001));
    QVERIFY2(over.status == 402, over.describe());
    const HttpResponse exact = m_server.createGeneration(key, ApiCheck::textOfLength(10000));
    QVERIFY2(exact.status == 201, exact.describe());
    QCOMPARE(m_server.balance("newcomer"), (Balance{0, 0}));
    // Released again (cancel extension) to keep the worker free.
    QCOMPARE(m_server.del("/v3/tts?generation_id=" + exact.json.value("generation_id").toString(), key).status, 200);
    QCOMPARE(m_server.balance("newcomer"), (Balance{10000, 0}));
    m_accountsToAudit << "newcomer";
}

void ApiBillingTest::paymentOrder_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("method");
    QTest::addColumn<qint64>("creditsAfter");
    QTest::addColumn<qint64>("walletAfter");
    // Rows run in order against the same account (10 credits, 1,000 micro-USD).
    QTest::newRow("credits pay 5 tokens") << "Hello" << "af_sarah" << "base" << "CREDITS_BALANCE" << qint64(5) << qint64(1000);
    QTest::newRow("credits short: wallet pays 11 tokens")
        << "Hello world" << "af_sarah" << "base" << "API_WALLET" << qint64(5) << qint64(1000 - 11 * 15);
    QTest::newRow("advanced 3 tokens = 6 credits > 5: wallet pays")
        << "Hey" << "aria" << "advanced" << "API_WALLET" << qint64(5) << qint64(835 - 3 * 30);
    QTest::newRow("credits pay again when enough") << "Hi" << "af_sarah" << "base" << "CREDITS_BALANCE" << qint64(3)
                                                   << qint64(745);
    QTest::newRow("advanced 1 token = 2 credits") << "A" << "marcus" << "advanced" << "CREDITS_BALANCE" << qint64(1)
                                                  << qint64(745);
}

void ApiBillingTest::paymentOrder()
{
    QFETCH(QString, text);
    QFETCH(QString, voice);
    QFETCH(QString, model);
    QFETCH(QString, method);
    QFETCH(qint64, creditsAfter);
    QFETCH(qint64, walletAfter);
    const HttpResponse r = m_server.createGeneration(m_mixedKey, text, voice, {{"model", model}});
    QVERIFY2(r.status == 201, r.describe());
    const qint64 tokens = r.json.value("tokens").toInteger();
    QCOMPARE(tokens, qint64(text.toUcs4().size()));
    QVERIFY(r.json.value("method").isNull()); // the source shows once COMPLETED
    // The cost is reserved at creation.
    QCOMPARE(m_server.balance("mixed"), (Balance{creditsAfter, walletAfter}));
    m_expected << Expected{r.json.value("generation_id").toString(), method,
                           double(tokens * ApiCheck::microsPerToken(model)) / 1e6};
}

void ApiBillingTest::paymentOrderSettles()
{
    QCOMPARE(m_expected.size(), qsizetype(5));
    for (const Expected &e : std::as_const(m_expected)) {
        const HttpResponse r = m_server.waitForCompleted(m_mixedKey, e.id);
        QVERIFY2(r.json.value("status").toString() == QLatin1String("COMPLETED"), r.describe());
        QCOMPARE(r.json.value("method").toString(), e.method);
        QVERIFY2(ApiCheck::sameUsd(r.json.value("dollar_cost").toDouble(), e.dollarCost),
                 qPrintable(QStringLiteral("dollar_cost %1, expected %2")
                                .arg(r.json.value("dollar_cost").toDouble(), 0, 'g', 12)
                                .arg(e.dollarCost, 0, 'g', 12)));
    }
    // Settling moves no money a second time.
    QCOMPARE(m_server.balance("mixed"), (Balance{1, 745}));
    // History shows the same method and cost.
    for (const QJsonValue &v : m_server.history(m_mixedKey)) {
        const QJsonObject h = v.toObject();
        for (const Expected &e : std::as_const(m_expected))
            if (e.id == h.value("generation_id").toString()) {
                QCOMPARE(h.value("method").toString(), e.method);
                QVERIFY(ApiCheck::sameUsd(h.value("dollar_cost").toDouble(), e.dollarCost));
            }
    }
}

void ApiBillingTest::creditsAndWalletAreNotCombined()
{
    // 3 credits + 10 micro-USD: neither source alone pays 5 base tokens (5 credits / 75 micro-USD).
    const QByteArray key = m_server.createAccountWithKey("split", {"--credits", "3", "--wallet", "0.00001"});
    QVERIFY(!key.isEmpty());
    m_accountsToAudit << "split";
    const HttpResponse r = m_server.createGeneration(key, QStringLiteral("Hello"));
    QVERIFY2(r.status == 402, r.describe());
    QCOMPARE(r.detail(), QStringLiteral("Insufficient Balance"));
    QCOMPARE(m_server.balance("split"), (Balance{3, 10}));
    QCOMPARE(m_server.history(key).size(), qsizetype(0));
    // Three tokens fit the credits.
    const HttpResponse small = m_server.createGeneration(key, QStringLiteral("Hey"));
    QVERIFY2(small.status == 201, small.describe());
    QCOMPARE(m_server.balance("split"), (Balance{0, 10}));
}

void ApiBillingTest::exactBalanceIsEnough()
{
    const QByteArray key = m_server.createAccountWithKey("exact", {"--credits", "20", "--wallet", "0.00015"});
    QVERIFY(!key.isEmpty());
    m_accountsToAudit << "exact";
    // 10 advanced tokens = 20 credits, exactly the balance.
    const HttpResponse a = m_server.createGeneration(key, QStringLiteral("Ten chars."), "aria", {{"model", "advanced"}});
    QVERIFY2(a.status == 201, a.describe());
    QCOMPARE(m_server.balance("exact"), (Balance{0, 150}));
    // 10 base tokens = 150 micro-USD, exactly the wallet.
    const HttpResponse b = m_server.createGeneration(key, QStringLiteral("Ten chars."));
    QVERIFY2(b.status == 201, b.describe());
    QCOMPARE(m_server.balance("exact"), (Balance{0, 0}));
    const HttpResponse c = m_server.createGeneration(key, QStringLiteral("x"));
    QVERIFY2(c.status == 402, c.describe());
    for (const auto &[r, method] : {std::pair{a, "CREDITS_BALANCE"}, std::pair{b, "API_WALLET"}}) {
        const HttpResponse done = m_server.waitForCompleted(key, r.json.value("generation_id").toString());
        QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
        QCOMPARE(done.json.value("method").toString(), QString::fromLatin1(method));
    }
}

void ApiBillingTest::concurrentOverdraftCredits()
{
    const QByteArray key = m_server.createAccountWithKey("race", {"--credits", "100", "--wallet", "0"});
    QVERIFY(!key.isEmpty());
    m_accountsToAudit << "race";
    HttpRequest req;
    req.method = "POST";
    req.path = "/v3/tts";
    req.apiKey = key;
    req.body = R"({"text":"Ten chars.","voice_id":"af_sarah"})"; // 10 tokens = 10 credits
    const QList<HttpResponse> rs = m_server.parallel(QList<HttpRequest>(20, req));
    QCOMPARE(rs.size(), qsizetype(20));
    QSet<QString> ids;
    for (const HttpResponse &r : rs) {
        QVERIFY2(r.status == 201 || r.status == 402, r.describe());
        if (r.status == 402)
            QCOMPARE(r.detail(), QStringLiteral("Insufficient Balance"));
        if (r.status == 201) {
            QCOMPARE(r.json.value("status").toString(), QStringLiteral("IN_QUEUE"));
            ids.insert(r.json.value("generation_id").toString());
        }
    }
    QCOMPARE(ids.size(), qsizetype(10)); // ten distinct generations
    QCOMPARE(countStatus(rs, 201), 10);
    QCOMPARE(countStatus(rs, 402), 10);
    QCOMPARE(m_server.balance("race"), (Balance{0, 0}));
    QCOMPARE(m_server.history(key).size(), qsizetype(10));
    for (const HttpResponse &r : rs)
        if (r.status == 201)
            QCOMPARE(m_server.waitForCompleted(key, r.json.value("generation_id").toString()).json.value("status").toString(),
                     QStringLiteral("COMPLETED"));
    QCOMPARE(m_server.balance("race"), (Balance{0, 0}));
}

void ApiBillingTest::concurrentOverdraftWallet()
{
    // No credits; $0.0015 pays exactly ten 10-token base generations (150 micro-USD each).
    const QByteArray key = m_server.createAccountWithKey("race-wallet", {"--credits", "0", "--wallet", "0.0015"});
    QVERIFY(!key.isEmpty());
    m_accountsToAudit << "race-wallet";
    HttpRequest req;
    req.method = "POST";
    req.path = "/v3/tts";
    req.apiKey = key;
    req.body = R"({"text":"Ten chars.","voice_id":"af_sarah"})";
    const QList<HttpResponse> rs = m_server.parallel(QList<HttpRequest>(20, req));
    QCOMPARE(countStatus(rs, 201), 10);
    QCOMPARE(countStatus(rs, 402), 10);
    QCOMPARE(m_server.balance("race-wallet"), (Balance{0, 0}));
    QCOMPARE(m_server.history(key).size(), qsizetype(10));
}

void ApiBillingTest::ledgerExplainsBalances()
{
    // Let everything finish, then read the store with the server stopped.
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
    StoreReader db(m_server.databasePath());
    QVERIFY2(db.isOpen(), qPrintable(db.lastError()));
    for (const QString &name : std::as_const(m_accountsToAudit)) {
        const QList<QVariantMap> acc = db.rows("SELECT id, credits, wallet_micros FROM accounts WHERE name = ?", {name});
        QCOMPARE(acc.size(), qsizetype(1));
        const qint64 id = acc.first().value("id").toLongLong();
        const qint64 credits = acc.first().value("credits").toLongLong();
        const qint64 wallet = acc.first().value("wallet_micros").toLongLong();
        QVERIFY2(credits >= 0 && wallet >= 0, qPrintable(name));
        QCOMPARE(db.scalar("SELECT COALESCE(SUM(credits_delta),0) FROM ledger WHERE account_id = ?", {id}).toLongLong(),
                 credits);
        QCOMPARE(db.scalar("SELECT COALESCE(SUM(micros_delta),0) FROM ledger WHERE account_id = ?", {id}).toLongLong(),
                 wallet);
        // Every generation: one reserve; completed ones one settle; never charged twice.
        const QList<QVariantMap> gens = db.rows("SELECT id, status FROM generations WHERE account_id = ?", {id});
        for (const QVariantMap &g : gens) {
            const QString gid = g.value("id").toString();
            const auto count = [&](const char *kind) {
                return db.scalar("SELECT COUNT(*) FROM ledger WHERE generation_id = ? AND kind = ?", {gid, QString::fromLatin1(kind)})
                    .toInt();
            };
            QCOMPARE(count("reserve"), 1);
            QCOMPARE(count("settle"), g.value("status").toString() == QLatin1String("COMPLETED") ? 1 : 0);
            QCOMPARE(count("release"), g.value("status").toString() == QLatin1String("FAILED") ? 1 : 0);
        }
    }
}

QTEST_GUILESS_MAIN(ApiBillingTest)
#include "tst_api_billing.moc"
