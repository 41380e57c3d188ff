#pragma once

#include "accountstore.h"
#include "ledgerstore.h"
#include "settingsstore.h"
#include "records.h"
#include "serviceerror.h"

// Accounts, plans, balances and top-ups. Every movement of money writes a ledger row.
class SharedCounter;

class AccountService
{
public:
    static constexpr qint64 kNewAccountCredits = 10000;

    // authRevision is bumped on a plan change: cached authentications carry the plan.
    explicit AccountService(const Database &db, SharedCounter *authRevision = nullptr);

    Result<Account> create(const QString &name, const QString &plan = QStringLiteral("free"),
                           qint64 credits = kNewAccountCredits, qint64 walletMicros = 0);
    QList<Account> list() const;
    std::optional<Account> find(qint64 id) const;
    std::optional<Account> findByName(const QString &name) const;
    Result<Account> topUpWallet(qint64 accountId, qint64 micros, const QString &note = {});
    Result<Account> addCredits(qint64 accountId, qint64 credits, const QString &note = {});
    Result<Account> setPlan(qint64 accountId, const QString &plan);
    QList<LedgerEntry> ledger(qint64 accountId, int limit = 500) const;
    // Ledger sums equal the balances: the invariant checked after crashes.
    bool ledgerConsistent(qint64 accountId) const;

    // The studio's own account for the desktop user of this store: the one it made on
    // an earlier start (remembered in the store's settings, so it goes with the data dir,
    // never with another), else a new one named after the user, made now.
    Result<Account> desktopAccount(const QString &userName);
    // The account last selected in a studio window on this store, if it still exists.
    std::optional<Account> lastStudioAccount() const;
    void setLastStudioAccount(qint64 accountId);

private:
    Result<Account> move(qint64 accountId, qint64 credits, qint64 micros, const QString &note);

    const Database &m_db;
    SharedCounter *m_authRevision;
    AccountStore m_accounts;
    LedgerStore m_ledger;
    SettingsStore m_settings;
};
