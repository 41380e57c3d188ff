#include "project.h"

#include "importbudget.h"

#include <QJsonArray>

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
    p.blockPauseMs = qBound(0, o.value("block_pause_ms").toInt(p.blockPauseMs), 60000);
    p.chapterPauseMs = qBound(0, o.value("chapter_pause_ms").toInt(p.chapterPauseMs), 60000);
    p.targetLufs = qBound(-40.0, o.value("target_lufs").toDouble(p.targetLufs), -6.0);
    p.truePeakDb = qBound(-20.0, o.value("true_peak_db").toDouble(p.truePeakDb), 0.0);
    ImportBudget budget;
    for (const QJsonValue &cv : o.value("chapters").toArray()) {
        auto chapter = chapterFromJson(cv.toObject(), budget);
        if (!chapter)
            return chapter.error();
        p.chapters.append(chapter.value());
    }
    return p;
}
