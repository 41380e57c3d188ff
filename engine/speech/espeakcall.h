#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <functional>

// One espeak_Synth call, made in a child forked for it, so that its samples depend only
// on its input. espeak-ng keeps its voice source's state (flutter phase, echo buffer,
// gain control, the breath noise's rand()) in variables that every call carries on from the one before and
// that no API resets: a sentence cut in two, or made on a worker that spoke something
// else first, came out up to ~49 ms longer or shorter and with another waveform. The
// process that forks touches espeak-ng only to initialize it, so every child starts from
// the same state: a piece is the same samples on any worker, in a stream or in a file. A
// fork of a ~20 MB worker costs ~0.2 ms. Voice and parameters are set in the child too:
// espeak-ng queues a command on its wave generator for each voice change and rate
// setting, which only synthesis takes off; set in the parent, they piled up until the
// queue overflowed (after ~160 calls a sentence came out cut short).
class EspeakCall
{
public:
    // Audio at espeak-ng's rate; returning false stops the call (the child is killed).
    using PcmSink = std::function<bool(const qint16 *samples, int count)>;
    // A word event: its 1-based code point position in the input and its first sample.
    using WordSink = std::function<void(int textPosition, qint64 sample)>;

    enum class Result { Done, Stopped, SetupFailed, Failed };
    struct Outcome
    {
        Result result = Result::Failed;
        int espeakError = 0; // espeak_ERROR of the call, when Done or Failed by espeak_Synth
    };

    // setup() (voice, parameters; false: espeak-ng refused, Failed) then
    // espeak_Synth(input, POS_CHARACTER, flags), in a child; pcm and words run here, in
    // the order the child's callback saw them (a buffer's words before its samples).
    static Outcome run(const QByteArray &input, unsigned int flags, const std::function<bool()> &setup,
                       const PcmSink &pcm, const WordSink &words);
};
