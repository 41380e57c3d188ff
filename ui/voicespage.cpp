#include "voicespage.h"

#include "audioplayer.h"
#include "studiolabels.h"
#include "customvoicedialog.h"
#include "services.h"
#include "languages.h"
#include "pricing.h"
#include "studiocontext.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace
{
constexpr int kRoleVoiceId = Qt::UserRole + 1;
constexpr int kRoleModel = Qt::UserRole + 2;
constexpr int kRoleSearch = Qt::UserRole + 3;

// Model filter (exact) plus a case-insensitive search over name, id, gender, accent
// and description.
class VoiceFilter : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setModelName(const QString &model)
    {
        m_modelName = model;
        invalidateFilter();
    }
    void setSearch(const QString &text)
    {
        m_search = text.trimmed();
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex name = sourceModel()->index(row, VoicesPage::ColName, parent);
        if (!m_modelName.isEmpty() && name.data(kRoleModel).toString() != m_modelName)
            return false;
        return m_search.isEmpty() || name.data(kRoleSearch).toString().contains(m_search, Qt::CaseInsensitive);
    }

private:
    QString m_modelName;
    QString m_search;
};

QStandardItem *cell(const QString &text)
{
    auto *item = new QStandardItem(text);
    item->setEditable(false);
    return item;
}
}

VoicesPage::VoicesPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_player(new AudioPlayer(this))
{
    buildUi();
    connect(&m_context, &StudioContext::meteringChanged, this, [this](bool metered) {
        m_table->setColumnHidden(ColPrice, !metered);
    });
    connect(&m_context, &StudioContext::accountChanged, this, [this] {
        stopPreview();
        if (m_dialog)
            m_dialog->reject();
        reload();
    });
    connect(m_player, &AudioPlayer::availabilityChanged, this, [this] {
        const bool unavailable = !m_player->unavailableReason().isEmpty();
        m_audioNotice->setText(tr("No audio output is available: previews are generated but cannot be heard here."));
        m_audioNotice->setVisible(unavailable);
    });
    connect(m_player, &AudioPlayer::finished, this, [this] {
        // Playback drained (or there is no device): the preview is over once its
        // generation is done too.
        if (!m_live && !m_previewId.isEmpty())
            finishPreview(GenerationStatus::Completed);
    });
    reload();
}

VoicesPage::~VoicesPage() = default; // a preview still generating stops with m_live

