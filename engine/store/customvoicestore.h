#pragma once

#include "database.h"
#include "records.h"

#include <QList>

#include <optional>

// Table custom_voices: voices an account derived from a system voice.
class CustomVoiceStore
{
public:
    explicit CustomVoiceStore(const Database &db) : m_db(db) {}

    bool insert(const CustomVoiceRecord &voice);
    bool update(const CustomVoiceRecord &voice);
    bool remove(qint64 accountId, const QString &id);
    std::optional<CustomVoiceRecord> find(qint64 accountId, const QString &id) const;
    QList<CustomVoiceRecord> list(qint64 accountId) const;

private:
    const Database &m_db;
};
