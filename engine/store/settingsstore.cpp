#include "settingsstore.h"

#include "sqlutil.h"

std::optional<QByteArray> SettingsStore::value(const QString &key) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT value FROM settings WHERE key = ?", {key}) || !q.next())
        return std::nullopt;
    return q.value(0).toByteArray();
}

std::optional<QByteArray> SettingsStore::valueOrInsert(const QString &key, const QByteArray &v)
{
    StoreQuery q(m_db);
    SqlUtil::exec(q, "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", {key, v});
    return value(key);
}

bool SettingsStore::setValue(const QString &key, const QByteArray &v)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", {key, v});
}
