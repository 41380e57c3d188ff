#include "keyspage.h"

#include "services.h"
#include "servercontrol.h"
#include "studiocontext.h"

#include <QClipboard>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace
{
QString displayTime(qint64 ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QStringLiteral("yyyy-MM-dd HH:mm"));
}
}

KeysPage::KeysPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
    buildUi();
    connect(&m_context, &StudioContext::accountChanged, this, [this] {
        m_status->clear();
        reload();
    });
    reload();
}

void KeysPage::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    m_hint->setTextFormat(Qt::RichText);
    layout->addWidget(m_hint);

    auto *createRow = new QHBoxLayout;
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("keyName"));
    m_name->setPlaceholderText(tr("Name for the new key, e.g. the program that will use it"));
    m_name->setMaxLength(100);
    m_name->setClearButtonEnabled(true);
    m_name->setAccessibleName(tr("New key name"));
    m_create = new QPushButton(tr("Create key"));
    m_create->setObjectName(QStringLiteral("createKey"));
    createRow->addWidget(m_name, 1);
    createRow->addWidget(m_create);
    layout->addLayout(createRow);

    m_table = new QTableWidget(0, ColumnCount);
    m_table->setObjectName(QStringLiteral("keysTable"));
    m_table->setHorizontalHeaderLabels({tr("Name"), tr("Key"), tr("Created"), tr("Status")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setVisible(false);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_table->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_table->setColumnWidth(Key, 130);
    m_table->setColumnWidth(Created, 150);
    m_table->setColumnWidth(State, 200);
    m_table->setAccessibleName(tr("API keys"));
    layout->addWidget(m_table, 1);

    auto *bottom = new QHBoxLayout;
    m_revoke = new QPushButton(tr("Revoke…"));
    m_revoke->setObjectName(QStringLiteral("revokeKey"));
    m_revoke->setToolTip(tr("The key stops working at once; this cannot be undone."));
    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bottom->addWidget(m_revoke);
    bottom->addWidget(m_status, 1);
    layout->addLayout(bottom);

    connect(m_name, &QLineEdit::textChanged, this, &KeysPage::updateButtons);
    connect(m_name, &QLineEdit::returnPressed, this, &KeysPage::createKey);
    connect(m_create, &QPushButton::clicked, this, &KeysPage::createKey);
    connect(m_revoke, &QPushButton::clicked, this, &KeysPage::revokeSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &KeysPage::updateButtons);
    updateButtons();
}

void KeysPage::showEvent(QShowEvent *event)
{
    // Keys can also be made or revoked from the command line, by another process.
    QWidget::showEvent(event);
    reload();
}

void KeysPage::reload()
{
    const qint64 account = m_context.accountId();
    if (account == 0) {
        m_hint->setText(tr("No account yet. Create one on the <b>Accounts &amp; credits</b> page, then give "
                           "programs API keys for it here."));
        fill({});
        return;
    }
    m_hint->setText(tr("Programs use the v3 API as this account by sending a key in the <tt>x-api-key</tt> header. "
                       "A key is shown once, when it is created; revoke any key you no longer trust."));
    KeyService *keys = &m_context.services().keys();
    m_context.run(this, [keys, account] { return keys->list(account); },
                  [this, account](const QList<ApiKeyRecord> &list) {
                      if (account == m_context.accountId())
                          fill(list);
                  });
}

void KeysPage::fill(const QList<ApiKeyRecord> &keys)
{
    const qint64 selected = selectedKeyId();
    m_table->setRowCount(0);
    m_table->setRowCount(int(keys.size()));
    const QColor dim = palette().color(QPalette::Disabled, QPalette::Text);
    for (int row = 0; row < keys.size(); ++row) {
        const ApiKeyRecord &k = keys.at(row);
        const bool revoked = k.revokedAt != 0;
        auto *name = new QTableWidgetItem(k.name);
        name->setData(kIdRole, k.id);
        auto *key = new QTableWidgetItem(QStringLiteral("tts_…%1").arg(k.last4));
        key->setData(kLast4Role, k.last4);
        key->setToolTip(tr("Only the last four characters of a key are kept."));
        auto *created = new QTableWidgetItem(displayTime(k.createdAt));
        auto *state = new QTableWidgetItem(revoked ? tr("Revoked %1").arg(displayTime(k.revokedAt)) : tr("Active"));
        state->setForeground(revoked ? QBrush(dim) : QBrush(QColor(0x1b, 0x7f, 0x3b)));
        state->setData(kRevokedRole, revoked);
        if (revoked)
            for (QTableWidgetItem *item : {name, key, created})
                item->setForeground(dim);
        m_table->setItem(row, Name, name);
        m_table->setItem(row, Key, key);
        m_table->setItem(row, Created, created);
        m_table->setItem(row, State, state);
    }
    // A key just created is selected; otherwise the selection stays where it was.
    if (m_selectAfterLoad && selectKey(m_selectAfterLoad))
        m_selectAfterLoad = 0;
    else if (selected)
        selectKey(selected);
    updateButtons();
    emit loaded();
}

bool KeysPage::selectKey(qint64 keyId)
{
    for (int row = 0; row < m_table->rowCount(); ++row)
        if (m_table->item(row, Name)->data(kIdRole).toLongLong() == keyId) {
            m_table->selectRow(row);
            return true;
        }
    return false;
}

qint64 KeysPage::selectedKeyId() const
{
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    return items.isEmpty() ? 0 : m_table->item(items.first()->row(), Name)->data(kIdRole).toLongLong();
}

void KeysPage::updateButtons()
{
    const bool account = m_context.accountId() != 0;
    m_name->setEnabled(account);
    m_create->setEnabled(account && !m_busy && !m_name->text().trimmed().isEmpty());
    const QList<QTableWidgetItem *> items = m_table->selectedItems();
    const QTableWidgetItem *state = items.isEmpty() ? nullptr : m_table->item(items.first()->row(), State);
    const bool active = state && !state->data(kRevokedRole).toBool();
    m_revoke->setEnabled(account && active);
}

void KeysPage::createKey()
{
    const qint64 account = m_context.accountId();
    const QString name = m_name->text().trimmed();
    if (account == 0 || name.isEmpty() || m_busy)
        return;
    m_busy = true;
    updateButtons();
    KeyService *keys = &m_context.services().keys();
    m_context.run(this, [keys, account, name] { return keys->create(account, name); },
                  [this](const Result<CreatedKey> &created) {
                      m_busy = false;
                      if (!created) {
                          m_status->setText(tr("The key was not created: %1").arg(created.error().detail));
                          updateButtons();
                          return;
                      }
                      m_name->clear();
                      m_status->setText(tr("Key “%1” created.").arg(created->record.name));
                      showNewKey(created->record.name, created->plaintext);
                      m_selectAfterLoad = created->record.id;
                      reload();
                      m_context.notifyDataChanged();
                  });
}

void KeysPage::showNewKey(const QString &name, const QString &plaintext)
{
    // Not exec(): the window keeps running (and tests are not blocked) while it is open.
    auto *dialog = new QDialog(this);
    dialog->setObjectName(QStringLiteral("newKeyDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("New API key “%1”").arg(name));
    dialog->setMinimumWidth(560);
    auto *layout = new QVBoxLayout(dialog);

    auto *warning = new QLabel(tr("<b>Copy this key now — it will not be shown again.</b><br>"
                                  "Only a hash and its last four characters are stored. If you lose it, "
                                  "revoke it and create a new one."));
    warning->setWordWrap(true);
    warning->setStyleSheet(QStringLiteral("background: #fff4d6; color: #5a4000; border: 1px solid #e0b84a; "
                                          "border-radius: 4px; padding: 8px;"));
    layout->addWidget(warning);

    auto *row = new QHBoxLayout;
    auto *value = new QLineEdit(plaintext);
    value->setObjectName(QStringLiteral("newKeyValue"));
    value->setReadOnly(true);
    value->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    value->setMinimumWidth(value->fontMetrics().horizontalAdvance(plaintext) + 16);
    value->setAccessibleName(tr("New API key"));
    auto *copy = new QPushButton(tr("Copy"));
    copy->setObjectName(QStringLiteral("copyKey"));
    row->addWidget(value, 1);
    row->addWidget(copy);
    layout->addLayout(row);

    QString usage = tr("Send it with every request as the header <tt>x-api-key: %1</tt>").arg(plaintext.toHtmlEscaped());
    if (ServerControl *server = m_context.server(); server && server->isRunning())
        usage += tr(", e.g. to <tt>%1/v3/voices</tt>").arg(server->baseUrl().toHtmlEscaped());
    auto *hint = new QLabel(usage + u'.');
    hint->setWordWrap(true);
    hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(hint);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->button(QDialogButtonBox::Close)->setText(tr("I have copied it"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(copy, &QPushButton::clicked, dialog, [value, copy] {
        QGuiApplication::clipboard()->setText(value->text());
        value->selectAll();
        copy->setText(tr("Copied"));
    });
    value->selectAll();
    dialog->open();
}

void KeysPage::revokeSelected()
{
    const qint64 keyId = selectedKeyId();
    if (keyId == 0)
        return;
    const int row = m_table->selectedItems().first()->row();
    const QString name = m_table->item(row, Name)->text();
    const QString last4 = m_table->item(row, Key)->data(kLast4Role).toString();
    const qint64 account = m_context.accountId();
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Revoke API key"),
                                tr("Revoke the key “%1” (ending in %2)?").arg(name, last4), QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("revokeKeyConfirm"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(tr("Programs using it are refused from their next request on. This cannot be undone."));
    QPushButton *confirm = box->addButton(tr("Revoke"), QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, confirm, account, keyId, name](QAbstractButton *clicked) {
        if (clicked == confirm)
            revoke(account, keyId, name);
    });
    box->open();
}

void KeysPage::revoke(qint64 account, qint64 keyId, const QString &name)
{
    KeyService *keys = &m_context.services().keys();
    m_context.run(this, [keys, account, keyId] { return keys->revoke(account, keyId); },
                  [this, name](const Result<bool> &done) {
                      m_status->setText(done ? tr("Key “%1” revoked: it no longer works.").arg(name)
                                             : tr("The key was not revoked: %1").arg(done.error().detail));
                      reload();
                      m_context.notifyDataChanged();
                  });
}
