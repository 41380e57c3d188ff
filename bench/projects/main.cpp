// bench-project [CHARACTERS] [--workers N] [--voice ID]: a project of about CHARACTERS
// characters (default 100,000: the bench text repeated, 10 chapters of ~500-character
// blocks) rendered through the worker pool into an empty cache, then exported to MP3 with
// chapters. Prints audio seconds per wall second of the render and the export's time; a
// second render of the unchanged project shows the cache (no synthesis).

#include "projectexport.h"
#include "projectrenderer.h"
#include "workerpool.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdio>

namespace
{
QString benchText()
{
    for (const QString &path : {QStringLiteral(TTS_SOURCE_DIR "/../shared/texts/bench-en-2000.txt"),
                                QStringLiteral("/work/shared/texts/bench-en-2000.txt")}) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            return QString::fromUtf8(f.readAll()).simplified();
    }
    return QStringLiteral("The quick brown fox jumps over the lazy dog. ").repeated(45).simplified();
}

Project makeProject(qint64 characters, const QString &voice)
{
    static const QRegularExpression sentenceEnd(QStringLiteral("(?<=[.!?])\\s+"));
    const QStringList sentences = benchText().split(sentenceEnd, Qt::SkipEmptyParts);
    Project p;
    p.title = QStringLiteral("Bench");
    p.settings.voice = voice;
    const qint64 perChapter = characters / 10;
    qint64 total = 0;
    int s = 0;
    int pass = 0;
    while (total < characters) {
        ProjectChapter c{QStringLiteral("Chapter %1").arg(p.chapters.size() + 1), {}, {}};
        qint64 inChapter = 0;
        while (inChapter < perChapter && total < characters) {
            QString block;
            while (block.size() < 500) {
                // Each pass over the text is numbered so that no two blocks are the same
                // (the cache would otherwise make repeats free).
                block += (block.isEmpty() ? QString() : QStringLiteral(" ")) + sentences.at(s);
                if (++s == sentences.size()) {
                    s = 0;
                    ++pass;
                }
            }
            block.prepend(QStringLiteral("Part %1. ").arg(pass + 1));
            c.blocks.append({block, {}});
            inChapter += block.size();
            total += block.size();
        }
        p.chapters.append(c);
    }
    return p;
}

bool render(WorkerPool &pool, const Project &p, const QString &cache, ProjectRenderer::Progress *progress, int *synthesized)
{
    ProjectRenderer renderer(&pool, cache);
    QEventLoop loop;
    bool ok = true;
    QObject::connect(&renderer, &ProjectRenderer::finished, &loop, &QEventLoop::quit);
    QObject::connect(&renderer, &ProjectRenderer::failed, &loop, [&](const QString &m) {
        std::fprintf(stderr, "render failed: %s\n", qPrintable(m));
        ok = false;
        loop.quit();
    });
    if (auto e = renderer.start(p, p.blocks())) {
        std::fprintf(stderr, "%s\n", qPrintable(e->detail));
        return false;
    }
    if (renderer.state() == ProjectRenderer::State::Running)
        loop.exec();
    *progress = renderer.progress();
    *synthesized = renderer.synthesisCount();
    return ok;
}
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    qint64 characters = 100000;
    int workers = 2;
    QString voice = QStringLiteral("af_sarah");
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--workers") && i + 1 < args.size())
            workers = args[++i].toInt();
        else if (args[i] == QLatin1String("--voice") && i + 1 < args.size())
            voice = args[++i];
        else
            characters = args[i].toLongLong();
    }
    const Project project = makeProject(characters, voice);
    QTemporaryDir dir;
    const QString cache = dir.filePath(QStringLiteral("cache"));
    WorkerPool::Options options;
    options.workers = workers;
    WorkerPool pool(options);
    if (!pool.waitUntilReady(60000)) {
        std::fprintf(stderr, "workers did not start\n");
        return 1;
    }
    std::printf("project: %lld characters, %d chapters, %d blocks, voice %s, %d workers\n",
                qlonglong(project.characterCount()), int(project.chapters.size()), project.blockCount(),
                qPrintable(voice), workers);

    QElapsedTimer wall;
    wall.start();
    ProjectRenderer::Progress p;
    int synthesized = 0;
    if (!render(pool, project, cache, &p, &synthesized))
        return 1;
    const double seconds = double(wall.elapsed()) / 1000.0;
    std::printf("render:  %.1f s wall, %.0f s of audio (%.1f min), %.1f audio s per wall s, %d blocks synthesized\n",
                seconds, p.audioSeconds, p.audioSeconds / 60.0, p.audioSeconds / seconds, synthesized);

    wall.restart();
    if (!render(pool, project, cache, &p, &synthesized))
        return 1;
    std::printf("again:   %.2f s wall, %d blocks synthesized (all %d cached)\n", double(wall.elapsed()) / 1000.0,
                synthesized, p.blocksCached);

    wall.restart();
    ProjectExport::Options exportOptions;
    exportOptions.target = dir.filePath(QStringLiteral("bench.mp3"));
    const auto exported = ProjectExport::run(project, cache, exportOptions);
    if (!exported) {
        std::fprintf(stderr, "export failed: %s\n", qPrintable(exported.error().detail));
        return 1;
    }
    const double exportSeconds = double(wall.elapsed()) / 1000.0;
    std::printf("export:  MP3 with %d chapters in %.1f s wall (%.0f audio s per wall s), %.2f LUFS, %.2f dBTP\n",
                int(exported->chapters.size()), exportSeconds, exported->seconds / exportSeconds,
                exported->integratedLufs, exported->truePeakDb);
    return 0;
}
