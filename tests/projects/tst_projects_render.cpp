// A 3-chapter project rendered through real worker processes: every block once, nothing
// again when nothing changed, only the edited block after an edit (synthesis calls
// counted); cancel leaves no half-written block marked as done; the project file reopens
// with its cache; the MP3 export's ID3v2 chapters read back with TagLib match the blocks;
// exports land at the target loudness; `tts-studio render` without a display; captions of
// the whole project (SRT, VTT from the CLI) timed to where each block is in the MP3; a
// render stopped by SIGTERM or SIGINT removes its temporary files and writes no output;
// a document past the import limits is refused by `render` with exit 2.

#include "blockplan.h"
#include "enginetest.h"
#include "loudnessmeter.h"
#include "projectcaptions.h"
#include "projectexport.h"
#include "projectfile.h"
#include "projectrenderer.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

#include <taglib/chapterframe.h>
#include <taglib/id3v2tag.h>
#include <taglib/mpegfile.h>
#include <taglib/tableofcontentsframe.h>

#include <cmath>

using namespace EngineTest;

namespace
{
Project threeChapters()
{
    Project p;
    p.title = QStringLiteral("The Keeper");
    p.blockPauseMs = 400;
    p.chapterPauseMs = 1500;
    p.chapters = {
        {QStringLiteral("The Harbour"), {}, {{QStringLiteral("The storm had passed by the time we reached the harbour."), {}},
                                             {QStringLiteral("Nobody spoke for a while."), {}}}},
        {QStringLiteral("The Stairs"), {}, {{QStringLiteral("The keeper climbed the stairs every evening."), {}},
                                            {QStringLiteral("He counted the ships."), {}},
                                            {QStringLiteral("One, two, three."), {}}}},
        {QStringLiteral("Morning"), {}, {{QStringLiteral("Morning came at last."), {}},
                                         {QStringLiteral("The lamp went out."), {}}}},
    };
    p.chapters[1].settings.voice = QStringLiteral("am_michael");
    p.chapters[2].blocks[1].settings.voice = QStringLiteral("bf_emma");
    return p;
}

QStringList filesIn(const QString &dir, const QString &pattern)
{
    return QDir(dir).entryList({pattern}, QDir::Files);
}

Project twoChapters()
{
    Project p;
    p.title = QStringLiteral("Captions");
    p.blockPauseMs = 600;
    p.chapterPauseMs = 1700;
    p.chapters = {
        {QStringLiteral("Arrival"), {}, {{QStringLiteral("The storm had passed by the time we reached the harbour, and the boats were "
                                                         "tied up along the wall. Nobody spoke for a while."), {}},
                                         {QStringLiteral("The keeper climbed the stairs every evening."), {}}}},
        {QStringLiteral("Night"), {}, {{QStringLiteral("He counted the ships, one after another, until the morning came."), {}},
                                       {QStringLiteral("The lamp went out."), {}}}},
    };
    p.chapters[1].settings.voice = QStringLiteral("am_michael");
    return p;
}

struct Cue
{
    qint64 startMs = 0;
    qint64 endMs = 0;
    QString text;
};

// SubRip or WebVTT cues; an empty list with *error set when the file does not parse.
QList<Cue> parseCues(const QString &path, bool vtt, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = "cannot open " + path;
        return {};
    }
    QString all = QString::fromUtf8(f.readAll());
    if (vtt) {
        if (!all.startsWith("WEBVTT\n\n")) {
            *error = "no WEBVTT header";
            return {};
        }
        all = all.mid(8);
    }
    static const QRegularExpression time(R"(^(\d\d):(\d\d):(\d\d)[,.](\d\d\d) --> (\d\d):(\d\d):(\d\d)[,.](\d\d\d)$)");
    QList<Cue> cues;
    const QStringList blocks = all.split("\n\n", Qt::SkipEmptyParts);
    for (const QString &block : blocks) {
        QStringList lines = block.split('\n');
        if (!vtt) {
            bool ok = false;
            if (lines.size() < 3 || lines.takeFirst().toInt(&ok) != cues.size() + 1 || !ok) {
                *error = "bad cue number in: " + block;
                return {};
            }
        }
        const auto m = time.match(lines.value(0));
        if (!m.hasMatch() || lines.size() < 2 || lines.size() > 3) {
            *error = "bad cue: " + block;
            return {};
        }
        auto ms = [&](int i) {
            return ((m.captured(i).toLongLong() * 60 + m.captured(i + 1).toLongLong()) * 60 + m.captured(i + 2).toLongLong()) * 1000
                   + m.captured(i + 3).toLongLong();
        };
        cues.append({ms(1), ms(5), lines.mid(1).join(' ')});
    }
    return cues;
}

