#include "historypage.h"

#include "audiodecoder.h"
#include "audioformat.h"
#include "audioplayer.h"
#include "services.h"
#include "historymodel.h"
#include "servercontrol.h"
#include "studiocontext.h"
#include "timestamps.h"

#include <QAction>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace
{
QString translate(const char *text)
{
    return QCoreApplication::translate("HistoryPage", text);
}

// Why a file cannot be played, in the studio's language.
QString problemText(const AudioDecoder::Decoded &audio)
{
    switch (audio.problem) {
    case AudioDecoder::Problem::None: return {};
    case AudioDecoder::Problem::Unreadable: return audio.detail;
    case AudioDecoder::Problem::NotWav: return translate("not a WAV file");
    case AudioDecoder::Problem::NotEngineWav: return translate("not 16-bit mono 24 kHz audio");
    case AudioDecoder::Problem::NotEngineRate: return translate("not 24 kHz audio");
    case AudioDecoder::Problem::NoAudio: return translate("no audio data in the file");
    case AudioDecoder::Problem::NoDecoder: return translate("no MP3 decoder");
    case AudioDecoder::Problem::Damaged: return translate("the MP3 data is damaged");
    }
    return {};
}

QString fileStamp(qint64 ms)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), QStringLiteral("yyyy-MM-dd HH:mm"));
}
}

HistoryPage::HistoryPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new HistoryModel(context, this))
    , m_player(new AudioPlayer(this))
{
    buildUi();
    connect(&m_context, &StudioContext::accountChanged, this, &HistoryPage::onAccountChanged);
    connect(m_player, &AudioPlayer::finished, this, [this] {
        updateActions();
        if (!m_player->unavailableReason().isEmpty())
            m_status->setText(m_player->unavailableReason());
    });
    if (ServerControl *server = m_context.server())
        connect(server, &ServerControl::stateChanged, this, &HistoryPage::updateActions);
    onAccountChanged(m_context.accountId());
}

HistoryPage::~HistoryPage()
{
    stopPlaying();
}

void HistoryPage::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *top = new QHBoxLayout;
    auto *filterLabel = new QLabel(tr("&Status:"));
    m_filter = new QComboBox;
    m_filter->setObjectName(QStringLiteral("historyStatusFilter"));
    m_filter->addItem(tr("All"), QString());
    for (const QString &s : {GenerationStatus::InQueue, GenerationStatus::Generating, GenerationStatus::Completed,
                             GenerationStatus::Failed, GenerationStatus::Expired})
        m_filter->addItem(s, s);
    filterLabel->setBuddy(m_filter);
    auto *refresh = new QPushButton(tr("Refresh"));
    refresh->setToolTip(tr("The list also updates by itself as generations progress."));
    top->addWidget(filterLabel);
    top->addWidget(m_filter);
    top->addStretch(1);
    top->addWidget(refresh);
    layout->addLayout(top);

    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    m_hint->setContentsMargins(0, 4, 0, 4);
    layout->addWidget(m_hint);

    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("historyTable"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 10);
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(HistoryModel::Voice, QHeaderView::Stretch);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_view->setColumnWidth(HistoryModel::Created, 160);
    m_view->setColumnWidth(HistoryModel::Status, 110);
    m_view->setColumnWidth(HistoryModel::Model, 90);
    m_view->setColumnWidth(HistoryModel::Tokens, 80);
    m_view->setColumnWidth(HistoryModel::Cost, 90);
    m_view->setColumnWidth(HistoryModel::Method, 90);
    m_view->setAccessibleName(tr("Generation history"));
    layout->addWidget(m_view, 1);

    m_details = new QLabel;
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMinimumHeight(m_details->fontMetrics().height() * 3);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_details);

    auto *buttons = new QHBoxLayout;
    m_play = new QPushButton(tr("Play"));
    m_play->setToolTip(tr("Play the selected generation (or double-click it)"));
    m_stop = new QPushButton(tr("Stop"));
    m_save = new QPushButton(tr("Save as…"));
    m_copyUrl = new QPushButton(tr("Copy audio URL"));
    m_copyUrl->setObjectName(QStringLiteral("copyAudioUrl"));
    for (QPushButton *b : {m_play, m_stop, m_save, m_copyUrl})
        buttons->addWidget(b);
    m_status = new QLabel;
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    buttons->addWidget(m_status, 1);
    layout->addLayout(buttons);

    // The same actions on the table's context menu, enabled like their buttons.
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    const auto offer = [this](QPushButton *button, void (HistoryPage::*slot)()) {
        connect(button, &QPushButton::clicked, this, slot);
        auto *action = new QAction(button->text(), m_view);
        connect(action, &QAction::triggered, this, slot);
        m_view->addAction(action);
        m_menuActions.emplace_back(button, action);
    };
    offer(m_play, &HistoryPage::playSelected);
    offer(m_save, &HistoryPage::saveSelectedAs);
    offer(m_copyUrl, &HistoryPage::copySelectedUrl);
    connect(m_stop, &QPushButton::clicked, this, &HistoryPage::stopPlaying);
    connect(refresh, &QPushButton::clicked, m_model, &HistoryModel::refresh);
    connect(m_filter, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setStatusFilter(m_filter->currentData().toString()); });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.data(HistoryModel::PlayableRole).toBool())
            playSelected();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QString id = selectedId();
        if (!id.isEmpty())
            m_selectedId = id;
        updateActions();
        updateDetails();
    });
    // A reset (the list changed shape) clears the selection; put it back by id.
    connect(m_model, &HistoryModel::modelAboutToBeReset, this, [this] {
        const QString keep = m_selectedId;
        QMetaObject::invokeMethod(this, [this, keep] {
            if (!keep.isEmpty())
                selectGeneration(keep);
        }, Qt::QueuedConnection);
    });
    connect(m_model, &HistoryModel::dataChanged, this, [this] {
        updateActions();
        updateDetails();
    });
    connect(m_model, &HistoryModel::loaded, this, [this] {
        if (m_context.accountId() == 0)
            m_hint->setText(tr("No account yet. Create one on the Accounts & credits page; its generations will be listed here."));
        else if (m_model->rowCount() == 0 && m_model->statusFilter().isEmpty())
            m_hint->setText(tr("No generations yet. Speak something on the Generate page or call the API; "
                               "generations appear here as they are queued and finish."));
        else if (m_model->rowCount() == 0)
            m_hint->setText(tr("No generations with status %1.").arg(m_model->statusFilter()));
        else
            m_hint->clear();
        m_hint->setVisible(!m_hint->text().isEmpty());
        updateActions();
        updateDetails();
    });
    updateActions();
}

