#include "wyomingevent.h"

#include <QJsonDocument>

namespace
{
// The wyoming library writes its own version in every header and its readers ignore the
// field: a revision with streamed text in.
constexpr auto kProtocolVersion = "1.7.0";
}

QByteArray WyomingEvent::encode() const
{
    QJsonObject header{{"type", type}, {"version", kProtocolVersion}};
    QByteArray block;
    if (!data.isEmpty()) {
        block = QJsonDocument(data).toJson(QJsonDocument::Compact);
        header.insert("data_length", block.size());
    }
    if (!payload.isEmpty())
        header.insert("payload_length", payload.size());
    return QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n' + block + payload;
}

WyomingEvent WyomingEvent::error(const QString &text, const QString &code)
{
    return WyomingEvent{QStringLiteral("error"), QJsonObject{{"text", text}, {"code", code}}, {}};
}