QStringList wordsOf(const QString &text)
{
    return text.split(QRegularExpression("\\s+"), Qt::SkipEmptyParts);
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// `tts-studio ARGS` as an operator runs it without a display: the exit code (-1 when it
// crashed or hung), its standard output and error.
int runStudio(const QStringList &args, QByteArray *out, QByteArray *err)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    QProcess proc;
    proc.setProcessEnvironment(env);
    proc.start(QCoreApplication::applicationDirPath() + "/tts-studio", args);
    if (!proc.waitForFinished(120000))
        return -1;
    *out = proc.readAllStandardOutput();
    *err = proc.readAllStandardError();
    return proc.exitStatus() == QProcess::NormalExit ? proc.exitCode() : -1;
}
}

class TestProjectsRender : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void rendersEveryBlockOnce();
    void editRendersOnlyWhatChanged();
    void mp3ChaptersReadBack();
    void exportsAtTheTargetLoudness_data();
    void exportsAtTheTargetLoudness();
    void wavPerChapter();
    void pauseAndResume();
    void cancelLeavesNothingHalfDone();
    void reopenedProjectUsesItsCache();
    void commandLineRender();
    void captionsFollowTheAudio();
    void commandLineCaptions();
    void stoppedRenderLeavesNothing_data();
    void stoppedRenderLeavesNothing();
    void commandLineRefusesTooLarge();

private:
    // Renders and waits; returns the renderer's synthesis count (-1 on failure).
    int render(const Project &project, const QString &cacheDir, ProjectRenderer::Progress *progress = nullptr);

    WorkerPool *m_pool = nullptr;
    QTemporaryDir m_dir;
    QString m_cache;
};

void TestProjectsRender::initTestCase()
{
    WorkerPool::Options options;
    options.workers = 2;
    m_pool = new WorkerPool(options, this);
    QVERIFY2(m_pool->waitUntilReady(60000), "workers did not get ready");
    m_cache = m_dir.filePath("cache");
}

void TestProjectsRender::cleanupTestCase()
{
    delete m_pool;
}

int TestProjectsRender::render(const Project &project, const QString &cacheDir, ProjectRenderer::Progress *progress)
{
    ProjectRenderer renderer(m_pool, cacheDir);
    QSignalSpy failed(&renderer, &ProjectRenderer::failed);
    if (auto e = renderer.start(project, project.blocks())) {
        qWarning() << e->detail;
        return -1;
    }
    // Finished or failed (a failure says why at once rather than after the time box).
    if (!QTest::qWaitFor([&] { return renderer.state() == ProjectRenderer::State::Finished || !failed.isEmpty(); }, 120000))
        return -1;
    if (!failed.isEmpty()) {
        qWarning() << "render failed:" << failed.first().value(0).toString();
        return -1;
    }
    if (progress)
        *progress = renderer.progress();
    return renderer.synthesisCount();
}

void TestProjectsRender::rendersEveryBlockOnce()
{
    const Project p = threeChapters();
    ProjectRenderer::Progress progress;
    QCOMPARE(render(p, m_cache, &progress), 7);
    QCOMPARE(progress.blocksDone, 7);
    QCOMPARE(progress.blocksTotal, 7);
    QCOMPARE(progress.charactersDone, p.characterCount());
    QVERIFY(progress.audioSeconds > 5.0);
    QCOMPARE(filesIn(m_cache, "*.wav").size(), 7);
    QCOMPARE(filesIn(m_cache, "*.words.json").size(), 7);
    QVERIFY(filesIn(m_cache, "*.part*").isEmpty());
    // Nothing changed: nothing is synthesized.
    QCOMPARE(render(p, m_cache, &progress), 0);
    QCOMPARE(progress.blocksCached, 7);
    QCOMPARE(progress.blocksDone, 7);
}

