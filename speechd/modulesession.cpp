#include "modulesession.h"

#include "moduleoutput.h"
#include "speechthread.h"
#include "voicechooser.h"

#include <QTextStream>

namespace
{
const QByteArray kBadSyntax = QByteArrayLiteral("302 ERROR BAD SYNTAX\n");
const QByteArray kBadParam = QByteArrayLiteral("303 ERROR INVALID PARAMETER OR VALUE\n");
const QByteArray kCantSpeak = QByteArrayLiteral("301 ERROR CANT SPEAK\n");

// Whether a voice's language is the one asked for: the tag itself, or its language
// without the region ("en" lists en-US and en-GB), as module_process.c filters.
bool languageMatches(const QString &wanted, const QString &language)
{
    if (wanted.compare(language, Qt::CaseInsensitive) == 0)
        return true;
    return wanted.compare(language.section(u'-', 0, 0), Qt::CaseInsensitive) == 0;
}
}

ModuleSession::ModuleSession(ModuleOutput &output, SpeechThread &speech, const VoiceChooser &voices, QObject *parent)
    : QObject(parent)
    , m_output(output)
    , m_speech(speech)
    , m_voices(voices)
{
}

void ModuleSession::handleLine(const QByteArray &line)
{
    if (!m_initialized)
        return init(line);
    if (m_block == Block::None)
        return command(line);
    if (line == ".")
        return endBlock();
    addBlockLine(line);
}

void ModuleSession::addBlockLine(const QByteArray &line)
{
    m_blockBytes += line.size() + 1;
    if (m_blockBytes > kMaxBlockBytes) {
        m_lines.clear(); // refused at its end; nothing of it is kept meanwhile
        return;
    }
    // A line of a message that starts with a dot was sent with one more (dot-stuffing).
    m_lines.append(m_block == Block::Message && line.startsWith('.') ? line.mid(1) : line);
}

void ModuleSession::init(const QByteArray &line)
{
    if (line != "INIT") {
        QTextStream(stderr) << "sd_tts_studio: Speech Dispatcher did not start with INIT\n";
        emit finished(3);
        return;
    }
    const qsizetype voices = m_voices.listing().size();
    if (voices == 0) {
        m_output.reply("399-no voices in the catalog\n399 ERR CANT INIT MODULE\n");
        emit finished(1);
        return;
    }
    m_initialized = true;
    m_output.reply("299-TTS Studio " + QByteArray(TTS_STUDIO_VERSION) + ": " + QByteArray::number(voices)
                   + " voices\n299 OK LOADED SUCCESSFULLY\n");
}

void ModuleSession::command(const QByteArray &line)
{
    static const QHash<QByteArray, MessageKind> messages{{"SPEAK", MessageKind::Text},
                                                         {"CHAR", MessageKind::Char},
                                                         {"KEY", MessageKind::Key},
                                                         {"SOUND_ICON", MessageKind::SoundIcon}};
    if (const auto it = messages.constFind(line); it != messages.constEnd()) {
        m_kind = *it;
        startBlock(Block::Message, "202 OK RECEIVING MESSAGE\n");
    } else if (line == "STOP") {
        m_output.stop();
    } else if (line == "PAUSE") {
        m_speech.pause();
    } else if (line.startsWith("LIST VOICES")) {
        listVoices(line);
    } else if (line == "SET") {
        startBlock(Block::Settings, "203 OK RECEIVING SETTINGS\n");
    } else if (line == "AUDIO") {
        startBlock(Block::Audio, "207 OK RECEIVING AUDIO SETTINGS\n");
    } else if (line == "LOGLEVEL") {
        startBlock(Block::LogLevel, "207 OK RECEIVING LOGLEVEL SETTINGS\n");
    } else if (line == "DEBUG OFF" || (line.startsWith("DEBUG ON ") && line.size() > 9)) {
        // Logs go to standard error, which Speech Dispatcher keeps; no file of our own.
        m_output.reply("200 OK DEBUGGING " + line.split(' ').at(1) + "\n");
    } else if (line.startsWith("DEBUG")) {
        m_output.reply(kBadSyntax);
    } else if (line == "QUIT") {
        m_output.discard();
        m_output.reply("210 OK QUIT\n");
        emit finished(0);
    } else {
        m_output.reply("300 ERR UNKNOWN COMMAND\n");
    }
}

