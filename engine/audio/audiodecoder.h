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

// A RIFF/WAVE file's layout, its chunks walked (never a fixed 44-byte header): what
// the engine's reader and the reference-recording reader of voice analysis both read.
struct WavLayout
{
    enum class Problem { None, NotWav, TruncatedFormat, NoFormat, NoData };
    Problem problem = Problem::None;
    int formatTag = 0;       // 1: PCM (WAVE_FORMAT_EXTENSIBLE resolved to its sub-format)
    int channels = 0;
    quint32 sampleRate = 0;  // as the header says it: a 32-bit unsigned field, never clamped
    int bitsPerSample = 0;
    int blockAlign = 0;
    qsizetype dataOffset = -1;
    qsizetype dataSize = 0;  // what is there when the header's size is unset or too large
};
WavLayout parseWav(const QByteArray &bytes);
// 16-bit little-endian PCM frames of a layout, downmixed to mono floats in -1..1.
QByteArray pcm16ToMonoFloat32(const QByteArray &bytes, const WavLayout &layout);

Decoded decodeWav(const QByteArray &bytes);
Decoded decodeMp3(const QByteArray &bytes);
// format: "wav" or "mp3".
Decoded decodeFile(const QString &path, const QString &format);
// How long a file of the engine's plays, from its header and size without decoding it
// (an MP3 by its constant 64 kb/s); -1 when it cannot be read.
qint64 durationMs(const QString &path, const QString &format);
}