void TestProjectsRender::editRendersOnlyWhatChanged()
{
    Project p = threeChapters();
    QCOMPARE(render(p, m_cache), 0);
    p.chapters[1].blocks[1].text = QStringLiteral("He counted every ship that passed.");
    QCOMPARE(render(p, m_cache), 1);
    // A chapter's voice reaches the blocks that inherit it, not the one with its own.
    p.chapters[2].settings.voice = QStringLiteral("am_adam");
    QCOMPARE(render(p, m_cache), 1);
    // A project-wide speed reaches every block.
    p.settings.speed = 1.25;
    QCOMPARE(render(p, m_cache), 7);
}

void TestProjectsRender::mp3ChaptersReadBack()
{
    const Project p = threeChapters();
    QCOMPARE(render(p, m_cache), 0);
    // Where each chapter must begin and end, from the blocks' own audio and the pauses.
    static const VoiceCatalog catalog;
    QList<qint64> startMs, endMs;
    qint64 at = 0;
    for (int c = 0; c < p.chapters.size(); ++c) {
        if (c > 0)
            at += qint64(p.chapterPauseMs) * kRate / 1000;
        startMs << at * 1000 / kRate;
        for (int b = 0; b < p.chapters[c].blocks.size(); ++b) {
            if (b > 0)
                at += qint64(p.blockPauseMs) * kRate / 1000;
            const auto plan = BlockPlan::make(p, {c, b}, catalog);
            QVERIFY(plan);
            const WavFile wav = readWav(ProjectRenderer::audioPath(m_cache, plan->key));
            QVERIFY2(wav.valid, qPrintable(wav.error));
            at += wav.frames();
        }
    }
    for (int c = 0; c + 1 < startMs.size(); ++c)
        endMs << startMs[c + 1];
    endMs << at * 1000 / kRate;

    const QString out = m_dir.filePath("book.mp3");
    ProjectExport::Options options;
    options.target = out;
    options.cueSheet = m_dir.filePath("book.cue");
    const auto exported = ProjectExport::run(p, m_cache, options);
    QVERIFY2(exported, qPrintable(exported.error().detail));
    QVERIFY(!QFile::exists(out + ".part"));

    TagLib::MPEG::File file(QFile::encodeName(out).constData());
    QVERIFY(file.isValid());
    QVERIFY(file.hasID3v2Tag());
    const TagLib::ID3v2::FrameListMap &frames = file.ID3v2Tag()->frameListMap();
    QVERIFY(frames.contains("CTOC"));
    QCOMPARE(int(frames["CTOC"].size()), 1);
    auto *toc = dynamic_cast<TagLib::ID3v2::TableOfContentsFrame *>(frames["CTOC"].front());
    QVERIFY(toc);
    QVERIFY(toc->isTopLevel());
    QVERIFY(toc->isOrdered());
    QCOMPARE(int(toc->entryCount()), 3);
    QCOMPARE(int(frames["CHAP"].size()), 3);
    for (int c = 0; c < 3; ++c) {
        const TagLib::ByteVector id = toc->childElements()[uint(c)];
        TagLib::ID3v2::ChapterFrame *chap = nullptr;
        for (TagLib::ID3v2::Frame *f : frames["CHAP"])
            if (auto *cf = dynamic_cast<TagLib::ID3v2::ChapterFrame *>(f); cf && cf->elementID() == id)
                chap = cf;
        QVERIFY2(chap, "the CTOC names a CHAP frame that is not there");
        const TagLib::ID3v2::FrameList titles = chap->embeddedFrameList("TIT2");
        QCOMPARE(int(titles.size()), 1);
        QCOMPARE(QString::fromStdString(titles.front()->toString().to8Bit(true)), p.chapters[c].title);
        QVERIFY2(std::abs(qint64(chap->startTime()) - startMs[c]) <= 1,
                 qPrintable(QStringLiteral("chapter %1 starts at %2 ms, expected %3").arg(c).arg(chap->startTime()).arg(startMs[c])));
        QVERIFY(std::abs(qint64(chap->endTime()) - endMs[c]) <= 1);
    }
    // The MP3 holds the whole program (LAME's encoder delay aside).
    QVERIFY(std::abs(file.audioProperties()->lengthInMilliseconds() - endMs.last()) < 200);

    QFile cue(options.cueSheet);
    QVERIFY(cue.open(QIODevice::ReadOnly));
    const QString sheet = QString::fromUtf8(cue.readAll());
    QVERIFY(sheet.contains("FILE \"book.mp3\" MP3"));
    QVERIFY(sheet.contains("TRACK 03 AUDIO\n    TITLE \"Morning\""));
    QCOMPARE(sheet.count("INDEX 01"), 3);
}