void VoicesPage::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *filters = new QHBoxLayout;
    m_modelFilter = new QComboBox;
    m_modelFilter->addItem(tr("All models"), QString());
    m_modelFilter->addItem(tr("Base"), QStringLiteral("base"));
    m_modelFilter->addItem(tr("Advanced"), QStringLiteral("advanced"));
    m_modelFilter->setAccessibleName(tr("Model filter"));
    auto *modelLabel = new QLabel(tr("&Model:"));
    modelLabel->setBuddy(m_modelFilter);
    m_search = new QLineEdit;
    m_search->setPlaceholderText(tr("Search voices (name, id, gender, accent, description)…"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search voices"));
    m_count = new QLabel;
    filters->addWidget(modelLabel);
    filters->addWidget(m_modelFilter);
    filters->addWidget(m_search, 1);
    filters->addWidget(m_count);
    layout->addLayout(filters);

    m_model = new QStandardItemModel(0, ColumnCount, this);
    // The play column is as narrow as its ▶; its header says what it does in a tooltip.
    m_model->setHorizontalHeaderLabels({QStringLiteral("▶"), tr("Name"), tr("ID"), tr("Model"), tr("Gender"), tr("Accent"),
                                        tr("Price"), tr("Custom")});
    m_model->setHeaderData(ColPreview, Qt::Horizontal, tr("Play"), Qt::ToolTipRole);
    auto *filter = new VoiceFilter(this);
    m_proxy = filter;
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("voicesTable"));
    m_table->setModel(m_proxy);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(qMax(22, fontMetrics().height() + 8));
    m_table->setIconSize(QSize(12, 12));
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // system, then custom
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ColName, QHeaderView::Stretch);
    m_table->setAccessibleName(tr("Voices"));
    layout->addWidget(m_table, 1);

    m_details = new QLabel;
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMinimumHeight(m_details->fontMetrics().lineSpacing() * 2);
    layout->addWidget(m_details);

    auto *buttons = new QHBoxLayout;
    m_preview = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Preview"));
    m_new = new QPushButton(tr("New custom voice…"));
    m_edit = new QPushButton(tr("Edit…"));
    m_delete = new QPushButton(tr("Delete…"));
    m_refresh = new QPushButton(tr("Refresh"));
    m_new->setToolTip(tr("A system voice with its own pitch and rate, optionally matched to a recording"));
    buttons->addWidget(m_preview);
    buttons->addSpacing(12);
    buttons->addWidget(m_new);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_delete);
    buttons->addStretch(1);
    buttons->addWidget(m_refresh);
    layout->addLayout(buttons);

    m_status = new QLabel(tr("Click ▶ to hear a voice say one short sentence; click again to stop. Previews are free "
                             "and kept out of History unless you show previews there."));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_audioNotice = new QLabel;
    m_audioNotice->setWordWrap(true);
    m_audioNotice->setStyleSheet(QStringLiteral("color: #a05a00;"));
    m_audioNotice->setVisible(false);
    layout->addWidget(m_audioNotice);
    if (!m_player->isAvailable()) {
        m_audioNotice->setText(tr("No audio output device was found: previews are generated but cannot be heard here."));
        m_audioNotice->setVisible(true);
    }

    connect(m_modelFilter, &QComboBox::currentIndexChanged, this, [this, filter] {
        filter->setModelName(m_modelFilter->currentData().toString());
        updateButtons();
    });
    connect(m_search, &QLineEdit::textChanged, this, [this, filter](const QString &text) {
        filter->setSearch(text);
        updateButtons();
    });
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex &index) {
        if (index.column() == ColPreview)
            togglePreview(voiceIdAt(index.row()));
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.column() != ColPreview && m_voices.value(voiceIdAt(index.row())).isCustom)
            editCustomVoice();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButtons();
        updateDetails();
    });
    connect(m_preview, &QPushButton::clicked, this, [this] {
        const QString id = selectedVoiceId();
        if (isPreviewing() && (id.isEmpty() || id == m_previewId))
            stopPreview();
        else if (!id.isEmpty())
            togglePreview(id);
    });
    connect(m_new, &QPushButton::clicked, this, &VoicesPage::newCustomVoice);
    connect(m_edit, &QPushButton::clicked, this, &VoicesPage::editCustomVoice);
    connect(m_delete, &QPushButton::clicked, this, &VoicesPage::deleteCustomVoice);
    connect(m_refresh, &QPushButton::clicked, this, &VoicesPage::reload);
    auto *stop = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(stop, &QShortcut::activated, this, &VoicesPage::stopPreview);
    auto *del = new QShortcut(QKeySequence::Delete, m_table, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(del, &QShortcut::activated, this, &VoicesPage::deleteCustomVoice);
    updateButtons();
}

QString VoicesPage::sampleSentence(const Voice &voice)
{
    const QString code = Languages::defaultCode(voice.model, voice.language);
    static const QHash<QString, QString> sentences = {
        {"a", QStringLiteral("Hello! This is how I sound. I hope you like my voice.")},
        {"b", QStringLiteral("Hello! This is how I sound. I hope you like my voice.")},
        {"en", QStringLiteral("Hello! This is how I sound. I hope you like my voice.")},
        {"e", QStringLiteral("¡Hola! Así es como sueno. Espero que te guste mi voz.")},
        {"f", QStringLiteral("Bonjour ! Voici ma voix. J'espère qu'elle vous plaît.")},
        {"h", QStringLiteral("नमस्ते! मेरी आवाज़ ऐसी सुनाई देती है।")},
        {"i", QStringLiteral("Ciao! Ecco come suona la mia voce. Spero che ti piaccia.")},
        {"j", QStringLiteral("こんにちは。これが私の声です。")},
        {"p", QStringLiteral("Olá! Esta é a minha voz. Espero que você goste.")},
        {"z", QStringLiteral("你好！这就是我的声音。")},
    };
    return sentences.value(code, sentences.value(QStringLiteral("en")));
}

void VoicesPage::reload()
{
    const qint64 account = m_context.accountId();
    const Services *engine = &m_context.services();
    const int serial = ++m_reloadSerial;
    m_context.run(this, [engine, account] { return engine->voices().list(account); },
                  [this, serial](const QList<Voice> &voices) {
                      if (serial == m_reloadSerial)
                          fill(voices);
                  });
}

