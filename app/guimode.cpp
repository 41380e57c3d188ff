#include "guimode.h"

#include "engine.h"
#include "mainwindow.h"
#include "servercontroller.h"
#include "servermode.h"
#include "studiocontext.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QTranslator>

namespace
{
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

int runGui(Engine &engine, const ServerSettings &settings)
{
    engine.startRuntime();
    ServerController server(engine, settings);
    StudioContext context(engine.services(), &server);
    MainWindow window(context);
    if (!server.start(settings.host, settings.port))
        QMessageBox::warning(&window, QObject::tr("API server"),
                             QObject::tr("The API server could not start: %1. The studio works without it; "
                                         "change the port under Server settings.").arg(server.lastError()));
    window.show();
    const int rc = QApplication::exec();
    // Streams and studio previews end while the window and server still exist.
    endLiveStreams(engine);
    server.stop();
    engine.shutdown(10000);
    return rc;
}

WindowMode studioWindow()
{
    WindowMode mode;
    mode.makeApplication = [](int &argc, char *argv[]) -> std::unique_ptr<QCoreApplication> {
        return std::make_unique<QApplication>(argc, argv);
    };
    mode.run = [](QCoreApplication &app, Engine &engine, const ServerSettings &settings) {
        installTranslations(app, app.arguments());
        return runGui(engine, settings);
    };
    return mode;
}
