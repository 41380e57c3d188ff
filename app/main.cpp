// tts-studio: the composition root. Dispatches to a command-line command, or
// starts the server (headless) or the studio window.
#include "clicommands.h"
#include "engine.h"
#include "guimode.h"
#include "saycommand.h"
#include "servermode.h"

#include <QCommandLineParser>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLoggingCategory>
#include <QLocale>
#include <QTranslator>
#include <QStandardPaths>
#include <QTextStream>

namespace
{
QString defaultDataDir()
{
    const QString env = qEnvironmentVariable("TTS_STUDIO_DATA_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

// --data-dir given anywhere on the command line (commands accept it too).
QString dataDirFrom(const QStringList &args)
{
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--data-dir") && i + 1 < args.size())
            return args.at(i + 1);
        if (args.at(i).startsWith(QLatin1String("--data-dir=")))
            return args.at(i).mid(11);
    }
    return defaultDataDir();
}

QString databasePath(const QString &dataDir)
{
    return QDir(dataDir).filePath(QStringLiteral("tts-studio.db"));
}

// Audio without a database: the database was deleted or moved, not a new data dir.
bool hasAudioButNoDatabase(const QString &dataDir)
{
    if (QFileInfo::exists(databasePath(dataDir)))
        return false;
    QDirIterator it(QDir(dataDir).filePath(QStringLiteral("audio")), QDir::Files | QDir::NoDotAndDotDot);
    return it.hasNext();
}

int openEngine(Engine &engine)
{
    if (QString err = engine.open(); !err.isEmpty()) {
        QTextStream(stderr) << "error: " << err << Qt::endl;
        return 1;
    }
    return 0;
}

// One line per request at info; warnings and errors always. info and debug are the
// program's own categories (tts.*, and qInfo()'s "default"): Qt's are left at warnings.
// "*.info=true" once switched on Qt's info categories too, among them
// qt.widgets.painting, which logs every repaint of the studio window (85,093 lines in
// 12 minutes). QT_LOGGING_RULES in the environment still overrides these rules.
bool applyLogLevel(const QString &level)
{
    static const QStringList levels = {"error", "warn", "info", "debug"};
    const qsizetype i = levels.indexOf(level);
    if (i < 0)
        return false;
    const char *debug = i >= 3 ? "true" : "false";
    const char *info = i >= 2 ? "true" : "false";
    const QString rules = QStringLiteral("*.debug=false\n*.info=false\n*.warning=%1\n"
                                         "tts.*.debug=%2\ntts.*.info=%3\ndefault.debug=%2\ndefault.info=%3\n")
                              .arg(i >= 1 ? "true" : "false", debug, info);
    QLoggingCategory::setFilterRules(rules);
    qSetMessagePattern(QStringLiteral("%{if-category}%{category}: %{endif}%{message}"));
    return true;
}

bool wantsWindow(int argc, char *argv[])
{
    if (argc > 1) {
        const QByteArray first = argv[1];
        if (first == "say" || first == "accounts" || first == "keys")
            return false;
    }
    for (int i = 1; i < argc; ++i) {
        const QByteArray a = argv[i];
        if (a == "--headless" || a == "--help" || a == "-h" || a == "--version" || a == "-v")
            return false;
    }
    return true;
}

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
           || qEnvironmentVariable("QT_QPA_PLATFORM") == QLatin1String("offscreen");
}

// --lang CODE, else the system locale.
void installTranslations(QCoreApplication &app, const QStringList &args)
{
    QString lang = QLocale::system().name();
    const qsizetype i = args.indexOf(QStringLiteral("--lang"));
    if (i > 0 && i + 1 < args.size())
        lang = args.at(i + 1);
    QLocale::setDefault(QLocale(lang)); // numbers and dates follow the chosen language too
    auto *mine = new QTranslator(&app);
    if (mine->load(QStringLiteral(":/i18n/tts-studio_") + lang))
        app.installTranslator(mine);
    auto *qt = new QTranslator(&app);
    if (qt->load(QStringLiteral("qtbase_") + lang, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
}
}

int main(int argc, char *argv[])
{
    const bool window = wantsWindow(argc, argv);
    if (window && !hasDisplay()) {
        QTextStream(stderr) << "No display found: the studio window needs one. Run `tts-studio --headless` to serve the "
                               "API without a window." << Qt::endl;
        return 2;
    }
    // Without a window, Qt's poll-based event loop: it needs half the system calls per
    // HTTP request of the GLib one (measured 5 against 10). The studio keeps GLib.
    if (!window && !qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    std::unique_ptr<QCoreApplication> appHolder(window ? new QApplication(argc, argv) : new QCoreApplication(argc, argv));
    QCoreApplication &app = *appHolder;
    QCoreApplication::setApplicationName(QStringLiteral("tts-studio"));
    QCoreApplication::setOrganizationName(QStringLiteral("TTS Studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TTS_STUDIO_VERSION));
    const QStringList args = app.arguments();
    const QString command = args.size() > 1 ? args.at(1) : QString();

    if (command == QLatin1String("say"))
        return runSayCommand(args);
    if (command == QLatin1String("accounts") || command == QLatin1String("keys")) {
        Engine::Options eo;
        eo.dataDir = dataDirFrom(args);
        // Opening creates a missing database: an empty one would answer "no accounts"
        // for a mistyped --data-dir or a deleted file, as if that were the truth.
        const auto mayCreate = commandMayCreateStore(args);
        if (!mayCreate)
            return 2;
        if (!*mayCreate && !QFileInfo::exists(databasePath(eo.dataDir))) {
            QTextStream(stderr) << "error: no database at " << QDir::toNativeSeparators(databasePath(eo.dataDir))
                                << ". Create the first account with `tts-studio accounts create NAME`, or pass --init "
                                   "to create an empty database there." << Qt::endl;
            return 2;
        }
        Engine engine(eo);
        if (int rc = openEngine(engine))
            return rc;
        return command == QLatin1String("accounts") ? runAccountsCommand(engine, args) : runKeysCommand(engine, args);
    }

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
    const QCommandLineOption requestTimeout("request-timeout", "Seconds a client has to send a complete request, and idle keep-alive time (default 15).", "s", "15");
    const QCommandLineOption metricsAuth("metrics-auth", "on: /metrics needs an API key; off: open (default: off on loopback, on otherwise).", "on|off");
    const QCommandLineOption logLevel("log-level", "error, warn, info (default; one line per request) or debug.", "level", "info");
    const QCommandLineOption init("init", "Start with a new, empty database even though the data dir holds audio (its database was lost).");
    p.addOptions({headless, dataDir, host, port, rate, ttl, workers, maxQueue, maxStreams, lang, maxConnections, requestTimeout,
                  metricsAuth, logLevel, streamWorkers, init});
    p.process(app);

    bool ok[9] = {};
    ServerSettings ss;
    const uint portValue = p.value(port).toUInt(&ok[0]);
    Engine::Options eo;
    eo.dataDir = p.isSet(dataDir) ? p.value(dataDir) : defaultDataDir();
    eo.rateLimitPerMinute = p.value(rate).toInt(&ok[1]);
    eo.generationTtlSec = p.value(ttl).toLongLong(&ok[2]);
    eo.workers = p.value(workers).toInt(&ok[3]);
    eo.maxQueued = p.value(maxQueue).toInt(&ok[4]);
    eo.maxStreams = p.value(maxStreams).toInt(&ok[5]);
    ss.limits.maxConnections = p.value(maxConnections).toInt(&ok[6]);
    eo.streamWorkers = p.value(streamWorkers).toInt(&ok[8]);
    const int timeoutSec = p.value(requestTimeout).toInt(&ok[7]);
    ss.limits.requestTimeoutMs = ss.limits.idleTimeoutMs = timeoutSec * 1000;
    if (!ok[0] || portValue > 65535 || !ok[1] || eo.rateLimitPerMinute < 1 || !ok[2] || eo.generationTtlSec < 1 || !ok[3]
        || eo.workers < 0 || !ok[4] || eo.maxQueued < 1 || !ok[5] || eo.maxStreams < 1 || !ok[6] || ss.limits.maxConnections < 1 || !ok[7] || timeoutSec < 1 || !ok[8]
        || eo.streamWorkers < 1) {
        QTextStream(stderr) << "error: --port, --rate-limit, --generation-ttl, --workers, --max-queue, --max-streams, --max-connections and "
                               "--request-timeout take non-negative integers (all but --workers at least 1)" << Qt::endl;
        return 2;
    }
    ss.port = quint16(portValue);
    if (!ss.host.setAddress(p.value(host))) {
        QTextStream(stderr) << "error: --host must be an IP address" << Qt::endl;
        return 2;
    }

    ss.metricsOpen = p.isSet(metricsAuth) ? p.value(metricsAuth) == QLatin1String("off") : ss.host.isLoopback();
    if (p.isSet(metricsAuth) && p.value(metricsAuth) != QLatin1String("on") && p.value(metricsAuth) != QLatin1String("off")) {
        QTextStream(stderr) << "error: --metrics-auth must be on or off" << Qt::endl;
        return 2;
    }
    if (!applyLogLevel(p.value(logLevel))) {
        QTextStream(stderr) << "error: --log-level must be error, warn, info or debug" << Qt::endl;
        return 2;
    }

    // A new data dir gets a new database; one whose database is gone (audio left behind)
    // would silently start over with no accounts.
    if (!p.isSet(init) && hasAudioButNoDatabase(eo.dataDir)) {
        QTextStream(stderr) << "error: " << QDir::toNativeSeparators(eo.dataDir) << " holds audio but no database ("
                            << QDir::toNativeSeparators(databasePath(eo.dataDir)) << " was deleted or moved?). Restore it, "
                               "or pass --init to start with an empty database." << Qt::endl;
        return 2;
    }
    Engine engine(eo);
    if (int rc = openEngine(engine))
        return rc;
    if (p.isSet(headless))
        return runHeadless(engine, ss);
    installTranslations(app, args);
    return runGui(engine, ss);
}
