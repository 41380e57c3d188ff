#include "projectrenderer.h"

#include "audioformat.h"
#include "synthesistask.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <atomic>

namespace
{
// Per process, not per renderer: a renderer made after a cancel (the studio makes one per
// render) counted from 0 again and reused the names a stopped worker was still to remove.
std::atomic<quint64> s_handOffs{0};

constexpr qint64 kWavHeaderBytes = 44; // the engine's WAV files (WavEncoder)

double wavSeconds(const QString &path)
{
    const qint64 bytes = QFileInfo(path).size() - kWavHeaderBytes;
    return bytes > 0 ? double(bytes) / (2.0 * AudioFormats::kSampleRate) : 0.0;
}
}

ProjectRenderer::ProjectRenderer(WorkerPool *pool, const QString &cacheDir, QObject *parent)
    : QObject(parent)
    , m_pool(pool)
    , m_cacheDir(cacheDir)
{
}

ProjectRenderer::~ProjectRenderer()
{
    if (m_state == State::Running || m_state == State::Paused)
        cancel();
}

QString ProjectRenderer::audioPath(const QString &cacheDir, const QString &key)
{
    return cacheDir + QLatin1Char('/') + key + QStringLiteral(".wav");
}

QString ProjectRenderer::wordsPath(const QString &cacheDir, const QString &key)
{
    return cacheDir + QLatin1Char('/') + key + QStringLiteral(".words.json");
}

bool ProjectRenderer::isCached(const QString &key) const
{
    return QFileInfo::exists(audioPath(m_cacheDir, key))
           && (!m_wordsRequired || QFileInfo::exists(wordsPath(m_cacheDir, key)));
}

QString ProjectRenderer::audioOf(const BlockPlan &plan) const
{
    const QString path = audioPath(m_cacheDir, plan.key);
    return QFileInfo::exists(path) ? path : QString();
}

std::optional<ServiceError> ProjectRenderer::start(const Project &project, const QList<BlockRef> &blocks)
{
    if (m_state == State::Running || m_state == State::Paused)
        return ServiceError::make(ServiceError::Kind::Conflict, QStringLiteral("a render is under way"));
    static const VoiceCatalog catalog;
    QList<Item> items;
    for (const BlockRef &ref : blocks) {
        auto plan = BlockPlan::make(project, ref, catalog);
        if (!plan)
            return plan.error();
        items.append({plan.value(), false});
    }
    if (!QDir().mkpath(m_cacheDir))
        return ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("cannot create %1").arg(m_cacheDir));

    m_items = items;
    m_waiting.clear();
    m_keysDone.clear();
    m_progress = Progress{};
    m_progress.blocksTotal = int(m_items.size());
    m_synthesizedCharacters = 0;
    m_synthesisMs = 0;
    m_clock.start();
    m_state = State::Running;
    for (const Item &item : std::as_const(m_items))
        m_progress.charactersTotal += item.plan.characters;
    // Cached blocks count as done at once; the others wait once per key (a text repeated
    // with the same settings is made once).
    for (const Item &item : std::as_const(m_items)) {
        const QString key = item.plan.key;
        if (m_keysDone.contains(key) || m_waiting.contains(key))
            continue;
        if (isCached(key)) {
            m_progress.blocksCached += int(std::count_if(m_items.cbegin(), m_items.cend(),
                                                         [&](const Item &i) { return i.plan.key == key; }));
            blockDone(key, wavSeconds(audioPath(m_cacheDir, key)));
        } else {
            m_waiting.append(key);
        }
    }
    emit progressed(progress());
    dispatch();
    settle();
    return std::nullopt;
}

ProjectRenderer::Progress ProjectRenderer::progress() const
{
    Progress p = m_progress;
    p.elapsedMs = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (m_synthesizedCharacters > 0 && p.charactersDone < p.charactersTotal) {
        const double msPerCharacter = double(p.elapsedMs) / double(m_synthesizedCharacters);
        p.remainingMs = qint64(msPerCharacter * double(p.charactersTotal - p.charactersDone));
    } else if (p.charactersDone >= p.charactersTotal) {
        p.remainingMs = 0;
    }
    return p;
}

void ProjectRenderer::blockDone(const QString &key, double seconds)
{
    m_keysDone.insert(key);
    for (Item &item : m_items) {
        if (item.done || item.plan.key != key)
            continue;
        item.done = true;
        ++m_progress.blocksDone;
        m_progress.charactersDone += item.plan.characters;
        m_progress.audioSeconds += seconds;
    }
}

