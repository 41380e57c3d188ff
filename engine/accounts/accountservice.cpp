#include "accountservice.h"

#include "revisionstore.h"
#include "sharedcounter.h"
#include "timestamps.h"

AccountService::AccountService(const Database &db, SharedCounter *authRevision)
    : m_db(db)
    , m_authRevision(authRevision)
    , m_accounts(db)
    , m_ledger(db)
    , m_settings(db)
{
}

Result<Account> AccountService::create(const QString &name, const QString &plan, qint64 credits, qint64 walletMicros)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty() || trimmed.size() > 100)
        return ServiceError::invalid("name", QStringLiteral("account name must be 1 to 100 characters"));
    if (plan != QLatin1String("free") && plan != QLatin1String("pro"))
        return ServiceError::invalid("plan", QStringLiteral("plan must be free or pro"));
    if (credits < 0 || walletMicros < 0)
        return ServiceError::invalid("credits", QStringLiteral("balances cannot be negative"));
    Account a;
    a.name = trimmed;
    a.plan = plan;
    a.credits = credits;
    a.walletMicros = walletMicros;
    a.createdAt = Timestamps::nowMs();
    bool duplicate = false;
    const bool ok = m_db.immediateTransaction([&] {
        if (m_accounts.findByName(trimmed)) {
            duplicate = true;
            return false;
        }
        const auto id = m_accounts.insert(a);
        if (!id)
            return false;
        a.id = *id;
        if (credits > 0 && !m_ledger.add({0, a.id, {}, "grant", PaymentSource::Credits, credits, 0, "new account", a.createdAt}))
            return false;
        if (walletMicros > 0 && !m_ledger.add({0, a.id, {}, "topup", PaymentSource::Wallet, 0, walletMicros, "new account", a.createdAt}))
            return false;
        return true;
    });
    if (duplicate)
        return ServiceError::make(ServiceError::Kind::Conflict, QStringLiteral("an account named '%1' exists already").arg(trimmed));
    if (!ok)
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("could not create the account"));
    return a;
}

QList<Account> AccountService::list() const
{
    return m_accounts.list();
}

std::optional<Account> AccountService::find(qint64 id) const
{
    return m_accounts.findById(id);
}

std::optional<Account> AccountService::findByName(const QString &name) const
{
    return m_accounts.findByName(name);
}

Result<Account> AccountService::move(qint64 accountId, qint64 credits, qint64 micros, const QString &note)
{
    const bool ok = m_db.immediateTransaction([&] {
        return m_accounts.adjust(accountId, credits, micros)
               && m_ledger.add({0, accountId, {}, credits != 0 ? "grant" : "topup",
                                credits != 0 ? PaymentSource::Credits : PaymentSource::Wallet, credits, micros, note,
                                Timestamps::nowMs()});
    });
    if (!ok)
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("account not found"));
    return *m_accounts.findById(accountId);
}

Result<Account> AccountService::topUpWallet(qint64 accountId, qint64 micros, const QString &note)
{
    if (micros <= 0)
        return ServiceError::invalid("amount", QStringLiteral("top-up amount must be positive"));
    return move(accountId, 0, micros, note.isEmpty() ? QStringLiteral("wallet top-up") : note);
}

Result<Account> AccountService::addCredits(qint64 accountId, qint64 credits, const QString &note)
{
    if (credits <= 0)
        return ServiceError::invalid("credits", QStringLiteral("credits must be positive"));
    return move(accountId, credits, 0, note.isEmpty() ? QStringLiteral("credit grant") : note);
}

Result<Account> AccountService::setPlan(qint64 accountId, const QString &plan)
{
    if (plan != QLatin1String("free") && plan != QLatin1String("pro"))
        return ServiceError::invalid("plan", QStringLiteral("plan must be free or pro"));
    if (!m_accounts.setPlan(accountId, plan))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("account not found"));
    if (m_authRevision)
        m_authRevision->bump();
    RevisionStore(m_db).bump(QStringLiteral("auth"));
    return *m_accounts.findById(accountId);
}

QList<LedgerEntry> AccountService::ledger(qint64 accountId, int limit) const
{
    return m_ledger.list(accountId, limit);
}

bool AccountService::ledgerConsistent(qint64 accountId) const
{
    const auto a = m_accounts.findById(accountId);
    if (!a)
        return false;
    const auto [credits, micros] = m_ledger.sums(accountId);
    return credits == a->credits && micros == a->walletMicros;
}

namespace
{
const QString kDesktopAccount = QStringLiteral("studio.desktop_account");
const QString kLastStudioAccount = QStringLiteral("studio.last_account");
}

Result<Account> AccountService::desktopAccount(const QString &userName)
{
    if (const auto stored = m_settings.value(kDesktopAccount))
        if (const auto account = m_accounts.findById(stored->toLongLong()))
            return *account;
    QString base = userName.trimmed().left(80);
    if (base.isEmpty())
        base = QStringLiteral("Desktop");
    // The name may be taken by an account made with the command line or the API.
    for (int n = 1;; ++n) {
        const QString name = n == 1 ? base : QStringLiteral("%1 (%2)").arg(base).arg(n);
        auto created = create(name);
        if (created) {
            m_settings.setValue(kDesktopAccount, QByteArray::number(created->id));
            return created;
        }
        if (created.error().kind != ServiceError::Kind::Conflict || n >= 100)
            return created;
    }
}

std::optional<Account> AccountService::lastStudioAccount() const
{
    const auto stored = m_settings.value(kLastStudioAccount);
    return stored ? m_accounts.findById(stored->toLongLong()) : std::nullopt;
}

void AccountService::setLastStudioAccount(qint64 accountId)
{
    m_settings.setValue(kLastStudioAccount, QByteArray::number(accountId));
}
