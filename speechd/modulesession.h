#pragma once

#include "speechsettings.h"
#include "utterance.h"

#include <QByteArray>
#include <QList>
#include <QObject>

class ModuleOutput;
class SpeechThread;
class VoiceChooser;

// Speech Dispatcher's module protocol, line by line, with the replies module_main.c and
// module_process.c give (docs/speech-dispatcher.md): INIT, AUDIO, SET, LOGLEVEL, DEBUG,
// LIST VOICES, SPEAK, CHAR, KEY, SOUND_ICON, STOP, PAUSE, QUIT. Blocks (settings and
// messages, ended by a line with a single dot) are gathered here; speaking is the
// speech thread's.
class ModuleSession : public QObject
{
    Q_OBJECT
public:
    // A block (a message, settings) of more bytes is refused: Speech Dispatcher sets no
    // limit, and a message of a hundred megabytes held hundreds in memory here while it
    // was read. A screen reader sends a sentence or a paragraph at a time.
    static constexpr qsizetype kMaxBlockBytes = 1024 * 1024;

    ModuleSession(ModuleOutput &output, SpeechThread &speech, const VoiceChooser &voices, QObject *parent = nullptr);

    void handleLine(const QByteArray &line);

signals:
    // The module is done: QUIT (0), or input that did not start with INIT (3).
    void finished(int exitCode);

private:
    enum class Block { None, Audio, Settings, LogLevel, Message };

    void command(const QByteArray &line);
    void init(const QByteArray &line);
    void startBlock(Block block, const QByteArray &reply);
    void addBlockLine(const QByteArray &line);
    void endBlock();
    // The settings lines gathered: each name=value given to set; the error line, or empty.
    QByteArray applySettings(const std::function<bool(const QString &, const QString &)> &set) const;
    void listVoices(const QByteArray &line);
    void speak();
    QString messageText() const;

    ModuleOutput &m_output;
    SpeechThread &m_speech;
    const VoiceChooser &m_voices;
    bool m_initialized = false;
    Block m_block = Block::None;
    MessageKind m_kind = MessageKind::Text;
    QList<QByteArray> m_lines;
    qsizetype m_blockBytes = 0; // of the block being read, its lines dropped once over kMaxBlockBytes
    SpeechSettings m_settings;
};
