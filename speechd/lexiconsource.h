#pragma once

#include "lexicon.h"

#include <QDateTime>
#include <QList>
#include <QString>

// The desktop user's pronunciations: the lexicon of the studio's account in the data
// dir's database, read again only when the database's files changed (the studio may be
// editing it while a screen reader speaks). None when the data dir is missing or empty:
// nothing is ever created there.
class LexiconSource
{
public:
    explicit LexiconSource(const QString &dataDir);

    QList<LexiconEntry> entries();

private:
    QString stamp() const; // sizes and times of the database and its WAL

    QString m_databasePath;
    QString m_stamp;
    QList<LexiconEntry> m_entries;
};
