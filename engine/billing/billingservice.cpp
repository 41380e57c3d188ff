#include "billingservice.h"

BillingService::BillingService(const Database &db)
    : m_accounts(db)
    , m_ledger(db)
{
}

void BillingService::price(Generation &g, const QString &priceModel, const QString &billedText) const
{
    g.tokens = Pricing::tokens(billedText);
    g.costCredits = m_pricing.credits(priceModel, g.tokens);
    g.costMicros = m_pricing.micros(priceModel, g.tokens);
    g.dollarCostMicros = g.costMicros;
}

void BillingService::waive(Generation &g)
{
    g.costCredits = 0;
    g.costMicros = 0;
    g.dollarCostMicros = 0;
    g.source = PaymentSource::Unmetered;
}

namespace
{
bool unmetered(const Generation &g)
{
    return g.source == PaymentSource::Unmetered;
}
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
    if (unmetered(g))
        return true;
    const qint64 credits = g.source == PaymentSource::Credits ? -g.costCredits : 0;
    const qint64 micros = g.source == PaymentSource::Wallet ? -g.costMicros : 0;
    return m_accounts.adjust(g.accountId, credits, micros)
           && m_ledger.add({0, g.accountId, g.id, "reserve", g.source, credits, micros, {}, g.createdAt});
}

bool BillingService::settle(const Generation &g, const QString &note, qint64 nowMs)
{
    if (unmetered(g))
        return true;
    return m_ledger.add({0, g.accountId, g.id, "settle", g.source, 0, 0, note, nowMs});
}

bool BillingService::release(const Generation &g, const QString &reason, qint64 nowMs)
{
    if (unmetered(g))
        return true;
    const qint64 credits = g.source == PaymentSource::Credits ? g.costCredits : 0;
    const qint64 micros = g.source == PaymentSource::Wallet ? g.costMicros : 0;
    return m_accounts.adjust(g.accountId, credits, micros)
           && m_ledger.add({0, g.accountId, g.id, "release", g.source, credits, micros, reason.left(200), nowMs});
}

namespace
{
qint64 ceilShare(qint64 amount, qint64 part, qint64 whole)
{
    return whole > 0 ? (amount * part + whole - 1) / whole : amount;
}
}

GenerationStore::PartialCost BillingService::partialCost(const Generation &g, qint64 textSpoken, qint64 textTotal)
{
    GenerationStore::PartialCost c;
    c.tokens = qBound<qint64>(0, ceilShare(g.tokens, textSpoken, textTotal), g.tokens);
    // The generation's own prices per token (its model, or the premium price).
    c.credits = ceilShare(g.costCredits, c.tokens, g.tokens);
    c.micros = ceilShare(g.costMicros, c.tokens, g.tokens);
    c.dollarMicros = ceilShare(g.dollarCostMicros, c.tokens, g.tokens);
    return c;
}

bool BillingService::settlePart(const Generation &g, const GenerationStore::PartialCost &cost, const QString &note,
                                qint64 nowMs)
{
    if (unmetered(g))
        return true;
    const qint64 credits = g.source == PaymentSource::Credits ? g.costCredits - cost.credits : 0;
    const qint64 micros = g.source == PaymentSource::Wallet ? g.costMicros - cost.micros : 0;
    return m_ledger.add({0, g.accountId, g.id, "settle", g.source, 0, 0, note, nowMs})
           && m_accounts.adjust(g.accountId, credits, micros)
           && m_ledger.add({0, g.accountId, g.id, "release", g.source, credits, micros,
                            QStringLiteral("not spoken: stopped in the studio"), nowMs});
}
