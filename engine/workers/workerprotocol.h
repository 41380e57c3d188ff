#pragma once

#include <QByteArray>

#include <array>
#include <optional>

// Framing between the host and a synthesis worker process, over its stdin/stdout:
// [type: 1 byte][payload length: u32 LE][payload].
namespace WorkerProtocol
{
enum class Type : char {
    Ready = 'R',   // worker -> host: warmed up, waiting for a job
    Job = 'J',     // host -> worker: JSON job; one sent while another runs is held: jobs with a due time (SynthesisJob::dueMs) take turns, chunk by chunk, the one due first going on; the others wait in order
    Credit = 'K',  // host -> worker: u32 LE bytes of audio consumed (flow control)
    Started = 'S', // worker -> host: JSON {sample_rate}
    Audio = 'A',   // worker -> host: float32 LE 24 kHz mono samples
    Done = 'D',    // worker -> host: JSON {samples, text_spoken, text_total} (text: characters, see SynthesisPipeline::Progress)
    Error = 'E',   // worker -> host: JSON {message}
    Progress = 'P', // worker -> host: JSON {samples}; keeps the watchdog quiet on long file jobs
    Stop = 'X',    // host -> worker: drop the current job (its file too), answer Error, stay warm; payload: empty, or the u32 LE tag of the job meant (a waiting one answers Error when its turn comes)
    Sentence = 'M', // worker -> host (streams): JSON {index, samples}: sentence `index` (SynthesisPipeline::Progress::sentence) starts at sample `samples`
    Finish = 'F',  // host -> worker: end the current job now but keep it: finish its file with the audio made so far, answer Done; payload as Stop's
    Words = 'W',   // worker -> host: JSON {words: [[char_start, char_end, start_sample, end_sample], ...]} (jobs with word timings), before the audio they describe
    Turn = 'T',    // worker -> host: u32 LE tag; the frames after it, up to the next Turn, are that tagged job's (untagged jobs send none)
};

constexpr quint32 kMaxPayload = 16 * 1024 * 1024;
// Audio a worker may send ahead of the host's credits (about 5 s at 24 kHz).
constexpr quint32 kAudioWindowBytes = 512 * 1024;

struct Frame
{
    Type type;
    QByteArray payload;
};

// A frame's header: its type and its payload's length. A writer may send it and the
// payload apart (one writev) instead of encode()'s joined copy.
constexpr qsizetype kHeaderSize = 5;
std::array<char, kHeaderSize> header(Type type, qsizetype payloadSize);
QByteArray encode(Type type, const QByteArray &payload);
// The payload naming a job by its tag (Stop, Finish, Turn), and the tag a frame names
// that way; 0: none (a payload that is not a tag).
QByteArray tagPayload(quint32 tag);
quint32 tagOf(const Frame &frame);
// Takes one complete frame off the front of buffer; nullopt while incomplete.
// Sets *corrupt when the stream cannot be a valid frame sequence.
std::optional<Frame> take(QByteArray &buffer, bool *corrupt);
// The same at *offset, which it moves past the frame, without moving what follows: a
// reader of many frames removes them from its buffer once.
std::optional<Frame> take(const QByteArray &buffer, qsizetype *offset, bool *corrupt);
}
