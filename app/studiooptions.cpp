#include "studiooptions.h"

#include "originpolicy.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QUrl>
#include <QStandardPaths>

#include <optional>

namespace
{
// The integer options are checked all at once and share one message; each reader
// keeps the conversion (int, unsigned, 64-bit) that the option's range needs.
std::optional<int> intAtLeast(const QString &text, int min)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < min)
        return std::nullopt;
    return value;
}

std::optional<quint16> portNumber(const QString &text)
{
    bool ok = false;
    const uint value = text.toUInt(&ok);
    if (!ok || value > 65535)
        return std::nullopt;
    return quint16(value);
}

std::optional<qint64> secondsAtLeastOne(const QString &text)
{
    bool ok = false;
    const qint64 value = text.toLongLong(&ok);
    if (!ok || value < 1)
        return std::nullopt;
    return value;
}

// --wyoming-port and --wyoming-account come together: the protocol has no key, so the
// account is named here. Whether it exists is checked once the store is open.
QString readWyoming(const QCommandLineParser &p, const QCommandLineOption &port, const QCommandLineOption &account,
                    StudioOptions &o)
{
    if (!p.isSet(port) && !p.isSet(account))
        return {};
    if (!p.isSet(port))
        return QStringLiteral("--wyoming-account is used with --wyoming-port");
    if (!p.isSet(account) || p.value(account).trimmed().isEmpty())
        return QStringLiteral("--wyoming-port needs --wyoming-account NAME: the account Wyoming's speech is billed to "
                              "(the protocol carries no key)");
    o.server.wyomingPort = portNumber(p.value(port));
    if (!o.server.wyomingPort)
        return QStringLiteral("--wyoming-port takes a port number (0 picks a free one)");
    o.server.wyomingAccount = p.value(account).trimmed();
    return {};
}

std::optional<LogLevel> logLevelNamed(const QString &name)
{
    static const QStringList names = {"error", "warn", "info", "debug"};
    const qsizetype i = names.indexOf(name);
    if (i < 0)
        return std::nullopt;
    return LogLevel(i);
}
}

QString defaultDatabase()
{
    return qEnvironmentVariable("TTS_STUDIO_DATABASE");
}

