#pragma once

#include "livestream.h"
#include "sentencespans.h"
#include "records.h"
#include "voice.h"

#include <QElapsedTimer>
#include <QHash>
#include <QPointer>
#include <QTimer>
#include <QWidget>

#include <functional>
#include <memory>

class AudioPlayer;
class PlayerBar;
class SsmlHighlighter;

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTextCursor;
class QStandardItemModel;
class StudioContext;
class StudioSettings;

// Write, generate and hear it stream: the studio's main page.
class GeneratePage : public QWidget, private LiveStream::Sink
{
    Q_OBJECT

public:
    explicit GeneratePage(StudioContext &context, QWidget *parent = nullptr);
    ~GeneratePage() override;

    // For tests and shortcuts.
    QPlainTextEdit *editor() const { return m_text; }
    SsmlHighlighter *ssmlHighlighter() const { return m_highlighter; }
    QComboBox *voiceBox() const { return m_voice; }
    QComboBox *modelBox() const { return m_model; }
    QPushButton *stopButton() const { return m_stop; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *captionsButton() const { return m_captions; }
    QPushButton *pasteButton() const { return m_paste; }
    QLabel *statusLabel() const { return m_status; }
    // The line under the editor: characters, and where the studio meters, tokens and price.
    QLabel *estimateLabel() const { return m_count; }
    PlayerBar *playerBar() const { return m_playerBar; }
    QProgressBar *progressBar() const { return m_progress; }
    // The sentence marked in the editor while it is heard; -1 when none.
    int highlightedSentence() const { return m_highlighted; }
    // The word marked inside it while it is heard (an index into wordTimings()), -1 when
    // none; and where that word lies in the editor's text.
    int highlightedWord() const { return m_highlightedWord; }
    SentenceSpans::Span highlightedWordSpan() const;
    // The word timings of the audio in the player (the studio asks for them).
    const QList<WordTiming> &wordTimings() const { return m_words; }
    const Generation &lastGeneration() const { return m_generation; }
    QString lastGenerationId() const { return m_generation.id; }
    QString lastStatus() const { return m_generation.status; }
    bool isSpeaking() const { return m_live != nullptr; }
    // A Speak pressed before the account, the settings or the voices were there.
    bool isSpeakPending() const { return m_speakPending; }
    // Why Speak cannot be pressed now (no voice selected); empty when it can.
    QString speakBlockedReason() const;
    QLabel *speakReasonLabel() const { return m_speakReason; }
    QPushButton *speakButton() const { return m_speak; }
    // The samples of audio in the player from the last Speak (after a stop: those kept).
    qint64 streamedSamples() const { return m_streamedSamples; }
    // Reads the file off the GUI thread into the editor; textFileLoaded() tells how it went.
    bool loadTextFile(const QString &path);
    // History's "Open in Generate": this text and these settings (model, voice,
    // language, speed, CFG, exaggeration, format), ready to speak again; its audio (and
    // its word timings, when it has them) in the player, to hear without generating again.
    void openGeneration(const Generation &g);

public slots:
    void speak();
    void stopSpeaking();
    void saveAs();
    // Asks where, then saves the captions (SubRip or WebVTT) of the generation in the player.
    void exportCaptions();
    void openTextFile();
    // Replaces the text with the clipboard's (one undo step brings the old text back).
    void pasteClipboard();

signals:
    void generationFinished(const QString &id, const QString &status);
    void textFileLoaded(bool ok);
    // Save as… wrote the speech to path (ok), or could not.
    void speechSaved(const QString &path, bool ok);

private:
    void buildUi();
    void reloadVoices();
    void fillLanguages();
    void updateEstimate();
    void updateModelControls();
    void setBusy(bool busy);
    void liveStarted(const Generation &g) override;
    void liveAudio(const QByteArray &samples) override;
    void liveSentence(int index, qint64 startSample) override;
    void liveWords(const QList<WordTiming> &words) override;
    // Marks the sentence and the word whose audio holds the position.
    void highlightAt(qint64 us);
    // The marks follow text; no marks once it is edited.
    void resetMarks(const QString &text);
    void keepVisible(const QTextCursor &word);
    void loadAudioOf(const Generation &g);
    void updateFileActions();
    void saveTo(const QString &path);
    void liveEnded(const LiveStream::Outcome &outcome) override;
    void onCompleted(const Generation &g);
    void onStopped(const Generation &g, qint64 keptSamples);
    void onFailed(const QString &message);
    bool readyToSpeak() const;
    void speakIfPending();
    void cancelPendingSpeak(const QString &why);
    // The request the controls make now.
    CreateGeneration currentRequest() const;
    void startSpeaking(const CreateGeneration &req);
    void updateSpeakState();
    QString selectedVoiceId() const;
    void loadSettings();
    void saveDraft();
    void rememberVoice();
    // Writes to the data dir's StudioSettings off the GUI thread.
    void remember(const std::function<void(StudioSettings &)> &write);


    StudioContext &m_context;
    QPlainTextEdit *m_text = nullptr;
    SsmlHighlighter *m_highlighter = nullptr; // owned by the editor's document
    QLabel *m_count = nullptr;
    QComboBox *m_model = nullptr;
    QLineEdit *m_voiceFilter = nullptr;
    QComboBox *m_voice = nullptr;
    QStandardItemModel *m_voiceModel = nullptr;
    QSortFilterProxyModel *m_voiceProxy = nullptr;
    QComboBox *m_language = nullptr;
    QDoubleSpinBox *m_speed = nullptr;
    QDoubleSpinBox *m_cfg = nullptr;
    QDoubleSpinBox *m_exaggeration = nullptr;
    QComboBox *m_format = nullptr;
    QPushButton *m_speak = nullptr;
    QPushButton *m_stop = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_captions = nullptr;
    QPushButton *m_paste = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_speakReason = nullptr; // why Speak is disabled, beside it
    QLabel *m_audioNotice = nullptr;
    QPushButton *m_accountsLink = nullptr; // shown when the balance does not cover the text
    PlayerBar *m_playerBar = nullptr;
    AudioPlayer *m_player = nullptr; // m_playerBar's
    // Where the spoken text's sentences are, and the sample each starts at (-1 until
    // the stream says): the editor marks the one being heard.
    QList<SentenceSpans::Span> m_spans;
    QList<qint64> m_sentenceStarts;
    int m_highlighted = -1;
    // Each word's place in the audio and in the text (with timings), and the one marked.
    QString m_markedText;
    QList<WordTiming> m_words;
    QList<SentenceSpans::Span> m_wordSpans;
    int m_highlightedWord = -1;
    int m_loads = 0; // bumped by each Speak and Open: a late read of older audio is dropped
    std::unique_ptr<LiveStream> m_live; // while speaking
    Generation m_generation;
    QElapsedTimer m_sinceSpeak;
    qint64 m_streamedSamples = 0;
    double m_expectedSeconds = 1;
    bool m_firstAudio = false;
    bool m_speakPending = false; // Speak came before the account or the voices were there
    CreateGeneration m_pendingRequest; // what the controls said when it was pressed
    bool m_stopping = false;     // Stop asked; the kept part is being finished
    QString m_saveWhenDone;      // Save as… while it spoke: where, once it is made
    // The model and voices last used with this data dir (StudioSettings), once read.
    QHash<QString, QString> m_savedVoice;
    bool m_settingsLoaded = false;
    QTimer m_draftTimer; // the draft is written once typing pauses
    bool m_fillingVoices = false;
    QString m_voicesModel; // the model whose voices the list shows
};
