#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class StudioContext;
struct ApiKeyRecord;

// The selected account's API keys: create one (shown once), list, revoke.
class KeysPage : public QWidget
{
    Q_OBJECT

public:
    enum Column { Name, Key, Created, State, ColumnCount };
    // Item data on the Name column: the key id; on the Key column: its last 4.
    static constexpr int kIdRole = Qt::UserRole + 1;
    static constexpr int kLast4Role = Qt::UserRole + 2;
    // On the State column: whether the key is revoked.
    static constexpr int kRevokedRole = Qt::UserRole + 3;

    explicit KeysPage(StudioContext &context, QWidget *parent = nullptr);

    // For tests and shortcuts.
    QLineEdit *nameEdit() const { return m_name; }
    QPushButton *createButton() const { return m_create; }
    QPushButton *revokeButton() const { return m_revoke; }
    QTableWidget *table() const { return m_table; }
    bool selectKey(qint64 keyId);

public slots:
    void createKey();
    // Asks first; the key stops working as soon as it is revoked.
    void revokeSelected();
    void reload();

signals:
    // After every reload of the list.
    void loaded();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    void fill(const QList<ApiKeyRecord> &keys);
    void showNewKey(const QString &name, const QString &plaintext);
    void revoke(qint64 accountId, qint64 keyId, const QString &name);
    void updateButtons();
    qint64 selectedKeyId() const;

    StudioContext &m_context;
    QLabel *m_hint = nullptr;
    QLineEdit *m_name = nullptr;
    QPushButton *m_create = nullptr;
    QTableWidget *m_table = nullptr;
    QPushButton *m_revoke = nullptr;
    QLabel *m_status = nullptr;
    qint64 m_selectAfterLoad = 0;
    bool m_busy = false;
};
