#pragma once

#include "audioformat.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

// One listener of a live stream, reading it to the end as a player would: a jitter buffer
// of kJitterMs, playback starting at the first frame (the playback clock starts at the
// first frame's arrival + kJitterMs). A frame that arrives after its first sample's
// playback time is an underrun: the player plays silence until it arrives (a gap the
// listener hears), then goes on from there, so the gap shifts the clock and one stall is
// one event, not one per frame behind it. How the audio comes is the subclass's:
// PlayerClient over the server's WebSocket, EngineListener from an engine in this process.
class Listener : public QObject
{
    Q_OBJECT

public:
    static constexpr double kJitterMs = 200;
    static constexpr int kSampleRate = AudioFormats::kSampleRate; // float32 mono, docs/api.md "WebSocket stream"

    using QObject::QObject;

    virtual void start() = 0;
    virtual void abort() = 0; // time box hit: hang up; the stream counts as not completed

    bool finished() const { return m_finished; }
    bool completed() const { return m_completed; } // the stream ended with all its audio
    double firstFrameMs() const { return m_firstMs; } // -1 without audio
    int underruns() const { return m_underruns; }
    double lateMs() const { return m_lateMs; } // total gap heard
    // The first underrun: when it came (from the request, ms) and where in the audio
    // (seconds); -1 without one. Where bursts fail tells which unit came late.
    double firstUnderrunMs() const { return m_firstUnderrunMs; }
    double firstUnderrunAudioS() const { return m_firstUnderrunAudioS; }
    qint64 samples() const { return m_samples; }
    // How much of the audio received is still to be played (ms): a listener held in the
    // bench's steady state leaves when its playback ends, not when the stream completes.
    double playbackLeftMs() const;
    QString error() const { return m_error; } // the server's error detail, if it sent one

signals:
    void done();

protected:
    void requestSent() { m_clock.start(); } // the clock of every figure above
    void onAudio(qsizetype bytes); // float32 samples' bytes that arrived now
    void setCompleted() { m_completed = true; }
    void setError(const QString &detail) { m_error = detail; }
    void finish(); // emits done() once

private:
    // When the audio received so far will have been played (on m_clock, ms): the due time
    // of the next sample.
    double playbackEndMs() const;

    QElapsedTimer m_clock; // from sending the request
    double m_firstMs = -1;
    double m_playStartMs = 0;
    double m_stallMs = 0;
    double m_lateMs = 0;
    int m_underruns = 0;
    double m_firstUnderrunMs = -1;
    double m_firstUnderrunAudioS = -1;
    qint64 m_samples = 0;
    QString m_error;
    bool m_completed = false;
    bool m_finished = false;
};
