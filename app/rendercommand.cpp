#include "rendercommand.h"

#include "clicommands.h"
#include "documentimport.h"
#include "projectcaptions.h"
#include "projectexport.h"
#include "projectfile.h"
#include "projectrenderer.h"
#include "signalwatch.h"
#include "workerpool.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <unistd.h>

namespace
{
QString clock(qint64 ms)
{
    const qint64 s = (ms + 500) / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

// One line a block: rewritten in place on a terminal, appended otherwise (logs).
void showProgress(const ProjectRenderer::Progress &p, bool terminal)
{
    QString line = QStringLiteral("rendering: %1/%2 blocks (%3 cached), %4 min of audio")
                       .arg(p.blocksDone)
                       .arg(p.blocksTotal)
                       .arg(p.blocksCached)
                       .arg(p.audioSeconds / 60.0, 0, 'f', 1);
    if (p.remainingMs >= 0 && p.blocksDone < p.blocksTotal)
        line += QStringLiteral(", %1 left").arg(clock(p.remainingMs));
    QTextStream err(stderr);
    if (terminal)
        err << "\r\033[K" << line << Qt::flush;
    else
        err << line << Qt::endl;
}

int stopped(int signal)
{
    QTextStream(stderr) << "error: stopped by signal " << signal << "; unfinished output and temporary files removed\n";
    return SignalWatch::exitCode(signal);
}

// Renders every block of the project into the cache. 0 when all are there; else the exit
// code: 2 a block breaks a rule, 1 rendering failed, 128 + N stopped by signal N (the
// blocks under way dropped, their files removed).
int renderAll(ProjectRenderer &renderer, const Project &project, SignalWatch &watch)
{
    QTextStream err(stderr);
    const bool terminal = ::isatty(STDERR_FILENO);
    QEventLoop loop;
    QString failure;
    QObject::connect(&renderer, &ProjectRenderer::progressed, &loop,
                     [terminal](const ProjectRenderer::Progress &p) { showProgress(p, terminal); });
    QObject::connect(&renderer, &ProjectRenderer::finished, &loop, [&] { loop.quit(); });
    QObject::connect(&renderer, &ProjectRenderer::failed, &loop, [&](const QString &m) {
        failure = m;
        loop.quit();
    });
    QObject::connect(&watch, &SignalWatch::signalled, &loop, [&] { loop.quit(); });
    if (auto e = renderer.start(project, project.blocks())) {
        err << "error: " << e->detail << "\n";
        return 2;
    }
    if (renderer.state() == ProjectRenderer::State::Running && !SignalWatch::received())
        loop.exec();
    if (terminal)
        err << "\n";
    if (const int signal = SignalWatch::received()) {
        renderer.cancel();
        return stopped(signal);
    }
    if (!failure.isEmpty()) {
        err << "error: " << failure << "\n";
        return 1;
    }
    return 0;
}
}

int runRenderCommand(const QStringList &arguments)
{
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Render a project file (.ttsproject) or a document (.txt, .md, .epub) into one MP3 with chapters or WAV."));
    parser.addHelpOption();
    parser.addPositionalArgument("render", "The render command.");
    parser.addPositionalArgument("file", "Project file or document.");
    const QCommandLineOption outOpt(QStringList{"o", "output"}, "Output file: .mp3 (ID3v2 chapters) or .wav.", "file");
    const QCommandLineOption voiceOpt("voice", "Voice id for the project (chapters and blocks with their own keep it).", "id");
    const QCommandLineOption modelOpt("model", "base or advanced.", "model");
    const QCommandLineOption langOpt("language", "Language code of the model.", "code");
    const QCommandLineOption speedOpt("speed", "0.5 to 2.0.", "s");
    const QCommandLineOption workersOpt("workers", "Synthesis worker processes (default: one per core).", "n", "0");
    const QCommandLineOption cueOpt("cue", "Also write a cue sheet.", "file");
    const QCommandLineOption captionsOpt("captions", "Also write captions of the whole project (.srt or .vtt), timed to OUT.",
                                         "file");
    const QCommandLineOption splitOpt("split-chapters", "WAV: one file per chapter (OUT-01.wav, ...).");
    const QCommandLineOption cacheOpt("cache", "Audio cache for a document (a project keeps its own beside it).", "dir");
    const QCommandLineOption saveOpt("save-project", "Also save the imported document as a project file.", "file");
    const QCommandLineOption dataDirOpt("data-dir", "Data directory (unused by render).", "dir");
    parser.addOptions({outOpt, voiceOpt, modelOpt, langOpt, speedOpt, workersOpt, cueOpt, captionsOpt, splitOpt, cacheOpt, saveOpt,
                       dataDirOpt});
    if (const auto exit = parseCommand(parser, arguments))
        return *exit;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(outOpt)) {
        err << "usage: tts-studio render FILE -o OUT.mp3|OUT.wav [--voice ID] [--model M] [--language CODE] "
               "[--speed S] [--workers N] [--cue FILE] [--captions OUT.srt|OUT.vtt] [--split-chapters] [--cache DIR]\n";
        return 2;
    }
    const QString input = pos.at(1);
    const QString output = parser.value(outOpt);
    if (!output.endsWith(QLatin1String(".mp3"), Qt::CaseInsensitive) && !output.endsWith(QLatin1String(".wav"), Qt::CaseInsensitive)) {
        err << "error: -o must name a .mp3 or .wav file\n";
        return 2;
    }
    const QString captions = parser.value(captionsOpt);
    if (parser.isSet(captionsOpt) && !ProjectCaptions::formatOf(captions)) {
        err << "error: --captions must name a .srt or .vtt file\n";
        return 2;
    }