void VoicesPage::fill(const QList<Voice> &voices)
{
    const QString keep = m_selectAfterReload.isEmpty() ? selectedVoiceId() : m_selectAfterReload;
    m_selectAfterReload.clear();
    m_voices.clear();
    m_model->removeRows(0, m_model->rowCount());
    int custom = 0;
    for (const Voice &v : voices) {
        m_voices.insert(v.id, v);
        custom += v.isCustom ? 1 : 0;
        const QString sample = sampleSentence(v);
        QList<QStandardItem *> row;
        auto *play = cell(QString());
        play->setToolTip(tr("Preview %1: plays one short sample sentence; click again to stop.\n"
                            "Previews are free and kept out of History unless you show previews there.")
                             .arg(v.name));
        play->setData(v.id, kRoleVoiceId);
        play->setSelectable(true);
        row << play;
        auto *name = cell(v.name);
        name->setData(v.id, kRoleVoiceId);
        name->setData(v.model, kRoleModel);
        name->setData(QStringList{v.name, v.id, v.gender, v.accent, StudioLabels::gender(v.gender), StudioLabels::accent(v.accent), v.description,
                                 StudioLabels::voiceDescription(v.description)}.join(QLatin1Char('\n')), kRoleSearch);
        name->setToolTip(StudioLabels::voiceDescription(v.description));
        row << name << cell(v.id) << cell(StudioLabels::model(v.model)) << cell(StudioLabels::gender(v.gender))
            << cell(StudioLabels::accent(v.accent))
            << cell(v.free ? tr("Free") : tr("Premium")) << cell(v.isCustom ? tr("Yes") : QString());
        m_model->appendRow(row);
    }
    m_count->setText(tr("%n voice(s)", nullptr, int(voices.size())) + QStringLiteral(" · ")
                     + tr("%n custom", nullptr, custom));
    updatePreviewIcons();
    if (!keep.isEmpty())
        selectVoice(keep);
    updateButtons();
    updateDetails();
    emit voicesReloaded();
}

int VoicesPage::rowOf(const QString &voiceId) const
{
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        if (m_proxy->index(r, ColName).data(kRoleVoiceId).toString() == voiceId)
            return r;
    return -1;
}

int VoicesPage::visibleRows() const
{
    return m_proxy->rowCount();
}

QString VoicesPage::voiceIdAt(int row) const
{
    return m_proxy->index(row, ColName).data(kRoleVoiceId).toString();
}

bool VoicesPage::selectVoice(const QString &voiceId)
{
    const int row = rowOf(voiceId);
    if (row < 0)
        return false;
    m_table->selectRow(row);
    m_table->scrollTo(m_proxy->index(row, ColName));
    return true;
}

QString VoicesPage::selectedVoiceId() const
{
    const QModelIndexList rows = m_table->selectionModel() ? m_table->selectionModel()->selectedRows(ColName)
                                                           : QModelIndexList{};
    return rows.isEmpty() ? QString() : rows.first().data(kRoleVoiceId).toString();
}

void VoicesPage::updateButtons()
{
    const QString id = selectedVoiceId();
    const bool custom = m_voices.value(id).isCustom;
    const bool account = m_context.accountId() != 0;
    m_new->setEnabled(account);
    m_edit->setEnabled(account && custom);
    m_delete->setEnabled(account && custom);
    m_preview->setEnabled(account && (!id.isEmpty() || isPreviewing()));
    const bool stopping = isPreviewing() && (id.isEmpty() || id == m_previewId);
    m_preview->setText(stopping ? tr("Stop preview") : tr("Preview"));
    m_preview->setIcon(style()->standardIcon(stopping ? QStyle::SP_MediaStop : QStyle::SP_MediaPlay));
    m_preview->setToolTip(tr("Play one short sample sentence in the selected voice (Esc stops).\n"
                             "Previews are free and kept out of History unless you show previews there."));
    m_count->setToolTip(tr("%1 shown").arg(m_proxy->rowCount()));
}

void VoicesPage::updateDetails()
{
    const QString id = selectedVoiceId();
    if (id.isEmpty() || !m_voices.contains(id)) {
        m_details->setText(m_context.accountId() ? tr("Select a voice to see its description.")
                                                 : tr("Create or select an account first (Accounts page)."));
        return;
    }
    const Voice v = m_voices.value(id);
    QString text = QStringLiteral("<b>%1</b> (%2) — %3")
                       .arg(v.name.toHtmlEscaped(), v.id, StudioLabels::voiceDescription(v.description).toHtmlEscaped());
    if (v.isCustom) {
        const auto base = m_context.services().catalog().find(v.baseVoiceId);
        const double pitch = base && base->pitch > 0 ? v.pitch / base->pitch : v.pitch;
        text += QStringLiteral("<br>")
                + tr("Custom voice based on %1 (%2): pitch %3×, rate %4×.")
                      .arg(base ? base->name.toHtmlEscaped() : v.baseVoiceId, v.baseVoiceId)
                      .arg(pitch, 0, 'f', 2)
                      .arg(v.rate, 0, 'f', 2);
    }
    m_details->setText(text);
}

