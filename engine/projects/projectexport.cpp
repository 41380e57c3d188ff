#include "projectexport.h"

#include "audiodecoder.h"
#include "audioencoder.h"
#include "blockplan.h"
#include "loudnessmeter.h"
#include "peaklimiter.h"
#include "projectcaptions.h"
#include "projectrenderer.h"
#include "voicecatalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cmath>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace
{
constexpr int kRate = AudioFormats::kSampleRate;

ServiceError failure(const QString &detail)
{
    return ServiceError::make(ServiceError::Kind::Unavailable, detail);
}

qint64 samplesOf(int ms)
{
    return qint64(ms) * kRate / 1000;
}

// The program: each chapter's blocks with the pauses, read block by block.
class Program
{
public:
    // Receives each run of samples with the chapter it belongs to (pauses between
    // chapters belong to the one before); a chapter's first call has no samples.
    using Sink = std::function<QString(int chapter, const float *samples, qsizetype count)>;
    // Told just before the samples of each block (chapter, block within it).
    using BlockStart = std::function<void(int chapter, int block)>;

    Program(const Project &project, QList<QStringList> blockFiles, std::function<bool()> stopRequested = {})
        : m_project(project)
        , m_files(std::move(blockFiles))
        , m_stopRequested(std::move(stopRequested))
    {
    }

    // Walks the whole program once; returns an error text or empty.
    QString play(const Sink &sink, const BlockStart &blockStart = {}) const
    {
        const std::vector<float> silence(size_t(kRate), 0.0f);
        auto pause = [&](int chapter, qint64 n) -> QString {
            while (n > 0) {
                const qsizetype step = qsizetype(qMin<qint64>(n, qint64(silence.size())));
                if (QString e = sink(chapter, silence.data(), step); !e.isEmpty())
                    return e;
                n -= step;
            }
            return {};
        };
        for (int c = 0; c < m_files.size(); ++c) {
            if (c > 0)
                if (QString e = pause(c - 1, samplesOf(m_project.chapterPauseMs)); !e.isEmpty())
                    return e;
            // Marks where the chapter begins, even one without blocks.
            if (QString e = sink(c, nullptr, 0); !e.isEmpty())
                return e;
            for (int b = 0; b < m_files.at(c).size(); ++b) {
                if (b > 0)
                    if (QString e = pause(c, samplesOf(m_project.blockPauseMs)); !e.isEmpty())
                        return e;
                if (m_stopRequested && m_stopRequested())
                    return QStringLiteral("the export was stopped");
                if (blockStart)
                    blockStart(c, b);
                const auto decoded = AudioDecoder::decodeFile(m_files.at(c).at(b), QStringLiteral("wav"));
                if (!decoded.ok())
                    return QStringLiteral("cannot read %1: %2").arg(m_files.at(c).at(b), decoded.detail);
                const auto *data = reinterpret_cast<const float *>(decoded.float32.constData());
                if (QString e = sink(c, data, decoded.float32.size() / qsizetype(sizeof(float))); !e.isEmpty())
                    return e;
            }
        }
        return {};
    }

private:
    const Project &m_project;
    QList<QStringList> m_files;
    std::function<bool()> m_stopRequested;
};

// One output file written beside its target and renamed into place.
struct OutputFile
{
    QString path;
    std::unique_ptr<AudioEncoder> encoder;
    QString part() const { return path + QStringLiteral(".part"); }
};

QString chapterFileName(const QString &target, int chapter)
{
    const QFileInfo info(target);
    return info.dir().filePath(QStringLiteral("%1-%2.%3")
                                   .arg(info.completeBaseName())
                                   .arg(chapter + 1, 2, 10, QLatin1Char('0'))
                                   .arg(info.suffix()));
}

// The cached audio of every block, chapter by chapter; fails on a block not rendered.
Result<QList<QStringList>> blockFiles(const Project &project, const QString &cacheDir)
{
    static const VoiceCatalog catalog;
    QList<QStringList> files;
    for (int c = 0; c < project.chapters.size(); ++c) {
        QStringList chapterFiles;
        for (const BlockRef &ref : project.blocksOf(c)) {
            auto plan = BlockPlan::make(project, ref, catalog);
            if (!plan)
                return plan.error();
            const QString path = ProjectRenderer::audioPath(cacheDir, plan->key);
            if (!QFileInfo::exists(path))
                return ServiceError::make(ServiceError::Kind::Conflict,
                                          QStringLiteral("chapter %1, block %2 is not rendered yet").arg(ref.chapter + 1).arg(ref.block + 1));
            chapterFiles.append(path);
        }
        files.append(chapterFiles);
    }
    if (project.blockCount() == 0)
        return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("the project has no text"));
    return files;
}
}

Result<QList<qint64>> ProjectExport::blockStarts(const Project &project, const QString &cacheDir)
{
    auto files = blockFiles(project, cacheDir);
    if (!files)
        return files.error();
    const Program program(project, files.value());
    // The same walk as the export's, counting samples only: a block starts where the
    // export would write its first sample.
    QList<qint64> starts;
    qint64 total = 0;
    const QString err = program.play([&](int, const float *, qsizetype n) {
        total += n;
        return QString();
    }, [&](int, int) { starts.append(total); });
    if (!err.isEmpty())
        return failure(err);
    return starts;
}

