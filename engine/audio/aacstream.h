#pragma once

#include "streamencoder.h"

#include <vector>

struct AVCodecContext;
struct AVFrame;
struct AVPacket;

// AAC-LC in ADTS (libavcodec's native encoder), 24 kHz mono, 64 kbit/s: each encoded
// frame of 1,024 samples goes out with its own 7-byte ADTS header, so that a listener
// can start while the speech is made (an MP4 would need its index first or last).
class AacStream final : public StreamEncoder
{
public:
    AacStream();
    ~AacStream() override;

    QByteArray encode(const float *samples, qsizetype count) override;
    QByteArray finish() override;

private:
    void send(const float *samples, int count, QByteArray &out);
    void receive(QByteArray &out);

    AVCodecContext *m_context = nullptr;
    AVFrame *m_frame = nullptr;
    AVPacket *m_packet = nullptr;
    std::vector<float> m_held; // less than a frame, waiting for the rest
    qint64 m_pts = 0;
    bool m_smallLastFrame = false;
};
