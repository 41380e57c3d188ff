#include "historypage.h"

#include "audiodecoder.h"
#include "audioexport.h"
#include "audioformat.h"
#include "audioplayer.h"
#include "captionsdialog.h"
#include "captiontext.h"
#include "playerbar.h"
#include "services.h"
#include "generationservice.h"
#include "historymodel.h"
#include "pricing.h"
#include "servercontrol.h"
#include "studiocontext.h"
#include "studiolabels.h"
#include "timestamps.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace
{
// Why a file cannot be played or saved, in the studio's language.
QString problemText(AudioDecoder::Problem problem, const QString &detail)
{
    switch (problem) {
    case AudioDecoder::Problem::None:
    case AudioDecoder::Problem::Unreadable:
        return detail;
    case AudioDecoder::Problem::NotWav:
        return QCoreApplication::translate("HistoryPage", "not a WAV file");
    case AudioDecoder::Problem::NotEngineWav:
        return QCoreApplication::translate("HistoryPage", "not 16-bit mono 24 kHz audio");
    case AudioDecoder::Problem::NotEngineRate:
        return QCoreApplication::translate("HistoryPage", "not 24 kHz audio");
    case AudioDecoder::Problem::NoAudio:
        return QCoreApplication::translate("HistoryPage", "no audio data in the file");
    case AudioDecoder::Problem::NoDecoder:
        return QCoreApplication::translate("HistoryPage", "no MP3 decoder");
    case AudioDecoder::Problem::Damaged:
        return QCoreApplication::translate("HistoryPage", "the MP3 data is damaged");
    }
    return {};
}

bool unfinished(const Generation &g)
{
    return g.status == GenerationStatus::InQueue || g.status == GenerationStatus::Generating;
}

QString quoted(const QString &text)
{
    return QCoreApplication::translate("HistoryPage", "“%1”").arg(text);
}

// Below this width of the table, the columns the detail line repeats are hidden, so
// the text keeps room without horizontal scrolling (an 800×600 window).
constexpr int kNarrowTableWidth = 820;
constexpr int kMaxFileNameWords = 6;
constexpr int kMaxFileNameChars = 40;
}

