#include "markdownreader.h"

#include <QHash>

#include <md4c.h>

namespace
{
// HTML's entities a Markdown text commonly holds; others are left as written.
QString decodeEntity(const QString &entity)
{
    static const QHash<QString, QString> named{
        {"&amp;", "&"},       {"&lt;", "<"},        {"&gt;", ">"},        {"&quot;", "\""},
        {"&apos;", "'"},      {"&nbsp;", " "},      {"&mdash;", "\u2014"}, {"&ndash;", "\u2013"},
        {"&hellip;", "\u2026"}, {"&lsquo;", "\u2018"}, {"&rsquo;", "\u2019"}, {"&ldquo;", "\u201c"},
        {"&rdquo;", "\u201d"}, {"&copy;", "\u00a9"},
    };
    if (const auto it = named.constFind(entity); it != named.constEnd())
        return *it;
    if (entity.startsWith(QLatin1String("&#")) && entity.endsWith(u';')) {
        const bool hex = entity.size() > 3 && (entity.at(2) == u'x' || entity.at(2) == u'X');
        bool ok = false;
        const uint code = entity.mid(hex ? 3 : 2, entity.size() - (hex ? 4 : 3)).toUInt(&ok, hex ? 16 : 10);
        if (ok && code > 0 && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF)) {
            const char32_t c = code;
            return QString::fromUcs4(&c, 1);
        }
    }
    return entity;
}

// md4c's callbacks gather text into the block being read; a block ends where another
// block starts or where it is left, so a tight list item's text and the paragraphs of a
// loose one each become one block.
class Reader
{
public:
    explicit Reader(const MarkdownReader::Sink &sink)
        : m_sink(sink)
    {
    }

    int enterBlock(MD_BLOCKTYPE type, void *detail)
    {
        if (type == MD_BLOCK_TD || type == MD_BLOCK_TH) {
            if (!m_text.trimmed().isEmpty())
                m_text += QLatin1String(", "); // a table row is one block, its cells in a list
            return 0;
        }
        const int stop = flush();
        m_level = type == MD_BLOCK_H ? int(static_cast<MD_BLOCK_H_DETAIL *>(detail)->level) : 0;
        return stop;
    }

    int leaveBlock(MD_BLOCKTYPE type)
    {
        if (type == MD_BLOCK_TD || type == MD_BLOCK_TH)
            return 0;
        return flush();
    }

    int text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size)
    {
        const QString s = QString::fromUtf8(text, qsizetype(size));
        switch (type) {
        case MD_TEXT_NORMAL:
        case MD_TEXT_CODE:
            m_text += s;
            break;
        case MD_TEXT_ENTITY:
            m_text += decodeEntity(s);
            break;
        case MD_TEXT_BR:
        case MD_TEXT_SOFTBR:
            m_text += u' ';
            break;
        default: // HTML tags, NUL replacements and LaTeX are not spoken
            break;
        }
        return 0;
    }

private:
    int flush()
    {
        const QString t = m_text.simplified();
        const int level = m_level;
        m_text.clear();
        m_level = 0;
        if (t.isEmpty())
            return 0;
        return m_sink({level, t}) ? 0 : 1;
    }

    const MarkdownReader::Sink &m_sink;
    QString m_text;
    int m_level = 0;
};

int onEnterBlock(MD_BLOCKTYPE type, void *detail, void *reader)
{
    return static_cast<Reader *>(reader)->enterBlock(type, detail);
}

int onLeaveBlock(MD_BLOCKTYPE type, void *, void *reader)
{
    return static_cast<Reader *>(reader)->leaveBlock(type);
}

int onSpan(MD_SPANTYPE, void *, void *)
{
    return 0;
}

int onText(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size, void *reader)
{
    return static_cast<Reader *>(reader)->text(type, text, size);
}
}

bool MarkdownReader::read(const QString &markdown, const Sink &sink)
{
    const QByteArray utf8 = markdown.toUtf8();
    MD_PARSER parser{};
    parser.abi_version = 0;
    parser.flags = MD_DIALECT_GITHUB;
    parser.enter_block = onEnterBlock;
    parser.leave_block = onLeaveBlock;
    parser.enter_span = onSpan;
    parser.leave_span = onSpan;
    parser.text = onText;
    Reader reader(sink);
    return md_parse(utf8.constData(), MD_SIZE(utf8.size()), &parser, &reader) == 0;
}