QString defaultDataDir()
{
    const QString env = qEnvironmentVariable("TTS_STUDIO_DATA_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

std::variant<StudioOptions, UsageError> parseStudioOptions(QCoreApplication &app)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("TTS Studio: text-to-speech studio and API server.\n"
                                               "Commands: say, accounts create|list, keys create|list|revoke."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption headless("headless", "Run the API server without a window.");
    const QCommandLineOption dataDir("data-dir", "Data directory (default: $TTS_STUDIO_DATA_DIR or the app-data dir).", "dir");
    const QCommandLineOption host("host", "Address to listen on (default 127.0.0.1).", "addr", "127.0.0.1");
    const QCommandLineOption port("port", "Port (default 8722; 0 picks a free one).", "n", "8722");
    const QCommandLineOption rate("rate-limit", "Requests per minute per API key (default 600).", "n", "600");
    const QCommandLineOption ttl("generation-ttl", "Seconds a generation lives (default 86400).", "s", "86400");
    const QCommandLineOption workers("workers", "Synthesis worker processes (default: one per core).", "n", "0");
    const QCommandLineOption maxQueue("max-queue", "Queued generations before 503 (default 1000).", "n", "1000");
    const QCommandLineOption lang("lang", "Language of the window (en, de; default: the system's).", "code");
    const QCommandLineOption maxStreams("max-streams", "Concurrent WebSocket/preview streams (default 64).", "n", "64");
    const QCommandLineOption streamWorkers("stream-workers", "Warm worker processes kept for live streams; more start when streams wait, up to --max-streams (default 2).", "n", "2");
    const QCommandLineOption maxConnections("max-connections", "Open HTTP connections before new ones are refused (default 512).", "n", "512");
    const QCommandLineOption maxPerAddress("max-connections-per-address", "Open HTTP connections one client address (an IPv6 /64) may hold (default: a quarter of --max-connections).", "n");
    const QCommandLineOption streamStall("stream-stall", "Seconds a live stream's client may take none of its audio before the stream ends as if the client had gone (default 30).", "s", "30");
    const QCommandLineOption requestTimeout("request-timeout", "Seconds a client has to send a complete request, and idle keep-alive time (default 15).", "s", "15");
    const QCommandLineOption metricsAuth("metrics-auth", "on: /metrics needs an API key; off: open (default: off on loopback, on otherwise).", "on|off");
    const QCommandLineOption logLevel("log-level", "error, warn, info (default; one line per request) or debug.", "level", "info");
    const QCommandLineOption database("database", "postgresql://USER@HOST:PORT/DB: a PostgreSQL database that several nodes share (default: $TTS_STUDIO_DATABASE, else SQLite in the data dir). The password comes from PGPASSWORD or a .pgpass file, never from here.", "url");
    const QCommandLineOption audioDir("audio-dir", "Where finished audio lives (default: DATA_DIR/audio; on a cluster, storage every node shares).", "dir");
    const QCommandLineOption publicUrl("public-url", "Base of the links in answers (audio_url), e.g. the load balancer's https://tts.example.com.", "url");
    const QCommandLineOption allowOrigin("allow-origin", "A browser origin (https://app.example.com) whose pages may use the API: CORS preflights and headers, WebSocket upgrades. Repeatable.", "origin");
    const QCommandLineOption jobLease("job-lease", "Seconds a claimed job is held without a renewal before another node may take it over (default 30).", "s", "30");
    const QCommandLineOption wyomingPort("wyoming-port", "Also serve Home Assistant's Wyoming protocol on this port of --host (10200 by convention; 0 picks a free one). Needs --wyoming-account.", "n");
    const QCommandLineOption wyomingAccount("wyoming-account", "The account Wyoming's speech is billed to.", "name");
    const QCommandLineOption init("init", "Start with a new, empty database even though the data dir holds audio (its database was lost).");
    p.addOptions({headless, dataDir, host, port, rate, ttl, workers, maxQueue, maxStreams, lang, maxConnections, requestTimeout,
                  metricsAuth, logLevel, streamWorkers, init, database, audioDir, publicUrl, jobLease, streamStall, maxPerAddress, allowOrigin,
                  wyomingPort, wyomingAccount});
    p.process(app);

    const auto portValue = portNumber(p.value(port));
    const auto rateValue = intAtLeast(p.value(rate), 1);
    const auto ttlValue = secondsAtLeastOne(p.value(ttl));
    const auto workersValue = intAtLeast(p.value(workers), 0);
    const auto maxQueueValue = intAtLeast(p.value(maxQueue), 1);
    const auto maxStreamsValue = intAtLeast(p.value(maxStreams), 1);
    const auto maxConnectionsValue = intAtLeast(p.value(maxConnections), 1);
    // A quarter of the cap unless given: room for several clients behind one address
    // (a NAT, a proxy) while no single one holds most of the cap.
    const auto maxPerAddressValue = p.isSet(maxPerAddress) ? intAtLeast(p.value(maxPerAddress), 1)
                                    : maxConnectionsValue    ? std::optional<int>(qMax(1, *maxConnectionsValue / 4))
                                                             : std::nullopt;
    const auto timeoutValue = intAtLeast(p.value(requestTimeout), 1);
    const auto streamWorkersValue = intAtLeast(p.value(streamWorkers), 1);
    const auto leaseValue = intAtLeast(p.value(jobLease), 1);
    const auto stallValue = intAtLeast(p.value(streamStall), 1);
    if (!portValue || !rateValue || !ttlValue || !workersValue || !maxQueueValue || !maxStreamsValue || !maxConnectionsValue
        || !maxPerAddressValue || !timeoutValue || !streamWorkersValue || !leaseValue || !stallValue)
        return UsageError{QStringLiteral("--port, --rate-limit, --generation-ttl, --workers, --max-queue, --max-streams, "
                                         "--max-connections, --max-connections-per-address, --request-timeout, --stream-stall and --job-lease take non-negative "
                                         "integers (all but --workers at least 1)")};

    StudioOptions o;
    o.engine.dataDir = p.isSet(dataDir) ? p.value(dataDir) : defaultDataDir();
    o.engine.database = p.isSet(database) ? p.value(database) : defaultDatabase();
    if (!o.engine.database.isEmpty()) {
        if (const QString err = Database::checkServerUrl(o.engine.database); !err.isEmpty())
            return UsageError{err};
    }
    o.engine.audioDir = p.value(audioDir);
    o.engine.leaseMs = qint64(*leaseValue) * 1000;
    if (p.isSet(publicUrl)) {
        const QUrl url(p.value(publicUrl), QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))
            || url.host().isEmpty())
            return UsageError{QStringLiteral("--public-url must be an http:// or https:// URL")};
        o.server.publicUrl = url.toString(QUrl::StripTrailingSlash);
    }
    for (const QString &value : p.values(allowOrigin)) {
        const QByteArray origin = OriginPolicy::normalize(value);
        if (origin.isEmpty())
            return UsageError{QStringLiteral("--allow-origin takes an origin: http:// or https://, a host and an optional port, "
                                             "nothing after it (%1)").arg(value)};
        o.server.allowedOrigins.append(origin);
    }
    o.engine.rateLimitPerMinute = *rateValue;
    o.engine.generationTtlSec = *ttlValue;
    o.engine.workers = *workersValue;
    o.engine.maxQueued = *maxQueueValue;
    o.engine.maxStreams = *maxStreamsValue;
    o.engine.streamWorkers = *streamWorkersValue;
    o.server.port = *portValue;
    o.server.limits.maxConnections = *maxConnectionsValue;
    o.server.limits.maxConnectionsPerAddress = *maxPerAddressValue;
    o.server.limits.requestTimeoutMs = o.server.limits.idleTimeoutMs = *timeoutValue * 1000;
    o.server.limits.streamStallMs = *stallValue * 1000;
    if (!o.server.host.setAddress(p.value(host)))
        return UsageError{QStringLiteral("--host must be an IP address")};
    if (p.isSet(metricsAuth) && p.value(metricsAuth) != QLatin1String("on") && p.value(metricsAuth) != QLatin1String("off"))
        return UsageError{QStringLiteral("--metrics-auth must be on or off")};
    // /metrics is open by default only where no one else can reach it.
    o.server.metricsOpen = p.isSet(metricsAuth) ? p.value(metricsAuth) == QLatin1String("off") : o.server.host.isLoopback();
    const auto level = logLevelNamed(p.value(logLevel));
    if (!level)
        return UsageError{QStringLiteral("--log-level must be error, warn, info or debug")};
    o.logLevel = *level;
    o.headless = p.isSet(headless);
    o.init = p.isSet(init);
    if (const QString err = readWyoming(p, wyomingPort, wyomingAccount, o); !err.isEmpty())
        return UsageError{err};
    return o;
}