HistoryPage::HistoryPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_model(new HistoryModel(context, this))
{
    buildUi();
    connect(&m_context, &StudioContext::accountChanged, this, &HistoryPage::onAccountChanged);
    connect(m_player, &AudioPlayer::stateChanged, this, &HistoryPage::updateActions);
    connect(m_player, &AudioPlayer::finished, this, [this] {
        updateActions();
        if (!m_player->unavailableReason().isEmpty())
            setStatus(m_player->unavailableReason(), true);
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
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("historySearch"));
    m_search->setPlaceholderText(tr("Search text or voice…"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search the history"));
    auto *filterLabel = new QLabel(tr("&Status:"));
    m_filter = new QComboBox;
    m_filter->setObjectName(QStringLiteral("historyStatusFilter"));
    m_filter->addItem(tr("All"), QString());
    for (const QString &s : {GenerationStatus::InQueue, GenerationStatus::Generating, GenerationStatus::Completed,
                             GenerationStatus::Failed, GenerationStatus::Expired})
        m_filter->addItem(StudioLabels::status(s), s);
    filterLabel->setBuddy(m_filter);
    // Without a label of its own ("All sources" says what it filters): the row fits 800 px in German.
    m_sourceFilter = new QComboBox;
    m_sourceFilter->setObjectName(QStringLiteral("historySourceFilter"));
    m_sourceFilter->setToolTip(tr("Who made it: this studio's Generate page, a project's render, or a program through the API"));
    m_sourceFilter->setAccessibleName(tr("Source"));
    m_sourceFilter->addItem(tr("All sources"), int(HistoryFilter::Source::All));
    m_sourceFilter->addItem(tr("Studio"), int(HistoryFilter::Source::Studio));
    m_sourceFilter->addItem(tr("Projects"), int(HistoryFilter::Source::Project));
    m_sourceFilter->addItem(tr("API"), int(HistoryFilter::Source::Api));
    m_previews = new QCheckBox(tr("Voice previews"));
    m_previews->setObjectName(QStringLiteral("historyShowPreviews"));
    m_previews->setToolTip(tr("Also list the samples played on the Voices page."));
    auto *refresh = new QPushButton(tr("Refresh"));
    refresh->setToolTip(tr("The list also updates by itself as generations progress."));
    top->addWidget(m_search, 1);
    top->addWidget(filterLabel);
    top->addWidget(m_filter);
    top->addWidget(m_sourceFilter);
    top->addWidget(m_previews);
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
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->verticalHeader()->setVisible(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 10);
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(HistoryModel::Text, QHeaderView::Stretch);
    header->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    header->setMinimumSectionSize(40);
    // The short columns take what they show in this language ("Fertig", "Completed"),
    // the date its local format; the text gets the rest.
    for (int column : {HistoryModel::Source, HistoryModel::Duration, HistoryModel::Status, HistoryModel::Voice,
                       HistoryModel::Model, HistoryModel::Tokens, HistoryModel::Cost, HistoryModel::Method})
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_view->setColumnWidth(HistoryModel::Created,
                           m_view->fontMetrics().horizontalAdvance(StudioLabels::dateTime(Timestamps::nowMs())) + 16);
    m_view->setAccessibleName(tr("Generation history"));
    layout->addWidget(m_view, 1);

    m_details = new QLabel;
    m_details->setObjectName(QStringLiteral("historyDetails"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMinimumHeight(m_details->fontMetrics().height() * 3);
    m_details->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_details);

    m_playerBar = new PlayerBar;
    m_player = m_playerBar->player();
    m_playerBar->setPlaceholder(tr("Select a generation and press Play to hear it here."));
    m_playerBar->setPlayHandledByPage(true);
    connect(m_playerBar, &PlayerBar::playClicked, this, &HistoryPage::togglePlaying);
    layout->addWidget(m_playerBar);

    auto *buttons = new QHBoxLayout;
    m_play = new QPushButton(tr("Play"));
    m_play->setObjectName(QStringLiteral("historyPlay"));
    m_play->setToolTip(tr("Play the selected generation (or double-click it)"));
    m_save = new QPushButton(tr("Save as…"));
    m_save->setToolTip(tr("Save the audio as WAV or MP3"));
    m_captions = new QPushButton(tr("Save captions…"));
    m_captions->setObjectName(QStringLiteral("historySaveCaptions"));
    m_open = new QPushButton(tr("Open in Generate"));
    m_open->setToolTip(tr("Put this text and its settings on the Generate page"));
    m_delete = new QPushButton(tr("Delete…"));
    m_delete->setToolTip(tr("Delete the generation and its audio file (Del)"));
    m_copyUrl = new QPushButton(tr("Copy audio URL"));
    m_copyUrl->setObjectName(QStringLiteral("copyAudioUrl"));
    // The player's own button plays the selection; this one stays for the context menu
    // (and Enter on the table) and is not shown twice.
    m_play->setParent(this);
    m_play->setVisible(false);
    for (QPushButton *b : {m_save, m_captions, m_open, m_delete})
        buttons->addWidget(b);
    buttons->addStretch(1);
    buttons->addWidget(m_copyUrl);
    layout->addLayout(buttons);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("historyStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    // The same actions on the table's context menu, enabled like their buttons.
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    const auto offer = [this](QPushButton *button, void (HistoryPage::*slot)(), const QKeySequence &key = {}) {
        connect(button, &QPushButton::clicked, this, slot);
        auto *action = new QAction(button->text(), m_view);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_view->addAction(action);
        m_menuActions.emplace_back(button, action);
    };
    offer(m_play, &HistoryPage::togglePlaying);
    offer(m_save, &HistoryPage::saveSelectedAs, QKeySequence::Save);
    offer(m_captions, &HistoryPage::saveSelectedCaptions);
    offer(m_open, &HistoryPage::openSelectedInGenerate);
    offer(m_copyUrl, &HistoryPage::copySelectedUrl);
    offer(m_delete, &HistoryPage::deleteSelected, QKeySequence::Delete);
    connect(refresh, &QPushButton::clicked, m_model, &HistoryModel::refresh);
    connect(m_filter, &QComboBox::currentIndexChanged, this,
            [this] { m_model->setStatusFilter(m_filter->currentData().toString()); });
    connect(m_previews, &QCheckBox::toggled, m_model, &HistoryModel::setIncludePreviews);
    connect(m_sourceFilter, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setSourceFilter(HistoryFilter::Source(m_sourceFilter->currentData().toInt()));
    });
    // One store read per pause in typing, not one per key.
    m_searchDelay.setSingleShot(true);
    m_searchDelay.setInterval(kSearchDelayMs);
    connect(m_search, &QLineEdit::textChanged, &m_searchDelay, qOverload<>(&QTimer::start));
    connect(&m_searchDelay, &QTimer::timeout, this, [this] { m_model->setSearch(m_search->text()); });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchDelay.stop();
        m_model->setSearch(m_search->text());
    });
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.data(HistoryModel::PlayableRole).toBool())
            playSelected();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const QString id = selectedId();
        if (!id.isEmpty())
            m_selectedId = id;
        followSelection();
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
        if (!m_selectAfterLoad.isEmpty()) {
            selectGeneration(std::exchange(m_selectAfterLoad, QString()));
        }
        updateHint();
        updateActions();
        updateDetails();
    });
    updateActions();
}

