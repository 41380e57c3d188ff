#include "guimode.h"

#include "engine.h"
#include "mainwindow.h"
#include "servercontroller.h"
#include "servermode.h"
#include "studiocontext.h"

#include <QApplication>
#include <QMessageBox>

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
