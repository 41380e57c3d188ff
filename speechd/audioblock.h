#pragma once

#include <QByteArray>
#include <QtGlobal>

// One `705 AUDIO` event of Speech Dispatcher's module protocol: the track's parameters,
// then 16-bit little-endian mono samples escaped so that the data holds no bare line
// feed (HDLC style, as module_process.c sends them: LF and the escape byte 0x7D become
// 0x7D followed by the byte with bit 5 inverted), then the closing line.
namespace AudioBlock
{
constexpr char kEscape = 0x7d;
constexpr char kInvert = 0x20;

QByteArray encode(const qint16 *samples, qsizetype count, int sampleRate);
// The escaped form of raw bytes, and back (the tests read blocks with it).
QByteArray escape(const QByteArray &raw);
QByteArray unescape(const QByteArray &escaped);
}