void HistoryPage::onAccountChanged(qint64 accountId)
{
    stopPlaying();
    m_selectedId.clear();
    m_status->clear();
    m_model->setAccount(accountId);
}

bool HistoryPage::selectGeneration(const QString &id)
{
    const int row = m_model->rowOf(id);
    if (row < 0)
        return false;
    m_view->selectRow(row);
    m_view->setCurrentIndex(m_model->index(row, 0));
    return true;
}

QString HistoryPage::selectedId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    return rows.isEmpty() ? QString() : rows.first().data(HistoryModel::IdRole).toString();
}

int HistoryPage::selectedPlayableRow() const
{
    const int row = m_model->rowOf(selectedId());
    const HistoryModel::Row *r = m_model->rowAt(row);
    if (!r || !m_model->index(row, 0).data(HistoryModel::PlayableRole).toBool())
        return -1;
    // The lifetime may have ended since the last refresh; no audio actions then.
    return Timestamps::nowMs() < r->expiresAtMs ? row : -1;
}

QString HistoryPage::serverBaseUrl() const
{
    ServerControl *server = m_context.server();
    if (!server)
        return {};
    // A server listening on every interface is still reached locally by loopback.
    QUrl url(server->baseUrl());
    if (url.host() == QLatin1String("0.0.0.0"))
        url.setHost(QStringLiteral("127.0.0.1"));
    else if (url.host() == QLatin1String("::"))
        url.setHost(QStringLiteral("::1"));
    return url.toString(QUrl::StripTrailingSlash);
}

QString HistoryPage::selectedAudioUrl() const
{
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    const QString base = serverBaseUrl();
    if (!row || base.isEmpty())
        return {};
    return HistoryModel::audioUrl(base, row->generation, row->expiresAtMs, m_context.services().urlSigner());
}

void HistoryPage::updateActions()
{
    const bool playable = selectedPlayableRow() >= 0;
    const bool playing = m_player->isPlaying();
    m_play->setEnabled(playable);
    m_save->setEnabled(playable);
    m_stop->setEnabled(playing);
    ServerControl *server = m_context.server();
    m_copyUrl->setEnabled(playable && server);
    m_copyUrl->setToolTip(server ? tr("Copy a signed download link; it works without an API key until the generation expires.")
                                 : tr("No API server in this window, so there is no link to give."));
    for (const auto &[button, action] : m_menuActions)
        action->setEnabled(button->isEnabled());
}

