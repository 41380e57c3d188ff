#include "documentimport.h"

#include "epubreader.h"

#include <QFile>
#include <QFont>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextDocument>

namespace
{
// Builds chapters block by block; text before the first chapter goes into one titled
// by the document.
class ChapterBuilder
{
public:
    explicit ChapterBuilder(const QString &title) { m_project.title = title; }

    void chapter(const QString &title, bool spokenTitle)
    {
        m_project.chapters.append({title, {}, {}});
        if (spokenTitle && !title.isEmpty())
            block(title);
    }
    void block(const QString &text)
    {
        const QString t = text.simplified();
        if (t.isEmpty())
            return;
        if (m_project.chapters.isEmpty())
            m_project.chapters.append({m_project.title, {}, {}});
        m_project.chapters.last().blocks.append({t, {}});
    }
    Project take()
    {
        // Headings followed by nothing, or markers in a row, make no empty chapters.
        m_project.chapters.removeIf([](const ProjectChapter &c) { return c.blocks.isEmpty(); });
        for (int i = 0; i < m_project.chapters.size(); ++i)
            if (m_project.chapters[i].title.isEmpty())
                m_project.chapters[i].title = QStringLiteral("Chapter %1").arg(i + 1);
        return m_project;
    }

private:
    Project m_project;
};

bool isMarker(const QString &line)
{
    static const QRegularExpression re(QStringLiteral("^(\\*\\s*\\*\\s*\\*[\\s*]*|-{3,}|#{3,}|={3,})$"));
    return re.match(line).hasMatch();
}

// The title of a heading line, or empty when the line is no heading.
QString headingOf(const QString &line)
{
    static const QRegularExpression hash(QStringLiteral("^#{1,2}\\s+(.+?)\\s*#*$"));
    static const QRegularExpression word(
        QStringLiteral("^(chapter|part|book|prologue|epilogue|kapitel|teil)\\b.{0,80}$"),
        QRegularExpression::CaseInsensitiveOption);
    if (const auto m = hash.match(line); m.hasMatch())
        return m.captured(1);
    if (word.match(line).hasMatch())
        return line;
    return {};
}
}

Project DocumentImport::fromText(const QString &text, const QString &title)
{
    ChapterBuilder builder(title);
    QString normalized = text;
    normalized.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    static const QRegularExpression blank(QStringLiteral("\\n\\s*\\n"));
    for (const QString &paragraph : normalized.split(blank, Qt::SkipEmptyParts)) {
        const QString p = paragraph.trimmed();
        if (p.isEmpty())
            continue;
        if (!p.contains(QLatin1Char('\n'))) {
            if (isMarker(p)) {
                builder.chapter({}, false);
                continue;
            }
            if (const QString h = headingOf(p); !h.isEmpty()) {
                builder.chapter(h, true);
                continue;
            }
        }
        builder.block(p);
    }
    return builder.take();
}

Project DocumentImport::fromMarkdown(const QString &markdown, const QString &title)
{
    QTextDocument doc;
    // Headings are sized relative to the default font: one with a pixel size, or Qt warns
    // without a QGuiApplication (the command line has none).
    QFont font;
    font.setPixelSize(16);
    doc.setDefaultFont(font);
    doc.setMarkdown(markdown);
    ChapterBuilder builder(title);
    for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
        const int level = b.blockFormat().headingLevel();
        const QString text = b.text();
        if (level == 1 || level == 2)
            builder.chapter(text.simplified(), true);
        else if (isMarker(text.trimmed()))
            builder.chapter({}, false);
        else
            builder.block(text);
    }
    return builder.take();
}

bool DocumentImport::canImport(const QString &path)
{
    static const QStringList suffixes{"txt", "text", "md", "markdown", "epub"};
    return suffixes.contains(QFileInfo(path).suffix().toLower());
}

Result<Project> DocumentImport::fromFile(const QString &path)
{
    const QFileInfo info(path);
    const QString suffix = info.suffix().toLower();
    if (!canImport(path))
        return ServiceError::make(ServiceError::Kind::InvalidInput,
                                  QStringLiteral("%1: not a document this program imports (.txt, .md, .epub)").arg(path));
    if (suffix == QLatin1String("epub"))
        return EpubReader::read(path);
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("cannot open %1: %2").arg(path, f.errorString()));
    const QString text = QString::fromUtf8(f.readAll());
    const QString title = info.completeBaseName();
    return suffix.startsWith(QLatin1String("m")) ? fromMarkdown(text, title) : fromText(text, title);
}
