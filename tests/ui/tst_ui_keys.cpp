// The API keys page: a key created through the widgets is shown once (in a dialog
// that does not block) and listed by its last 4; revoking it through the page (after
// confirming) makes KeyService — and the real API server on the same store — refuse it.

#include "keyspage.h"
#include "studioprocess.h"
#include "uitestenv.h"

#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

class TestKeysPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void noAccountShowsHint();
    void createShowsKeyOnceAndLists();
    void revokeAfterConfirming();
    void cancelledRevokeKeepsKey();
    void revokedKeyRefusedByApi();
    void cleanupTestCase();

private:
    // Drives the page: types the name, clicks Create, reads the key from the dialog and closes it.
    QString createThroughPage(KeysPage &page, const QString &name);
    void confirmRevoke(KeysPage &page, qint64 keyId, bool confirm);

    std::unique_ptr<UiTestEnv> m_env;
    qint64 m_account = 0;
    QString m_key;
};

void TestKeysPage::initTestCase()
{
    isolateSettings();
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
}

void TestKeysPage::noAccountShowsHint()
{
    KeysPage page(m_env->context());
    page.show();
    QVERIFY(!page.createButton()->isEnabled());
    QVERIFY(!page.nameEdit()->isEnabled());
    QVERIFY(!page.revokeButton()->isEnabled());
    bool hinted = false;
    for (QLabel *label : page.findChildren<QLabel *>())
        hinted = hinted || label->text().contains(QStringLiteral("No account yet"));
    QVERIFY(hinted);

    // The page follows the account chosen in the window.
    m_account = m_env->createAccount(QStringLiteral("alice"));
    QVERIFY(m_account);
    m_env->context().setAccountId(m_account);
    QTRY_VERIFY(page.nameEdit()->isEnabled());
}

QString TestKeysPage::createThroughPage(KeysPage &page, const QString &name)
{
    page.nameEdit()->clear();
    QTest::keyClicks(page.nameEdit(), name);
    if (!page.createButton()->isEnabled())
        return QStringLiteral("<create disabled>");
    QTest::mouseClick(page.createButton(), Qt::LeftButton);
    QDialog *dialog = nullptr;
    if (!QTest::qWaitFor([&] { return (dialog = findWindow<QDialog>(QStringLiteral("newKeyDialog"))) != nullptr; }, 10000))
        return QStringLiteral("<no dialog>");
    // The dialog says the key will not be shown again.
    bool warned = false;
    for (QLabel *label : dialog->findChildren<QLabel *>())
        warned = warned || label->text().contains(QStringLiteral("will not be shown again"));
    if (!warned)
        return QStringLiteral("<no warning>");
    const QString key = dialog->findChild<QLineEdit *>(QStringLiteral("newKeyValue"))->text();
    // Copy puts the key on the clipboard.
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("copyKey")), Qt::LeftButton);
    if (QGuiApplication::clipboard()->text() != key)
        return QStringLiteral("<not copied>");
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Close)->click();
    if (!QTest::qWaitFor([] { return findWindow<QDialog>(QStringLiteral("newKeyDialog")) == nullptr; }, 5000))
        return QStringLiteral("<dialog stayed open>");
    return key;
}

void TestKeysPage::createShowsKeyOnceAndLists()
{
    KeysPage page(m_env->context());
    page.show();
    m_key = createThroughPage(page, QStringLiteral("ci-bot"));
    QVERIFY2(m_key.startsWith(QStringLiteral("tts_")), qPrintable(m_key));
    QVERIFY(page.nameEdit()->text().isEmpty());

    const QList<ApiKeyRecord> stored = m_env->engine().keys().list(m_account);
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored.first().last4, m_key.right(4));
    QTRY_COMPARE(page.table()->rowCount(), 1);
    QCOMPARE(page.table()->item(0, KeysPage::Name)->text(), QStringLiteral("ci-bot"));
    QCOMPARE(page.table()->item(0, KeysPage::Key)->data(KeysPage::kLast4Role).toString(), stored.first().last4);
    QVERIFY(page.table()->item(0, KeysPage::Key)->text().endsWith(stored.first().last4));
    // Only the last 4 characters are listed: the full key appears nowhere on the page.
    for (int c = 0; c < KeysPage::ColumnCount; ++c)
        QVERIFY(!page.table()->item(0, c)->text().contains(m_key));
    // The new key is selected, and it works.
    QTRY_VERIFY(page.revokeButton()->isEnabled());
    const auto auth = m_env->engine().keys().authenticate(m_key);
    QVERIFY(auth);
    QCOMPARE(auth->accountId, m_account);
}

