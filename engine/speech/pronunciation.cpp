#include "pronunciation.h"

#include <QJsonObject>

QJsonArray Pronunciations::toJson(const QList<Pronunciation> &spans)
{
    QJsonArray out;
    for (const Pronunciation &p : spans) {
        QJsonObject o{{"start", qint64(p.start)}, {"length", qint64(p.length)}};
        if (!p.ipa.isEmpty())
            o.insert("ipa", p.ipa);
        if (!p.alias.isEmpty())
            o.insert("alias", p.alias);
        out.append(o);
    }
    return out;
}

QList<Pronunciation> Pronunciations::fromJson(const QJsonArray &array, qsizetype textLength)
{
    QList<Pronunciation> out;
    qsizetype end = 0;
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        Pronunciation p;
        p.start = qsizetype(o.value("start").toInteger(-1));
        p.length = qsizetype(o.value("length").toInteger(0));
        p.ipa = o.value("ipa").toString();
        p.alias = o.value("alias").toString();
        if (p.start < end || p.length <= 0 || p.start + p.length > textLength || (p.ipa.isEmpty() && p.alias.isEmpty()))
            continue;
        end = p.start + p.length;
        out.append(p);
    }
    return out;
}