void TestProjectsRender::exportsAtTheTargetLoudness_data()
{
    QTest::addColumn<double>("target");
    QTest::newRow("default -18") << -18.0;
    QTest::newRow("-16") << -16.0;
    QTest::newRow("-23") << -23.0;
}

void TestProjectsRender::exportsAtTheTargetLoudness()
{
    QFETCH(double, target);
    Project p = threeChapters();
    p.targetLufs = target;
    QCOMPARE(render(p, m_cache), 0);
    ProjectExport::Options options;
    options.target = m_dir.filePath("level.wav");
    const auto exported = ProjectExport::run(p, m_cache, options);
    QVERIFY2(exported, qPrintable(exported.error().detail));
    const WavFile wav = readWav(options.target);
    QVERIFY(wav.valid);
    const std::vector<float> audio = wav.toFloat();
    LoudnessMeter meter;
    meter.add(audio.data(), qsizetype(audio.size()));
    qInfo("target %.1f: source %.2f LUFS, gain %+.2f dB, written %.2f LUFS, %.2f dBTP", target, exported->sourceLufs,
          exported->gainDb, meter.integratedLufs(), meter.truePeakDb());
    QVERIFY2(std::abs(meter.integratedLufs() - target) <= 1.0, qPrintable(QString::number(meter.integratedLufs())));
    QVERIFY2(meter.truePeakDb() <= p.truePeakDb + 0.05, qPrintable(QString::number(meter.truePeakDb())));
}

void TestProjectsRender::wavPerChapter()
{
    const Project p = threeChapters();
    QCOMPARE(render(p, m_cache), 0);
    ProjectExport::Options options;
    options.target = m_dir.filePath("split.wav");
    options.wavPerChapter = true;
    const auto exported = ProjectExport::run(p, m_cache, options);
    QVERIFY2(exported, qPrintable(exported.error().detail));
    QCOMPARE(exported->files.size(), 3);
    for (int c = 0; c < 3; ++c) {
        const WavFile wav = readWav(m_dir.filePath(QStringLiteral("split-0%1.wav").arg(c + 1)));
        QVERIFY(wav.valid);
        const qint64 ms = wav.frames() * 1000 / kRate;
        const ChapterMark &mark = exported->chapters.at(c);
        // A chapter's file is its blocks and their pauses, without the pause after it.
        const qint64 expected = mark.endMs - mark.startMs - (c < 2 ? p.chapterPauseMs : 0);
        QVERIFY2(std::abs(ms - expected) <= 2, qPrintable(QStringLiteral("%1 vs %2").arg(ms).arg(expected)));
    }
}

