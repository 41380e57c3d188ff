#pragma once

#include "audioencoder.h"

#include <vector>

struct lame_global_struct;

// LAME, 24 kHz mono CBR 64 kbps. Writes a LAME/Xing tag so decoders trim the
// encoder delay and padding and get the exact duration back.
class Mp3Encoder final : public AudioEncoder
{
public:
    ~Mp3Encoder() override;

    QString write(const float *samples, qsizetype count) override;

protected:
    QString begin() override;
    QString end() override;

private:
    lame_global_struct *m_lame = nullptr;
    std::vector<unsigned char> m_buffer;
};
