#include "servermode.h"

#include "apiserver.h"
#include "engine.h"
#include "apiroutes.h"
#include "streamsession.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QSocketNotifier>
#include <QTextStream>
#include <QTimer>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace
{
int g_signalFd[2] = {-1, -1};

void onSignal(int)
{
    const char c = 1;
    (void)!::write(g_signalFd[0], &c, 1);
}
}

void endLiveStreams(Engine &engine)
{
    // While the event loop still runs: each stream gets its error message and close
    // (1001), its generation is recorded FAILED and released, then the closes reach
    // the clients. Nothing is left for destructors, which run after the store
    // threads are gone.
    engine.endLiveGenerations(3000);
    const QDeadlineTimer deadline(1500); // with the jobs' 10 s, under the 15 s docs/operations.md asks for
    while (StreamSession::openCount() > 0 && !deadline.hasExpired()) {
        QEventLoop loop;
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
    }
}

int runHeadless(Engine &engine, const ServerSettings &settings)
{
    QTextStream err(stderr);
    ApiServer server(engine.services());
    registerApiRoutes(server, settings.metricsOpen);
    server.limits() = settings.limits;
    server.setPublicUrl(settings.publicUrl);
    engine.startRuntime();
    if (!server.listen(settings.host, settings.port)) {
        err << "error: cannot listen on " << settings.host.toString() << ':' << settings.port << Qt::endl;
        engine.shutdown(0);
        return 1;
    }

    // Self-pipe: the signal handler only writes a byte; the event loop does the work.
    ::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalFd);
    QSocketNotifier notifier(g_signalFd[1], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &notifier, [&] {
        char c;
        (void)!::read(g_signalFd[1], &c, 1);
        notifier.setEnabled(false);
        server.close();
        endLiveStreams(engine);
        engine.shutdown(10000);
        QCoreApplication::exit(0);
    });
    struct sigaction sa = {};
    sa.sa_handler = onSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);

    QTextStream out(stdout);
    out << "listening on " << server.baseUrl() << Qt::endl; // Qt::endl flushes
    return QCoreApplication::exec();
}
