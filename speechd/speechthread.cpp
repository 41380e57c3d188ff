#include "speechthread.h"

#include "audiofeed.h"
#include "moduleoutput.h"
#include "synthesispipeline.h"
#include "utteranceplanner.h"

#include <QTextStream>

SpeechThread::SpeechThread(ModuleOutput &output, UtterancePlanner &planner)
    : m_output(output)
    , m_planner(planner)
    , m_thread([this] { run(); })
{
}

SpeechThread::~SpeechThread()
{
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
        m_next.reset();
    }
    m_wake.notify_one();
    m_thread.join();
}

void SpeechThread::speak(quint64 id, const Message &message)
{
    {
        std::lock_guard lock(m_mutex);
        m_next = Job{id, message};
        m_pauseRequested = false;
    }
    m_wake.notify_one();
}

void SpeechThread::pause()
{
    m_pauseRequested = true;
}

void SpeechThread::run()
{
    // The resampling every route uses, so a voice sounds here as in the studio.
    SynthesisPipeline pipeline;
    pipeline.warmUp();
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_quit || m_next; });
            if (m_quit)
                return;
            job = std::move(*m_next);
            m_next.reset();
        }
        speakOne(pipeline, job);
    }
}

void SpeechThread::speakOne(SynthesisPipeline &pipeline, const Job &job)
{
    // Planned here, not where standard input is read: a STOP that comes meanwhile is
    // answered at once, and this message then never begins.
    const std::optional<Utterance> u = m_planner.plan(job.message.kind, job.message.text, job.message.settings);
    if (!m_output.begin(job.id))
        return;
    if (!u) {
        // Speech Dispatcher was told 200 OK SPEAKING: the message ends, having said nothing.
        QTextStream(stderr) << "sd_tts_studio: the message cannot be spoken in the voice chosen\n";
        m_output.end(job.id);
        return;
    }
    if (!u->icon.isEmpty()) {
        m_output.send(job.id, "706-" + u->icon.toUtf8() + "\n706 ICON\n");
        m_output.end(job.id);
        return;
    }
    say(pipeline, job.id, *u);
}

void SpeechThread::say(SynthesisPipeline &pipeline, quint64 id, const Utterance &u)
{
    AudioFeed feed(m_output, id, MarkClock(u.marks), u.gain, m_pauseRequested);
    SynthesisPipeline::WordSink words;
    if (!u.marks.isEmpty())
        words = [&feed](const QList<WordTiming> &w) {
            feed.addWords(w);
            return true;
        };
    bool goesOn = true;
    // A long piece is said in several backend calls: a STOP is seen between them too.
    pipeline.setHeartbeat([&] { return m_output.isOpen(id); });
    const QString error = pipeline.run(u.params, [&](const float *samples, qsizetype n) {
        goesOn = feed.push(samples, n);
        return goesOn;
    }, nullptr, words);
    pipeline.setHeartbeat({});
    if (!error.isEmpty() && error != QLatin1String("text has nothing to speak"))
        QTextStream(stderr) << "sd_tts_studio: " << error << "\n";
    if (goesOn && feed.finish())
        m_output.end(id);
}