void HistoryPage::updateHint()
{
    if (m_context.accountId() == 0)
        m_hint->setText(tr("No account yet. Create one on the Accounts & credits page; its generations will be listed here."));
    else if (m_model->rowCount() > 0)
        m_hint->clear();
    else if (!m_model->search().isEmpty())
        m_hint->setText(tr("No generations match %1.").arg(quoted(m_model->search())));
    else if (m_model->sourceFilter() != HistoryFilter::Source::All)
        m_hint->setText(tr("Nothing from this source yet."));
    else if (!m_model->statusFilter().isEmpty())
        m_hint->setText(tr("No generations with status %1.").arg(StudioLabels::status(m_model->statusFilter())));
    else
        m_hint->setText(tr("No generations yet. Speak something on the Generate page or call the API; "
                           "generations appear here as they are queued and finish."));
    m_hint->setVisible(!m_hint->text().isEmpty());
}

void HistoryPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

void HistoryPage::fitColumns()
{
    // Model, tokens and payment are in the detail line as well: a narrow window gives
    // their room to the text.
    const bool narrow = m_view->width() < kNarrowTableWidth;
    for (int column : {HistoryModel::Model, HistoryModel::Tokens, HistoryModel::Method})
        m_view->setColumnHidden(column, narrow);
}

