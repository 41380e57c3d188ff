#pragma once

#include "database.h"

#include <QByteArray>

#include <optional>

// Table lexicons: each account's pronunciation lexicon as one JSON array of entries, so
// that a PUT replaces it in one statement (all or nothing). The entries' meaning is
// engine/speech/lexicon.h's; this class only keeps the document.
class LexiconStore
{
public:
    explicit LexiconStore(const Database &db) : m_db(db) {}

    // The account's entries document ("[]" when it has none); nullopt when the store failed.
    std::optional<QByteArray> entries(qint64 accountId) const;
    bool replace(qint64 accountId, const QByteArray &entries, qint64 updatedAtMs);
    bool remove(qint64 accountId);

private:
    const Database &m_db;
};