namespace
{
std::optional<ServiceError> refusedOptions(const ProjectExport::Options &options, bool mp3)
{
    if (!mp3 && !options.target.endsWith(QLatin1String(".wav"), Qt::CaseInsensitive))
        return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("the export must be a .mp3 or .wav file"));
    if (mp3 && options.wavPerChapter)
        return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("one file per chapter is WAV only"));
    if (!options.captions.isEmpty() && !ProjectCaptions::formatOf(options.captions))
        return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("captions must be a .srt or .vtt file"));
    if (!options.captions.isEmpty() && options.wavPerChapter)
        return ServiceError::make(ServiceError::Kind::InvalidInput,
                                  QStringLiteral("captions follow one file, not one file per chapter"));
    return std::nullopt;
}

// Pass 1: the program's loudness, where chapters begin (starts) and its length (total).
QString measure(const Project &project, const Program &program, ProjectExport::Outcome &outcome,
                QList<qint64> &starts, qint64 &total)
{
    LoudnessMeter before;
    starts = QList<qint64>(project.chapters.size(), -1);
    total = 0;
    int current = -1;
    const QString err = program.play([&](int chapter, const float *s, qsizetype n) {
        // A chapter begins with its first sample after the previous chapter's pause.
        if (chapter > current) {
            current = chapter;
            starts[chapter] = total;
        }
        before.add(s, n);
        total += n;
        return QString();
    }, [&](int, int) { outcome.blockStarts.append(total); });
    if (!err.isEmpty())
        return err;
    outcome.sourceLufs = before.integratedLufs();
    outcome.gainDb = std::isfinite(outcome.sourceLufs) ? project.targetLufs - outcome.sourceLufs : 0.0;
    for (int c = 0; c < project.chapters.size(); ++c) {
        const qint64 end = c + 1 < project.chapters.size() ? starts[c + 1] : total;
        outcome.chapters.append({project.chapters.at(c).title, starts[c] * 1000 / kRate, end * 1000 / kRate});
    }
    outcome.seconds = double(total) / kRate;
    return {};
}

// Pass 2's files: the target, or one WAV per chapter opened as the program reaches it,
// each written beside its place (.part) and renamed into it at the end.
class ExportFiles
{
public:
    ExportFiles(const Project &project, const ProjectExport::Options &options, bool mp3, const QList<qint64> &starts,
                qint64 total)
        : m_project(project)
        , m_options(options)
        , m_mp3(mp3)
        , m_starts(starts)
        , m_total(total)
    {
    }

    QString open(const QString &path)
    {
        OutputFile out{path, AudioEncoder::create(m_mp3 ? AudioFormat::Mp3 : AudioFormat::Wav)};
        if (QString e = out.encoder->open(out.part()); !e.isEmpty())
            return e;
        m_outputs.push_back(std::move(out));
        return {};
    }

    // Samples as they leave the limiter, in program order.
    QString write(const std::vector<float> &samples)
    {
        m_after.add(samples.data(), qsizetype(samples.size()));
        if (!m_options.wavPerChapter)
            return m_outputs.front().encoder->write(samples.data(), qsizetype(samples.size()));
        qsizetype offset = 0;
        while (offset < qsizetype(samples.size())) {
            const qsizetype n = writeInChapter(samples, offset);
            if (n < 0)
                return m_error;
            offset += n;
        }
        return {};
    }

    QString finish(const QList<ChapterMark> &chapters)
    {
        QString err;
        for (OutputFile &o : m_outputs)
            if (err.isEmpty())
                err = o.encoder->finish();
        if (err.isEmpty() && m_mp3)
            err = ChapterMarks::writeId3(m_outputs.front().part(), m_project.title, chapters);
        return err;
    }

    // Renames every file into place; an error text, or empty.
    QString commit(QStringList &files)
    {
        for (OutputFile &o : m_outputs) {
            o.encoder.reset();
            QFile::remove(o.path);
            if (!QFile::rename(o.part(), o.path)) {
                cleanUp();
                return QStringLiteral("cannot write %1").arg(o.path);
            }
            files.append(o.path);
        }
        return {};
    }

    void cleanUp()
    {
        for (OutputFile &o : m_outputs) {
            o.encoder.reset();
            QFile::remove(o.part());
        }
    }

