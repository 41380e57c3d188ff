#include "ssmlmarks.h"

#include <QRegularExpression>
#include <QXmlStreamReader>

namespace
{
// Code points of text up to a UTF-16 offset, counted on from where the last mark left off:
// the marks come in document order, so the whole text is walked once.
class CodePointCounter
{
public:
    explicit CodePointCounter(const QString &text) : m_text(text) {}

    qint64 before(qint64 utf16)
    {
        const qint64 end = qMin<qint64>(utf16, m_text.size());
        for (; m_at < end; ++m_at)
            if (!m_text.at(m_at).isLowSurrogate())
                ++m_count;
        return m_count;
    }

private:
    const QString &m_text;
    qint64 m_at = 0;
    qint64 m_count = 0;
};

// The protocol is line by line (`700-NAME`), and so are Speech Dispatcher's replies to its
// clients: a line feed in a name would end the line there and make the rest a line of its
// own. Speech Dispatcher's modules write the name as their synthesizer reports it, so
// such a mark is left out rather than reported with another name.
bool reportable(const QString &name)
{
    if (name.isEmpty())
        return false;
    for (const QChar c : name)
        if (c.category() == QChar::Other_Control || c == QChar::LineSeparator || c == QChar::ParagraphSeparator)
            return false;
    return true;
}

// An attribute value as written, with XML's own references decoded (&lt; &#10; ...);
// a reference to an entity a DTD declares is kept as written.
QString decodedValue(QStringView raw)
{
    static const QHash<QString, QString> predefined{{"lt", "<"}, {"gt", ">"}, {"amp", "&"}, {"quot", "\""}, {"apos", "'"}};
    QString out;
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const qsizetype semi = raw.at(i) == u'&' ? raw.indexOf(u';', i) : -1;
        if (semi < 0) {
            out += raw.at(i);
            continue;
        }
        const QString ref = raw.mid(i + 1, semi - i - 1).toString();
        bool ok = false;
        const uint cp = ref.startsWith(QLatin1String("#x")) ? ref.mid(2).toUInt(&ok, 16)
                        : ref.startsWith(u'#')              ? ref.mid(1).toUInt(&ok, 10)
                                                            : 0;
        if (ok && cp <= QChar::LastValidCodePoint)
            out += QString::fromUcs4(reinterpret_cast<const char32_t *>(&cp), 1);
        else if (predefined.contains(ref))
            out += predefined.value(ref);
        else
            out += raw.mid(i, semi + 1 - i);
        i = semi;
    }
    return out;
}

// The marks after a document type declaration, which the subset refuses: its entities are
// never expanded (one may stand for gigabytes), so the tags are read as written.
void appendWrittenMarks(const QString &ssml, qsizetype from, QList<SsmlMark> &marks)
{
    static const QRegularExpression tag(QStringLiteral("<mark\\s[^>]*?\\bname\\s*=\\s*(?:\"([^\"<]*)\"|'([^'<]*)')"));
    for (auto it = tag.globalMatch(ssml, from); it.hasNext();) {
        const auto m = it.next();
        const QString name = decodedValue(m.capturedView(m.lastCapturedIndex()));
        if (reportable(name))
            marks.append(SsmlMark{name, std::numeric_limits<qint64>::max()});
    }
}
}

QList<SsmlMark> SsmlMarks::find(const QString &ssml)
{
    QList<SsmlMark> marks;
    CodePointCounter counter(ssml);
    QXmlStreamReader reader(ssml);
    while (!reader.atEnd()) {
        const QXmlStreamReader::TokenType token = reader.readNext();
        if (token == QXmlStreamReader::DTD) {
            appendWrittenMarks(ssml, qsizetype(reader.characterOffset()), marks);
            break;
        }
        if (token != QXmlStreamReader::StartElement || reader.name() != QLatin1String("mark"))
            continue;
        const QString name = reader.attributes().value(QLatin1String("name")).toString();
        if (reportable(name))
            marks.append(SsmlMark{name, counter.before(reader.characterOffset())});
    }
    return marks;
}
