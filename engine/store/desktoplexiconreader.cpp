#include "desktoplexiconreader.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <sqlite3.h>

namespace
{
// One text value of a single-parameter query, or nullopt.
std::optional<QByteArray> queryText(sqlite3 *db, const char *sql, const QByteArray &param, qint64 number)
{
    sqlite3_stmt *st = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK)
        return std::nullopt;
    if (param.isNull())
        sqlite3_bind_int64(st, 1, number);
    else
        sqlite3_bind_text(st, 1, param.constData(), int(param.size()), SQLITE_TRANSIENT);
    std::optional<QByteArray> out;
    if (sqlite3_step(st) == SQLITE_ROW) {
        const auto *text = static_cast<const char *>(sqlite3_column_blob(st, 0));
        out = QByteArray(text ? text : "", sqlite3_column_bytes(st, 0));
    }
    sqlite3_finalize(st);
    return out;
}

// The account the studio speaks as in this store: its last choice, else the desktop's.
qint64 studioAccount(sqlite3 *db)
{
    for (const char *key : {"studio.last_account", "studio.desktop_account"}) {
        const auto id = queryText(db, "SELECT value FROM settings WHERE key = ?", QByteArray(key), 0);
        if (!id)
            continue;
        const auto exists = queryText(db, "SELECT id FROM accounts WHERE id = ?", QByteArray(), id->toLongLong());
        if (exists)
            return id->toLongLong();
    }
    return 0;
}

// A database in WAL mode (its header's read and write versions are 2).
bool inWalMode(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray header = file.read(20);
    return header.size() == 20 && header.at(18) == 2 && header.at(19) == 2;
}

// The database's files as they stand: whether each is there, its size and time.
QString filesStamp(const QString &path)
{
    QString out;
    for (const QString &p : {path, path + QStringLiteral("-wal"), path + QStringLiteral("-shm")}) {
        const QFileInfo info(p);
        out += info.exists() ? QString::number(info.size()) + u'@'
                                   + QString::number(info.lastModified().toMSecsSinceEpoch()) + u';'
                             : QStringLiteral("-;");
    }
    return out;
}

std::optional<QByteArray> readEntries(const QByteArray &uri)
{
    sqlite3 *db = nullptr;
    // Read-only and without SQLITE_OPEN_CREATE: a missing file stays missing.
    const int rc = sqlite3_open_v2(uri.constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_close(db);
        return std::nullopt;
    }
    sqlite3_busy_timeout(db, 200);
    std::optional<QByteArray> out;
    if (const qint64 account = studioAccount(db)) {
        out = queryText(db, "SELECT entries FROM lexicons WHERE account_id = ?", QByteArray(), account);
        if (!out)
            out = QByteArray("[]");
    }
    sqlite3_close(db);
    return out;
}
}

std::optional<QByteArray> DesktopLexiconReader::entries() const
{
    if (!QFileInfo(m_path).isFile())
        return std::nullopt;
    const QByteArray uri = QUrl::fromLocalFile(m_path).toEncoded();
    // A WAL database is read through its -wal and -shm, and SQLite makes them when they
    // are missing, even for a read-only connection: in the data dir, which is the
    // studio's. With both there (the studio has it open, or left them) it is read as
    // usual, the latest of the studio's writes seen; nothing is created, and the -shm
    // takes this reader's mark as every reader's.
    const QString wal = m_path + QStringLiteral("-wal"), shm = m_path + QStringLiteral("-shm");
    if (!inWalMode(m_path) || (QFileInfo::exists(wal) && QFileInfo::exists(shm)))
        return readEntries(uri + "?mode=ro");
    // Else nobody has it open and all of it is in the database file, read as immutable
    // (no -wal, no -shm, no locks). The studio may open it and write meanwhile: it writes
    // into a new -wal, which immutable would not see, and moves it into this file only at a
    // checkpoint. So the read counts only if the files are as they were before it.
    for (int attempt = 0; attempt < 3; ++attempt) {
        const QString before = filesStamp(m_path);
        auto out = readEntries(uri + "?immutable=1");
        if (filesStamp(m_path) == before)
            return out;
    }
    return std::nullopt;
}
