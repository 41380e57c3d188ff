#pragma once

#include "espeakchild.h"

#include <QByteArray>
#include <QtGlobal>

#include <functional>

// One espeak_Synth call, made in a child forked for it, so that its samples depend only
// on its input. espeak-ng keeps its voice source's state (flutter phase, echo buffer,
// gain control, the breath noise's rand()) in variables that every call carries on from the one before and
// that no API resets: a sentence cut in two, or made on a worker that spoke something
// else first, came out up to ~49 ms longer or shorter and with another waveform. The
// process that forks touches espeak-ng only to initialize it, so every child starts from
// the same state: a piece is the same samples on any worker, in a stream or in a file.
// Voice and parameters are set in the child too: espeak-ng queues a command on its wave
// generator for each voice change and rate setting, which only synthesis takes off; set
// in the parent, they piled up until the queue overflowed (after ~160 calls a sentence
// came out cut short).
//
// A process that calls startZygote() first thing (tts-worker does) forks its calls from a
// small process started then: the program tts-espeak-zygote beside its executable, which
// holds espeak-ng's libraries only (EspeakChild), or where that is missing a copy of the
// process as it was then. A fork, exit and wait of the ~38 MB worker cost ~0.75 ms, a
// third of a short unit's work; a fork costs per mapping too, and the program, linked
// statically, has 18 against the copy's ~330. The zygote forks a voice's calls from a
// process it keeps for that voice, selected there once (EspeakChild::zygoteMain).
// Elsewhere (tests, `say`) the calling process forks them itself; all start from the
// same state.
class EspeakCall
{
public:
    // Audio at espeak-ng's rate; returning false stops the call (the child is ended).
    using PcmSink = std::function<bool(const qint16 *samples, int count)>;
    // A word event: its 1-based code point position in the input and its first sample.
    using WordSink = std::function<void(int textPosition, qint64 sample)>;

    // The voice and prosody the child sets before it speaks (plain data: it may travel to
    // the zygote).
    using Setup = EspeakSetup;

    enum class Result { Done, Stopped, SetupFailed, Failed };
    struct Outcome
    {
        Result result = Result::Failed;
        int espeakError = 0; // espeak_ERROR of the call, when Done or Failed by espeak_Synth
    };

    // The setup (false: espeak-ng refused the voice: SetupFailed), then
    // espeak_Synth(input, POS_CHARACTER, flags), in a child; pcm and words run here, in
    // the order the child's callback saw them (a buffer's words before its samples).
    static Outcome run(const QByteArray &input, unsigned int flags, const Setup &setup, const PcmSink &pcm,
                       const WordSink &words);

    // A call whose reader waits (a worker's stream units take turns, WorkerLoop) is paused
    // by its reader's thread, from inside its pcm sink, and resumed when that goes on:
    // else its child went on synthesizing ahead (up to a pipe's worth) beside the call
    // whose turn it is, and a hundred such children took the CPU from the workers and
    // the server. Nothing when this thread runs no call.
    static void pauseThisThreadsCall();
    static void resumeThisThreadsCall();

    // Initializes espeak-ng the one way every process that forks calls does (the worker's
    // backend and the zygote), so that their calls start from the same state: synchronous,
    // 20 ms buffers, the first voice's data loaded. The sample rate, or <= 0 on failure.
    static int initialize();

    // Forks the process the calls of this process fork from. Call it before the process
    // grows (first thing in main) and before it starts threads; once per process.
    static void startZygote();
    static bool hasZygote();
    static pid_t zygotePid(); // -1 without one
    // Closes the zygote's socket and waits for it to exit (its CPU then counts in this
    // process's children's): calls fork here again.
    static void stopZygote();
};
