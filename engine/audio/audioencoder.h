#pragma once

#include "audioformat.h"

#include <QByteArray>
#include <QString>

#include <memory>

// Writes 24 kHz mono float samples to a file incrementally, chunk by chunk.
// Plain POSIX writes, so a failure names its cause (errno) instead of "Unknown error".
// Bytes are gathered in a buffer of kBufferBytes and written when it is full (a chunk of
// speech is 1-5 KB of WAV: one write(2) each cost WAV files ~40% more CPU than stdio);
// a failure shows at the write that finds it, at the latest in finish(), before fsync.
class AudioEncoder
{
public:
    virtual ~AudioEncoder();

    static std::unique_ptr<AudioEncoder> create(AudioFormat format);

    // Returns an error text or an empty string.
    QString open(const QString &path);
    virtual QString write(const float *samples, qsizetype count) = 0;
    // Finalizes headers, flushes and syncs to disk.
    QString finish();

    // What a failed write into audio storage means for a user: "disk full",
    // "audio storage not writable", ... (errno value).
    static QString storageCause(int errnum);
    // "cannot store the audio: CAUSE (system text)".
    static QString storageError(int errnum);
    // Whether audio files can be written into dir right now (a real small write, so a
    // full or read-only volume shows); empty when they can, else the cause.
    static QString probeStorage(const QString &dir);

protected:
    virtual QString begin() = 0;
    virtual QString end() = 0;
    QString writeBytes(const char *data, qsizetype size);
    // Overwrites bytes at offset (headers patched at the end).
    QString writeAt(qint64 offset, const char *data, qsizetype size);

private:
    static constexpr qsizetype kBufferBytes = 64 * 1024;
    // Writes out what the buffer holds (empty on success, else the error).
    QString flush();
    QString writeFully(qint64 offset, const char *data, qsizetype size);

    int m_fd = -1;
    QByteArray m_buffer;
};

class WavEncoder final : public AudioEncoder
{
public:
    QString write(const float *samples, qsizetype count) override;

protected:
    QString begin() override;
    QString end() override;

private:
    qint64 m_dataBytes = 0;
};
