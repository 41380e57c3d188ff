#include "projectcaptions.h"

#include "audioformat.h"
#include "blockplan.h"
#include "projectexport.h"
#include "projectrenderer.h"
#include "voicecatalog.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

std::optional<Captions::Format> ProjectCaptions::formatOf(const QString &path)
{
    if (path.endsWith(QLatin1String(".srt"), Qt::CaseInsensitive))
        return Captions::Format::Srt;
    if (path.endsWith(QLatin1String(".vtt"), Qt::CaseInsensitive))
        return Captions::Format::Vtt;
    return std::nullopt;
}

Result<QList<ProjectCaptions::BlockWords>> ProjectCaptions::readWords(const Project &project, const QString &cacheDir)
{
    static const VoiceCatalog catalog;
    QList<BlockWords> out;
    for (const BlockRef &ref : project.blocks()) {
        auto plan = BlockPlan::make(project, ref, catalog);
        if (!plan)
            return plan.error();
        const QString where = QStringLiteral("chapter %1, block %2").arg(ref.chapter + 1).arg(ref.block + 1);
        if (!QFileInfo::exists(ProjectRenderer::audioPath(cacheDir, plan->key)))
            return ServiceError::make(ServiceError::Kind::Conflict, QStringLiteral("%1 is not rendered yet").arg(where));
        QFile file(ProjectRenderer::wordsPath(cacheDir, plan->key));
        if (!file.open(QIODevice::ReadOnly))
            return ServiceError::make(ServiceError::Kind::Conflict,
                                      QStringLiteral("%1 has no word timings (rendered before they were kept): "
                                                     "render it again for captions").arg(where));
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        if (!o.value("words").isArray() || o.value("sample_rate").toInt() != AudioFormats::kSampleRate)
            return ServiceError::make(ServiceError::Kind::Conflict,
                                      QStringLiteral("%1: the word timings are unreadable: render it again").arg(where));
        out.append({plan->params.text, WordTimings::fromJson(o.value("words").toArray())});
    }
    return out;
}

QList<Captions::Cue> ProjectCaptions::cues(const QList<BlockWords> &blocks, const QList<qint64> &blockStarts)
{
    QList<Captions::Cue> out;
    for (qsizetype i = 0; i < blocks.size() && i < blockStarts.size(); ++i) {
        const double offset = double(blockStarts.at(i)) / AudioFormats::kSampleRate;
        for (Captions::Cue cue : Captions::cues(blocks.at(i).text, blocks.at(i).words)) {
            cue.start += offset;
            cue.end += offset;
            out.append(cue);
        }
    }
    return out;
}

QString ProjectCaptions::write(const QString &target, Captions::Format format, const QList<Captions::Cue> &cues)
{
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    const QByteArray text = (format == Captions::Format::Vtt ? Captions::vtt(cues) : Captions::srt(cues)).toUtf8();
    if (file.write(text) != text.size()) {
        const QString error = file.errorString();
        file.cancelWriting();
        return error;
    }
    return file.commit() ? QString() : file.errorString();
}

Result<int> ProjectCaptions::save(const Project &project, const QString &cacheDir, const QString &target)
{
    const auto format = formatOf(target);
    if (!format)
        return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("captions must be a .srt or .vtt file"));
    auto words = readWords(project, cacheDir);
    if (!words)
        return words.error();
    auto starts = ProjectExport::blockStarts(project, cacheDir);
    if (!starts)
        return starts.error();
    const QList<Captions::Cue> list = cues(words.value(), starts.value());
    if (QString e = write(target, *format, list); !e.isEmpty())
        return ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("cannot write %1: %2").arg(target, e));
    return int(list.size());
}