void TestProjectsRender::pauseAndResume()
{
    Project p = threeChapters();
    p.settings.speed = 0.8; // all new audio
    ProjectRenderer renderer(m_pool, m_dir.filePath("paused"));
    QSignalSpy progressed(&renderer, &ProjectRenderer::progressed);
    QSignalSpy finished(&renderer, &ProjectRenderer::finished);
    QVERIFY(!renderer.start(p, p.blocks()));
    renderer.pause();
    // The blocks already with a worker finish; no other starts.
    QTRY_COMPARE_WITH_TIMEOUT(renderer.synthesisCount(), 2, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(renderer.progress().blocksDone, 2, 60000);
    QCOMPARE(renderer.state(), ProjectRenderer::State::Paused);
    QCOMPARE(renderer.synthesisCount(), 2);
    renderer.resume();
    QVERIFY(finished.wait(120000));
    QCOMPARE(renderer.progress().blocksDone, 7);
    QCOMPARE(renderer.synthesisCount(), 7);
    QCOMPARE(renderer.progress().remainingMs, 0);
}

void TestProjectsRender::cancelLeavesNothingHalfDone()
{
    Project p;
    p.title = QStringLiteral("Long");
    p.settings.voice = QStringLiteral("am_michael"); // flite rms, a slow voice
    ProjectChapter c{QStringLiteral("One"), {}, {}};
    for (int i = 0; i < 12; ++i)
        c.blocks.append({QStringLiteral("Paragraph %1. The keeper climbed the stairs every evening, and he watched the "
                                        "ships pass by, counting them one after another until the morning came and the "
                                        "lamp went out over the grey and quiet water of the harbour.").arg(i + 1), {}});
    p.chapters = {c};
    const QString cache = m_dir.filePath("cancelled");
    ProjectRenderer renderer(m_pool, cache);
    QSignalSpy cancelled(&renderer, &ProjectRenderer::cancelled);
    QVERIFY(!renderer.start(p, p.blocks()));
    QTRY_VERIFY_WITH_TIMEOUT(renderer.progress().blocksDone >= 1, 60000);
    renderer.cancel();
    QCOMPARE(cancelled.size(), 1);
    QCOMPARE(renderer.state(), ProjectRenderer::State::Cancelled);
    const int done = renderer.progress().blocksDone;
    QVERIFY2(done < 12, "the render finished before it could be cancelled");
    // The workers drop their jobs and files; what is left as done is whole.
    QTRY_VERIFY_WITH_TIMEOUT(filesIn(cache, "*.part").isEmpty(), 10000);
    QVERIFY(m_pool->waitUntilReady(30000));
    const QStringList wavs = filesIn(cache, "*.wav");
    QCOMPARE(wavs.size(), done);
    // Word timings only beside finished audio: an unfinished block leaves none (nor a
    // temporary one).
    QVERIFY(filesIn(cache, "*.part*").isEmpty());
    QCOMPARE(filesIn(cache, "*.words.json").size(), done);
    for (const QString &name : wavs)
        QVERIFY2(QFile::exists(cache + "/" + QString(name).replace(".wav", ".words.json")), qPrintable(name));
    for (const QString &name : wavs) {
        const WavFile wav = readWav(cache + "/" + name);
        QVERIFY2(wav.valid, qPrintable(wav.error));
        QCOMPARE(qint64(wav.riffSize) + 8, wav.fileSize);
        QVERIFY(wav.frames() > kRate);
    }
    // Rendering again makes only what was missing.
    QCOMPARE(render(p, cache), 12 - done);
}

void TestProjectsRender::reopenedProjectUsesItsCache()
{
    const Project p = threeChapters();
    QDir().mkpath(m_dir.filePath("a"));
    const QString file = m_dir.filePath("a/keeper.ttsproject");
    QVERIFY(!ProjectFile::save(p, file));
    QCOMPARE(render(p, ProjectFile::cacheDirOf(file)), 7);
    // The user moves the project (file and cache folder) and reopens it.
    QVERIFY(QDir().rename(m_dir.filePath("a"), m_dir.filePath("b")));
    const QString moved = m_dir.filePath("b/keeper.ttsproject");
    const auto reopened = ProjectFile::load(moved);
    QVERIFY2(reopened, qPrintable(reopened.error().detail));
    QCOMPARE(reopened->blockCount(), 7);
    QCOMPARE(reopened->chapters[2].blocks[1].settings.voice, std::optional<QString>("bf_emma"));
    QCOMPARE(render(*reopened, ProjectFile::cacheDirOf(moved)), 0);
}

void TestProjectsRender::commandLineRender()
{
    const QString doc = m_dir.filePath("guide.md");
    QVERIFY(writeFile(doc, "# Getting started\n\nInstall the program.\n\n# Using it\n\nType a sentence.\n\n## Saving\n\nSave the file.\n"));
    const QString out = m_dir.filePath("guide.mp3");
    const QString project = m_dir.filePath("guide.ttsproject");
    const auto run = runStudio;
    QByteArray o, e;
    QCOMPARE(run({"render", doc, "-o", out, "--voice", "bm_george", "--workers", "2", "--save-project", project}, &o, &e), 0);
    QVERIFY2(e.contains("rendering: 6/6 blocks"), e.constData());
    QVERIFY2(o.contains("3 chapters, 6 blocks (6 synthesized)"), o.constData());
    TagLib::MPEG::File file(QFile::encodeName(out).constData());
    QVERIFY(file.isValid() && file.hasID3v2Tag());
    QCOMPARE(int(file.ID3v2Tag()->frameListMap()["CHAP"].size()), 3);

    // The saved project renders from its own cache the second time (none yet: a document's
    // cache was temporary), then nothing again; a WAV export too.
    QCOMPARE(run({"render", project, "-o", m_dir.filePath("guide.wav"), "--workers", "2"}, &o, &e), 0);
    QVERIFY2(o.contains("(6 synthesized)"), o.constData());
    QCOMPARE(run({"render", project, "-o", m_dir.filePath("guide.wav"), "--workers", "2"}, &o, &e), 0);
    QVERIFY2(o.contains("(0 synthesized)"), o.constData());
    QVERIFY(readWav(m_dir.filePath("guide.wav")).valid);

    // Mistakes get a clear message and exit 2.
    QCOMPARE(run({"render", doc, "-o", m_dir.filePath("x.ogg")}, &o, &e), 2);
    QVERIFY(e.contains(".mp3 or .wav"));
    QCOMPARE(run({"render", doc, "-o", out, "--voice", "nobody"}, &o, &e), 2);
    QVERIFY2(e.contains("chapter 1, block 1"), e.constData());
}

void TestProjectsRender::captionsFollowTheAudio()
{
    const Project p = twoChapters();
    const QString cache = m_dir.filePath("captions");
    QCOMPARE(render(p, cache), 4);

    // Where each block must begin in the exported audio, worked out here from the blocks'
    // own WAVs and the pauses, and each block's first word from its words file.
    static const VoiceCatalog catalog;
    QList<qint64> blockStart, firstWord;
    QStringList projectWords;
    QList<int> firstToken; // index in projectWords of each block's first word
    qint64 at = 0;
    for (int c = 0; c < p.chapters.size(); ++c) {
        if (c > 0)
            at += qint64(p.chapterPauseMs) * kRate / 1000;
        for (int b = 0; b < p.chapters[c].blocks.size(); ++b) {
            if (b > 0)
                at += qint64(p.blockPauseMs) * kRate / 1000;
            const auto plan = BlockPlan::make(p, {c, b}, catalog);
            QVERIFY(plan);
            blockStart << at;
            const WavFile wav = readWav(ProjectRenderer::audioPath(cache, plan->key));
            QVERIFY2(wav.valid, qPrintable(wav.error));
            at += wav.frames();
            QFile words(ProjectRenderer::wordsPath(cache, plan->key));
            QVERIFY(words.open(QIODevice::ReadOnly));
            const QJsonObject o = QJsonDocument::fromJson(words.readAll()).object();
            QCOMPARE(o.value("sample_rate").toInt(), kRate);
            const QList<WordTiming> timings = WordTimings::fromJson(o.value("words").toArray());
            QCOMPARE(timings.size(), wordsOf(p.chapters[c].blocks[b].text).size());
            QVERIFY(timings.first().startSample < wav.frames());
            firstWord << timings.first().startSample;
            firstToken << int(projectWords.size());
            projectWords += wordsOf(p.chapters[c].blocks[b].text);
        }
    }

    ProjectExport::Options options;
    options.target = m_dir.filePath("captioned.mp3");
    options.captions = m_dir.filePath("captioned.srt");
    const auto exported = ProjectExport::run(p, cache, options);
    QVERIFY2(exported, qPrintable(exported.error().detail));
    QVERIFY(exported->files.contains(options.captions));
    QCOMPARE(exported->blockStarts, blockStart);
    // The chapter marks and the captions are placed by the same walk.
    QCOMPARE(exported->chapters.at(1).startMs, blockStart.at(2) * 1000 / kRate);

    QString error;
    const QList<Cue> cues = parseCues(options.captions, false, &error);
    QVERIFY2(!cues.isEmpty(), qPrintable(error));
    QCOMPARE(int(cues.size()), exported->cues);
    QStringList cueWords;
    QList<int> cueFirstToken;
    for (int i = 0; i < cues.size(); ++i) {
        QVERIFY(cues[i].startMs <= cues[i].endMs);
        if (i > 0)
            QVERIFY2(cues[i].startMs >= cues[i - 1].endMs,
                     qPrintable(QStringLiteral("cue %1 starts before cue %2 ends").arg(i + 1).arg(i)));
        QVERIFY(cues[i].endMs - cues[i].startMs <= 7000);
        cueFirstToken << int(cueWords.size());
        cueWords += wordsOf(cues[i].text);
    }
    QCOMPARE(cueWords, projectWords);
    // The MP3 holds the whole program: the last cue ends inside it.
    QVERIFY(cues.last().endMs <= qint64(exported->seconds * 1000) + 1);
    for (int b = 0; b < blockStart.size(); ++b) {
        const int cue = int(cueFirstToken.indexOf(firstToken[b]));
        QVERIFY2(cue >= 0, qPrintable(QStringLiteral("no cue begins block %1: cues cross blocks").arg(b + 1)));
        const double expectedMs = double(blockStart[b] + firstWord[b]) * 1000.0 / kRate;
        QVERIFY2(std::abs(double(cues[cue].startMs) - expectedMs) <= 1.0,
                 qPrintable(QStringLiteral("block %1: first cue at %2 ms, its audio's first word at %3 ms")
                                .arg(b + 1).arg(cues[cue].startMs).arg(expectedMs, 0, 'f', 1)));
    }

    // Captions on their own (the studio's export) are the same file.
    const QString alone = m_dir.filePath("alone.srt");
    const auto saved = ProjectCaptions::save(p, cache, alone);
    QVERIFY2(saved, qPrintable(saved.error().detail));
    QCOMPARE(saved.value(), exported->cues);
    QFile a(alone), b(options.captions);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(a.readAll(), b.readAll());

    // A block cached before word timings were kept cannot be captioned...
    const auto plan = BlockPlan::make(p, {1, 0}, catalog);
    QVERIFY(QFile::remove(ProjectRenderer::wordsPath(cache, plan->key)));
    const auto refused = ProjectCaptions::save(p, cache, alone);
    QVERIFY(!refused);
    QVERIFY2(refused.error().detail.contains("chapter 2, block 1"), qPrintable(refused.error().detail));
    // ...is used as it is by a plain render, and made again when words are required.
    QCOMPARE(render(p, cache), 0);
    ProjectRenderer renderer(m_pool, cache);
    renderer.setWordsRequired(true);
    QSignalSpy finished(&renderer, &ProjectRenderer::finished);
    QVERIFY(!renderer.start(p, p.blocks()));
    QVERIFY(renderer.state() == ProjectRenderer::State::Finished || finished.wait(120000));
    QCOMPARE(renderer.synthesisCount(), 1);
    QVERIFY(QFile::exists(ProjectRenderer::wordsPath(cache, plan->key)));
}

void TestProjectsRender::commandLineCaptions()
{
    const QString doc = m_dir.filePath("story.txt");
    QVERIFY(writeFile(doc, "The storm had passed.\n\nNobody spoke for a while, and the boats rocked in the harbour.\n"));
    const auto run = runStudio;
    const QString cache = m_dir.filePath("story-cache");
    const QString vtt = m_dir.filePath("story.vtt");
    QByteArray o, e;
    QCOMPARE(run({"render", doc, "-o", m_dir.filePath("story.mp3"), "--workers", "2", "--cache", cache}, &o, &e), 0);
    QVERIFY2(o.contains("(2 synthesized)"), o.constData());
    // As if rendered before word timings were kept: captions make those blocks again.
    for (const QString &name : filesIn(cache, "*.words.json"))
        QVERIFY(QFile::remove(cache + "/" + name));
    QCOMPARE(run({"render", doc, "-o", m_dir.filePath("story.mp3"), "--workers", "2", "--cache", cache, "--captions", vtt}, &o, &e), 0);
    QVERIFY2(o.contains("(2 synthesized)"), o.constData());
    QVERIFY2(o.contains(vtt.toUtf8()), o.constData());
    QString error;
    const QList<Cue> cues = parseCues(vtt, true, &error);
    QVERIFY2(!cues.isEmpty(), qPrintable(error));
    QStringList words;
    for (int i = 0; i < cues.size(); ++i) {
        if (i > 0)
            QVERIFY(cues[i].startMs >= cues[i - 1].endMs);
        words += wordsOf(cues[i].text);
    }
    QCOMPARE(words.join(' '), QStringLiteral("The storm had passed. Nobody spoke for a while, and the boats rocked in the harbour."));
    // The second block starts after the first and the pause between blocks.
    QVERIFY(cues.last().startMs > 500);
    // Without --captions nothing is made again; a wrong suffix is a usage error.
    QCOMPARE(run({"render", doc, "-o", m_dir.filePath("story.mp3"), "--workers", "2", "--cache", cache}, &o, &e), 0);
    QVERIFY2(o.contains("(0 synthesized)"), o.constData());
    QCOMPARE(run({"render", doc, "-o", m_dir.filePath("story.mp3"), "--captions", m_dir.filePath("story.txt2")}, &o, &e), 2);
    QVERIFY2(e.contains(".srt or .vtt"), e.constData());
}

void TestProjectsRender::stoppedRenderLeavesNothing_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT (Ctrl+C)") << int(SIGINT);
}

