#pragma once

#include "services.h"

#include "keyservice.h"
#include "metering.h"
#include "records.h"
#include "storetask.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <optional>

class ServerControl;

// What every page shares: the engine's services, the account selected in the window, the
// embedded server, and a way to run store work off the GUI thread.
class StudioContext : public QObject
{
    Q_OBJECT

public:
    StudioContext(const Services &services, ServerControl *server, QObject *parent = nullptr);

    const Services &services() const { return m_services; }
    ServerControl *server() { return m_server; }

    qint64 accountId() const { return m_accountId; }
    void setAccountId(qint64 id);
    // The selected account as the caller of a generation made in the window.
    AuthContext auth() const;
    void setAccountPlan(const QString &plan) { m_plan = plan; }
    // False until the window has chosen the account it starts with (it may be making the
    // desktop user's account): a Speak asked for meanwhile waits instead of failing.
    bool accountsSettled() const { return m_accountsSettled; }
    void setAccountsSettled();
    // Whether the desktop user's work is billed to the selected account (StudioSettings,
    // off by default); the engine's policy says what that means for each kind of work.
    bool meterDesktop() const { return m_meterDesktop; }
    void setMeterDesktop(bool on);
    Metering metering(DesktopMetering::Work work) const;
    // The selected account's balances as last read, for explaining costs when they
    // matter (a text the balance does not cover).
    qint64 accountCredits() const { return m_credits; }
    qint64 accountWalletMicros() const { return m_walletMicros; }
    void setAccountBalance(qint64 credits, qint64 walletMicros);

    // Runs work() on the engine's store pool, then then(result) on the GUI thread if
    // guard still exists. Store reads and writes never block the window.
    template <typename Work, typename Then>
    void run(QObject *guard, Work work, Then then)
    {
        runOnStore(storePool(), this, guard, work, then);
    }

signals:
    void accountChanged(qint64 accountId);
    // Something pages show changed (a generation, a key, a voice, a balance).
    void dataChanged();
    // The selected account's custom voices changed (created, edited, deleted).
    void voicesChanged();
    void accountsSettledChanged();
    void balanceChanged();
    void meteringChanged(bool meterDesktop);
    // A page asks the window to show the Accounts & credits page.
    void accountsPageRequested();

public slots:
    void notifyDataChanged() { emit dataChanged(); }
    void notifyVoicesChanged() { emit voicesChanged(); }

private:
    QThreadPool *storePool();

    Services m_services;
    ServerControl *m_server;
    qint64 m_accountId = 0;
    QString m_plan = QStringLiteral("free");
    bool m_accountsSettled = false;
    bool m_meterDesktop = false;
    qint64 m_credits = 0;
    qint64 m_walletMicros = 0;
};