void TestKeysPage::confirmRevoke(KeysPage &page, qint64 keyId, bool confirm)
{
    QVERIFY(page.selectKey(keyId));
    QVERIFY(page.revokeButton()->isEnabled());
    QTest::mouseClick(page.revokeButton(), Qt::LeftButton);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = findWindow<QMessageBox>(QStringLiteral("revokeKeyConfirm"))) != nullptr);
    QAbstractButton *answer = nullptr;
    for (QAbstractButton *b : box->buttons())
        if (box->buttonRole(b) == (confirm ? QMessageBox::DestructiveRole : QMessageBox::RejectRole))
            answer = b;
    QVERIFY(answer);
    answer->click();
}

void TestKeysPage::revokeAfterConfirming()
{
    KeysPage page(m_env->context());
    page.show();
    QTRY_COMPARE(page.table()->rowCount(), 1);
    const qint64 keyId = page.table()->item(0, KeysPage::Name)->data(KeysPage::kIdRole).toLongLong();
    confirmRevoke(page, keyId, true);
    QTRY_VERIFY(!m_env->engine().keys().authenticate(m_key));
    QTRY_VERIFY(page.table()->item(0, KeysPage::State)->data(KeysPage::kRevokedRole).toBool());
    QVERIFY(page.table()->item(0, KeysPage::State)->text().startsWith(QStringLiteral("Revoked")));
    QVERIFY(m_env->engine().keys().list(m_account).first().revokedAt != 0);
    // A revoked key cannot be revoked again.
    QVERIFY(page.selectKey(keyId));
    QVERIFY(!page.revokeButton()->isEnabled());
}

void TestKeysPage::cancelledRevokeKeepsKey()
{
    KeysPage page(m_env->context());
    page.show();
    const QString key = createThroughPage(page, QStringLiteral("keep-me"));
    QVERIFY2(key.startsWith(QStringLiteral("tts_")), qPrintable(key));
    QTRY_COMPARE(page.table()->rowCount(), 2);
    const qint64 keyId = m_env->engine().keys().list(m_account).last().id;
    confirmRevoke(page, keyId, false);
    QTest::qWait(300);
    QVERIFY(m_env->engine().keys().authenticate(key));
    QCOMPARE(m_env->engine().keys().list(m_account).last().revokedAt, 0);
}

// The studio and a headless server share one store: a key revoked in the window is
// refused by the API on its next request.
void TestKeysPage::revokedKeyRefusedByApi()
{
    StudioProcess server;
    // Both processes on one data dir: the server is the only one that listens.
    {
        UiTestEnv env(UiTestEnv::Options{server.dataDir(), 86400});
        QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
        const qint64 account = env.createAccount(QStringLiteral("bob"));
        QVERIFY(account);
        QVERIFY2(server.start({QStringLiteral("--workers"), QStringLiteral("1")}), server.serverOutput().constData());
        env.context().setAccountId(account);
        KeysPage page(env.context());
        page.show();
        const QString key = createThroughPage(page, QStringLiteral("api"));
        QVERIFY2(key.startsWith(QStringLiteral("tts_")), qPrintable(key));
        const QString url = server.baseUrl() + QStringLiteral("/v3/voices?limit=1");
        QCOMPARE(httpRequest("GET", url, key.toUtf8()).status, 200);

        QTRY_COMPARE(page.table()->rowCount(), 1);
        confirmRevoke(page, page.table()->item(0, KeysPage::Name)->data(KeysPage::kIdRole).toLongLong(), true);
        QTRY_VERIFY(!env.engine().keys().authenticate(key));
        const HttpResult refused = httpRequest("GET", url, key.toUtf8());
        QCOMPARE(refused.status, 401);
        QCOMPARE(refused.json.value(QStringLiteral("detail")).toString(), QStringLiteral("Invalid or missing API key"));
    }
    server.stop();
}

void TestKeysPage::cleanupTestCase()
{
    m_env.reset();
}

QTEST_MAIN(TestKeysPage)
#include "tst_ui_keys.moc"
