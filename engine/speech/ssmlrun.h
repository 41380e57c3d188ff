#pragma once

#include "ssmlplan.h"
#include "synthesisoutput.h"
#include "synthesispipeline.h"

#include <vector>

class SsmlDocument;

// One SynthesisPipeline::run over an SSML document: its plan's steps one by one, each
// in its language's backend and voice with its prosody, into the output.
class SsmlRun
{
public:
    SsmlRun(SynthesisPipeline &pipeline, const SynthesisParams &params, const SsmlDocument &doc,
            const SynthesisPipeline::ChunkSink &sink, SynthesisPipeline::Progress &done,
            const SynthesisPipeline::WordSink &words);

    // An error text, or empty on success (also when the sink stopped early).
    QString run();

private:
    // Says step i; stops the output when the sink or the heartbeat says stop.
    QString speakStep(qsizetype i);
    // The step's audio at the backend's rate into m_raw (and its word marks).
    QString gather(const SsmlStep &step, SpeechBackend *backend, const SynthesisParams &sp, bool leadTrimmed);
    // m_raw through sonic into m_sped: flite gets speed (and rms its pitch) from sonic.
    void changeSpeed(const SynthesisParams &sp);
    // The words of a step whose kept samples are m_sped[first, last).
    QList<WordTiming> timingsOf(const SsmlStep &step, size_t first, size_t last) const;
    void silence(int ms);
    int rate() const { return m_output.rate(); }

    SynthesisPipeline &m_pipeline;
    const SynthesisParams &m_params;
    SynthesisPipeline::Progress &m_done;
    const SynthesisPipeline::WordSink &m_words;
    const SsmlPlan m_plan;
    SynthesisOutput m_output;
    std::vector<qint64> m_cpIndex; // with word timings: code point of every UTF-16 index of the document
    std::vector<qint16> m_raw;
    std::vector<qint16> m_sped;
    QList<SpeechBackend::WordMark> m_marks;
};
