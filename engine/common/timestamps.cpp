#include "timestamps.h"

#include <QDateTime>

qint64 Timestamps::nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QString Timestamps::iso(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs);
}

QJsonValue Timestamps::isoOrNull(qint64 ms)
{
    return ms == 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(iso(ms));
}
