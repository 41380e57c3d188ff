#pragma once

#include "database.h"
#include "records.h"

#include <QList>

#include <optional>

// Table accounts.
class AccountStore
{
public:
    explicit AccountStore(const Database &db) : m_db(db) {}

    std::optional<qint64> insert(const Account &account);
    std::optional<Account> findById(qint64 id) const;
    std::optional<Account> findByName(const QString &name) const;
    QList<Account> list() const;
    // Adds the deltas; fails (false) rather than letting a balance go below zero.
    bool adjust(qint64 id, qint64 creditsDelta, qint64 microsDelta);
    bool setPlan(qint64 id, const QString &plan);
    // Inside a write transaction: holds the account's row until the commit, so that
    // read-decide-write of its balance is not raced by another node (PostgreSQL; SQLite's
    // write transaction holds the whole database already).
    bool lock(qint64 id);

private:
    std::optional<Account> one(const QString &where, const QVariant &value) const;
    const Database &m_db;
};
