#include "customvoicestore.h"

#include "sqlutil.h"

namespace
{
const QString kColumns = QStringLiteral("id, account_id, name, model, base_voice_id, gender, description, pitch, rate, created_at");

CustomVoiceRecord fromQuery(const QSqlQuery &q)
{
    CustomVoiceRecord v;
    v.id = q.value(0).toString();
    v.accountId = q.value(1).toLongLong();
    v.name = q.value(2).toString();
    v.model = q.value(3).toString();
    v.baseVoiceId = q.value(4).toString();
    v.gender = q.value(5).toString();
    v.description = q.value(6).toString();
    v.pitch = q.value(7).toDouble();
    v.rate = q.value(8).toDouble();
    v.createdAt = q.value(9).toLongLong();
    return v;
}
}

bool CustomVoiceStore::insert(const CustomVoiceRecord &v)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "INSERT INTO custom_voices (" + kColumns + ") VALUES (?,?,?,?,?,?,?,?,?,?)",
                         {v.id, v.accountId, v.name, v.model, v.baseVoiceId, v.gender, v.description, v.pitch, v.rate,
                          v.createdAt});
}

bool CustomVoiceStore::update(const CustomVoiceRecord &v)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q,
                         "UPDATE custom_voices SET name = ?, base_voice_id = ?, model = ?, gender = ?, description = ?, "
                         "pitch = ?, rate = ? WHERE id = ? AND account_id = ?",
                         {v.name, v.baseVoiceId, v.model, v.gender, v.description, v.pitch, v.rate, v.id, v.accountId})
           && q.numRowsAffected() == 1;
}

bool CustomVoiceStore::remove(qint64 accountId, const QString &id)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "DELETE FROM custom_voices WHERE id = ? AND account_id = ?", {id, accountId})
           && q.numRowsAffected() == 1;
}

std::optional<CustomVoiceRecord> CustomVoiceStore::find(qint64 accountId, const QString &id) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT " + kColumns + " FROM custom_voices WHERE account_id = ? AND lower(id) = lower(?)",
                       {accountId, id})
        || !q.next())
        return std::nullopt;
    return fromQuery(q);
}

QList<CustomVoiceRecord> CustomVoiceStore::list(qint64 accountId) const
{
    QList<CustomVoiceRecord> out;
    StoreQuery q(m_db);
    if (SqlUtil::exec(q, "SELECT " + kColumns + " FROM custom_voices WHERE account_id = ? ORDER BY id", {accountId}))
        while (q.next())
            out << fromQuery(q);
    return out;
}
