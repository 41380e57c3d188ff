#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

// The lexicon document of the studio's account in a data dir's SQLite file, read for a
// process that must never change that store (the Speech Dispatcher module): the file is
// opened read-only and never created, no file is made beside it (a WAL database's -wal
// and -shm), and no migration runs. The account is the one the
// studio's window last chose there, else the desktop user's own
// (AccountService::lastStudioAccount, desktopAccount).
class DesktopLexiconReader
{
public:
    explicit DesktopLexiconReader(const QString &databasePath) : m_path(databasePath) {}

    // The entries document ("[]" when the account has none), or nullopt when there is no
    // database, no studio account, or the file cannot be read (an older schema too).
    std::optional<QByteArray> entries() const;

private:
    QString m_path;
};
