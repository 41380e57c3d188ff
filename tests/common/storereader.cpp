#include "storereader.h"

#include "testpostgres.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>

StoreReader::StoreReader(const QString &dataDir)
    : m_name(QUuid::createUuid().toString())
{
    TestPostgres::openStore(m_name, dataDir, dataDir + QStringLiteral("/tts-studio.db"),
                            QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
}

StoreReader::~StoreReader()
{
    QSqlDatabase::removeDatabase(m_name);
}

bool StoreReader::exec(const QString &sql, const QVariantList &args) const
{
    QSqlQuery q(QSqlDatabase::database(m_name));
    q.prepare(sql);
    for (const QVariant &a : args)
        q.addBindValue(a);
    return q.exec();
}

QVariant StoreReader::value(const QString &sql, const QVariantList &args) const
{
    QSqlQuery q(QSqlDatabase::database(m_name));
    q.prepare(sql);
    for (const QVariant &a : args)
        q.addBindValue(a);
    if (!q.exec() || !q.next())
        return {};
    return q.value(0);
}

qint64 StoreReader::scalar(const QString &sql, const QVariantList &args) const
{
    const QVariant v = value(sql, args);
    return v.isValid() ? v.toLongLong() : -1;
}

qint64 StoreReader::credits(const QString &account) const
{
    return scalar(QStringLiteral("SELECT credits FROM accounts WHERE name = ?"), {account});
}

QString StoreReader::status(const QString &generationId) const
{
    return value(QStringLiteral("SELECT status FROM generations WHERE id = ?"), {generationId}).toString();
}

QString StoreReader::error(const QString &generationId) const
{
    return value(QStringLiteral("SELECT error_message FROM generations WHERE id = ?"), {generationId}).toString();
}

qint64 StoreReader::generating() const
{
    return scalar(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'GENERATING'"));
}

qint64 StoreReader::ledgerRows(const QString &generationId, const QString &kind) const
{
    return scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE generation_id = ? AND kind = ?"), {generationId, kind});
}

qint64 StoreReader::ledgerRowsTotal() const
{
    return scalar(QStringLiteral("SELECT COUNT(*) FROM ledger"));
}

bool StoreReader::ledgerMatchesBalances() const
{
    return scalar(QStringLiteral("SELECT COUNT(*) FROM accounts a WHERE a.credits != (SELECT COALESCE(SUM(credits_delta), 0) "
                                 "FROM ledger l WHERE l.account_id = a.id) OR a.wallet_micros != (SELECT "
                                 "COALESCE(SUM(micros_delta), 0) FROM ledger l WHERE l.account_id = a.id)"))
           == 0;
}
