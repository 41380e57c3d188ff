#pragma once

#include "streamencoder.h"

#include <FLAC/stream_encoder.h>

// FLAC (libFLAC), 16-bit 24 kHz mono, in frames of 1,152 samples (48 ms) so that a
// listener can start while the speech is made. The STREAMINFO block leaves the total
// length unknown (0): it is written before the audio exists, as streaming encoders do.
class FlacStream final : public StreamEncoder
{
public:
    FlacStream();
    ~FlacStream() override;

    QByteArray encode(const float *samples, qsizetype count) override;
    QByteArray finish() override;

private:
    static FLAC__StreamEncoderWriteStatus onWrite(const FLAC__StreamEncoder *, const FLAC__byte buffer[], size_t bytes,
                                                  uint32_t samples, uint32_t frame, void *self);
    QByteArray takePending();

    FLAC__StreamEncoder *m_encoder = nullptr;
    bool m_ready = false;
    QByteArray m_pending;
};
