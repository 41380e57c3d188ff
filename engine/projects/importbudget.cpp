#include "importbudget.h"

#include <QFileInfo>
#include <QLocale>

namespace
{
QString number(qint64 n)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(n); // 200,000 whatever the system's locale
}
}

ImportBudget::ImportBudget(const QString &source)
    : m_source(source)
{
}

ServiceError ImportBudget::tooLarge(const QString &what) const
{
    const QString detail = QStringLiteral("too large to import: %1; see docs/projects.md, \"Limits\"").arg(what);
    return ServiceError::make(ServiceError::Kind::PayloadTooLarge, m_source.isEmpty() ? detail : m_source + QStringLiteral(": ") + detail);
}

std::optional<ServiceError> ImportBudget::addChapter()
{
    if (++m_chapters > kMaxChapters)
        return tooLarge(QStringLiteral("more than %1 chapters").arg(number(kMaxChapters)));
    return std::nullopt;
}

std::optional<ServiceError> ImportBudget::addBlock(qsizetype characters)
{
    if (++m_blocks > kMaxBlocks)
        return tooLarge(QStringLiteral("more than %1 blocks (paragraphs, headings, list items)").arg(number(kMaxBlocks)));
    m_characters += characters;
    if (m_characters > kMaxCharacters)
        return tooLarge(QStringLiteral("more than %1 characters of text").arg(number(kMaxCharacters)));
    return std::nullopt;
}

std::optional<ServiceError> ImportBudget::addEpubBytes(const QString &document, qint64 documentBytes, qint64 added)
{
    if (documentBytes > kMaxEpubDocumentBytes)
        return tooLarge(QStringLiteral("%1 holds more than %2 bytes").arg(document, number(kMaxEpubDocumentBytes)));
    m_epubBytes += added;
    if (m_epubBytes > kMaxEpubTotalBytes)
        return tooLarge(QStringLiteral("its documents hold more than %1 bytes").arg(number(kMaxEpubTotalBytes)));
    return std::nullopt;
}

std::optional<ServiceError> ImportBudget::checkFileSize(const QString &path, qint64 maxBytes)
{
    const QFileInfo info(path);
    if (info.isFile() && info.size() > maxBytes)
        return ImportBudget(path).tooLarge(QStringLiteral("more than %1 bytes").arg(number(maxBytes)));
    return std::nullopt;
}

std::optional<ServiceError> ImportBudget::checkProjectJson(const QByteArray &json, const QString &source)
{
    qint64 containers = 0, values = 1;
    bool inString = false, escaped = false;
    for (const char c : json) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '[' || c == '{')
            ++containers;
        else if (c == ',')
            ++values;
    }
    if (containers > kMaxProjectJsonContainers)
        return ImportBudget(source).tooLarge(QStringLiteral("more than %1 JSON arrays and objects").arg(number(kMaxProjectJsonContainers)));
    if (values + containers > kMaxProjectJsonValues)
        return ImportBudget(source).tooLarge(QStringLiteral("more than %1 JSON values").arg(number(kMaxProjectJsonValues)));
    return std::nullopt;
}
