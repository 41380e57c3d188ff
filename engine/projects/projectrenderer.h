#pragma once

#include "blockplan.h"
#include "project.h"
#include "serviceerror.h"
#include "wordtiming.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <optional>

class SynthesisTask;
class VoiceCatalog;
class WorkerPool;

// Renders blocks of a project (all, a chapter, one) into its audio cache through the
// worker pool, as many at a time as the pool has workers. A block whose audio is cached
// under its key (BlockPlan) is not synthesized again. Audio is written to KEY.wav.*.part
// and renamed to KEY.wav only when the worker has finished it, so a cancelled or failed
// render leaves nothing half-written that looks done. Every block is synthesized with word
// timings, kept beside its audio as KEY.words.json (written under a temporary name and
// renamed once the WAV is in place: a words file never stands beside missing audio, and a
// cancelled block leaves neither). Lives on the pool's thread.
class ProjectRenderer : public QObject
{
    Q_OBJECT

public:
    enum class State { Idle, Running, Paused, Finished, Cancelled, Failed };
    struct Progress
    {
        int blocksDone = 0;    // of blocksTotal, cached ones included
        int blocksTotal = 0;
        int blocksCached = 0;  // found in the cache, not synthesized
        qint64 charactersDone = 0;
        qint64 charactersTotal = 0;
        double audioSeconds = 0; // of the blocks done
        qint64 elapsedMs = 0;
        qint64 remainingMs = -1; // estimate; -1 until something was synthesized
    };

    ProjectRenderer(WorkerPool *pool, const QString &cacheDir, QObject *parent = nullptr);
    ~ProjectRenderer() override;

    // Checks and plans every block first: an invalid block fails the call and nothing
    // starts. Then renders; progressed() follows each block, then finished(), failed()
    // or cancelled().
    std::optional<ServiceError> start(const Project &project, const QList<BlockRef> &blocks);
    // No new block starts while paused; the ones under way finish.
    void pause();
    void resume();
    // Blocks under way are dropped (their .part files removed); finished ones stay cached.
    void cancel();
    // Captions need the word timings of every block. A block cached before they were kept
    // has audio but no KEY.words.json: with this set (before start()), such a block is a
    // cache miss and synthesized again; without it, its audio is used as it is (re-rendering
    // costs credits, so only a captions export asks for it).
    void setWordsRequired(bool required) { m_wordsRequired = required; }

    State state() const { return m_state; }
    Progress progress() const;
    // Blocks handed to a worker since this renderer was made (cache misses).
    int synthesisCount() const { return m_synthesized; }
    // The cached audio of a block (empty when it is not rendered).
    QString audioOf(const BlockPlan &plan) const;
    static QString audioPath(const QString &cacheDir, const QString &key);
    // The block's word timings: {"sample_rate": 24000, "words": [[cs, ce, s, e], ...]}.
    static QString wordsPath(const QString &cacheDir, const QString &key);

signals:
    void progressed(const ProjectRenderer::Progress &progress);
    void finished();
    void failed(const QString &message);
    void cancelled();

private:
    struct Item
    {
        BlockPlan plan;
        bool done = false;
    };
    void dispatch();
    void blockDone(const QString &key, double seconds);
    void onTaskFinished(const QString &key, const QString &part, qint64 samples, const QList<WordTiming> &words);
    bool isCached(const QString &key) const;
    void onTaskFailed(const QString &key, const QString &part, const QString &message);
    void settle();

    WorkerPool *m_pool;
    QString m_cacheDir;
    State m_state = State::Idle;
    bool m_wordsRequired = false;
    QList<Item> m_items;
    QList<QString> m_waiting;                 // keys not yet handed to a worker
    struct HandOff
    {
        QPointer<SynthesisTask> task;
        QString partPath; // unique per hand-off: a dropped job never removes a later one's file
    };
    QHash<QString, HandOff> m_running;
    QSet<QString> m_keysDone;
    Progress m_progress;
    qint64 m_synthesizedCharacters = 0;
    qint64 m_synthesisMs = 0;                 // elapsed time spent while synthesizing
    int m_synthesized = 0;
    QElapsedTimer m_clock;
};
