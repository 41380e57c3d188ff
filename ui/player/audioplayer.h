#pragma once

#include <QByteArray>
#include <QObject>
#include <QTimer>

#include <memory>

class QAudioSink;
class QIODevice;

// Plays 24 kHz mono float32 PCM as it arrives, through QAudioSink in push mode
// (pull mode from a buffer stalls in Qt 6.4.2). Without an audio device it says so
// and accepts data silently, so everything else keeps working.
class AudioPlayer : public QObject
{
    Q_OBJECT

public:
    explicit AudioPlayer(QObject *parent = nullptr);
    ~AudioPlayer() override;

    bool isAvailable() const;
    QString unavailableReason() const { return m_reason; }

    // Starts a new stream; data arrives through append().
    bool start();
    void append(const QByteArray &float32Samples);
    // No more data: playback ends once the buffer has drained.
    void finishInput();
    void stop();
    bool isPlaying() const { return m_playing; }
    // Audio handed to the device so far, in microseconds.
    qint64 processedUs() const;

signals:
    void finished();
    void availabilityChanged();

private:
    void pump();

    std::unique_ptr<QAudioSink> m_sink;
    QIODevice *m_io = nullptr;
    QByteArray m_buffer;
    QTimer m_timer;
    QString m_reason;
    bool m_playing = false;
    bool m_inputDone = false;
    qint64 m_processedUs = 0; // kept when the sink stops
};
