#pragma once

#include "audioformat.h"

#include <QFile>
#include <QString>

#include <memory>

// Writes 24 kHz mono float samples to a file incrementally, chunk by chunk.
class AudioEncoder
{
public:
    virtual ~AudioEncoder() = default;

    static std::unique_ptr<AudioEncoder> create(AudioFormat format);

    // Returns an error text or an empty string.
    QString open(const QString &path);
    virtual QString write(const float *samples, qsizetype count) = 0;
    // Finalizes headers, flushes and syncs to disk.
    QString finish();

protected:
    virtual QString begin() = 0;
    virtual QString end() = 0;
    QString writeBytes(const char *data, qsizetype size);

    QFile m_file;
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