void HistoryPage::onAccountChanged(qint64 accountId)
{
    m_playerBar->clear(); // another account's audio is not this one's to hear
    m_loadedId.clear();
    stopPlaying();
    m_selectedId.clear();
    m_selectAfterLoad.clear();
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

const Generation *HistoryPage::selectedGeneration() const
{
    const HistoryModel::Row *row = m_model->rowAt(m_model->rowOf(selectedId()));
    return row ? &row->generation : nullptr;
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
    const Generation *g = selectedGeneration();
    const bool playing = m_player->isPlaying() && g && g->id == m_loadedId;
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setEnabled(playing || playable);
    m_playerBar->setPlayEnabled(playing || playable);
    m_save->setEnabled(playable);
    // Only generations made with word timings have captions (the studio's own, and API
    // ones that asked for "timestamps").
    const bool captions = playable && g && g->captions;
    m_captions->setEnabled(captions);
    m_captions->setToolTip(captions || !playable
                               ? tr("Save subtitles of this speech (SubRip or WebVTT), timed word by word")
                               : tr("Made without word timings: there are no captions to save."));
    const HistoryModel::Row *row = m_model->rowAt(m_model->rowOf(selectedId()));
    const bool render = row && row->isRender(); // its audio is the project's
    m_open->setEnabled(g != nullptr && !render);
    m_delete->setEnabled(g && !unfinished(*g) && !render);
    m_delete->setToolTip(render             ? tr("A project's render: its audio belongs to the project.")
                         : g && unfinished(*g) ? tr("Still being generated: it can be deleted once it has finished.")
                                               : tr("Delete the generation and its audio file (Del)"));
    ServerControl *server = m_context.server();
    m_copyUrl->setEnabled(playable && server);
    m_copyUrl->setToolTip(server ? tr("Copy a signed download link; it works without an API key until the generation "
                                      "expires or is deleted.")
                                 : tr("No API server in this window, so there is no link to give."));
    for (const auto &[button, action] : m_menuActions) {
        action->setText(button->text());
        action->setEnabled(button->isEnabled());
    }
}

void HistoryPage::updateDetails()
{
    const HistoryModel::Row *row = m_model->rowAt(m_model->rowOf(selectedId()));
    if (!row) {
        m_details->setText(m_model->rowCount() ? tr("Select a generation to see its text and play it.") : QString());
        return;
    }
    if (row->isRender()) {
        m_details->setText(tr("A render of %n block(s) of a project: hear and export it on the Projects page.", nullptr,
                              int(row->blocks.size())));
        return;
    }
    const Generation &g = row->generation;
    const QLocale locale;
    QStringList facts;
    facts << QStringLiteral("<b>%1</b>").arg((g.voiceName.isEmpty() ? g.voiceId : g.voiceName).toHtmlEscaped())
          << StudioLabels::model(g.model).toHtmlEscaped()
          << StudioLabels::language(g.model, g.languageCode).toHtmlEscaped()
          << tr("speed %1×").arg(locale.toString(g.speed, 'f', 2));
    if (g.model == QLatin1String("advanced"))
        facts << tr("CFG weight %1").arg(locale.toString(g.cfgWeight, 'f', 1))
              << tr("exaggeration %1").arg(locale.toString(g.exaggeration, 'f', 1));
    facts << g.audioFormat.toUpper().toHtmlEscaped() << StudioLabels::dateTime(g.createdAt).toHtmlEscaped();
    QStringList parts{facts.join(QStringLiteral(" · "))};
    const QString text = HistoryModel::snippet(g.inputText, 300);
    if (!text.isEmpty())
        parts << quoted(text).toHtmlEscaped();
    // What the columns a narrow window hides say (tokens, cost, payment).
    QString money = tr("Tokens: %1").arg(locale.toString(g.tokens));
    if ((g.status == GenerationStatus::Completed || g.charged) && g.source != PaymentSource::Unmetered) {
        const QString cost = StudioLabels::money(g.dollarCostMicros);
        money += QStringLiteral(" · ")
                 + (g.source == PaymentSource::Wallet ? tr("%1 paid from the wallet") : tr("%1 paid from the monthly credits"))
                       .arg(cost);
    }
    parts << money.toHtmlEscaped();
    if (g.stopped)
        parts << StudioLabels::stopNote(g).toHtmlEscaped();
    if (g.status == GenerationStatus::Failed && !g.stopped)
        parts << QStringLiteral("<span style='color:#b02020'>%1</span>")
                     .arg((g.errorMessage.isEmpty() ? tr("Generation failed") : g.errorMessage).toHtmlEscaped());
    else if (row->expired)
        parts << tr("Expired %1: the audio has been removed.").arg(StudioLabels::dateTime(row->expiresAtMs));
    else if (g.status == GenerationStatus::Completed && row->kept)
        parts << tr("Made in the studio: kept until you delete it.");
    else if (g.status == GenerationStatus::Completed)
        parts << tr("Made through the API: the audio is available until %1.").arg(StudioLabels::dateTime(row->expiresAtMs));
    m_details->setText(parts.join(QStringLiteral("<br>")));
}

void HistoryPage::playSelected()
{
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    if (!row)
        return;
    // Its audio is already here (paused, or played through): no second read.
    if (row->generation.id == m_loadedId && m_player->hasAudio()) {
        if (!m_player->play())
            setStatus(m_player->unavailableReason(), true);
        updateActions();
        return;
    }
    stopPlaying();
    loadAudio(row->generation, true);
}

void HistoryPage::followSelection()
{
    const QString id = selectedId();
    // Empty while a refresh puts the selection back: the player keeps what it holds.
    if (id.isEmpty() || id == m_loadedId)
        return;
    stopPlaying();
    m_playerBar->clear();
    m_loadedId.clear();
    // "Playing …" spoke of the generation before; other news (a deletion) stays.
    if (m_statusIsPlayback)
        m_status->clear();
    if (const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow()))
        loadAudio(row->generation, false);
}

void HistoryPage::loadAudio(const Generation &g, bool play)
{
    const QString id = g.id;
    const QString path = g.audioPath;
    const QString format = g.audioFormat;
    const QString name = quoted(HistoryModel::snippet(g.inputText, 30));
    if (play)
        setStatus(tr("Loading audio…"), true);
    // Reading and decoding a long file takes a moment: off the GUI thread.
    m_context.run(this, [path, format] { return AudioDecoder::decodeFile(path, format); },
                  [this, name, id, play](const AudioDecoder::Decoded &audio) {
        // Another generation selected meanwhile: its audio is the one to show (none
        // selected is a refresh putting the selection back).
        if (const QString now = selectedId(); !now.isEmpty() && now != id)
            return;
        if (!audio.ok()) {
            setStatus(tr("Cannot play %1: %2").arg(name, problemText(audio.problem, audio.detail)), true);
            return;
        }
        m_loadedId = id;
        m_playerBar->load(audio.float32, play);
        if (!play) {
            updateActions();
            return;
        }
        if (!m_player->isPlaying()) {
            setStatus(m_player->unavailableReason(), true);
            updateActions();
            return;
        }
        const double seconds = double(audio.float32.size()) / double(sizeof(float)) / AudioFormats::kSampleRate;
        setStatus(tr("Playing %1 (%2)").arg(name, StudioLabels::seconds(seconds)), true);
        updateActions();
    });
}

