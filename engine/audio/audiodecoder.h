#pragma once

#include <QByteArray>
#include <QString>

// Reads the engine's own audio files back as float32 samples (24 kHz mono) for
// playback and re-encoding: WAV by walking its RIFF chunks (never a fixed 44-byte
// header), MP3 with LAME's decoder. One place for both, shared by the studio pages.
namespace AudioDecoder
{
enum class Problem {
    None,
    Unreadable,   // the file could not be read (detail has the system's words)
    NotWav,       // no RIFF/WAVE header
    NotEngineWav, // not 16-bit mono 24 kHz PCM
    NotEngineRate,// MP3 not at 24 kHz
    NoAudio,      // no data chunk / no frames
    NoDecoder,    // LAME's decoder could not start
    Damaged,      // MP3 frames that do not decode
};

struct Decoded
{
    QByteArray float32; // 24 kHz mono samples; empty on a problem
    Problem problem = Problem::None;
    QString detail;
    bool ok() const { return problem == Problem::None; }
};

Decoded decodeWav(const QByteArray &bytes);
Decoded decodeMp3(const QByteArray &bytes);
// format: "wav" or "mp3".
Decoded decodeFile(const QString &path, const QString &format);
}