void ProjectRenderer::dispatch()
{
    const int capacity = qMax(1, m_pool->workerCount());
    while (m_state == State::Running && !m_waiting.isEmpty() && m_running.size() < capacity) {
        const QString key = m_waiting.takeFirst();
        const auto it = std::find_if(m_items.cbegin(), m_items.cend(), [&](const Item &i) { return i.plan.key == key; });
        SynthesisJob job;
        job.params = it->plan.params;
        // A stopped worker removes its own file when it gets round to it, possibly after
        // the same block was handed out again (cancel, then render, also by a new renderer
        // of the same cache): each hand-off in the process writes a file of its own so that
        // removal never hits a newer job's audio.
        job.outputPath = QStringLiteral("%1.%2.%3.part")
                             .arg(audioPath(m_cacheDir, key))
                             .arg(QCoreApplication::applicationPid())
                             .arg(++s_handOffs);
        job.format = AudioFormat::Wav;
        job.wordTimings = true; // kept for captions; the audio is the same either way
        SynthesisTask *task = m_pool->submit(job);
        ++m_synthesized;
        m_running.insert(key, {task, job.outputPath});
        const QString part = job.outputPath;
        connect(task, &SynthesisTask::finished, this, [this, key, part, task](qint64 samples) {
            // The task emits this itself, so it is alive here.
            onTaskFinished(key, part, samples, task->wordTimings());
        });
        connect(task, &SynthesisTask::failed, this,
                [this, key, part](const QString &message) { onTaskFailed(key, part, message); });
    }
}

void ProjectRenderer::onTaskFinished(const QString &key, const QString &part, qint64 samples,
                                     const QList<WordTiming> &words)
{
    // Finished just as the render was cancelled or failed: not kept as done.
    if (!m_running.remove(key) || m_state == State::Cancelled || m_state == State::Failed) {
        QFile::remove(part);
        return;
    }
    // The words go to a temporary name of this hand-off first; they are renamed into
    // place only after the audio, so KEY.words.json never describes audio that is not there.
    const QString wordsDone = wordsPath(m_cacheDir, key);
    const QString wordsPart = part + QStringLiteral(".words");
    {
        QFile file(wordsPart);
        const QByteArray json = QJsonDocument(QJsonObject{{"sample_rate", AudioFormats::kSampleRate},
                                                          {"words", WordTimings::toJson(words)}})
                                    .toJson(QJsonDocument::Compact);
        if (!file.open(QIODevice::WriteOnly) || file.write(json) != json.size() || !file.flush()) {
            file.close();
            QFile::remove(wordsPart);
            onTaskFailed(key, part, QStringLiteral("cannot store %1").arg(wordsDone));
            return;
        }
    }
    const QString done = audioPath(m_cacheDir, key);
    QFile::remove(wordsDone); // from an earlier render of the same key: replaced below
    QFile::remove(done);
    if (!QFile::rename(part, done)) {
        QFile::remove(wordsPart);
        onTaskFailed(key, part, QStringLiteral("cannot store %1").arg(done));
        return;
    }
    if (!QFile::rename(wordsPart, wordsDone)) {
        QFile::remove(wordsPart);
        // Audio without words is still a valid block (captions render it again).
        qWarning("cannot store %s", qPrintable(wordsDone));
    }
    const auto it = std::find_if(m_items.cbegin(), m_items.cend(), [&](const Item &i) { return i.plan.key == key; });
    m_synthesizedCharacters += it->plan.characters * std::count_if(m_items.cbegin(), m_items.cend(),
                                                                   [&](const Item &i) { return i.plan.key == key; });
    blockDone(key, double(samples) / AudioFormats::kSampleRate);
    emit progressed(progress());
    dispatch();
    settle();
}

void ProjectRenderer::onTaskFailed(const QString &key, const QString &part, const QString &message)
{
    m_running.remove(key);
    QFile::remove(part);
    if (m_state != State::Running && m_state != State::Paused)
        return;
    m_state = State::Failed;
    for (const HandOff &running : std::as_const(m_running))
        if (running.task)
            running.task->stop();
    emit failed(message);
}

void ProjectRenderer::settle()
{
    if (m_state == State::Running && m_waiting.isEmpty() && m_running.isEmpty()) {
        m_state = State::Finished;
        emit finished();
    }
}

void ProjectRenderer::pause()
{
    if (m_state == State::Running)
        m_state = State::Paused;
}

void ProjectRenderer::resume()
{
    if (m_state != State::Paused)
        return;
    m_state = State::Running;
    dispatch();
    settle();
}

void ProjectRenderer::cancel()
{
    if (m_state != State::Running && m_state != State::Paused)
        return;
    m_state = State::Cancelled;
    const auto running = m_running;
    m_running.clear();
    m_waiting.clear();
    for (const HandOff &r : running) {
        if (r.task)
            r.task->stop(); // the worker drops the job and removes its file
        QFile::remove(r.partPath);
    }
    emit cancelled();
}
