#pragma once

#include "accountstore.h"
#include "generationstore.h"
#include "ledgerstore.h"
#include "metering.h"
#include "pricing.h"
#include "records.h"

class Database;

// The money side of a generation: priced at creation, reserved (monthly credits first,
// then the wallet), settled when final, released when it fails or is cancelled. Every
// movement is a ledger row. The calls run inside the caller's store transaction, so a
// generation's row and its money change together or not at all; a generation is never
// charged twice because the caller moves money only when its row's status changed.
class BillingService
{
public:
    explicit BillingService(const Database &db);

    const Pricing &pricing() const { return m_pricing; }
    void setPricing(const Pricing &p) { m_pricing = p; }

    // Sets g's tokens (the code points of billedText: the input, or what an SSML
    // document says, docs/api.md "SSML"), costs and dollar cost at the prices of priceModel.
    void price(Generation &g, const QString &priceModel, const QString &billedText) const;

    // Leaves g's tokens and makes it free: no cost, PaymentSource::Unmetered; reserve,
    // settle and release then move nothing and write no ledger row.
    static void waive(Generation &g);

    enum class Source { Chosen, InsufficientBalance, StoreFailed };
    // Who pays: monthly credits first, then the wallet (sets g.source); moves nothing.
    Source chooseSource(Generation &g) const;
    // Takes g's cost from its source (a "reserve" row).
    bool reserve(const Generation &g);
    // The reservation becomes final: a "settle" row, no money moves again.
    bool settle(const Generation &g, const QString &note, qint64 nowMs);
    // The reservation goes back to where it came from (a "release" row).
    bool release(const Generation &g, const QString &reason, qint64 nowMs);

    // What g costs when only textSpoken of textTotal characters of its text are kept (a
    // stopped stream): its tokens in that proportion, rounded up (a sentence begun is a
    // sentence billed), at g's prices.
    static GenerationStore::PartialCost partialCost(const Generation &g, qint64 textSpoken, qint64 textTotal);
    // A stopped stream keeps part of its reservation: that part becomes final (a
    // "settle" row) and the rest goes back to where it came from (a "release" row).
    bool settlePart(const Generation &g, const GenerationStore::PartialCost &cost, const QString &note, qint64 nowMs);

private:
    Pricing m_pricing;
    AccountStore m_accounts;
    LedgerStore m_ledger;
};
