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
