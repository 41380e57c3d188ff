#include "epubreader.h"

#include "importbudget.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QXmlStreamReader>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

namespace
{
ServiceError invalid(const QString &path, const QString &why)
{
    return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("%1: not a readable EPUB (%2)").arg(path, why));
}

bool wantedEntry(archive_entry *entry, QString *name)
{
    const char *utf8 = archive_entry_pathname_utf8(entry);
    *name = QString::fromUtf8(utf8 ? utf8 : archive_entry_pathname(entry));
    const QString lower = name->toLower();
    const bool document = lower.endsWith(".xml") || lower.endsWith(".opf") || lower.endsWith(".xhtml")
                          || lower.endsWith(".html") || lower.endsWith(".htm");
    return document && archive_entry_filetype(entry) == AE_IFREG;
}

// One entry's data, counted against the budget as it is decompressed: the size the
// archive states is checked first, and a stated size is never trusted alone.
std::optional<ServiceError> readEntry(archive *a, archive_entry *entry, const QString &name, ImportBudget &budget,
                                      QByteArray *data)
{
    const qint64 stated = archive_entry_size_is_set(entry) ? archive_entry_size(entry) : 0;
    if (auto e = budget.addEpubBytes(name, stated, stated))
        return e;
    qint64 counted = stated;
    char buf[65536];
    la_ssize_t n;
    while ((n = archive_read_data(a, buf, sizeof buf)) > 0) {
        data->append(buf, n);
        if (data->size() > counted) {
            if (auto e = budget.addEpubBytes(name, data->size(), data->size() - counted))
                return e;
            counted = data->size();
        }
    }
    if (n < 0)
        return ServiceError::make(ServiceError::Kind::InvalidInput, QString::fromUtf8(archive_error_string(a)));
    return std::nullopt;
}

// Every file of the archive that a reader needs (XML and XHTML), by path.
Result<QHash<QString, QByteArray>> readArchive(const QString &path, ImportBudget &budget)
{
    std::unique_ptr<archive, decltype(&archive_read_free)> a(archive_read_new(), archive_read_free);
    archive_read_support_format_zip(a.get());
    auto broken = [&] { return invalid(path, QString::fromUtf8(archive_error_string(a.get()))); };
    if (archive_read_open_filename(a.get(), QFile::encodeName(path).constData(), 64 * 1024) != ARCHIVE_OK)
        return broken();
    QHash<QString, QByteArray> files;
    archive_entry *entry = nullptr;
    int rc;
    while ((rc = archive_read_next_header(a.get(), &entry)) == ARCHIVE_OK) {
        QString name;
        if (!wantedEntry(entry, &name))
            continue;
        QByteArray data;
        if (auto e = readEntry(a.get(), entry, name, budget, &data))
            return e->kind == ServiceError::Kind::InvalidInput ? invalid(path, e->detail) : *e;
        files.insert(name, data);
    }
    if (rc != ARCHIVE_EOF)
        return broken();
    return files;
}

// XHTML of EPUB 2 may use HTML's named entities, which XML does not know.
QByteArray withNumericEntities(QByteArray xml)
{
    static const QList<QPair<QByteArray, QByteArray>> entities{
        {"&nbsp;", "&#160;"},   {"&mdash;", "&#8212;"}, {"&ndash;", "&#8211;"}, {"&hellip;", "&#8230;"},
        {"&lsquo;", "&#8216;"}, {"&rsquo;", "&#8217;"}, {"&ldquo;", "&#8220;"}, {"&rdquo;", "&#8221;"},
        {"&copy;", "&#169;"},   {"&eacute;", "&#233;"}, {"&shy;", "&#173;"}};
    for (const auto &[name, number] : entities)
        xml.replace(name, number);
    return xml;
}

QString resolve(const QString &baseDir, const QString &href)
{
    const QString path = QString(href).section(QLatin1Char('#'), 0, 0);
    return QDir::cleanPath(baseDir.isEmpty() ? path : baseDir + QLatin1Char('/') + path);
}

struct Package
{
    QString title;
    QStringList spine; // paths inside the archive, in reading order
};

std::optional<QString> rootFile(const QByteArray &container)
{
    QXmlStreamReader xml(container);
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("rootfile"))
            return xml.attributes().value("full-path").toString();
    }
    return std::nullopt;
}

