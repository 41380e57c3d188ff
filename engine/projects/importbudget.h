#pragma once

#include "serviceerror.h"

#include <QString>

#include <optional>

// What one project may hold, counted while a document or project file is read so that a
// document past a limit is refused as soon as it passes it, before the rest is built.
// The limits hold the longest real books (about 4 million characters, a few hundred
// chapters, tens of thousands of paragraphs) with room to spare, and keep the memory of
// an import well under 1 GB. docs/projects.md, "Limits", lists them.
class ImportBudget
{
public:
    static constexpr qint64 kMaxCharacters = 10'000'000;
    static constexpr int kMaxChapters = 2'000;
    static constexpr int kMaxBlocks = 200'000;
    // A .txt or .md file, checked before it is read.
    static constexpr qint64 kMaxFileBytes = 50'000'000;
    // A .ttsproject file: parsed whole as JSON, whose tree of millions of tiny values
    // takes ~25 times the file's size in memory (a 49 MB file of empty blocks: 1.2 GB).
    // 24 MB holds ten million characters of text with their blocks and settings.
    static constexpr qint64 kMaxProjectFileBytes = 24'000'000;
    // And the values in it, counted before it is parsed: memory goes with them rather than
    // with the bytes (4 million "[[0]]" in 24 MB took 1.4 GB). Ten million characters in
    // 200,000 blocks with their settings are well under both.
    static constexpr qint64 kMaxProjectJsonContainers = 1'000'000;
    static constexpr qint64 kMaxProjectJsonValues = 4'000'000;
    // An EPUB's XML and XHTML documents, uncompressed: each, and all read together
    // (a document the spine lists twice is read twice).
    static constexpr qint64 kMaxEpubDocumentBytes = 50'000'000;
    static constexpr qint64 kMaxEpubTotalBytes = 100'000'000;

    // source names the document in refusals (none when empty).
    explicit ImportBudget(const QString &source = {});

    // Each returns the refusal when the addition passes a limit.
    std::optional<ServiceError> addChapter();
    std::optional<ServiceError> addBlock(qsizetype characters);
    // document has documentBytes so far, added of them new since the last call.
    std::optional<ServiceError> addEpubBytes(const QString &document, qint64 documentBytes, qint64 added);
    // The refusal of a file larger than maxBytes (none for one that cannot be sized).
    static std::optional<ServiceError> checkFileSize(const QString &path, qint64 maxBytes = kMaxFileBytes);
    // The refusal of a project file's JSON with more arrays and objects, or values, than
    // the limits above: one pass over the bytes, strings skipped.
    static std::optional<ServiceError> checkProjectJson(const QByteArray &json, const QString &source);

private:
    ServiceError tooLarge(const QString &what) const;

    QString m_source;
    int m_chapters = 0;
    int m_blocks = 0;
    qint64 m_characters = 0;
    qint64 m_epubBytes = 0;
};
