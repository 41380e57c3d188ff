#pragma once

#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <algorithm>

// Helpers shared by bench-stream's first-frame figures and its capacity mode.
namespace StreamBench
{
// Nearest-rank percentile; -1 for no samples (printed, so a missing figure shows).
inline double percentile(QList<double> v, double p)
{
    if (v.isEmpty())
        return -1;
    std::sort(v.begin(), v.end());
    return v.at(qMin(v.size() - 1, qsizetype(p * double(v.size() - 1) + 0.5)));
}

// The JSON message that starts a stream.
inline QByteArray requestFor(const QString &text, const char *voiceId, const char *lang)
{
    QJsonObject o{{"text", text}, {"voice_id", QLatin1String(voiceId)}};
    if (*lang)
        o.insert("language_code", QLatin1String(lang));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}
}
