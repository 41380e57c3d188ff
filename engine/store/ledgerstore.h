#pragma once

#include "database.h"
#include "records.h"

#include <QList>

// Table ledger: every movement of money, one row each.
class LedgerStore
{
public:
    explicit LedgerStore(const Database &db) : m_db(db) {}

    // False when the row exists already (a generation is reserved/settled/released once).
    bool add(const LedgerEntry &entry);
    QList<LedgerEntry> list(qint64 accountId, int limit = 500) const;
    // Sum of credits and micros deltas for the account.
    std::pair<qint64, qint64> sums(qint64 accountId) const;

private:
    const Database &m_db;
};
