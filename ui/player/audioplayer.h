#pragma once

#include <QAudioDevice>
#include <QByteArray>
#include <QObject>
#include <QTimer>

#include <memory>

class QAudioSink;
class QIODevice;

// Plays 24 kHz mono float32 PCM through QAudioSink in push mode (pull mode from a
// buffer stalls in Qt 6.4.2). The audio is kept, so it can be paused, sought and played
// again; a stream plays as it arrives. Without an audio device it says so and accepts
// data silently, so everything else keeps working.
class AudioPlayer : public QObject
{
    Q_OBJECT

public:
    enum class State { Stopped, Playing, Paused };

    explicit AudioPlayer(QObject *parent = nullptr);
    ~AudioPlayer() override;

    bool isAvailable() const;
    QString unavailableReason() const { return m_reason; }

    // A new clip that plays as its data arrives through append(); finishInput() when
    // it is all there (a whole file: start(), append(all), finishInput()).
    bool start();
    void append(const QByteArray &float32Samples);
    void finishInput();
    // Drops the clip.
    void clear();

    // Resumes, or plays from the position (from the start once it has played through).
    bool play();
    void pause();
    // Ends playback; the next play() starts from the beginning. The clip stays.
    void stop();
    void seek(qint64 us);

    State state() const { return m_state; }
    bool isPlaying() const { return m_state == State::Playing; }
    bool hasAudio() const { return !m_clip.isEmpty(); }
    bool isInputComplete() const { return m_inputDone; }
    // The clip's samples so far (float32).
    const QByteArray &clip() const { return m_clip; }
    qint64 positionUs() const;
    qint64 durationUs() const;
    // How far the last playback got (the position; after stop() or the end, where it was).
    qint64 processedUs() const;

    // A null device means the system's default output.
    void setDevice(const QAudioDevice &device);
    QAudioDevice device() const { return m_device; }
    void setVolume(float linear);
    float volume() const { return m_volume; }

signals:
    void finished(); // playback ended: played through, or stopped
    void stateChanged();
    void availabilityChanged();

private:
    // How long a stopped sink is kept before it is deleted (closeSink()).
    static constexpr int kStoppedSinkKeptMs = 2000;
    QAudioDevice outputDevice() const;
    bool openSink(qint64 fromUs);
    void closeSink();
    void setState(State state);
    void pump();

    std::unique_ptr<QAudioSink> m_sink;
    QIODevice *m_io = nullptr;
    QByteArray m_clip;       // every sample so far
    qint64 m_writeAt = 0;    // bytes of m_clip handed to the sink
    qint64 m_sinkStartUs = 0; // the clip position the sink started at
    qint64 m_positionUs = 0;  // while not playing
    qint64 m_lastPlayedUs = 0;
    QTimer m_timer;
    QString m_reason;
    QAudioDevice m_device;
    float m_volume = 1.0f;
    State m_state = State::Stopped;
    bool m_inputDone = false;
};
