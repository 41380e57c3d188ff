#include "audioplayer.h"

#include "audioformat.h"

#include <QAudioFormat>
#include <QAudioSink>
#include <QCoreApplication>
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

constexpr qint64 kBytesPerSample = 4;

qint64 bytesToUs(qint64 bytes)
{
    return bytes / kBytesPerSample * 1000000 / AudioFormats::kSampleRate;
}

qint64 usToBytes(qint64 us)
{
    return us * AudioFormats::kSampleRate / 1000000 * kBytesPerSample;
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
    closeSink();
}

QAudioDevice AudioPlayer::outputDevice() const
{
    if (!m_device.isNull()) {
        // A device that went away (unplugged headphones) falls back to the default.
        for (const QAudioDevice &d : QMediaDevices::audioOutputs())
            if (d.id() == m_device.id())
                return d;
    }
    return QMediaDevices::defaultAudioOutput();
}

bool AudioPlayer::isAvailable() const
{
    const QAudioDevice device = outputDevice();
    return !device.isNull() && device.isFormatSupported(streamFormat());
}

bool AudioPlayer::start()
{
    clear();
    return play();
}

void AudioPlayer::append(const QByteArray &float32Samples)
{
    m_clip.append(float32Samples);
    pump();
}

void AudioPlayer::finishInput()
{
    m_inputDone = true;
    if (m_state == State::Stopped)
        emit finished();
    else
        pump();
}

void AudioPlayer::clear()
{
    stop();
    m_clip.clear();
    m_inputDone = false;
    m_positionUs = 0;
    m_lastPlayedUs = 0;
}

bool AudioPlayer::play()
{
    if (m_state == State::Playing)
        return true;
    qint64 from = m_positionUs;
    if (m_inputDone && from >= durationUs())
        from = 0; // played through: again from the start
    if (!openSink(from))
        return false;
    setState(State::Playing);
    pump();
    return true;
}

void AudioPlayer::pause()
{
    if (m_state != State::Playing)
        return;
    m_positionUs = positionUs();
    closeSink();
    setState(State::Paused);
}

void AudioPlayer::stop()
{
    if (m_state == State::Playing)
        m_lastPlayedUs = positionUs();
    else if (m_state == State::Paused)
        m_lastPlayedUs = m_positionUs;
    const bool was = m_state != State::Stopped;
    closeSink();
    m_positionUs = 0;
    setState(State::Stopped);
    if (was)
        emit finished();
}

void AudioPlayer::seek(qint64 us)
{
    us = qBound<qint64>(0, us, durationUs());
    if (m_state != State::Playing) {
        m_positionUs = us;
        if (m_state == State::Stopped)
            setState(State::Paused); // sought: play() goes on from there
        return;
    }
    closeSink();
    if (!openSink(us))
        setState(State::Stopped);
}

qint64 AudioPlayer::positionUs() const
{
    if (m_state != State::Playing || !m_sink)
        return m_positionUs;
    return qMin(durationUs(), m_sinkStartUs + m_sink->processedUSecs());
}

qint64 AudioPlayer::durationUs() const
{
    return bytesToUs(m_clip.size());
}

qint64 AudioPlayer::processedUs() const
{
    return m_state == State::Stopped ? m_lastPlayedUs : positionUs();
}

void AudioPlayer::setDevice(const QAudioDevice &device)
{
    m_device = device;
    emit availabilityChanged();
    if (m_state != State::Playing)
        return;
    const qint64 at = positionUs();
    closeSink();
    if (!openSink(at))
        setState(State::Stopped);
}

void AudioPlayer::setVolume(float linear)
{
    m_volume = qBound(0.0f, linear, 1.0f);
    if (m_sink)
        m_sink->setVolume(m_volume);
}

bool AudioPlayer::openSink(qint64 fromUs)
{
    closeSink();
    const QAudioDevice device = outputDevice();
    if (device.isNull()) {
        m_reason = tr("No audio output device was found: speech is generated and saved, but cannot be played here.");
        emit availabilityChanged();
        return false;
    }
    m_sink = std::make_unique<QAudioSink>(device, streamFormat());
    m_sink->setBufferSize(AudioFormats::kSampleRate * 4 / 5); // 200 ms: low latency, no underruns on a busy machine
    m_sink->setVolume(m_volume);
    m_io = m_sink->start();
    if (!m_io) {
        m_reason = tr("The audio device could not be opened: speech is generated and saved, but cannot be played here.");
        m_sink.reset();
        emit availabilityChanged();
        return false;
    }
    if (!m_reason.isEmpty()) {
        m_reason.clear();
        emit availabilityChanged();
    }
    m_writeAt = qMin<qint64>(usToBytes(fromUs), m_clip.size());
    m_sinkStartUs = bytesToUs(m_writeAt);
    m_timer.start();
    return true;
}

void AudioPlayer::closeSink()
{
    m_timer.stop();
    if (m_sink) {
        m_sink->stop();
        // Qt 6.4's PulseAudio sink answers an underrun with a drain whose completion calls
        // back into the sink from PulseAudio's thread, and stop() does not cancel it: a sink
        // deleted at once could be called after its end (tests crashed ~1 run in 30 in
        // QPlatformAudioSink::errorChanged on PulseAudio's "threaded-ml" thread). A stopped
        // sink is kept for a while, then deleted from the event loop. Not a child of this
        // player: the pulse sink's destructor runs the event loop, and deleted with the
        // window's widgets it ran queued callbacks into widgets already gone (a store
        // answer for MainWindow's account box crashed tst_player).
        QAudioSink *stopped = m_sink.release();
        stopped->setParent(QCoreApplication::instance());
        QTimer::singleShot(kStoppedSinkKeptMs, stopped, &QObject::deleteLater);
    }
    m_io = nullptr;
}

void AudioPlayer::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged();
}

void AudioPlayer::pump()
{
    if (m_state != State::Playing || !m_sink || !m_io)
        return;
    qint64 room = m_sink->bytesFree();
    room -= room % kBytesPerSample;
    const qint64 left = m_clip.size() - m_writeAt;
    if (room > 0 && left > 0) {
        const qint64 written = m_io->write(m_clip.constData() + m_writeAt, qMin(room, left));
        if (written > 0)
            m_writeAt += written;
    }
    // Done when all input is in and the device has played what it was given.
    if (m_inputDone && m_writeAt >= m_clip.size() && m_sink->bytesFree() >= m_sink->bufferSize()) {
        m_lastPlayedUs = positionUs();
        closeSink();
        m_positionUs = durationUs();
        setState(State::Stopped);
        emit finished();
    }
}
