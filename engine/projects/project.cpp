#include "project.h"

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

std::optional<Project> Project::fromJson(const QJsonObject &o, QString *error)
{
    if (o.value("format").toString() != QLatin1String("tts-studio-project")) {
        *error = QStringLiteral("not a TTS Studio project");
        return std::nullopt;
    }
    if (o.value("version").toInt() != kFormatVersion) {
        *error = QStringLiteral("project format version %1 is not supported (this program reads %2)")
                     .arg(o.value("version").toInt())
                     .arg(kFormatVersion);
        return std::nullopt;
    }
    Project p;
    p.title = o.value("title").toString();
    p.settings = VoiceSettings::fromJson(o.value("settings").toObject()).over(VoiceSettings::defaults());
    p.blockPauseMs = qBound(0, o.value("block_pause_ms").toInt(p.blockPauseMs), 60000);
    p.chapterPauseMs = qBound(0, o.value("chapter_pause_ms").toInt(p.chapterPauseMs), 60000);
    p.targetLufs = qBound(-40.0, o.value("target_lufs").toDouble(p.targetLufs), -6.0);
    p.truePeakDb = qBound(-20.0, o.value("true_peak_db").toDouble(p.truePeakDb), 0.0);
    for (const QJsonValue &cv : o.value("chapters").toArray()) {
        const QJsonObject co = cv.toObject();
        ProjectChapter c;
        c.title = co.value("title").toString();
        c.settings = VoiceSettings::fromJson(co.value("settings").toObject());
        for (const QJsonValue &bv : co.value("blocks").toArray()) {
            const QJsonObject bo = bv.toObject();
            c.blocks.append({bo.value("text").toString(), VoiceSettings::fromJson(bo.value("settings").toObject())});
        }
        p.chapters.append(c);
    }
    return p;
}