void HistoryPage::setStatus(const QString &text, bool aboutPlayback)
{
    m_status->setText(text);
    m_statusIsPlayback = aboutPlayback;
}

void HistoryPage::togglePlaying()
{
    const Generation *g = selectedGeneration();
    if (m_player->isPlaying() && g && g->id == m_loadedId)
        m_player->pause();
    else
        playSelected();
}

void HistoryPage::stopPlaying()
{
    m_player->stop();
    updateActions();
}

QString HistoryPage::suggestedFileName(const QString &text, const QString &extension)
{
    // Letters, marks (the vowel signs of Hindi) and digits of any script make words;
    // everything else (slashes, quotes, dots, spaces) separates them.
    QStringList words;
    QString word;
    qsizetype length = 0;
    bool full = false;
    const auto endWord = [&] {
        if (word.isEmpty())
            return;
        // Text without spaces (Japanese, Chinese) is one long word: its beginning then.
        if (words.isEmpty() && word.size() > kMaxFileNameChars)
            word.truncate(kMaxFileNameChars);
        if (words.size() < kMaxFileNameWords && length + word.size() <= kMaxFileNameChars) {
            length += word.size() + 1;
            words << word;
        } else {
            full = true;
        }
        word.clear();
    };
    // An SSML document is named after the words it shows, not after its markup
    // ("speak-version-1-1-xmlns-http-www").
    const QList<uint> codePoints = text.toUcs4();
    const QString shown = CaptionText(text).word(0, codePoints.size());
    for (const char32_t c : shown.toUcs4()) {
        if (QChar::isLetterOrNumber(c) || QChar::isMark(c))
            word += QString::fromUcs4(&c, 1);
        else
            endWord();
        if (full || words.size() >= kMaxFileNameWords || word.size() > kMaxFileNameChars)
            break;
    }
    endWord();
    QString name = words.join(u'-');
    if (name.isEmpty())
        name = QStringLiteral("speech");
    // Names Windows keeps for devices, in case the file travels.
    static const QRegularExpression reserved(QStringLiteral("^(con|prn|aux|nul|com[1-9]|lpt[1-9])$"),
                                             QRegularExpression::CaseInsensitiveOption);
    if (reserved.match(name).hasMatch())
        name = QStringLiteral("speech-") + name;
    return name + u'.' + extension;
}

void HistoryPage::saveSelectedAs()
{
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    if (!row)
        return;
    const Generation g = row->generation;
    const QString dir = QSettings().value(QStringLiteral("history/saveDir"), QDir::homePath()).toString();
    const QString wav = tr("WAV audio (*.wav)");
    const QString mp3 = tr("MP3 audio (*.mp3)");
    auto *dialog = new QFileDialog(this, tr("Save audio"), dir);
    dialog->setObjectName(QStringLiteral("historySaveDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilters({wav, mp3});
    // Offered in the format it was made in; either can be chosen.
    dialog->selectNameFilter(g.audioFormat == QLatin1String("mp3") ? mp3 : wav);
    dialog->selectFile(suggestedFileName(g.inputText, g.audioFormat));
    // Choosing the other format changes the suffix of the name being typed.
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog, mp3](const QString &filter) {
        const QStringList chosen = dialog->selectedFiles();
        const QString ext = filter == mp3 ? QStringLiteral("mp3") : QStringLiteral("wav");
        if (!chosen.isEmpty())
            dialog->selectFile(QFileInfo(chosen.first()).completeBaseName() + u'.' + ext);
    });
    connect(dialog, &QFileDialog::fileSelected, this, [this, dialog, g, mp3](const QString &file) {
        const QString suffix = QFileInfo(file).suffix().toLower();
        QString format = suffix;
        QString target = file;
        if (suffix != QLatin1String("wav") && suffix != QLatin1String("mp3")) {
            // No audio suffix typed: the chosen filter decides, and names the file.
            format = dialog->selectedNameFilter() == mp3 ? QStringLiteral("mp3") : QStringLiteral("wav");
            target += u'.' + format;
        }
        saveTo(g, target, format);
    });
    dialog->open();
}

