#pragma once

#include "records.h"

#include <QList>
#include <QMainWindow>

#include <utility>

class AccountsPage;
class QAction;
class QMenu;
class PronunciationsPage;
class GeneratePage;
class HistoryPage;
class KeysPage;
class ProjectPage;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QStackedWidget;
class StudioContext;
class VoicesPage;

// The studio window: pages on the left, the selected account and the embedded
// server's state on top.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    enum Page { Generate, History, Voices, Pronunciations, Keys, Accounts, Projects };

    explicit MainWindow(StudioContext &context, QWidget *parent = nullptr);

    void showPage(Page page);
    GeneratePage *generatePage() const { return m_generate; }
    HistoryPage *historyPage() const { return m_history; }
    VoicesPage *voicesPage() const { return m_voices; }
    KeysPage *keysPage() const { return m_keys; }
    AccountsPage *accountsPage() const { return m_accounts; }
    PronunciationsPage *pronunciationsPage() const { return m_pronunciations; }
    ProjectPage *projectPage() const { return m_projects; }
    QComboBox *accountBox() const { return m_account; }
    // Settings ▸ "Bill the studio's own speech to an account" (StudioSettings::meterDesktop).
    QAction *meterAction() const { return m_meter; }
    QMenu *recentProjectsMenu() const { return m_recentMenu; }
    // The keyboard shortcuts the help lists: (keys, what they do).
    static QList<std::pair<QString, QString>> shortcutRows();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    // Item data of the account selector.
    static constexpr int kRolePlan = Qt::UserRole + 1;
    static constexpr int kRoleCredits = Qt::UserRole + 2;
    static constexpr int kRoleWallet = Qt::UserRole + 3;

    void reloadAccounts();
    void describeAccount(int index, const Account &account);
    void applySelectedAccount();
    void updateServerState();
    void editServerSettings();
    void buildMenus();
    void showShortcuts();
    void fillRecentProjects();
    void setMeterDesktop(bool on);
    void showMetering(bool meterDesktop);
    void showServerUrl();
    void openApiDocs();
    void showAbout();

    StudioContext &m_context;
    QListWidget *m_nav = nullptr;
    QStackedWidget *m_stack = nullptr;
    QComboBox *m_account = nullptr;
    QList<QAction *> m_accountActions; // the toolbar's account picker: shown where the studio meters
    QAction *m_meter = nullptr;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_serverLabel = nullptr;
    QPushButton *m_serverToggle = nullptr;
    GeneratePage *m_generate = nullptr;
    HistoryPage *m_history = nullptr;
    VoicesPage *m_voices = nullptr;
    KeysPage *m_keys = nullptr;
    AccountsPage *m_accounts = nullptr;
    PronunciationsPage *m_pronunciations = nullptr;
    ProjectPage *m_projects = nullptr;
    bool m_startAsked = false; // the account to start with was asked for (once)
};