void ModuleSession::startBlock(Block block, const QByteArray &reply)
{
    m_block = block;
    m_lines.clear();
    m_blockBytes = 0;
    m_output.reply(reply);
}

QByteArray ModuleSession::applySettings(const std::function<bool(const QString &, const QString &)> &set) const
{
    QByteArray error;
    for (const QByteArray &line : m_lines) {
        const qsizetype eq = line.indexOf('=');
        if (eq <= 0 || eq + 1 >= line.size()) {
            error = kBadSyntax;
            continue;
        }
        if (!set(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1))))
            error = kBadParam;
    }
    return error;
}

void ModuleSession::endBlock()
{
    const Block block = std::exchange(m_block, Block::None);
    if (m_blockBytes > kMaxBlockBytes) {
        QTextStream(stderr) << "sd_tts_studio: a block of " << m_blockBytes << " bytes refused (at most "
                            << kMaxBlockBytes << ")\n";
        return m_output.reply(block == Block::Message ? kCantSpeak : kBadSyntax);
    }
    QByteArray error;
    switch (block) {
    case Block::Message:
        return speak();
    case Block::Settings:
        error = applySettings([this](const QString &k, const QString &v) { return m_settings.set(k, v); });
        return m_output.reply(error.isEmpty() ? QByteArray("203 OK SETTINGS RECEIVED\n") : error);
    case Block::Audio:
        // The audio goes to Speech Dispatcher, which plays it: the one method there is.
        error = applySettings([](const QString &k, const QString &v) {
            return k == QLatin1String("audio_output_method") && v == QLatin1String("server");
        });
        return m_output.reply(error.isEmpty() ? QByteArray("203 OK AUDIO INITIALIZED\n") : error);
    case Block::LogLevel:
        error = applySettings([](const QString &, const QString &) { return true; });
        return m_output.reply(error.isEmpty() ? QByteArray("203 OK LOGLEVEL SET\n") : error);
    case Block::None:
        break;
    }
}

void ModuleSession::listVoices(const QByteArray &line)
{
    const QList<QByteArray> words = line.simplified().split(' ');
    const QString language = words.size() > 2 ? QString::fromUtf8(words.at(2)) : QString();
    const QString variant = words.size() > 3 ? QString::fromUtf8(words.at(3)) : QString();
    QByteArray out;
    for (const VoiceListing &v : m_voices.listing()) {
        if (!language.isEmpty() && !languageMatches(language, v.language))
            continue;
        if (!language.isEmpty() && !variant.isEmpty() && variant.compare(v.variant, Qt::CaseInsensitive) != 0)
            continue;
        out += "200-" + v.name.toUtf8() + '\t' + v.language.toUtf8() + '\t' + v.variant.toUtf8() + '\n';
    }
    m_output.reply(out.isEmpty() ? QByteArray("304 CANT LIST VOICES\n") : out + "200 OK VOICE LIST SENT\n");
}

QString ModuleSession::messageText() const
{
    QByteArray text;
    for (const QByteArray &line : m_lines)
        text += line + '\n';
    text.chop(1);
    return QString::fromUtf8(text);
}

void ModuleSession::speak()
{
    QString text = messageText();
    if (text.isEmpty())
        return m_output.reply(kCantSpeak);
    if (m_kind != MessageKind::Text && m_lines.size() > 1)
        return m_output.reply("305 DATA MORE THAN ONE LINE\n");
    if ((m_kind == MessageKind::Char || m_kind == MessageKind::Key) && text == QLatin1String("space"))
        text = QStringLiteral(" ");
    // The rest of the planning, which grows with the text, is the speech thread's.
    if (m_kind != MessageKind::SoundIcon && !m_voices.choose(m_settings))
        return m_output.reply(kCantSpeak);
    const quint64 id = m_output.open();
    m_output.reply("200 OK SPEAKING\n");
    m_speech.speak(id, Message{m_kind, text, m_settings});
}
