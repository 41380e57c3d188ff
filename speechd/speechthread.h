#pragma once

#include "utterance.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

class ModuleOutput;
class SynthesisPipeline;
class UtterancePlanner;

// The thread that speaks: one message at a time, planned (UtterancePlanner) and said
// through a SynthesisPipeline of its own (espeak-ng is not thread-safe), its audio handed to Speech Dispatcher in `705` blocks as
// it is made, each mark when the audio reaches it. Reading standard input never waits
// for it, nor for the planning of a long message (its SSML read, the pronunciations
// matched), and a STOP answered by ModuleOutput ends a message here at its next chunk.
class SpeechThread
{
public:
    SpeechThread(ModuleOutput &output, UtterancePlanner &planner);
    ~SpeechThread();

    // Speaks message as the open message id, after the one being spoken; a message not
    // begun yet is replaced.
    void speak(quint64 id, const Message &message);
    // Ends the message being spoken at the next of Speech Dispatcher's own marks
    // (__spd_N, at sentence ends) with `704 PAUSE`.
    void pause();

private:
    struct Job
    {
        quint64 id = 0;
        Message message;
    };
    void run();
    void speakOne(SynthesisPipeline &pipeline, const Job &job);
    void say(SynthesisPipeline &pipeline, quint64 id, const Utterance &u);

    ModuleOutput &m_output;
    UtterancePlanner &m_planner; // used on this thread only (its lexicon is read here)
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<Job> m_next;
    bool m_quit = false;
    std::atomic<bool> m_pauseRequested{false};
    std::thread m_thread;
};
