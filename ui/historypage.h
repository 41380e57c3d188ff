#pragma once

#include "records.h"

#include <QTimer>
#include <QWidget>

#include <utility>
#include <vector>

class AudioPlayer;
class PlayerBar;
class HistoryModel;
class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class StudioContext;

// The selected account's generations, newest first and kept current: searched by text
// and voice, filtered by status and by source (studio, projects, API) — a project's
// render one row —, with the audio of finished ones to play, save (WAV or MP3) or share as a
// signed link, its captions to save when it has word timings, a generation to open
// again in Generate, and delete (with its audio).
class HistoryPage : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kSearchDelayMs = 250;

    explicit HistoryPage(StudioContext &context, QWidget *parent = nullptr);
    ~HistoryPage() override;

    // For tests and shortcuts.
    HistoryModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *statusFilterBox() const { return m_filter; }
    QComboBox *sourceFilterBox() const { return m_sourceFilter; }
    QLineEdit *searchBox() const { return m_search; }
    QCheckBox *previewsBox() const { return m_previews; }
    QPushButton *copyUrlButton() const { return m_copyUrl; }
    QPushButton *deleteButton() const { return m_delete; }
    QPushButton *openButton() const { return m_open; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *captionsButton() const { return m_captions; }
    QPushButton *playButton() const { return m_play; }
    QLabel *detailsLabel() const { return m_details; }
    QLabel *statusLabel() const { return m_status; }
    PlayerBar *playerBar() const { return m_playerBar; }
    bool selectGeneration(const QString &id);
    QString selectedId() const;
    // The signed link of the selected generation, or empty when there is none to give.
    QString selectedAudioUrl() const;

    // A file name for the audio of text: its first words in safe characters (letters
    // and digits of any script, joined by '-'), "speech" when none, plus .extension.
    static QString suggestedFileName(const QString &text, const QString &extension);

public slots:
    void playSelected();
    void stopPlaying();
    // Asks where (a file dialog offering WAV and MP3), then saves off the GUI thread.
    void saveSelectedAs();
    // For a generation made with word timings: asks where, then saves SubRip or WebVTT.
    void saveSelectedCaptions();
    void copySelectedUrl();
    void openSelectedInGenerate();
    // Asks for confirmation, then deletes the generation and its audio file.
    void deleteSelected();

signals:
    // "Open in Generate": the window shows Generate with this text and these settings.
    void openInGenerate(const Generation &generation);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void buildUi();
    void onAccountChanged(qint64 accountId);
    void updateActions();
    void updateDetails();
    void updateHint();
    void fitColumns();
    void togglePlaying();
    // The player shows the selected generation's audio, never the one selected before.
    void followSelection();
    void loadAudio(const Generation &g, bool play);
    // The status line; aboutPlayback: it speaks of the player's audio (cleared when
    // another generation is selected).
    void setStatus(const QString &text, bool aboutPlayback = false);
    void saveTo(const Generation &g, QString target, const QString &format);
    void removeGeneration(const QString &id, const QString &selectNext);
    // The row of the selection when its audio can be played, saved or linked; else -1.
    int selectedPlayableRow() const;
    const Generation *selectedGeneration() const;
    QString serverBaseUrl() const;

    StudioContext &m_context;
    HistoryModel *m_model = nullptr;
    QLabel *m_hint = nullptr;
    QLineEdit *m_search = nullptr;
    QTimer m_searchDelay;
    QComboBox *m_filter = nullptr;
    QComboBox *m_sourceFilter = nullptr;
    QCheckBox *m_previews = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_play = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_captions = nullptr;
    QPushButton *m_open = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_copyUrl = nullptr;
    QLabel *m_status = nullptr;
    bool m_statusIsPlayback = false; // the status line speaks of the player's audio
    // Context-menu twins of the buttons above.
    std::vector<std::pair<QPushButton *, QAction *>> m_menuActions;
    PlayerBar *m_playerBar = nullptr;
    AudioPlayer *m_player = nullptr; // m_playerBar's
    QString m_loadedId;              // the generation whose audio the player holds
    // Kept across model resets so a refresh does not lose the user's place.
    QString m_selectedId;
    // Selected once the list has been read again (the neighbour of a deleted row).
    QString m_selectAfterLoad;
};
