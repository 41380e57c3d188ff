#pragma once

#include <QWidget>

#include <utility>
#include <vector>

class AudioPlayer;
class HistoryModel;
class QAction;
class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class StudioContext;

// The selected account's generations, newest first and kept current, with the
// audio of finished ones to play, save or share as a signed link.
class HistoryPage : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryPage(StudioContext &context, QWidget *parent = nullptr);
    ~HistoryPage() override;

    // For tests and shortcuts.
    HistoryModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *statusFilterBox() const { return m_filter; }
    QPushButton *copyUrlButton() const { return m_copyUrl; }
    bool selectGeneration(const QString &id);
    QString selectedId() const;
    // The signed link of the selected generation, or empty when there is none to give.
    QString selectedAudioUrl() const;

public slots:
    void playSelected();
    void stopPlaying();
    void saveSelectedAs();
    void copySelectedUrl();

private:
    void buildUi();
    void onAccountChanged(qint64 accountId);
    void updateActions();
    void updateDetails();
    // The row of the selection when its audio can be played, saved or linked; else -1.
    int selectedPlayableRow() const;
    QString serverBaseUrl() const;

    StudioContext &m_context;
    HistoryModel *m_model = nullptr;
    QLabel *m_hint = nullptr;
    QComboBox *m_filter = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_play = nullptr;
    QPushButton *m_stop = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_copyUrl = nullptr;
    QLabel *m_status = nullptr;
    // Context-menu twins of the buttons above.
    std::vector<std::pair<QPushButton *, QAction *>> m_menuActions;
    AudioPlayer *m_player = nullptr;
    // Kept across model resets so a refresh does not lose the user's place.
    QString m_selectedId;
};