    // From here on SIGTERM and Ctrl+C stop the render through the event loop, so that the
    // temporary cache and any unfinished output are removed before the process exits.
    SignalWatch watch;
    const bool isProject = ProjectFile::isProjectFile(input);
    auto loaded = isProject ? ProjectFile::load(input) : DocumentImport::fromFile(input);
    if (!loaded) {
        err << "error: " << loaded.error().detail << "\n";
        return 2;
    }
    Project project = loaded.value();
    if (parser.isSet(voiceOpt))
        project.settings.voice = parser.value(voiceOpt);
    if (parser.isSet(modelOpt))
        project.settings.model = parser.value(modelOpt);
    if (parser.isSet(langOpt))
        project.settings.language = parser.value(langOpt);
    if (parser.isSet(speedOpt)) {
        bool ok = false;
        project.settings.speed = parser.value(speedOpt).toDouble(&ok);
        if (!ok) {
            err << "error: --speed takes a number\n";
            return 2;
        }
    }
    if (parser.isSet(saveOpt))
        if (auto e = ProjectFile::save(project, parser.value(saveOpt))) {
            err << "error: " << e->detail << "\n";
            return 1;
        }

    if (SignalWatch::received())
        return stopped(SignalWatch::received());

    // A project keeps its cache beside it; a document's lives only for this run unless
    // --cache names a folder to keep it in.
    QTemporaryDir temporary;
    const QString cacheDir = isProject             ? ProjectFile::cacheDirOf(input)
                             : parser.isSet(cacheOpt) ? parser.value(cacheOpt)
                                                      : temporary.path();

    WorkerPool::Options poolOptions;
    poolOptions.workers = qMax(0, parser.value(workersOpt).toInt());
    WorkerPool pool(poolOptions);
    ProjectRenderer renderer(&pool, cacheDir);
    // Blocks cached before word timings were kept are made again, only when captions are asked for.
    renderer.setWordsRequired(parser.isSet(captionsOpt));
    if (const int code = renderAll(renderer, project, watch))
        return code;

    ProjectExport::Options exportOptions;
    exportOptions.target = output;
    exportOptions.wavPerChapter = parser.isSet(splitOpt);
    exportOptions.cueSheet = parser.value(cueOpt);
    exportOptions.captions = captions;
    // The export blocks the event loop: it asks between blocks whether a signal came.
    exportOptions.stopRequested = [] { return SignalWatch::received() != 0; };
    const auto exported = ProjectExport::run(project, cacheDir, exportOptions);
    if (!exported && SignalWatch::received())
        return stopped(SignalWatch::received());
    if (!exported) {
        err << "error: " << exported.error().detail << "\n";
        return exported.error().kind == ServiceError::Kind::InvalidInput ? 2 : 1;
    }
    QTextStream out(stdout);
    for (const QString &f : exported->files)
        out << f << "\n";
    out << QString::asprintf("%d chapters, %d blocks (%d synthesized), %.1f min, %.1f LUFS, %.1f dBTP\n",
                             int(exported->chapters.size()), project.blockCount(), renderer.synthesisCount(),
                             exported->seconds / 60.0, exported->integratedLufs, exported->truePeakDb);
    return 0;
}