void VoicesPage::updatePreviewIcons()
{
    const QIcon playIcon = style()->standardIcon(QStyle::SP_MediaPlay);
    const QIcon stopIcon = style()->standardIcon(QStyle::SP_MediaStop);
    for (int r = 0; r < m_model->rowCount(); ++r) {
        QStandardItem *item = m_model->item(r, ColPreview);
        const bool active = item->data(kRoleVoiceId).toString() == m_previewId && !m_previewId.isEmpty();
        item->setIcon(active ? stopIcon : playIcon);
        item->setText(active ? tr("Stop") : QString());
    }
}

void VoicesPage::togglePreview(const QString &voiceId)
{
    if (voiceId.isEmpty())
        return;
    if (voiceId == m_previewId) {
        stopPreview();
        return;
    }
    stopPreview();
    if (m_context.accountId() == 0) {
        m_status->setText(tr("Create or select an account first (Accounts page)."));
        return;
    }
    if (!m_voices.contains(voiceId))
        return;
    const Voice v = m_voices.value(voiceId);
    CreateGeneration req;
    req.speech.text = sampleSentence(v);
    req.speech.model = v.model;
    req.voiceId = v.id;
    req.audioFormat = QStringLiteral("wav");
    req.apiVersion = QStringLiteral("studio");
    req.preview = true; // not work to find again: out of the default history
    req.metering = m_context.metering(DesktopMetering::Work::Preview);

    m_previewId = voiceId;
    m_previewGeneration.clear();
    m_previewSamples = 0;
    m_player->start();
    m_status->setText(tr("Previewing %1…").arg(v.name));
    updatePreviewIcons();
    updateButtons();

    m_previewName = v.name;
    m_live = std::make_unique<LiveStream>(m_context.services().live(), sinkRef(), QStringLiteral("Stopped in the studio"));
    m_live->start(m_context.auth(), req);
}

void VoicesPage::liveStarted(const Generation &g)
{
    m_previewGeneration = g.id;
    m_context.notifyDataChanged();
}

void VoicesPage::liveAudio(const QByteArray &samples)
{
    m_previewSamples += samples.size() / 4;
    m_player->append(samples);
    if (m_live)
        m_live->acknowledge(samples.size());
}

void VoicesPage::liveEnded(const LiveStream::Outcome &out)
{
    m_live.reset();
    const Generation &g = out.generation;
    switch (out.kind) {
    case LiveStream::Outcome::Kind::Completed:
        m_status->setText(tr("Preview of %1: %2.")
                              .arg(m_previewName, StudioLabels::seconds(double(m_previewSamples) / AudioFormats::kSampleRate)));
        m_context.notifyDataChanged();
        m_player->finishInput(); // finished() ends the preview once it has played
        return;
    case LiveStream::Outcome::Kind::Rejected:
        m_status->setText(tr("No preview of %1: %2").arg(m_previewName, StudioLabels::problem(out.error)));
        break;
    default:
        m_status->setText(tr("Preview of %1 failed: %2").arg(m_previewName, out.error.detail));
        m_context.notifyDataChanged();
        break;
    }
    finishPreview(GenerationStatus::Failed);
}

void VoicesPage::stopPreview()
{
    if (m_previewId.isEmpty() && !m_live)
        return;
    if (m_live) {
        // Ends where it is, billed for what was spoken; nothing more is heard of it.
        m_live->stop();
        m_live.reset();
        m_status->setText(tr("Preview stopped."));
        m_context.notifyDataChanged();
    }
    finishPreview(QStringLiteral("STOPPED"));
}

void VoicesPage::finishPreview(const QString &status)
{
    const QString id = m_previewId;
    m_previewId.clear();
    m_player->stop(); // may emit finished(): m_previewId is already clear
    updatePreviewIcons();
    updateButtons();
    if (!id.isEmpty())
        emit previewFinished(id, status);
}

void VoicesPage::newCustomVoice()
{
    if (m_context.accountId() == 0) {
        m_status->setText(tr("Create or select an account first (Accounts page)."));
        return;
    }
    VoiceDirectory::CustomVoiceSpec spec;
    // Start from the selected system voice, if any.
    const Voice selected = m_voices.value(selectedVoiceId());
    spec.baseVoiceId = selected.isCustom ? selected.baseVoiceId : selected.id;
    openDialog(QString(), spec);
}

