#include "saycommand.h"

#include "clicommands.h"
#include "audioencoder.h"
#include "captions.h"
#include "speechrequestcheck.h"
#include "synthesispipeline.h"
#include "synthesisplanner.h"
#include "voicecatalog.h"

#include <QCommandLineParser>
#include <QFile>
#include <QSaveFile>
#include <QTextStream>

#include <cstdio>

int runSayCommand(const QStringList &arguments)
{
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Speak TEXT into FILE without a server. TEXT '-' reads standard input."));
    parser.addHelpOption();
    parser.addPositionalArgument("say", "The say command.");
    parser.addPositionalArgument("text", "Text to speak, or - for standard input.");
    const QCommandLineOption voiceOpt("voice", "Voice id (see GET /v3/voices).", "id");
    const QCommandLineOption modelOpt("model", "base or advanced (default: base).", "model", "base");
    const QCommandLineOption langOpt("language", "Language code of the model.", "code");
    const QCommandLineOption speedOpt("speed", "0.5 to 2.0 (default 1.0).", "s", "1.0");
    const QCommandLineOption cfgOpt("cfg-weight", "advanced: 1.0 to 5.0 (default 2.5).", "w", "2.5");
    const QCommandLineOption exOpt("exaggeration", "advanced: 0.0 to 1.0 (default 0.5).", "x", "0.5");
    const QCommandLineOption formatOpt("format", "wav or mp3 (default: from the file name, else wav).", "fmt");
    const QCommandLineOption outOpt(QStringList{"o", "output"}, "Output file.", "file");
    const QCommandLineOption captionsOpt("captions", "Also write captions: SubRip (.srt) or WebVTT (.vtt).", "file");
    // Accepted like every command's, though one-shot synthesis needs no store.
    const QCommandLineOption dataDirOpt("data-dir", "Data directory (unused by say).", "dir");
    parser.addOptions({voiceOpt, modelOpt, langOpt, speedOpt, cfgOpt, exOpt, formatOpt, outOpt, captionsOpt, dataDirOpt});
    if (const auto exit = parseCommand(parser, arguments))
        return *exit;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2 || !parser.isSet(voiceOpt) || !parser.isSet(outOpt)) {
        err << "usage: tts-studio say TEXT --voice ID [--model M] [--language CODE] [--speed S] "
               "[--format wav|mp3] -o FILE [--captions FILE.srt|FILE.vtt]\n";
        return 2;
    }
    const QString captionsPath = parser.value(captionsOpt);
    const bool vtt = captionsPath.endsWith(QLatin1String(".vtt"), Qt::CaseInsensitive);
    if (parser.isSet(captionsOpt) && !vtt && !captionsPath.endsWith(QLatin1String(".srt"), Qt::CaseInsensitive)) {
        err << "error: --captions must name a .srt or .vtt file\n";
        return 2;
    }

    SpeechRequest request;
    request.text = pos.at(1);
    if (request.text == QLatin1String("-")) {
        QFile in;
        in.open(stdin, QIODevice::ReadOnly);
        request.text = QString::fromUtf8(in.readAll());
    }
    request.model = parser.value(modelOpt);
    request.languageCode = parser.value(langOpt);
    bool okSpeed = false, okCfg = false, okEx = false;
    request.speed = parser.value(speedOpt).toDouble(&okSpeed);
    request.cfgWeight = parser.value(cfgOpt).toDouble(&okCfg);
    request.exaggeration = parser.value(exOpt).toDouble(&okEx);
    if (!okSpeed || !okCfg || !okEx) {
        err << "error: --speed, --cfg-weight and --exaggeration take numbers\n";
        return 2;
    }
    const QString outPath = parser.value(outOpt);
    QString formatName = parser.value(formatOpt);
    if (formatName.isEmpty())
        formatName = outPath.endsWith(QLatin1String(".mp3"), Qt::CaseInsensitive) ? QStringLiteral("mp3") : QStringLiteral("wav");
    const auto format = AudioFormats::parse(formatName);
    if (!format) {
        err << "error: --format must be wav or mp3\n";
        return 2;
    }

    const VoiceCatalog catalog;
    const QString voiceId = parser.value(voiceOpt);
    const auto voice = catalog.find(voiceId);
    if (auto problem = SpeechRequestCheck::check(request, voiceId, voice ? &*voice : nullptr)) {
        err << "error: " << problem->detail << "\n";
        return 2;
    }
    const auto params = SynthesisPlanner::plan(*voice, request);
    if (!params) {
        err << "error: cannot plan synthesis\n";
        return 1;
    }

    // Write beside the target and rename, so a failure never leaves a partial file.
    const QString tmpPath = outPath + QStringLiteral(".part");
    auto encoder = AudioEncoder::create(*format);
    if (QString e = encoder->open(tmpPath); !e.isEmpty()) {
        err << "error: " << e << "\n";
        return 1;
    }
    SynthesisPipeline pipeline;
    QString encodeError;
    qint64 samples = 0;
    QList<WordTiming> words;
    SynthesisPipeline::WordSink wordSink;
    if (!captionsPath.isEmpty())
        wordSink = [&words](const QList<WordTiming> &w) {
            words += w;
            return true;
        };
    QString e = pipeline.run(*params, [&](const float *data, qsizetype n) {
        samples += n;
        encodeError = encoder->write(data, n);
        return encodeError.isEmpty();
    }, nullptr, wordSink);
    if (e.isEmpty())
        e = encodeError;
    if (e.isEmpty())
        e = encoder->finish();
    if (e.isEmpty() && !captionsPath.isEmpty()) {
        const QList<Captions::Cue> cues = Captions::cues(request.text, words);
        QSaveFile file(captionsPath);
        if (!file.open(QIODevice::WriteOnly) || file.write((vtt ? Captions::vtt(cues) : Captions::srt(cues)).toUtf8()) < 0
            || !file.commit())
            e = QStringLiteral("cannot write %1: %2").arg(captionsPath, file.errorString());
    }
    if (e.isEmpty()) {
        QFile::remove(outPath);
        if (!QFile::rename(tmpPath, outPath))
            e = QStringLiteral("cannot write %1").arg(outPath);
    }
    if (!e.isEmpty()) {
        QFile::remove(tmpPath);
        err << "error: " << e << "\n";
        return 1;
    }
    QTextStream(stdout) << QString::asprintf("%s: %.2f s of audio\n", qPrintable(outPath), double(samples) / AudioFormats::kSampleRate);
    return 0;
}
