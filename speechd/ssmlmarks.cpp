#include "ssmlmarks.h"

#include <QXmlStreamReader>

namespace
{
qint64 codePointsBefore(const QString &text, qint64 utf16)
{
    qint64 n = 0;
    for (qint64 i = 0; i < qMin<qint64>(utf16, text.size()); ++i)
        if (!text.at(i).isLowSurrogate())
            ++n;
    return n;
}
}

QList<SsmlMark> SsmlMarks::find(const QString &ssml)
{
    QList<SsmlMark> marks;
    QXmlStreamReader reader(ssml);
    while (!reader.atEnd()) {
        if (reader.readNext() != QXmlStreamReader::StartElement || reader.name() != QLatin1String("mark"))
            continue;
        const QString name = reader.attributes().value(QLatin1String("name")).toString();
        if (!name.isEmpty())
            marks.append(SsmlMark{name, codePointsBefore(ssml, reader.characterOffset())});
    }
    return marks;
}