Package readPackage(const QByteArray &opf, const QString &opfPath)
{
    const QString baseDir = QFileInfo(opfPath).path() == QLatin1String(".") ? QString() : QFileInfo(opfPath).path();
    QHash<QString, QString> manifest; // id -> path
    QStringList spineIds;
    Package p;
    QXmlStreamReader xml(opf);
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        const auto attrs = xml.attributes();
        if (name == QLatin1String("title") && p.title.isEmpty())
            p.title = xml.readElementText().simplified();
        else if (name == QLatin1String("item"))
            manifest.insert(attrs.value("id").toString(), resolve(baseDir, attrs.value("href").toString()));
        else if (name == QLatin1String("itemref") && attrs.value("linear") != QLatin1String("no"))
            spineIds.append(attrs.value("idref").toString());
    }
    for (const QString &id : spineIds)
        if (manifest.contains(id))
            p.spine.append(manifest.value(id));
    return p;
}

// One XHTML document: its blocks of text and a title, or the limit it passed.
struct Document
{
    QString title;
    QString firstHeading;
    QStringList blocks;
    std::optional<ServiceError> error;
};

// Counted as read: a document with text is a chapter from its first block on.
void addBlock(Document &d, const QString &text, ImportBudget &budget)
{
    if (d.blocks.isEmpty())
        d.error = budget.addChapter();
    if (!d.error)
        d.error = budget.addBlock(text.size());
    if (!d.error)
        d.blocks.append(text);
}

Document readDocument(const QByteArray &xhtml, ImportBudget &budget)
{
    static const QStringList blockElements{"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "blockquote", "dd", "dt", "pre"};
    static const QStringList skipped{"script", "style", "head"};
    Document d;
    QXmlStreamReader xml(withNumericEntities(xhtml));
    QString current;
    int depthInBlock = 0;
    bool inHeading = false;
    int skipping = 0;
    auto endBlock = [&] {
        const QString t = current.simplified();
        if (!t.isEmpty()) {
            addBlock(d, t, budget);
            if (inHeading && d.firstHeading.isEmpty())
                d.firstHeading = t;
        }
        current.clear();
    };
    while (!xml.atEnd() && !d.error) {
        xml.readNext();
        const QString name = xml.name().toString().toLower();
        if (xml.isStartElement()) {
            if (name == QLatin1String("title") && d.title.isEmpty()) {
                d.title = xml.readElementText().simplified();
                continue;
            }
            if (skipped.contains(name)) {
                ++skipping;
            } else if (blockElements.contains(name)) {
                if (depthInBlock == 0) {
                    endBlock();
                    inHeading = name.startsWith(QLatin1Char('h')) && name.size() == 2;
                }
                ++depthInBlock;
            } else if (name == QLatin1String("br")) {
                current += QLatin1Char(' ');
            }
        } else if (xml.isEndElement()) {
            if (skipped.contains(name)) {
                skipping = qMax(0, skipping - 1);
            } else if (blockElements.contains(name) && depthInBlock > 0 && --depthInBlock == 0) {
                endBlock();
                inHeading = false;
            }
        } else if (xml.isCharacters() && skipping == 0 && depthInBlock > 0) {
            current += xml.text();
        }
    }
    endBlock();
    return d;
}
}

Result<Project> EpubReader::read(const QString &path)
{
    ImportBudget budget(path);
    const auto files = readArchive(path, budget);
    if (!files)
        return files.error();
    const auto opfPath = rootFile(files->value(QStringLiteral("META-INF/container.xml")));
    if (!opfPath || !files->contains(*opfPath))
        return invalid(path, QStringLiteral("no package document in META-INF/container.xml"));
    const Package package = readPackage(files->value(*opfPath), *opfPath);
    if (package.spine.isEmpty())
        return invalid(path, QStringLiteral("the spine lists no documents"));

    Project project;
    project.title = package.title.isEmpty() ? QFileInfo(path).completeBaseName() : package.title;
    // A document the spine lists again is read once: the reading stays within what the
    // archive held.
    QSet<QString> read;
    for (const QString &docPath : package.spine) {
        if (read.contains(docPath))
            continue;
        read.insert(docPath);
        Document doc = readDocument(files->value(docPath), budget);
        if (doc.error)
            return *doc.error;
        if (doc.blocks.isEmpty())
            continue;
        ProjectChapter chapter;
        chapter.title = !doc.firstHeading.isEmpty() ? doc.firstHeading
                        : !doc.title.isEmpty()       ? doc.title
                                                     : QStringLiteral("Chapter %1").arg(project.chapters.size() + 1);
        for (const QString &b : doc.blocks)
            chapter.blocks.append({b, {}});
        project.chapters.append(chapter);
    }
    if (project.chapters.isEmpty())
        return invalid(path, QStringLiteral("no text in its documents"));
    return project;
}
