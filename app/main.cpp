// tts-studio: the composition root. Dispatches to a command-line command, or
// starts the server (headless) or the studio window.
#include "saycommand.h"

#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("tts-studio"));
    QCoreApplication::setOrganizationName(QStringLiteral("TTS Studio"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TTS_STUDIO_VERSION));
    const QStringList args = app.arguments();
    const QString command = args.size() > 1 ? args.at(1) : QString();
    if (command == QLatin1String("say"))
        return runSayCommand(args);
    QTextStream(stderr) << "tts-studio: server mode is not built yet\n";
    return 2;
}
