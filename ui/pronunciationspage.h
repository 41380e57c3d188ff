#pragma once

#include "lexicon.h"
#include "livestream.h"

#include <QWidget>

#include <memory>

class AudioPlayer;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class StudioContext;

// The selected account's pronunciation lexicon (docs/api.md "Pronunciation lexicons"):
// add, edit and delete entries, hear one in a sentence with a chosen voice (a real,
// billed preview), import and export W3C PLS files. Every change replaces the stored
// lexicon whole, as PUT /v3/lexicon does, so an invalid entry changes nothing.
class PronunciationsPage : public QWidget, private LiveStream::Sink
{
    Q_OBJECT

public:
    enum Column { Word, Alias, Phoneme, Language, MatchCase, ColumnCount };

    explicit PronunciationsPage(StudioContext &context, QWidget *parent = nullptr);
    ~PronunciationsPage() override;

    // For tests.
    QTableWidget *table() const { return m_table; }
    QLineEdit *graphemeEdit() const { return m_grapheme; }
    QLineEdit *aliasEdit() const { return m_alias; }
    QLineEdit *phonemeEdit() const { return m_phoneme; }
    QLineEdit *languageEdit() const { return m_language; }
    QCheckBox *caseBox() const { return m_caseSensitive; }
    QComboBox *voiceBox() const { return m_voice; }
    QLabel *statusLabel() const { return m_status; }
    const QList<LexiconEntry> &entries() const { return m_entries; }
    qint64 listenedSamples() const { return m_listenedSamples; }
    // The sentence ▶ speaks for a word.
    QString sentenceFor(const QString &grapheme) const;

public slots:
    void reload();
    void addEntry();
    void saveSelected();
    void deleteSelected();
    void listenSelected();
    // With a file name (tests): no dialog. Return whether a file was chosen; the file is
    // read or written off the GUI thread and saved() / exported() tell how it went.
    bool importPls(const QString &path = {});
    bool exportPls(const QString &path = {});

signals:
    // After every load or save of the lexicon (ok: it was stored).
    void saved(bool ok);
    // After an export was written (ok) or could not be.
    void exported(bool ok);
    void loaded();
    void listened(const QString &status);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    void fill();
    void store(const QList<LexiconEntry> &entries, const QString &done);
    LexiconEntry fromEditor() const;
    void showSelected();
    void updateButtons();
    void liveStarted(const Generation &generation) override;
    void liveAudio(const QByteArray &bytes) override;
    void liveEnded(const LiveStream::Outcome &outcome) override;

    StudioContext &m_context;
    QList<LexiconEntry> m_entries;
    QTableWidget *m_table = nullptr;
    QLineEdit *m_grapheme = nullptr;
    QLineEdit *m_alias = nullptr;
    QLineEdit *m_phoneme = nullptr;
    QLineEdit *m_language = nullptr;
    QCheckBox *m_caseSensitive = nullptr;
    QPushButton *m_add = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_listen = nullptr;
    QComboBox *m_voice = nullptr;
    QLabel *m_status = nullptr;
    AudioPlayer *m_player = nullptr;
    std::unique_ptr<LiveStream> m_live;
    qint64 m_listenedSamples = 0;
    bool m_busy = false;
};
