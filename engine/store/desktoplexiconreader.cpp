#include "desktoplexiconreader.h"

#include <QFile>
#include <QFileInfo>

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
}

std::optional<QByteArray> DesktopLexiconReader::entries() const
{
    if (!QFileInfo(m_path).isFile())
        return std::nullopt;
    sqlite3 *db = nullptr;
    // Read-only and without SQLITE_OPEN_CREATE: a missing file stays missing.
    const int rc = sqlite3_open_v2(QFile::encodeName(m_path).constData(), &db, SQLITE_OPEN_READONLY, nullptr);
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