void VoicesPage::editCustomVoice()
{
    const QString id = selectedVoiceId();
    if (!m_voices.value(id).isCustom)
        return;
    const qint64 account = m_context.accountId();
    const Services *engine = &m_context.services();
    m_context.run(this, [engine, account, id] { return engine->voices().customSpec(account, id); },
                  [this, id, account](const std::optional<VoiceDirectory::CustomVoiceSpec> &spec) {
                      if (account != m_context.accountId())
                          return;
                      if (!spec) {
                          m_status->setText(tr("The voice %1 no longer exists.").arg(id));
                          reload();
                          return;
                      }
                      openDialog(id, *spec);
                  });
}

void VoicesPage::openDialog(const QString &voiceId, const VoiceDirectory::CustomVoiceSpec &spec)
{
    if (m_dialog) {
        m_dialog->raise();
        m_dialog->activateWindow();
        return;
    }
    auto *dialog = new CustomVoiceDialog(m_context, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!voiceId.isEmpty())
        dialog->setVoice(voiceId, spec);
    else if (!spec.baseVoiceId.isEmpty())
        dialog->selectBaseVoice(spec.baseVoiceId);
    m_dialog = dialog;
    connect(dialog, &CustomVoiceDialog::submitted, this, [this, dialog, voiceId] { save(dialog, voiceId); });
    dialog->open();
}

void VoicesPage::save(CustomVoiceDialog *dialog, const QString &voiceId)
{
    const VoiceDirectory::CustomVoiceSpec spec = dialog->spec();
    const qint64 account = m_context.accountId();
    const Services *engine = &m_context.services();
    dialog->setSaving(true);
    QPointer<CustomVoiceDialog> guard(dialog);
    m_context.run(this, [engine, account, voiceId, spec]() -> Result<Voice> {
        return voiceId.isEmpty() ? engine->voices().createCustom(account, spec)
                                 : engine->voices().updateCustom(account, voiceId, spec);
    }, [this, guard, voiceId](const Result<Voice> &r) {
        if (guard)
            guard->setSaving(false);
        if (!r) {
            if (guard)
                guard->showError(r.error().detail);
            return;
        }
        m_status->setText(voiceId.isEmpty() ? tr("Created the custom voice %1 (%2).").arg(r->name, r->id)
                                            : tr("Saved the custom voice %1 (%2).").arg(r->name, r->id));
        m_selectAfterReload = r->id;
        // A model filter or search that hides the new voice would look like a failure.
        if (!m_modelFilter->currentData().toString().isEmpty() && m_modelFilter->currentData().toString() != r->model)
            m_modelFilter->setCurrentIndex(0);
        m_search->clear();
        if (guard)
            guard->accept();
        reload();
        emit customVoicesChanged();
        m_context.notifyVoicesChanged();
        m_context.notifyDataChanged();
    });
}

void VoicesPage::deleteCustomVoice()
{
    const QString id = selectedVoiceId();
    const Voice v = m_voices.value(id);
    if (!v.isCustom)
        return;
    bool confirmed = false;
    if (m_confirmDelete) {
        confirmed = m_confirmDelete(v);
    } else {
        confirmed = QMessageBox::question(this, tr("Delete custom voice"),
                                          tr("Delete the custom voice \"%1\" (%2)?\n\nGenerations made with it keep "
                                             "their audio, but the voice can no longer be used. This cannot be undone.")
                                              .arg(v.name, v.id),
                                          QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel)
                    == QMessageBox::Yes;
    }
    if (!confirmed)
        return;
    if (m_previewId == id)
        stopPreview();
    const qint64 account = m_context.accountId();
    const Services *engine = &m_context.services();
    m_context.run(this, [engine, account, id] { return engine->voices().removeCustom(account, id); },
                  [this, v](const Result<bool> &r) {
                      m_status->setText(r ? tr("Deleted the custom voice %1 (%2).").arg(v.name, v.id)
                                          : tr("Could not delete %1: %2").arg(v.id, r.error().detail));
                      reload();
                      emit customVoicesChanged();
                      m_context.notifyVoicesChanged();
                      m_context.notifyDataChanged();
                  });
}

// A narrow window gives the names the room: the id (also in the line below the table)
// and the custom mark step aside.
void VoicesPage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool narrow = width() < kNarrowWidth;
    m_table->setColumnHidden(ColId, narrow);
    m_table->setColumnHidden(ColCustom, narrow);
    // Price tiers mean something only where the studio's speech is billed.
    m_table->setColumnHidden(ColPrice, !m_context.meterDesktop());
}
