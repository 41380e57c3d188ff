#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

// One Wyoming event: a type, its JSON data and an optional binary payload. On the wire
// a JSON header line, then data_length bytes of JSON data, then payload_length bytes.
struct WyomingEvent
{
    QString type;
    QJsonObject data;
    QByteArray payload;

    // As the wyoming library writes it: the data in the data block, never inline.
    QByteArray encode() const;

    static WyomingEvent error(const QString &text, const QString &code);
};
