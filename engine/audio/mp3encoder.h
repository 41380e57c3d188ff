#pragma once

#include "audioencoder.h"
#include "streamencoder.h"

#include <memory>

// LAME, 24 kHz mono CBR 64 kbps. Writes a LAME/Xing tag so decoders trim the
// encoder delay and padding and get the exact duration back.
class Mp3Encoder final : public AudioEncoder
{
public:
    QString write(const float *samples, qsizetype count) override;

protected:
    QString begin() override;
    QString end() override;

private:
    std::unique_ptr<LameSession> m_lame;
};
