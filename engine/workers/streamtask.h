#pragma once

#include "synthesisjob.h"
#include "textsegmenter.h"
#include "wordtiming.h"
#include "workerprotocol.h"

#include <QObject>

#include <functional>
#include <limits>
#include <memory>

class AudioEncoder;
class StreamEncoder;
class StreamScheduler;

// A live stream's synthesis as the StreamScheduler runs it: the text is cut into units
// (one SynthesisPipeline::segmenterFor piece each: a few words first, growing to whole
// sentences; for flite's kal16 voice sentences) that run one after
// another, each on whichever warm worker the scheduler hands it, and their float32
// audio is joined here into the stream's bytes and its file (so the file and the stream
// stay one continuous piece whatever worker made which sentence). Between units a stream holds nothing but its
// text position and its encoders' state.
//
// The same signals as SynthesisTask, so a consumer sees one task per stream. Owned by
// the scheduler once posted; deleted (later) after finished() or failed(), so hold it in
// a QPointer. Lives on the scheduler's thread: call its functions there.
class StreamTask : public QObject
{
    Q_OBJECT

public:
    ~StreamTask() override;

    qint64 samples() const { return m_samples; }
    bool isDone() const { return m_done; }

    // Drops the stream: a unit on a worker is stopped there (the worker stays warm), the
    // file goes, failed("Cancelled") follows.
    void stop();
    // Ends the stream early but keeps it: no further unit starts, a running one is told to
    // finish where it is, and the task finishes with textSpoken < textTotal.
    void finishEarly();
    // The consumer has passed these audio bytes on (flow control: a stream whose consumer
    // holds kAudioWindowBytes unacknowledged gets no unit until it reads).
    void credit(qint64 bytes);

    // Paced by a listener's playhead (the studio plays the stream itself): before it is
    // posted. A unit then starts only while the audio made is less than
    // kPacedLeadSamples ahead of what the listener has heard, and the file takes the
    // audio as it is heard (the rest waits here, so that a stop can cut it off).
    void pace() { m_paced = true; }
    // No longer paced (the whole is wanted now, for a file): the rest is made at full speed.
    void unpace();
    static constexpr qint64 kPacedLeadSamples = 6 * AudioFormats::kSampleRate;
    // The listener has heard this many samples (paced streams).
    void heard(qint64 samples);
    // A paced stream's stop: keeps the audio through the end of the sentence being
    // heard at `heardSamples` (made first if it is not yet), drops what follows it, and
    // finishes with textSpoken the text through that sentence. Unpaced: finishEarly().
    void finishHeard(qint64 heardSamples);

signals:
    void started();
    void audio(const QByteArray &bytes);
    // A unit ended and more follow: every byte made so far has been emitted.
    void caughtUp();
    void sentence(int index, qint64 startSample);
    void words(const QList<WordTiming> &words);
    void finished(qint64 samples, qint64 textSpoken, qint64 textTotal);
    // reachedAudioBound: the stream stopped at its bound on audio (SynthesisJob::maxSamples),
    // message naming that bound; the audio that went out is charged (docs/api.md).
    void failed(const QString &message, bool reachedAudioBound);

private:
    friend class StreamScheduler;
    struct File; // the stream's audio file, on the file thread (m_file)
    StreamTask(StreamScheduler *scheduler, SynthesisJob job);

    // Called by the scheduler (on its thread).
    void prepare();
    void openFile();
    bool isRunnable() const;
    // Its next unit is its first: no audio yet (a worker's HeldJob::isFirstUnit, the
    // unit's outputOffset 0, says the same).
    bool awaitsFirstUnit() const { return m_samples == 0; }
    // When this stream's listener runs out of audio (scheduler clock, ms): playback
    // starts at the first frame. A stream without audio yet: when its first audio is due,
    // StreamScheduler::kFirstAudioDueMs after it arrived.
    qint64 deadlineMs() const;
    SynthesisJob nextUnit();
    void onUnitFrame(const WorkerProtocol::Frame &frame);
    void onUnitDone(const QJsonObject &done);
    void onUnitError(const QString &message, bool reachedAudioBound);
    // Its worker died; charged: the unit it died on (it has kMaxAttempts).
    void onUnitLost(bool charged);

    void takeAudio(const QByteArray &frame);
    // Hands m_fileAudio to the file thread, up to `upTo` samples of the stream.
    void writeFile(qint64 upTo = std::numeric_limits<qint64>::max());
    // finishHeard(): the piece whose audio holds `sample`, and the last piece of its sentence.
    qsizetype pieceAt(qint64 sample) const;
    qsizetype sentenceEnd(qsizetype piece) const;
    void completeHeard();
    // Runs work(file) on the file thread; a non-empty error it returns fails the task.
    void onFile(std::function<QString(File &)> work);
    void emitBytes(const QByteArray &bytes);
    void advanceCodePoints(qsizetype to);
    void complete(qint64 textSpoken);
    void reportEnd(const QString &error, qint64 textSpoken);
    void fail(const QString &message);

    struct Span // a piece of TextSegmenter, in the text
    {
        qsizetype start = 0;
        qsizetype length = 0;
        bool joinsNext = false; // the ramp cut its sentence after it
        qsizetype sentence = 0; // index of the sentence it is (the start of, or a part of)
    };

    StreamScheduler *m_scheduler;
    SynthesisJob m_job;
    QList<Span> m_pieces;
    qsizetype m_next = 0;                  // the piece the next unit speaks
    qsizetype m_textTotal = 0;             // characters of all pieces (SynthesisPipeline::Progress)
    qsizetype m_textThrough = 0;           // of those, what the audio so far reaches
    qsizetype m_cpCounted = 0;             // UTF-16 index up to which code points are counted
    qint64 m_cpBefore = 0;                 // code points of the text before m_cpCounted
    // The stream's file, written on the scheduler's file thread in the order of these
    // calls (StreamScheduler::onFileThread): creating a file and writing it took the
    // scheduler's thread from every stream (a burst's 640 files: ~0.3 s in ext4).
    std::shared_ptr<File> m_file;
    // Float32 frames not yet handed to the file thread, as they came (shared, not copied
    // into one buffer), and their size.
    QByteArrayList m_fileAudio;
    qsizetype m_fileAudioBytes = 0;
    qint64 m_fileSamples = 0;              // samples handed to the file thread
    static constexpr qsizetype kFileBatchBytes = 64 * 1024;
    std::unique_ptr<StreamEncoder> m_encoder;
    qint64 m_samples = 0;                  // output samples so far
    qint64 m_inputSamples = 0;             // backend-rate samples of the finished units
    qint64 m_unitStart = 0;                // m_samples when the running unit began
    qint64 m_outstanding = 0;              // bytes emitted and not yet credited
    qint64 m_arrivalMs = 0;
    qint64 m_firstAudioMs = -1;
    int m_attempts = 0;                    // of the running unit
    quint32 m_unitTag = 0;                 // its SynthesisJob::tag
    bool m_unitRunning = false;            // its worker has begun it (a Turn frame named it)
    bool m_inFlight = false;               // a unit of it is on a worker
    bool m_unitHandedOut = false;          // the running unit's audio or words went out: no retry
    bool m_started = false;
    bool m_stopping = false;
    bool m_finishing = false;
    bool m_done = false;
    bool m_reachedAudioBound = false;
    bool m_paced = false;                  // pace()
    qint64 m_heard = 0;                    // samples its listener has heard (paced)
    QList<qint64> m_pieceStarts;           // the sample each begun piece starts at
    qsizetype m_keepThrough = -1;          // finishHeard(): the last piece kept
};
