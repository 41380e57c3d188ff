#pragma once

#include "database.h"

#include <QByteArray>

#include <optional>

// Table settings: small values that belong to this store (the URL-signing secret, the
// studio's accounts), so they go with its data dir.
class SettingsStore
{
public:
    explicit SettingsStore(const Database &db) : m_db(db) {}

    std::optional<QByteArray> value(const QString &key) const;
    // Inserts unless present; returns the stored value either way.
    std::optional<QByteArray> valueOrInsert(const QString &key, const QByteArray &value);
    bool setValue(const QString &key, const QByteArray &value);

private:
    const Database &m_db;
};
