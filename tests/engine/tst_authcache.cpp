// Authentication answered from memory (the server's fast path) must never outlive a
// revocation or a plan change, even one made by another process on the same data dir
// (the command line): two engines on one data dir stand for the server and the CLI.
#include "engine.h"
#include "sharedcounter.h"

#include <QTemporaryDir>
#include <QTest>

class AuthCacheTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void hitAfterFirstAuthentication();
    void revocationElsewhereIsSeenAtOnce();
    void planChangeElsewhereIsSeenAtOnce();
    void refusalsAreNotCached();
    void counterIsSharedBetweenMappings();

private:
    std::unique_ptr<Engine> openEngine();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Engine> m_server;
    std::unique_ptr<Engine> m_cli;
    qint64 m_account = 0;
    CreatedKey m_key;
};

std::unique_ptr<Engine> AuthCacheTest::openEngine()
{
    Engine::Options o;
    o.dataDir = m_dir->path();
    auto e = std::make_unique<Engine>(o);
    const QString err = e->open();
    if (!err.isEmpty())
        qWarning("open: %s", qPrintable(err));
    return err.isEmpty() ? std::move(e) : nullptr;
}

void AuthCacheTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_server = openEngine();
    m_cli = openEngine();
    QVERIFY(m_server && m_cli);
    const auto account = m_cli->accounts().create(QStringLiteral("alice"));
    QVERIFY(account);
    m_account = account->id;
    const auto key = m_cli->keys().create(m_account, QStringLiteral("k"));
    QVERIFY(key);
    m_key = *key;
}

void AuthCacheTest::cleanup()
{
    m_cli.reset();
    m_server.reset();
    m_dir.reset();
}

void AuthCacheTest::hitAfterFirstAuthentication()
{
    QVERIFY(!m_server->keys().authenticateCached(m_key.plaintext)); // never asked: unknown
    const auto first = m_server->keys().authenticate(m_key.plaintext);
    QVERIFY(first);
    QCOMPARE(first->accountId, m_account);
    const auto hit = m_server->keys().authenticateCached(m_key.plaintext);
    QVERIFY(hit);
    QCOMPARE(hit->keyId, m_key.record.id);
    QCOMPARE(hit->plan, QStringLiteral("free"));
}

void AuthCacheTest::revocationElsewhereIsSeenAtOnce()
{
    QVERIFY(m_server->keys().authenticate(m_key.plaintext));
    QVERIFY(m_server->keys().authenticateCached(m_key.plaintext));
    QVERIFY(m_cli->keys().revoke(m_account, m_key.record.id));
    QVERIFY(!m_server->keys().authenticateCached(m_key.plaintext));
    QVERIFY(!m_server->keys().authenticate(m_key.plaintext));
    QVERIFY(!m_server->keys().authenticateCached(m_key.plaintext));
}

void AuthCacheTest::planChangeElsewhereIsSeenAtOnce()
{
    QVERIFY(m_server->keys().authenticate(m_key.plaintext));
    QVERIFY(m_cli->accounts().setPlan(m_account, QStringLiteral("pro")));
    QVERIFY(!m_server->keys().authenticateCached(m_key.plaintext));
    const auto fresh = m_server->keys().authenticate(m_key.plaintext);
    QVERIFY(fresh);
    QCOMPARE(fresh->plan, QStringLiteral("pro"));
    QCOMPARE(m_server->keys().authenticateCached(m_key.plaintext)->plan, QStringLiteral("pro"));
}

void AuthCacheTest::refusalsAreNotCached()
{
    const QString wrong = m_key.plaintext.chopped(1) + (m_key.plaintext.endsWith(u'A') ? u'B' : u'A');
    QVERIFY(!m_server->keys().authenticate(wrong));
    QVERIFY(!m_server->keys().authenticateCached(wrong));
    // A key created after a refusal of itself works at once (nothing negative was kept).
    const auto later = m_cli->keys().create(m_account, QStringLiteral("later"));
    QVERIFY(later);
    QVERIFY(m_server->keys().authenticate(later->plaintext));
}

void AuthCacheTest::counterIsSharedBetweenMappings()
{
    SharedCounter a(m_dir->filePath(QStringLiteral("auth-revision")));
    SharedCounter b(m_dir->filePath(QStringLiteral("auth-revision")));
    QVERIFY(a.isShared() && b.isShared());
    const quint64 before = b.value();
    a.bump();
    QCOMPARE(b.value(), before + 1);
}

QTEST_GUILESS_MAIN(AuthCacheTest)
#include "tst_authcache.moc"
