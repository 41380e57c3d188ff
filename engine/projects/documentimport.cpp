#include "documentimport.h"

#include "epubreader.h"
#include "importbudget.h"
#include "markdownreader.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace
{
// Builds chapters block by block; text before the first chapter goes into one titled
// by the document. Counts what it makes against the import limits and takes nothing
// more once one is passed.
class ChapterBuilder
{
public:
    ChapterBuilder(const QString &title, ImportBudget &budget)
        : m_budget(budget)
    {
        m_project.title = title;
    }

    bool ok() const { return !m_error; }
    // Whether the first chapter holds text that came before any heading or marker.
    bool startsWithText() const { return m_startsWithText; }
    void chapter(const QString &title, bool spokenTitle)
    {
        if (!ok())
            return;
        m_project.chapters.append({title, {}, {}});
        m_counted = false;
        if (spokenTitle && !title.isEmpty())
            block(title);
    }
    void block(const QString &text)
    {
        const QString t = text.simplified();
        if (t.isEmpty() || !ok())
            return;
        if (m_project.chapters.isEmpty()) {
            m_project.chapters.append({m_project.title, {}, {}});
            m_startsWithText = true;
        }
        // A chapter counts once it has a block: empty ones are dropped at the end.
        if (!m_counted && (m_error = m_budget.addChapter()))
            return;
        m_counted = true;
        if ((m_error = m_budget.addBlock(t.size())))
            return;
        m_project.chapters.last().blocks.append({t, {}});
    }
    Result<Project> take()
    {
        if (m_error)
            return *m_error;
        // Headings followed by nothing, or markers in a row, make no empty chapters.
        m_project.chapters.removeIf([](const ProjectChapter &c) { return c.blocks.isEmpty(); });
        for (int i = 0; i < m_project.chapters.size(); ++i)
            if (m_project.chapters[i].title.isEmpty())
                m_project.chapters[i].title = QStringLiteral("Chapter %1").arg(i + 1);
        return m_project;
    }

private:
    ImportBudget &m_budget;
    Project m_project;
    bool m_counted = false; // the last chapter has been counted
    bool m_startsWithText = false;
    std::optional<ServiceError> m_error;
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

namespace
{
void addParagraph(ChapterBuilder &builder, const QString &paragraph)
{
    const QString p = paragraph.trimmed();
    if (p.isEmpty())
        return;
    if (!p.contains(QLatin1Char('\n'))) {
        if (isMarker(p))
            return builder.chapter({}, false);
        if (const QString h = headingOf(p); !h.isEmpty())
            return builder.chapter(h, true);
    }
    builder.block(p);
}

void readText(ChapterBuilder &builder, const QString &text)
{
    QString normalized = text;
    normalized.replace(QLatin1String("\r\n"), QLatin1String("\n"));
    // Paragraph by paragraph, so that a document past a limit stops there.
    static const QRegularExpression blank(QStringLiteral("\\n\\s*\\n"));
    qsizetype from = 0;
    for (auto it = blank.globalMatch(normalized); it.hasNext() && builder.ok();) {
        const QRegularExpressionMatch m = it.next();
        addParagraph(builder, normalized.sliced(from, m.capturedStart() - from));
        from = m.capturedEnd();
    }
    if (builder.ok())
        addParagraph(builder, normalized.sliced(from));
}

Result<Project> textProject(const QString &text, const QString &title, ImportBudget &budget)
{
    ChapterBuilder builder(title, budget);
    readText(builder, text);
    return builder.take();
}

Result<Project> markdownProject(const QString &markdown, const QString &title, ImportBudget &budget)
{
    ChapterBuilder builder(title, budget);
    MarkdownReader::read(markdown, [&builder](const MarkdownReader::Block &b) {
        if (b.headingLevel == 1 || b.headingLevel == 2)
            builder.chapter(b.text, true);
        else if (isMarker(b.text))
            builder.chapter({}, false);
        else
            builder.block(b.text);
        return builder.ok();
    });
    return builder.take();
}
}

Result<Project> DocumentImport::fromText(const QString &text, const QString &title)
{
    ImportBudget budget(title);
    return textProject(text, title, budget);
}

Result<Project> DocumentImport::fromMarkdown(const QString &markdown, const QString &title)
{
    ImportBudget budget(title);
    return markdownProject(markdown, title, budget);
}

Result<DocumentImport::Pasted> DocumentImport::fromPaste(const QString &text)
{
    ImportBudget budget(QStringLiteral("pasted text"));
    ChapterBuilder builder({}, budget);
    readText(builder, text);
    const bool leading = builder.startsWithText();
    auto project = builder.take();
    if (!project)
        return project.error();
    return Pasted{project->chapters, leading};
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
    // Read whole, so its size is checked first.
    if (auto tooLarge = ImportBudget::checkFileSize(path))
        return *tooLarge;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("cannot open %1: %2").arg(path, f.errorString()));
    const QString text = QString::fromUtf8(f.read(ImportBudget::kMaxFileBytes + 1));
    ImportBudget budget(path);
    const QString title = info.completeBaseName();
    return suffix.startsWith(QLatin1String("m")) ? markdownProject(text, title, budget) : textProject(text, title, budget);
}
