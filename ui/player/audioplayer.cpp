#include "audioplayer.h"

#include "audioformat.h"

#include <QAudioDevice>
#include <QAudioFormat>
#include <QAudioSink>
#include <QMediaDevices>

namespace
{
QAudioFormat streamFormat()
{
    QAudioFormat f;
    f.setSampleRate(AudioFormats::kSampleRate);
    f.setChannelCount(1);
    f.setSampleFormat(QAudioFormat::Float);
    return f;
}
}

AudioPlayer::AudioPlayer(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(10);
    connect(&m_timer, &QTimer::timeout, this, &AudioPlayer::pump);
}

AudioPlayer::~AudioPlayer()
{
    stop();
}

bool AudioPlayer::isAvailable() const
{
    const QAudioDevice device = QMediaDevices::defaultAudioOutput();
    return !device.isNull() && device.isFormatSupported(streamFormat());
}

bool AudioPlayer::start()
{
    stop();
    m_buffer.clear();
    m_inputDone = false;
    m_processedUs = 0;
    const QAudioDevice device = QMediaDevices::defaultAudioOutput();
    if (device.isNull()) {
        m_reason = tr("No audio output device was found: speech is generated and saved, but cannot be played here.");
        emit availabilityChanged();
        return false;
    }
    m_sink = std::make_unique<QAudioSink>(device, streamFormat());
    m_sink->setBufferSize(AudioFormats::kSampleRate * 4 / 5); // 200 ms: low latency, no underruns on a busy machine
    m_io = m_sink->start();
    if (!m_io) {
        m_reason = tr("The audio device could not be opened: speech is generated and saved, but cannot be played here.");
        m_sink.reset();
        emit availabilityChanged();
        return false;
    }
    m_reason.clear();
    m_playing = true;
    m_timer.start();
    return true;
}

void AudioPlayer::append(const QByteArray &float32Samples)
{
    if (!m_playing)
        return;
    m_buffer.append(float32Samples);
    pump();
}

void AudioPlayer::finishInput()
{
    m_inputDone = true;
    if (!m_playing)
        emit finished();
}

void AudioPlayer::stop()
{
    m_timer.stop();
    if (m_sink) {
        if (m_playing)
            m_processedUs = m_sink->processedUSecs();
        m_sink->stop();
        m_sink.reset();
    }
    m_io = nullptr;
    const bool was = m_playing;
    m_playing = false;
    m_buffer.clear();
    if (was)
        emit finished();
}

qint64 AudioPlayer::processedUs() const
{
    return m_sink && m_playing ? m_sink->processedUSecs() : m_processedUs;
}

void AudioPlayer::pump()
{
    if (!m_sink || !m_io)
        return;
    qint64 room = m_sink->bytesFree();
    room -= room % 4;
    if (room > 0 && !m_buffer.isEmpty()) {
        const qint64 n = qMin<qint64>(room, m_buffer.size());
        const qint64 written = m_io->write(m_buffer.constData(), n);
        if (written > 0)
            m_buffer.remove(0, written);
    }
    // Done when all input is in and the device has played what it was given.
    if (m_inputDone && m_buffer.isEmpty() && m_sink->bytesFree() >= m_sink->bufferSize()) {
        m_timer.stop();
        m_processedUs = m_sink->processedUSecs();
        m_sink->stop();
        m_playing = false;
        emit finished();
    }
}
