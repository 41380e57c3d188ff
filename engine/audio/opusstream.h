#pragma once

#include "streamencoder.h"

struct OggOpusComments;
struct OggOpusEnc;

// Ogg Opus (libopusenc), 24 kHz mono in, 32 kbit/s: pages go out at least every
// 100 ms of audio so that a listener can start while the speech is made.
class OpusStream final : public StreamEncoder
{
public:
    OpusStream();
    ~OpusStream() override;

    QByteArray encode(const float *samples, qsizetype count) override;
    QByteArray finish() override;

private:
    static int onWrite(void *self, const unsigned char *data, int length);
    static int onClose(void *self);
    QByteArray takePending();

    OggOpusComments *m_comments = nullptr;
    OggOpusEnc *m_encoder = nullptr;
    QByteArray m_pending;
};
