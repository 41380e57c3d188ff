#pragma once

#include "synthesisjob.h"
#include "wordtiming.h"

#include <QObject>

class WorkerPool;

// A job submitted to the worker pool, and its progress. Owned by the pool once queued;
// deleted (later) after finished() or failed(), so hold it in a QPointer.
// Lives on the pool's thread: call its functions there.
class SynthesisTask : public QObject
{
    Q_OBJECT

public:
    const SynthesisJob &job() const { return m_job; }
    qint64 samples() const { return m_samples; }
    bool isDone() const { return m_done; }
    // Failed because it reached its bound on audio (SynthesisJob::maxSamples): the text
    // asked for more audio than it pays for, which is charged (docs/api.md).
    bool reachedAudioBound() const { return m_reachedAudioBound; }
    // The word timings received so far (jobs with wordTimings), in text order.
    const QList<WordTiming> &wordTimings() const { return m_words; }
    // The worker has a full window of audio out and waits for the consumer's credit.
    bool isWaitingForCredit() const;

    // Queued: fails at once; running: the worker is stopped (killed) and replaced.
    void cancel();
    // Like cancel(), but a running worker is asked to drop the job and stays warm for
    // the next one; it is killed only if it does not answer within WorkerPool::kStopGraceMs.
    void stop();
    // Ends a running job early but keeps it: the worker finishes the file with the audio
    // made so far and the task finishes (with textSpoken < textTotal); audio already on
    // its way still arrives. A queued task is cancelled (it has made nothing).
    void finishEarly();
    // Streaming consumers that pace themselves call setManualCredit(true) and then
    // credit() the bytes they have passed on; otherwise audio is credited at once.
    void setManualCredit(bool manual) { m_manualCredit = manual; }
    void credit(qint64 bytes);

signals:
    void started();
    void audio(const QByteArray &float32Samples);
    // Streams: sentence `index` of the segmented text starts at sample `startSample`.
    void sentence(int index, qint64 startSample);
    // Word timings of the audio that follows (jobs with wordTimings).
    void words(const QList<WordTiming> &words);
    // textSpoken of textTotal: how far into the text the audio reaches (characters of
    // the segmented text); equal unless finishEarly() cut it short.
    void finished(qint64 samples, qint64 textSpoken, qint64 textTotal);
    void failed(const QString &message);

private:
    friend class WorkerPool;
    SynthesisTask(WorkerPool *pool, SynthesisJob job);

    WorkerPool *m_pool;
    SynthesisJob m_job;
    qint64 m_samples = 0;
    QList<WordTiming> m_words;
    int m_attempts = 0;
    bool m_audioSent = false;
    qint64 m_outstanding = 0; // audio bytes emitted and not yet credited
    bool m_manualCredit = false;
    bool m_cancelled = false;
    bool m_finishing = false;
    qint64 m_textSpoken = 0;
    qint64 m_textTotal = 0;
    bool m_done = false;
    bool m_reachedAudioBound = false;
};
