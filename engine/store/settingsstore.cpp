#include "settingsstore.h"

#include "sqlutil.h"

std::optional<QByteArray> SettingsStore::value(const QString &key) const
{
    QSqlQuery q(m_db.connection());
    if (!SqlUtil::exec(q, "SELECT value FROM settings WHERE key = ?", {key}) || !q.next())
        return std::nullopt;
    return q.value(0).toByteArray();
}

std::optional<QByteArray> SettingsStore::valueOrInsert(const QString &key, const QByteArray &v)
{
    QSqlQuery q(m_db.connection());
    SqlUtil::exec(q, "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", {key, v});
    return value(key);
}

bool SettingsStore::setValue(const QString &key, const QByteArray &v)
{
    QSqlQuery q(m_db.connection());
    return SqlUtil::exec(q, "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", {key, v});
}
