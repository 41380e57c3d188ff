#include "launcher.h"

#include "batchscheduling.h"
#include "clicommands.h"
#include "engine.h"
#include "epolleventdispatcher.h"
#include "rendercommand.h"
#include "saycommand.h"
#include "servermode.h"
#include "studiooptions.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTextStream>

#include <algorithm>
#include <memory>

namespace
{
// --NAME VALUE or --NAME=VALUE given anywhere on the command line (commands accept
// --data-dir and --database too), else fallback.
QString optionFrom(const QStringList &args, const QString &name, const QString &fallback)
{
    const QString flag = QStringLiteral("--") + name;
    for (qsizetype i = 1; i < args.size(); ++i) {
        if (args.at(i) == flag && i + 1 < args.size())
            return args.at(i + 1);
        if (args.at(i).startsWith(flag + u'='))
            return args.at(i).mid(flag.size() + 1);
    }
    return fallback;
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

int usageError(const QString &message)
{
    QTextStream(stderr) << "error: " << message << Qt::endl;
    return 2;
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
void applyLogLevel(LogLevel level)
{
    const int i = int(level);
    const char *debug = i >= 3 ? "true" : "false";
    const char *info = i >= 2 ? "true" : "false";
    const QString rules = QStringLiteral("*.debug=false\n*.info=false\n*.warning=%1\n"
                                         "tts.*.debug=%2\ntts.*.info=%3\ndefault.debug=%2\ndefault.info=%3\n")
                              .arg(i >= 1 ? "true" : "false", debug, info);
    QLoggingCategory::setFilterRules(rules);
    qSetMessagePattern(QStringLiteral("%{if-category}%{category}: %{endif}%{message}"));
}

// `tts-studio --data-dir D accounts list` means `tts-studio accounts list --data-dir D`:
// options written before a command move behind it, where the command parses them.
// An option takes the next word as its value unless it has "=VALUE" or is a flag.
void putCommandFirst(int argc, char *argv[])
{
    static const QByteArrayList flags = {"--init", "--headless"};
    static const QByteArrayList commands = {"say", "render", "accounts", "keys"};
    int i = 1;
    while (i < argc && argv[i][0] == '-') {
        const QByteArray a = argv[i];
        i += (a.contains('=') || flags.contains(a)) ? 1 : 2;
    }
    if (i == 1 || i >= argc || !commands.contains(QByteArray(argv[i])))
        return;
    std::rotate(argv + 1, argv + i, argv + argc);
}

bool wantsWindow(int argc, char *argv[])
{
    if (argc > 1) {
        const QByteArray first = argv[1];
        if (first == "say" || first == "render" || first == "accounts" || first == "keys")
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

// argc by reference: Q(Core)Application keeps a reference to it for its whole life.
std::unique_ptr<QCoreApplication> makeApplication(int &argc, char *argv[], const WindowMode *window)
{
    // Without a window, Qt's poll-based event loop: it needs half the system calls per
    // HTTP request of the GLib one (measured 5 against 10). The studio keeps GLib.
    if (!window && !qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    // Headless, the main thread holds every client's socket: its loop runs on epoll
    // (EpollEventDispatcher), whose wake-up costs what is ready instead of what is open.
    // TTS_STUDIO_POLL_LOOP=1 keeps Qt's poll() loop (for comparisons).
    if (!window)
        EpollEventDispatcher::installOnMainThread();
    std::unique_ptr<QCoreApplication> app =
        window ? window->makeApplication(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tts-studio"));
    QCoreApplication::setOrganizationName(QStringLiteral("TTS Studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TTS_STUDIO_VERSION));
    return app;
}

// `accounts ...` and `keys ...`: one command on the store, no server.
int runStoreCommand(const QString &command, const QStringList &args)
{
    Engine::Options eo;
    eo.dataDir = optionFrom(args, QStringLiteral("data-dir"), defaultDataDir());
    eo.database = optionFrom(args, QStringLiteral("database"), defaultDatabase());
    if (!eo.database.isEmpty()) {
        if (const QString err = Database::checkServerUrl(eo.database); !err.isEmpty())
            return usageError(err);
    }
    // Opening creates a missing database: an empty one would answer "no accounts"
    // for a mistyped --data-dir or a deleted file, as if that were the truth.
    const auto mayCreate = commandMayCreateStore(args);
    if (!mayCreate)
        return 2;
    if (!*mayCreate && eo.database.isEmpty() && !QFileInfo::exists(databasePath(eo.dataDir))) {
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

// The server, headless or with the studio window: one engine for both.
int runStudio(QCoreApplication &app, const WindowMode *window)
{
    const auto parsed = parseStudioOptions(app);
    if (const auto *error = std::get_if<UsageError>(&parsed))
        return usageError(error->message);
    const StudioOptions &options = std::get<StudioOptions>(parsed);
    applyLogLevel(options.logLevel);

    // A new data dir gets a new database; one whose database is gone (audio left behind)
    // would silently start over with no accounts.
    const QString &dataDir = options.engine.dataDir;
    if (!options.init && options.engine.database.isEmpty() && hasAudioButNoDatabase(dataDir)) {
        QTextStream(stderr) << "error: " << QDir::toNativeSeparators(dataDir) << " holds audio but no database ("
                            << QDir::toNativeSeparators(databasePath(dataDir)) << " was deleted or moved?). Restore it, "
                               "or pass --init to start with an empty database." << Qt::endl;
        return 2;
    }
    // Headless, before the engine starts its threads and workers (they inherit it).
    const bool headless = options.headless || !window;
    if (!headless && options.server.wyomingPort)
        return usageError(QStringLiteral("--wyoming-port serves without the window: tts-studio-server or tts-studio --headless"));
    if (headless)
        BatchScheduling::applyToThisProcess();
    Engine engine(options.engine);
    if (int rc = openEngine(engine))
        return rc;
    if (headless) {
        // Where accounts, keys and audio live: an operator's first question.
        QTextStream(stdout) << "data in " << QDir::toNativeSeparators(dataDir) << Qt::endl;
        return runHeadless(engine, options.server);
    }
    return window->run(app, engine, options.server);
}
}

int launch(int argc, char *argv[], const WindowMode *windowMode)
{
    putCommandFirst(argc, argv);
    const WindowMode *window = windowMode && wantsWindow(argc, argv) ? windowMode : nullptr;
    if (window && !hasDisplay()) {
        QTextStream(stderr) << "No display found: the studio window needs one. Run `tts-studio-server` (or "
                               "`tts-studio --headless`) to serve the API without a window." << Qt::endl;
        return 2;
    }
    const std::unique_ptr<QCoreApplication> app = makeApplication(argc, argv, window);
    const QStringList args = app->arguments();
    const QString command = args.size() > 1 ? args.at(1) : QString();
    if (command == QLatin1String("say"))
        return runSayCommand(args);
    if (command == QLatin1String("render"))
        return runRenderCommand(args);
    if (command == QLatin1String("accounts") || command == QLatin1String("keys"))
        return runStoreCommand(command, args);
    return runStudio(*app, window);
}
