#include "billingservice.h"

BillingService::BillingService(const Database &db)
    : m_accounts(db)
    , m_ledger(db)
{
}

void BillingService::price(Generation &g, const QString &priceModel) const
{
    g.tokens = Pricing::tokens(g.inputText);
    g.costCredits = m_pricing.credits(priceModel, g.tokens);
    g.costMicros = m_pricing.micros(priceModel, g.tokens);
    g.dollarCostMicros = g.costMicros;
}

BillingService::Source BillingService::chooseSource(Generation &g) const
{
    const auto account = m_accounts.findById(g.accountId);
    if (!account)
        return Source::StoreFailed;
    if (account->credits >= g.costCredits)
        g.source = PaymentSource::Credits;
    else if (account->walletMicros >= g.costMicros)
        g.source = PaymentSource::Wallet;
    else
        return Source::InsufficientBalance;
    return Source::Chosen;
}

bool BillingService::reserve(const Generation &g)
{
    const qint64 credits = g.source == PaymentSource::Credits ? -g.costCredits : 0;
    const qint64 micros = g.source == PaymentSource::Wallet ? -g.costMicros : 0;
    return m_accounts.adjust(g.accountId, credits, micros)
           && m_ledger.add({0, g.accountId, g.id, "reserve", g.source, credits, micros, {}, g.createdAt});
}

bool BillingService::settle(const Generation &g, const QString &note, qint64 nowMs)
{
    return m_ledger.add({0, g.accountId, g.id, "settle", g.source, 0, 0, note, nowMs});
}

bool BillingService::release(const Generation &g, const QString &reason, qint64 nowMs)
{
    const qint64 credits = g.source == PaymentSource::Credits ? g.costCredits : 0;
    const qint64 micros = g.source == PaymentSource::Wallet ? g.costMicros : 0;
    return m_accounts.adjust(g.accountId, credits, micros)
           && m_ledger.add({0, g.accountId, g.id, "release", g.source, credits, micros, reason.left(200), nowMs});
}