    const LoudnessMeter &written() const { return m_after; }

private:
    // Writes what of samples from offset belongs to the chapter at m_written; returns how
    // many samples it took, or -1 on an error (m_error). The limiter delays its output:
    // the chapter of each sample leaving it is tracked by its program position.
    qsizetype writeInChapter(const std::vector<float> &samples, qsizetype offset)
    {
        int chapter = 0;
        while (chapter + 1 < m_starts.size() && m_written >= m_starts[chapter + 1])
            ++chapter;
        const qint64 chapterEnd = chapter + 1 < m_starts.size() ? m_starts[chapter + 1] : m_total;
        const qsizetype n = qsizetype(qMin<qint64>(qsizetype(samples.size()) - offset, chapterEnd - m_written));
        // The chapter pause is not part of either chapter's file.
        const qint64 pauseStart = chapter + 1 < m_starts.size() ? chapterEnd - samplesOf(m_project.chapterPauseMs) : m_total;
        if (int(m_outputs.size()) <= chapter)
            if (QString e = open(chapterFileName(m_options.target, chapter)); !e.isEmpty())
                return fail(e);
        const qsizetype keep = qsizetype(qBound<qint64>(0, pauseStart - m_written, n));
        if (keep > 0)
            if (QString e = m_outputs[size_t(chapter)].encoder->write(samples.data() + offset, keep); !e.isEmpty())
                return fail(e);
        m_written += n;
        return n;
    }

    qsizetype fail(const QString &error)
    {
        m_error = error;
        return -1;
    }

    const Project &m_project;
    const ProjectExport::Options &m_options;
    bool m_mp3;
    const QList<qint64> &m_starts;
    qint64 m_total;
    std::vector<OutputFile> m_outputs;
    LoudnessMeter m_after;
    qint64 m_written = 0; // program samples that left the limiter
    QString m_error;
};

// Pass 2: gain, limiter (0.5 dB under the true-peak ceiling: peaks between samples),
// encoder(s).
QString writeProgram(const Project &project, const Program &program, double gainDb, ExportFiles &files)
{
    const float gain = float(LoudnessMeter::dbToGain(gainDb));
    PeakLimiter limiter(float(LoudnessMeter::dbToGain(project.truePeakDb - 0.5)), kRate);
    std::vector<float> scaled;
    std::vector<float> limited;
    QString err = program.play([&](int, const float *s, qsizetype n) {
        scaled.resize(size_t(n));
        for (qsizetype i = 0; i < n; ++i)
            scaled[size_t(i)] = s[i] * gain;
        limited.clear();
        limiter.process(scaled.data(), n, limited);
        return files.write(limited);
    });
    if (err.isEmpty()) {
        limited.clear();
        limiter.flush(limited);
        err = files.write(limited);
    }
    return err;
}

// The cue sheet and the captions beside the audio.
std::optional<ServiceError> writeSideFiles(const Project &project, const ProjectExport::Options &options, bool mp3,
                                           const QList<ProjectCaptions::BlockWords> &words, ProjectExport::Outcome &outcome)
{
    if (!options.cueSheet.isEmpty()) {
        if (QString e = ChapterMarks::writeCueSheet(options.cueSheet, QFileInfo(options.target).fileName(), mp3,
                                                    project.title, outcome.chapters);
            !e.isEmpty())
            return failure(e);
        outcome.files.append(options.cueSheet);
    }
    if (!options.captions.isEmpty()) {
        const QList<Captions::Cue> cues = ProjectCaptions::cues(words, outcome.blockStarts);
        if (QString e = ProjectCaptions::write(options.captions, *ProjectCaptions::formatOf(options.captions), cues); !e.isEmpty())
            return failure(QStringLiteral("cannot write %1: %2").arg(options.captions, e));
        outcome.files.append(options.captions);
        outcome.cues = int(cues.size());
    }
    return std::nullopt;
}
}

Result<ProjectExport::Outcome> ProjectExport::run(const Project &project, const QString &cacheDir, const Options &options)
{
    const bool mp3 = options.target.endsWith(QLatin1String(".mp3"), Qt::CaseInsensitive);
    if (auto refused = refusedOptions(options, mp3))
        return *refused;
    auto files = blockFiles(project, cacheDir);
    if (!files)
        return files.error();
    // Captions are checked before the long encode: a block without word timings fails now.
    QList<ProjectCaptions::BlockWords> words;
    if (!options.captions.isEmpty()) {
        auto read = ProjectCaptions::readWords(project, cacheDir);
        if (!read)
            return read.error();
        words = read.value();
    }
    const Program program(project, files.value(), options.stopRequested);
    Outcome outcome;
    QList<qint64> starts;
    qint64 total = 0;
    if (QString err = measure(project, program, outcome, starts, total); !err.isEmpty())
        return failure(err);

    ExportFiles out(project, options, mp3, starts, total);
    QString err = options.wavPerChapter ? QString() : out.open(options.target);
    if (err.isEmpty())
        err = writeProgram(project, program, outcome.gainDb, out);
    if (err.isEmpty())
        err = out.finish(outcome.chapters);
    if (!err.isEmpty()) {
        out.cleanUp();
        return failure(err);
    }
    if (QString e = out.commit(outcome.files); !e.isEmpty())
        return failure(e);
    outcome.integratedLufs = out.written().integratedLufs();
    outcome.truePeakDb = out.written().truePeakDb();
    if (auto e = writeSideFiles(project, options, mp3, words, outcome))
        return *e;
    return outcome;
}