void HistoryPage::saveSelectedCaptions()
{
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    if (!row || !row->generation.captions)
        return;
    CaptionsDialog::open(this, m_context, row->generation, [this](const QString &line) { setStatus(line); });
}

void HistoryPage::saveTo(const Generation &g, QString target, const QString &format)
{
    QSettings().setValue(QStringLiteral("history/saveDir"), QFileInfo(target).absolutePath());
    const QString source = g.audioPath;
    const AudioFormat from = AudioFormats::parse(g.audioFormat).value_or(AudioFormat::Wav);
    const AudioFormat to = AudioFormats::parse(format).value_or(AudioFormat::Wav);
    const QString shown = QDir::toNativeSeparators(target);
    setStatus(tr("Saving %1…").arg(shown));
    // Decoding and encoding a long text takes seconds: off the GUI thread. The dialog
    // already asked before overwriting.
    m_context.run(this, [source, from, target, to] { return AudioExport::save(source, from, target, to); },
                  [this, shown, format](const AudioExport::Outcome &out) {
        if (!out.ok()) {
            setStatus(tr("Could not save %1: %2").arg(shown, problemText(out.problem, out.error)));
            return;
        }
        setStatus(tr("Saved %1 (%2, %3)")
                              .arg(shown, format.toUpper(),
                                   StudioLabels::seconds(double(out.samples) / AudioFormats::kSampleRate)));
    });
}

void HistoryPage::copySelectedUrl()
{
    const QString url = selectedAudioUrl();
    if (url.isEmpty())
        return;
    QGuiApplication::clipboard()->setText(url);
    const HistoryModel::Row *row = m_model->rowAt(selectedPlayableRow());
    ServerControl *server = m_context.server();
    const bool running = server && server->isRunning();
    const QString until = StudioLabels::dateTime(row->expiresAtMs);
    if (row->kept)
        setStatus(running ? tr("Link copied; it works without an API key until you delete the generation.")
                                  : tr("Link copied; it works once the API server runs, until you delete the generation."));
    else
        setStatus(running ? tr("Link copied; it works without an API key until %1.").arg(until)
                                  : tr("Link copied; it works once the API server runs, until %1.").arg(until));
}

void HistoryPage::openSelectedInGenerate()
{
    if (const Generation *g = selectedGeneration())
        emit openInGenerate(*g);
}

void HistoryPage::deleteSelected()
{
    const Generation *g = selectedGeneration();
    if (!g || unfinished(*g))
        return;
    const QString id = g->id;
    // After the deletion the row below takes the selection (or the one above, at the end).
    const int row = m_model->rowOf(id);
    const HistoryModel::Row *neighbour = m_model->rowAt(row + 1) ? m_model->rowAt(row + 1) : m_model->rowAt(row - 1);
    const QString next = neighbour ? neighbour->generation.id : QString();
    auto *box = new QMessageBox(QMessageBox::Question, tr("Delete generation"),
                                tr("Delete %1 and its audio file?").arg(quoted(HistoryModel::snippet(g->inputText, 80))),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("deleteGenerationConfirm"));
    box->setInformativeText(tr("This cannot be undone. What it cost is not refunded."));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *confirm = box->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, confirm, id, next](QAbstractButton *clicked) {
        if (clicked == confirm)
            removeGeneration(id, next);
    });
    box->open();
}

void HistoryPage::removeGeneration(const QString &id, const QString &selectNext)
{
    // What is playing is already in memory; dropping it says the generation is going.
    if (id == m_loadedId) {
        m_playerBar->clear();
        m_loadedId.clear();
    }
    stopPlaying();
    GenerationService *gens = &m_context.services().generations();
    const qint64 account = m_context.accountId();
    setStatus(tr("Deleting…"));
    // The row and the file go on a store thread (never the disk from the GUI thread).
    m_context.run(this, [gens, account, id] { return gens->remove(account, id); },
                  [this, selectNext](const Result<DeletedGeneration> &result) {
        if (!result) {
            setStatus(tr("Could not delete: %1").arg(result.error().detail));
            return;
        }
        setStatus(result->fileProblem.isEmpty()
                              ? tr("Deleted %1.").arg(quoted(HistoryModel::snippet(result->generation.inputText, 40)))
                              : tr("Deleted, but its audio file could not be removed: %1").arg(result->fileProblem));
        m_selectedId = selectNext;
        m_selectAfterLoad = selectNext;
        m_model->refresh();
    });
}
