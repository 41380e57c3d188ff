#include "project.h"

#include "importbudget.h"

#include <QJsonArray>

#include <cmath>

namespace
{
// "block_pause_ms must be a whole number from 0 to 60000 ms (it is -5)", or nullopt.
std::optional<QString> pauseProblem(const char *field, double ms)
{
    if (ms >= 0 && ms <= Project::kMaxPauseMs && std::floor(ms) == ms)
        return std::nullopt;
    return QStringLiteral("%1 must be a whole number from 0 to %2 ms (it is %3)")
        .arg(QLatin1String(field))
        .arg(Project::kMaxPauseMs)
        .arg(ms, 0, 'g', 12);
}

std::optional<QString> rangeProblem(const char *field, double value, double min, double max)
{
    if (value >= min && value <= max) // NaN fails both
        return std::nullopt;
    return QStringLiteral("%1 must be from %2 to %3 (it is %4)").arg(QLatin1String(field)).arg(min).arg(max).arg(value, 0, 'g', 12);
}

// A number of the file: absent is the default; present, it must be a JSON number.
std::optional<QString> numberField(const QJsonObject &o, const char *field, double &value)
{
    const QJsonValue v = o.value(QLatin1String(field));
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isDouble())
        return QStringLiteral("%1 must be a number").arg(QLatin1String(field));
    value = v.toDouble();
    return std::nullopt;
}
}

VoiceSettings Project::effectiveSettings(BlockRef ref) const
{
    const ProjectChapter &c = chapters.at(ref.chapter);
    return c.blocks.at(ref.block).settings.over(c.settings.over(settings.over(VoiceSettings::defaults())));
}

int Project::blockCount() const
{
    int n = 0;
    for (const ProjectChapter &c : chapters)
        n += int(c.blocks.size());
    return n;
}

qint64 Project::characterCount() const
{
    qint64 n = 0;
    for (const ProjectChapter &c : chapters)
        for (const ProjectBlock &b : c.blocks)
            n += b.text.size();
    return n;
}

QList<BlockRef> Project::blocksOf(int chapter) const
{
    QList<BlockRef> refs;
    for (int b = 0; b < chapters.at(chapter).blocks.size(); ++b)
        refs.append({chapter, b});
    return refs;
}

QList<BlockRef> Project::blocks() const
{
    QList<BlockRef> refs;
    for (int c = 0; c < chapters.size(); ++c)
        refs += blocksOf(c);
    return refs;
}

QJsonObject Project::toJson() const
{
    QJsonArray cs;
    for (const ProjectChapter &c : chapters) {
        QJsonArray bs;
        for (const ProjectBlock &b : c.blocks) {
            QJsonObject bo{{"text", b.text}};
            if (const QJsonObject s = b.settings.toJson(); !s.isEmpty())
                bo.insert("settings", s);
            bs.append(bo);
        }
        QJsonObject co{{"title", c.title}, {"blocks", bs}};
        if (const QJsonObject s = c.settings.toJson(); !s.isEmpty())
            co.insert("settings", s);
        cs.append(co);
    }
    return {{"format", "tts-studio-project"},
            {"version", kFormatVersion},
            {"title", title},
            {"settings", settings.toJson()},
            {"block_pause_ms", blockPauseMs},
            {"chapter_pause_ms", chapterPauseMs},
            {"target_lufs", targetLufs},
            {"true_peak_db", truePeakDb},
            {"chapters", cs}};
}

std::optional<QString> Project::setBlockPauseMs(qint64 ms)
{
    if (auto e = pauseProblem("block_pause_ms", double(ms)))
        return e;
    blockPauseMs = int(ms);
    return std::nullopt;
}

std::optional<QString> Project::setChapterPauseMs(qint64 ms)
{
    if (auto e = pauseProblem("chapter_pause_ms", double(ms)))
        return e;
    chapterPauseMs = int(ms);
    return std::nullopt;
}

std::optional<QString> Project::setTargetLufs(double lufs)
{
    if (auto e = rangeProblem("target_lufs", lufs, kMinTargetLufs, kMaxTargetLufs))
        return e;
    targetLufs = lufs;
    return std::nullopt;
}

std::optional<QString> Project::setTruePeakDb(double db)
{
    if (auto e = rangeProblem("true_peak_db", db, kMinTruePeakDb, kMaxTruePeakDb))
        return e;
    truePeakDb = db;
    return std::nullopt;
}

std::optional<QString> Project::checkSettings() const
{
    Project copy; // the setters hold the rules
    if (auto e = copy.setBlockPauseMs(blockPauseMs))
        return e;
    if (auto e = copy.setChapterPauseMs(chapterPauseMs))
        return e;
    if (auto e = copy.setTargetLufs(targetLufs))
        return e;
    return copy.setTruePeakDb(truePeakDb);
}

namespace
{
// The settings of a file, each through its rule: a value of the wrong type or outside
// its range is an error that names it, never clamped into the range.
std::optional<QString> readSettings(const QJsonObject &o, Project &p)
{
    double blockPause = p.blockPauseMs, chapterPause = p.chapterPauseMs, lufs = p.targetLufs, peak = p.truePeakDb;
    for (auto [field, value] : {std::pair{"block_pause_ms", &blockPause}, std::pair{"chapter_pause_ms", &chapterPause},
                                std::pair{"target_lufs", &lufs}, std::pair{"true_peak_db", &peak}})
        if (auto e = numberField(o, field, *value))
            return e;
    // Pauses are compared as read: a huge value must not wrap around on its way to int.
    if (auto e = pauseProblem("block_pause_ms", blockPause))
        return e;
    if (auto e = pauseProblem("chapter_pause_ms", chapterPause))
        return e;
    p.blockPauseMs = int(blockPause);
    p.chapterPauseMs = int(chapterPause);
    if (auto e = p.setTargetLufs(lufs))
        return e;
    return p.setTruePeakDb(peak);
}
}

namespace
{
// One chapter, counted against the import limits as it is read.
Result<ProjectChapter> chapterFromJson(const QJsonObject &co, ImportBudget &budget)
{
    if (auto e = budget.addChapter())
        return *e;
    ProjectChapter c;
    c.title = co.value("title").toString();
    c.settings = VoiceSettings::fromJson(co.value("settings").toObject());
    for (const QJsonValue &bv : co.value("blocks").toArray()) {
        const QJsonObject bo = bv.toObject();
        const QString text = bo.value("text").toString();
        if (auto e = budget.addBlock(text.size()))
            return *e;
        c.blocks.append({text, VoiceSettings::fromJson(bo.value("settings").toObject())});
    }
    return c;
}
}

Result<Project> Project::fromJson(const QJsonObject &o)
{
    auto refused = [](const QString &why) { return ServiceError::make(ServiceError::Kind::InvalidInput, why); };
    if (o.value("format").toString() != QLatin1String("tts-studio-project"))
        return refused(QStringLiteral("not a TTS Studio project"));
    if (o.value("version").toInt() != kFormatVersion)
        return refused(QStringLiteral("project format version %1 is not supported (this program reads %2)")
                           .arg(o.value("version").toInt())
                           .arg(kFormatVersion));
    Project p;
    p.title = o.value("title").toString();
    p.settings = VoiceSettings::fromJson(o.value("settings").toObject()).over(VoiceSettings::defaults());
    if (auto e = readSettings(o, p))
        return refused(*e);
    ImportBudget budget;
    for (const QJsonValue &cv : o.value("chapters").toArray()) {
        auto chapter = chapterFromJson(cv.toObject(), budget);
        if (!chapter)
            return chapter.error();
        p.chapters.append(chapter.value());
    }
    return p;
}
