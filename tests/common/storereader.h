#pragma once

#include <QString>
#include <QVariant>
#include <QVariantList>

// Reads (and for fault tests, writes) the SQLite store beside a running server: WAL
// mode lets a test look at rows, balances and the ledger while the server works.
class StoreReader
{
public:
    explicit StoreReader(const QString &dataDir);
    ~StoreReader();
    StoreReader(const StoreReader &) = delete;
    StoreReader &operator=(const StoreReader &) = delete;

    bool exec(const QString &sql, const QVariantList &args = {}) const;
    // The first column of the first row, or an invalid QVariant.
    QVariant value(const QString &sql, const QVariantList &args = {}) const;
    // value() as a number, -1 when there is no row.
    qint64 scalar(const QString &sql, const QVariantList &args = {}) const;

    qint64 credits(const QString &account) const;
    QString status(const QString &generationId) const;
    QString error(const QString &generationId) const;
    qint64 generating() const;
    qint64 ledgerRows(const QString &generationId, const QString &kind) const;
    qint64 ledgerRowsTotal() const;
    // The ledger sums to the balance for every account.
    bool ledgerMatchesBalances() const;

private:
    QString m_name;
};