// Stopped once blocks are being made: the temporary cache is removed, no output file (or
// its .part) is left, and the exit code is 128 + the signal.
void TestProjectsRender::stoppedRenderLeavesNothing()
{
    QFETCH(int, signal);
    const QString dir = m_dir.filePath(QStringLiteral("stopped-%1").arg(signal));
    const QString tmp = dir + "/tmp";
    QVERIFY(QDir().mkpath(tmp));
    const QString doc = dir + "/long.txt";
    QByteArray text;
    for (int i = 0; i < 40; ++i)
        text += "The keeper climbed the stairs and looked out over the harbour for a long while. Paragraph "
                + QByteArray::number(i) + ".\n\n";
    QVERIFY(writeFile(doc, text));
    const QString out = dir + "/long.mp3";
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.insert("TMPDIR", tmp);
    QProcess proc;
    proc.setProcessEnvironment(env);
    proc.start(QCoreApplication::applicationDirPath() + "/tts-studio", {"render", doc, "-o", out, "--workers", "1"});
    QVERIFY(proc.waitForStarted());
    QByteArray err;
    // Work has started: a block is done and the temporary cache holds its audio.
    QVERIFY2(QTest::qWaitFor([&] {
                 err += proc.readAllStandardError();
                 return err.contains("rendering: 1/") || proc.state() == QProcess::NotRunning;
             }, 60000),
             err.constData());
    QVERIFY2(proc.state() == QProcess::Running, err.constData());
    QVERIFY(!QDir(tmp).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
    ::kill(pid_t(proc.processId()), signal);
    QVERIFY(proc.waitForFinished(30000));
    err += proc.readAllStandardError();
    QCOMPARE(proc.exitStatus(), QProcess::NormalExit);
    QCOMPARE(proc.exitCode(), 128 + signal);
    QVERIFY2(err.contains("error: stopped by signal"), err.constData());
    QCOMPARE(QDir(tmp).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList());
    QVERIFY(!QFileInfo::exists(out));
    QVERIFY(!QFileInfo::exists(out + ".part"));
}

void TestProjectsRender::commandLineRefusesTooLarge()
{
    const QString doc = m_dir.filePath("huge.md");
    QByteArray md;
    for (int i = 0; i < 2'001; ++i)
        md += "# Part " + QByteArray::number(i) + "\n\nText.\n\n";
    QVERIFY(writeFile(doc, md));
    QByteArray o, e;
    QCOMPARE(runStudio({"render", doc, "-o", m_dir.filePath("huge.mp3")}, &o, &e), 2);
    QVERIFY2(e.startsWith("error: ") && e.contains("too large to import: more than 2,000 chapters"), e.constData());
}

QTEST_GUILESS_MAIN(TestProjectsRender)
#include "tst_projects_render.moc"
