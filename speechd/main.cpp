// sd_tts_studio: TTS Studio's voices as a Speech Dispatcher output module. Speech
// Dispatcher starts it with its configuration file as argument and speaks the module
// protocol on standard input and output; the audio goes back to Speech Dispatcher, which
// plays it. Synthesis is local (no server, nothing billed). Logs go to standard error.
#include "espeakcall.h"
#include "lexiconsource.h"
#include "linereader.h"
#include "moduleconfig.h"
#include "moduleoutput.h"
#include "modulesession.h"
#include "speechthread.h"
#include "utteranceplanner.h"
#include "voicecatalog.h"
#include "voicechooser.h"

#include <QCoreApplication>
#include <QTextStream>

#include <csignal>
#include <unistd.h>

namespace
{
int runModule(const ModuleConfig &config)
{
    const VoiceCatalog catalog;
    if (!catalog.loadError().isEmpty())
        QTextStream(stderr) << "sd_tts_studio: " << catalog.loadError() << "\n";
    const VoiceChooser voices(catalog.systemVoices(), config.defaultVoice);
    LexiconSource lexicon(config.pronunciations ? config.dataDir : QString());
    UtterancePlanner planner(voices, lexicon);
    ModuleOutput output(STDOUT_FILENO);
    SpeechThread speech(output, planner);
    ModuleSession session(output, speech, voices);
    LineReader reader(STDIN_FILENO);
    QObject::connect(&reader, &LineReader::lineRead, &session, &ModuleSession::handleLine);
    QObject::connect(&reader, &LineReader::closed, qApp, [] { QCoreApplication::exit(0); });
    QObject::connect(&session, &ModuleSession::finished, qApp, [](int code) { QCoreApplication::exit(code); });
    const int code = QCoreApplication::exec();
    output.discard(); // what is being spoken ends at its next chunk
    return code;
}
}

int main(int argc, char *argv[])
{
    // First, while the process is small and has no threads: espeak-ng calls fork from it.
    EspeakCall::startZygote();
    // A Speech Dispatcher that went away is seen as the end of standard input.
    std::signal(SIGPIPE, SIG_IGN);
    QCoreApplication app(argc, argv);
    // The studio's names: its data dir, where the desktop user's pronunciations are.
    QCoreApplication::setApplicationName(QStringLiteral("tts-studio"));
    QCoreApplication::setOrganizationName(QStringLiteral("TTS Studio"));
    const ModuleConfig config = ModuleConfig::read(argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString());
    for (const QString &line : config.warnings)
        QTextStream(stderr) << "sd_tts_studio: ignored configuration line: " << line << "\n";
    const int code = runModule(config);
    EspeakCall::stopZygote();
    return code;
}
