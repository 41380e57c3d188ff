#pragma once

#include <QJsonValue>
#include <QString>

namespace Timestamps
{
qint64 nowMs();
// ISO 8601 UTC with milliseconds, e.g. 2026-11-21T12:00:00.123Z
QString iso(qint64 ms);
// iso(ms), or JSON null for 0 ("not yet").
QJsonValue isoOrNull(qint64 ms);
}
