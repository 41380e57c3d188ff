#include "servermode.h"

#include "apiserver.h"
#include "engine.h"
#include "apiroutes.h"
#include "signalwatch.h"
#include "streamsession.h"
#include "wyomingserver.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTextStream>
#include <QTimer>

#include <memory>
#include <utility>

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

namespace
{
// The Wyoming listener --wyoming-port asks for, billed to --wyoming-account (else
// null). rc 2 when that account does not exist.
std::unique_ptr<WyomingServer> makeWyoming(Engine &engine, const ServerSettings &settings, int &rc)
{
    rc = 0;
    if (!settings.wyomingPort)
        return nullptr;
    const Services services = engine.services();
    const auto account = WyomingServer::accountNamed(services.accounts(), settings.wyomingAccount);
    if (!account) {
        QTextStream(stderr) << "error: --wyoming-account: no account named '" << settings.wyomingAccount
                            << "' (create it with `tts-studio accounts create NAME`)" << Qt::endl;
        rc = 2;
        return nullptr;
    }
    WyomingContext context{&services.live(), &services.catalog(), &services.voices(), services.storePool(), nullptr,
                           *account, WyomingLimits{}, QCoreApplication::applicationVersion()};
    context.limits.stallMs = settings.limits.streamStallMs;
    return std::make_unique<WyomingServer>(context);
}
}

int runHeadless(Engine &engine, const ServerSettings &settings)
{
    QTextStream err(stderr);
    int wyomingRc = 0;
    const std::unique_ptr<WyomingServer> wyoming = makeWyoming(engine, settings, wyomingRc);
    if (wyomingRc != 0)
        return wyomingRc;
    ApiServer server(engine.services());
    registerApiRoutes(server, settings.metricsOpen);
    server.limits() = settings.limits;
    server.setPublicUrl(settings.publicUrl);
    for (const QByteArray &origin : settings.allowedOrigins)
        server.origins().allow(origin);
    engine.startRuntime();
    if (!server.listen(settings.host, settings.port)) {
        err << "error: cannot listen on " << settings.host.toString() << ':' << settings.port << Qt::endl;
        engine.shutdown(0);
        return 1;
    }
    if (wyoming && !wyoming->listen(settings.host, *settings.wyomingPort)) {
        err << "error: cannot listen for Wyoming on " << settings.host.toString() << ':' << *settings.wyomingPort << ": "
            << wyoming->errorString() << Qt::endl;
        engine.shutdown(0);
        return 1;
    }

    // The event loop does the work of stopping, once whatever signals follow.
    SignalWatch watch;
    bool stopping = false;
    QObject::connect(&watch, &SignalWatch::signalled, &watch, [&] {
        if (std::exchange(stopping, true))
            return;
        server.close();
        if (wyoming)
            wyoming->close();
        endLiveStreams(engine);
        engine.shutdown(10000);
        QCoreApplication::exit(0);
    });

    QTextStream out(stdout);
    if (wyoming)
        out << "wyoming on " << wyoming->url() << Qt::endl;
    out << "listening on " << server.baseUrl() << Qt::endl; // Qt::endl flushes
    return QCoreApplication::exec();
}
