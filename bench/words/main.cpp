// First audio of a live stream (the studio's path: LiveStream on the stream workers)
// with and without word timings, per voice and for a short and a long first sentence.
// With timings a piece of the text is synthesized whole before its audio is sent
// (docs/api.md "Word timings and captions"); this measures what that costs.
// Usage: bench-words [ROUNDS]   (median of ROUNDS, default 5, after a warm-up)
#include "engine.h"
#include "livestream.h"
#include "services.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

namespace
{
class FirstAudio : private LiveStream::Sink
{
public:
    explicit FirstAudio(Engine &engine) : m_engine(engine) {}

    // Milliseconds from start() to the first audio, or -1.
    qint64 measure(const AuthContext &auth, CreateGeneration req)
    {
        m_first = -1;
        m_done = false;
        m_stream = std::make_unique<LiveStream>(m_engine.services().live(), sinkRef(), QStringLiteral("bench"));
        m_clock.start();
        m_stream->start(auth, req);
        QElapsedTimer limit;
        limit.start();
        while (!m_done && limit.elapsed() < 60000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        m_stream.reset();
        return m_first;
    }

private:
    void liveStarted(const Generation &) override {}
    void liveAudio(const QByteArray &bytes) override
    {
        if (m_first < 0)
            m_first = m_clock.elapsed();
        m_stream->acknowledge(bytes.size());
    }
    void liveEnded(const LiveStream::Outcome &) override { m_done = true; }

    Engine &m_engine;
    std::unique_ptr<LiveStream> m_stream;
    QElapsedTimer m_clock;
    qint64 m_first = -1;
    bool m_done = false;
};

qint64 median(QList<qint64> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? -1 : v.at(v.size() / 2);
}
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? qMax(1, QString::fromLocal8Bit(argv[1]).toInt()) : 5;
    QTemporaryDir dir;
    Engine::Options o;
    o.dataDir = dir.path();
    o.workers = 1;
    Engine engine(o);
    if (const QString err = engine.open(); !err.isEmpty()) {
        qCritical("%s", qPrintable(err));
        return 1;
    }
    engine.startRuntime();
    const auto account = engine.accounts().create(QStringLiteral("bench"));
    engine.accounts().addCredits(account->id, 100000000);
    AuthContext auth;
    auth.accountId = account->id;
    auth.plan = account->plan;

    const QString shortFirst = QStringLiteral("Hello there. This is the second sentence of the text, and it goes on for a while "
                                              "so that the first one is the only short piece.");
    const QString longFirst = QStringLiteral("When the studio reads a long opening sentence that runs on through several "
                                             "clauses, with commas and asides, and keeps going well past the point where a "
                                             "listener would expect a full stop, the whole piece must be made before any of it "
                                             "is heard. Then a second one.");
    struct Case
    {
        QString voice;
        QString language;
        QString label;
    };
    const QList<Case> cases{{QStringLiteral("af_sarah"), {}, QStringLiteral("flite slt (clustergen)")},
                            {QStringLiteral("am_adam"), {}, QStringLiteral("flite kal16 (diphone)")},
                            {QStringLiteral("am_michael"), {}, QStringLiteral("flite rms (clustergen)")},
                            {QStringLiteral("ef_dora"), {}, QStringLiteral("espeak-ng (Spanish)")}};
    FirstAudio probe(engine);
    QTextStream out(stdout);
    out << "first audio, ms (median of " << rounds << "):  voice | text | without timings | with timings\n";
    for (const Case &c : cases) {
        for (const auto &[name, text] : {std::pair{QStringLiteral("short first sentence"), shortFirst},
                                         std::pair{QStringLiteral("long first sentence"), longFirst}}) {
            QList<qint64> plain, timed;
            for (int r = 0; r <= rounds; ++r) {
                CreateGeneration req;
                req.speech.text = text;
                req.voiceId = c.voice;
                req.apiVersion = QStringLiteral("studio");
                req.timestamps = false;
                const qint64 a = probe.measure(auth, req);
                req.timestamps = true;
                const qint64 b = probe.measure(auth, req);
                if (r > 0) { // the first round warms the workers
                    plain << a;
                    timed << b;
                }
            }
            out << c.label << " | " << name << " | " << median(plain) << " | " << median(timed) << "\n";
            out.flush();
        }
    }
    engine.shutdown(2000);
    return 0;
}
