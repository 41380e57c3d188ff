#pragma once

#include "serviceerror.h"
#include "voicesettings.h"

#include <QJsonObject>
#include <QList>
#include <QString>


// A long-form document: chapters of blocks (paragraphs), each with settings that default
// to its chapter's, which default to the project's.
struct ProjectBlock
{
    QString text;
    VoiceSettings settings;
};

struct ProjectChapter
{
    QString title;
    VoiceSettings settings;
    QList<ProjectBlock> blocks;
};

// Where one block is: chapter index, block index in it.
struct BlockRef
{
    int chapter = 0;
    int block = 0;
    bool operator==(const BlockRef &o) const { return chapter == o.chapter && block == o.block; }
};

struct Project
{
    static constexpr int kFormatVersion = 1;
    // The ranges of docs/projects.md: pauses in milliseconds, loudness in LUFS and dBTP.
    static constexpr int kMaxPauseMs = 60000;
    static constexpr double kMinTargetLufs = -40.0;
    static constexpr double kMaxTargetLufs = -6.0;
    static constexpr double kMinTruePeakDb = -20.0;
    static constexpr double kMaxTruePeakDb = 0.0;

    QString title;
    VoiceSettings settings = VoiceSettings::defaults();
    int blockPauseMs = 500;    // silence between blocks of a chapter
    int chapterPauseMs = 2000; // silence between chapters
    double targetLufs = -18.0; // exports are normalized to this integrated loudness
    double truePeakDb = -1.0;  // ... with true peaks at most this high
    QList<ProjectChapter> chapters;

    // A block's settings with everything inherited resolved.
    VoiceSettings effectiveSettings(BlockRef ref) const;
    int blockCount() const;
    qint64 characterCount() const;
    QList<BlockRef> blocks() const;            // every block, in reading order
    QList<BlockRef> blocksOf(int chapter) const;

    // The setters the studio uses: a value outside its range is refused, described, and
    // the project stays as it was.
    std::optional<QString> setBlockPauseMs(qint64 ms);
    std::optional<QString> setChapterPauseMs(qint64 ms);
    std::optional<QString> setTargetLufs(double lufs);
    std::optional<QString> setTruePeakDb(double db);
    // The first of the settings above outside its range, described (the fields are
    // public: a project is checked again before it is saved), or nullopt.
    std::optional<QString> checkSettings() const;

    QJsonObject toJson() const;
    // Refused when the JSON is not a project of a known version or a setting is of the
    // wrong type or outside its range, never clamped into it (InvalidInput), or when it
    // holds more than ImportBudget allows (PayloadTooLarge, counted as it is read).
    static Result<Project> fromJson(const QJsonObject &json);
};
