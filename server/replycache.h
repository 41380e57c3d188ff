#pragma once

#include <QByteArray>
#include <QCache>
#include <QMutex>
#include <QString>

#include <optional>

// Rendered bodies of replies that can no longer change (a finished generation as seen
// through one Host), so repeated polls skip JSON building and URL signing. The caller
// checks access before every use; this only saves the rendering. Thread-safe.
class ReplyCache
{
public:
    static constexpr int kMaxBytes = 16 * 1024 * 1024;

    ReplyCache();

    std::optional<QByteArray> find(const QString &key) const;
    void insert(const QString &key, const QByteArray &body);

private:
    mutable QMutex m_mutex;
    mutable QCache<QString, QByteArray> m_bodies;
};
