#pragma once

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>

struct lame_global_struct;

// The byte form in which a worker streams audio back while it synthesizes.
enum class StreamFormat { Float32, Pcm16, Wav, Mp3, Opus, Flac, Aac };

namespace StreamFormats
{
std::optional<StreamFormat> parse(const QString &name);
QString name(StreamFormat format);
}

// Turns 24 kHz mono float chunks into bytes of a stream format, incrementally:
// float32 LE as is, 16-bit LE PCM, a WAV stream (header with open-ended sizes,
// as streaming servers send it), MP3 frames, Ogg Opus pages, FLAC frames or AAC in ADTS.
class StreamEncoder
{
public:
    virtual ~StreamEncoder() = default;
    static std::unique_ptr<StreamEncoder> create(StreamFormat format);

    virtual QByteArray encode(const float *samples, qsizetype count) = 0;
    // The same for samples that are float32 LE bytes already (a worker's frame): the
    // float32 format hands them on as they are, shared rather than copied.
    virtual QByteArray encodeFloat32(const QByteArray &float32);
    virtual QByteArray finish() { return {}; }
};

// LAME set up for 24 kHz mono CBR 64 kbps, shared by the file and stream encoders.
class LameSession
{
public:
    LameSession();
    ~LameSession();
    LameSession(const LameSession &) = delete;
    LameSession &operator=(const LameSession &) = delete;

    bool isValid() const { return m_lame != nullptr; }
    lame_global_struct *handle() const { return m_lame; }
    // Encoded bytes for these samples (may be empty while LAME buffers).
    QByteArray encode(const float *samples, qsizetype count, QString *error = nullptr);
    QByteArray flush(QString *error = nullptr);

private:
    lame_global_struct *m_lame = nullptr;
};