void HistoryPage::updateDetails()
{
    const HistoryModel::Row *row = m_model->rowAt(m_model->rowOf(selectedId()));
    if (!row) {
        m_details->setText(m_model->rowCount() ? tr("Select a generation to see its text and play it.") : QString());
        return;
    }
    const Generation &g = row->generation;
    QString text = g.inputText.simplified();
    if (text.size() > 300)
        text = text.left(300) + QStringLiteral("…");
    QStringList parts;
    parts << tr("<b>%1</b> · %2 (%3) · %4 · speed %5 · %6")
                 .arg(g.id.toHtmlEscaped(), g.voiceName.toHtmlEscaped(), g.voiceId.toHtmlEscaped(),
                      g.languageCode.isEmpty() ? tr("voice language") : g.languageCode.toHtmlEscaped())
                 .arg(g.speed, 0, 'g', 3)
                 .arg(g.audioFormat.toUpper());
    if (!text.isEmpty())
        parts << QStringLiteral("“%1”").arg(text.toHtmlEscaped());
    if (g.status == GenerationStatus::Failed)
        parts << QStringLiteral("<span style='color:#b02020'>%1</span>")
                     .arg((g.errorMessage.isEmpty() ? tr("Generation failed") : g.errorMessage).toHtmlEscaped());
    else if (row->expired)
        parts << tr("Expired %1: the audio has been removed.").arg(fileStamp(row->expiresAtMs));
    else if (g.status == GenerationStatus::Completed)
        parts << tr("Audio available until %1.").arg(fileStamp(row->expiresAtMs));
    m_details->setText(parts.join(QStringLiteral("<br>")));
}

void HistoryPage::playSelected()
{
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    if (!row)
        return;
    stopPlaying();
    const QString path = row->generation.audioPath;
    const QString format = row->generation.audioFormat;
    const QString id = row->generation.id;
    m_status->setText(tr("Loading audio…"));
    // Reading and decoding a long file takes a moment: off the GUI thread.
    m_context.run(this, [path, format] { return AudioDecoder::decodeFile(path, format); },
                  [this, id](const AudioDecoder::Decoded &audio) {
        if (!audio.ok()) {
            m_status->setText(tr("Cannot play %1: %2").arg(id, problemText(audio)));
            return;
        }
        if (!m_player->start()) {
            m_status->setText(m_player->unavailableReason());
            return;
        }
        m_player->append(audio.float32);
        m_player->finishInput();
        m_status->setText(tr("Playing %1 (%2 s)")
                              .arg(id)
                              .arg(double(audio.float32.size()) / double(sizeof(float)) / AudioFormats::kSampleRate, 0, 'f', 1));
        updateActions();
    });
}

void HistoryPage::stopPlaying()
{
    m_player->stop();
    updateActions();
}

void HistoryPage::saveSelectedAs()
{
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    if (!row)
        return;
    const Generation *g = &row->generation;
    const QString source = g->audioPath;
    const QString ext = g->audioFormat;
    QSettings settings;
    const QString dir = settings.value(QStringLiteral("history/saveDir"), QDir::homePath()).toString();
    const QString filter = ext == QLatin1String("mp3") ? tr("MP3 audio (*.mp3)") : tr("WAV audio (*.wav)");
    QString target = QFileDialog::getSaveFileName(this, tr("Save audio"), QDir(dir).filePath(g->id + u'.' + ext), filter);
    if (target.isEmpty())
        return;
    if (QFileInfo(target).suffix().isEmpty())
        target += u'.' + ext;
    settings.setValue(QStringLiteral("history/saveDir"), QFileInfo(target).absolutePath());
    m_status->setText(tr("Saving…"));
    m_context.run(
        this,
        [source, target] {
            // The dialog already asked before overwriting.
            QFile::remove(target);
            QFile in(source);
            return in.copy(target) ? QString() : in.errorString();
        },
        [this, target](const QString &error) {
            m_status->setText(error.isEmpty() ? tr("Saved %1").arg(QDir::toNativeSeparators(target))
                                              : tr("Could not save %1: %2").arg(QDir::toNativeSeparators(target), error));
        });
}

void HistoryPage::copySelectedUrl()
{
    const QString url = selectedAudioUrl();
    if (url.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(url);
    const QString until = fileStamp(m_model->rowAt(selectedPlayableRow())->expiresAtMs);
    ServerControl *server = m_context.server();
    m_status->setText(server && server->isRunning()
                          ? tr("Link copied; it works without an API key until %1.").arg(until)
                          : tr("Link copied; it works once the API server runs, until %1.").arg(until));
}
