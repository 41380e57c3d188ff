#include "blockaudio.h"

#include "audiodecoder.h"
#include "audioformat.h"
#include "blockplan.h"
#include "projectrenderer.h"

#include <QCoreApplication>
#include <QFileInfo>

BlockAudio BlockAudio::assemble(const Project &project, const QString &cacheDir, int fromRow, const VoiceCatalog &catalog)
{
    BlockAudio out;
    const QList<BlockRef> refs = project.blocks();
    if (fromRow < 0 || fromRow >= refs.size())
        return out;
    const int chapter = refs.at(fromRow).chapter;
    const qint64 pauseBytes = qint64(project.blockPauseMs) * AudioFormats::kSampleRate / 1000 * qint64(sizeof(float));
    for (int row = fromRow; row < refs.size() && refs.at(row).chapter == chapter; ++row) {
        const auto plan = BlockPlan::make(project, refs.at(row), catalog);
        const QString path = plan ? ProjectRenderer::audioPath(cacheDir, plan->key) : QString();
        if (path.isEmpty() || !QFileInfo::exists(path))
            break;
        const AudioDecoder::Decoded decoded = AudioDecoder::decodeFile(path, QStringLiteral("wav"));
        if (!decoded.ok())
            break;
        if (!out.rows.isEmpty())
            out.float32.append(QByteArray(pauseBytes, '\0'));
        out.rows.append(row);
        out.startsUs.append(qint64(out.float32.size() / qint64(sizeof(float))) * 1000000 / AudioFormats::kSampleRate);
        out.float32.append(decoded.float32);
    }
    if (out.rows.isEmpty())
        out.problem = QCoreApplication::translate("ProjectPage", "This block is not rendered yet: render it first.");
    return out;
}

int BlockAudio::rowAt(qint64 us) const
{
    int found = -1;
    for (int i = 0; i < startsUs.size() && startsUs.at(i) <= us; ++i)
        found = rows.at(i);
    return found;
}
