#include "generatepage.h"

#include "audiodecoder.h"
#include "audioexport.h"
#include "audioplayer.h"
#include "captionsdialog.h"
#include "playerbar.h"
#include "generationservice.h"
#include "services.h"
#include "ssmlhighlighter.h"
#include "languages.h"
#include "pricing.h"
#include "ssmldocument.h"
#include "serviceerror.h"
#include "studiocontext.h"
#include "studioicons.h"
#include "studiolabels.h"

#include <QClipboard>
#include <QComboBox>
#include <QGuiApplication>
#include <QStyle>
#include <QTextCursor>
#include <QDoubleSpinBox>
#include <QFile>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace
{
// A text editor that takes dropped .txt files as well as text.
class DropTextEdit : public QPlainTextEdit
{
public:
    std::function<bool(const QString &)> loadFile;

protected:
    bool canInsertFromMimeData(const QMimeData *source) const override
    {
        return source->hasUrls() || QPlainTextEdit::canInsertFromMimeData(source);
    }
    void insertFromMimeData(const QMimeData *source) override
    {
        if (source->hasUrls() && !source->urls().isEmpty() && source->urls().first().isLocalFile()) {
            loadFile(source->urls().first().toLocalFile());
            return;
        }
        QPlainTextEdit::insertFromMimeData(source);
    }
};

constexpr qsizetype kMaxChars = 50000;

QString count(qint64 n)
{
    return QLocale().toString(n);
}
constexpr int kRoleVoiceId = Qt::UserRole + 1;
const QString kSaveDirKey = QStringLiteral("history/saveDir");
// Typing pauses this long before the draft is written to the data dir.
constexpr int kDraftDelayMs = 800;

// A word stays marked through a pause shorter than this (a comma), so the mark does not
// flicker; a longer one (between sentences) clears it until the next word.
constexpr qint64 kWordLingerSamples = AudioFormats::kSampleRate / 4;
}

GeneratePage::GeneratePage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
    buildUi();
    connect(&m_context, &StudioContext::accountChanged, this, [this] {
        reloadVoices();
        updateEstimate();
    });
    connect(&m_context, &StudioContext::balanceChanged, this, &GeneratePage::updateEstimate);
    connect(&m_context, &StudioContext::meteringChanged, this, &GeneratePage::updateEstimate);
    m_draftTimer.setSingleShot(true);
    m_draftTimer.setInterval(kDraftDelayMs);
    connect(&m_draftTimer, &QTimer::timeout, this, &GeneratePage::saveDraft);
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        if (m_settingsLoaded)
            m_draftTimer.start();
    });
    connect(&m_context, &StudioContext::accountsSettledChanged, this, &GeneratePage::speakIfPending);
    connect(&m_context, &StudioContext::voicesChanged, this, &GeneratePage::reloadVoices);
    connect(m_player, &AudioPlayer::availabilityChanged, this, [this] {
        m_audioNotice->setText(m_player->unavailableReason());
        m_audioNotice->setVisible(!m_player->unavailableReason().isEmpty());
    });
    if (!m_player->isAvailable()) {
        m_audioNotice->setText(tr("No audio output device was found: speech is generated and saved, but cannot be played here."));
        m_audioNotice->setVisible(true);
    }
    connect(m_playerBar, &PlayerBar::positionChanged, this, &GeneratePage::highlightAt);
    // Synthesis follows what is heard (LiveStream::followPlayhead()).
    connect(m_playerBar, &PlayerBar::positionChanged, this, [this](qint64 us) {
        if (m_live)
            m_live->heard(us * AudioFormats::kSampleRate / 1000000);
    });
    // Playback ended (or paused): Stop is for a generation still running, or playing.
    connect(m_player, &AudioPlayer::stateChanged, this, [this] {
        // Nothing plays it any more (its device went away): made at full speed, as
        // without a player, rather than waiting for a listener.
        if (m_live && !m_stopping && m_player->state() == AudioPlayer::State::Stopped)
            m_live->stopFollowingPlayhead();
        updateSpeakState();
    });
    loadSettings();
}

// The data dir's last model and voices, read off the GUI thread; the voices load then.
void GeneratePage::loadSettings()
{
    struct Saved
    {
        QString model;
        QHash<QString, QString> voices;
        QString draft;
    };
    const StudioSettings settings = m_context.services().studioSettings();
    QStringList models;
    for (int i = 0; i < m_model->count(); ++i)
        models << m_model->itemData(i).toString();
    m_context.run(this, [settings, models] {
        Saved saved;
        saved.model = settings.lastModel();
        saved.draft = settings.draftText();
        for (const QString &m : models)
            saved.voices.insert(m, settings.lastVoice(m));
        return saved;
    }, [this](const Saved &saved) {
        m_savedVoice = saved.voices;
        // The text left at the last start, unless something was typed or opened meanwhile.
        if (m_text->document()->isEmpty() && !saved.draft.isEmpty())
            m_text->setPlainText(saved.draft);
        m_settingsLoaded = true;
        const int model = m_model->findData(saved.model);
        if (model >= 0 && model != m_model->currentIndex())
            m_model->setCurrentIndex(model); // reloads the voices
        else
            reloadVoices();
    });
}

// The voice now selected is the one this model starts with next time (in this data dir).
void GeneratePage::rememberVoice()
{
    const QString model = m_voicesModel; // the list may still be the last model's
    const QString id = selectedVoiceId();
    if (!m_settingsLoaded || m_fillingVoices || model.isEmpty() || id.isEmpty() || m_savedVoice.value(model) == id)
        return;
    m_savedVoice.insert(model, id);
    remember([model, id](StudioSettings &s) { s.setLastVoice(model, id); });
}

void GeneratePage::remember(const std::function<void(StudioSettings &)> &write)
{
    const StudioSettings settings = m_context.services().studioSettings();
    m_context.run(this, [settings, write] {
        StudioSettings s = settings;
        write(s);
        return true;
    }, [](bool) {});
}

// The editor's text is what the next start shows.
void GeneratePage::saveDraft()
{
    m_draftTimer.stop();
    remember([draft = m_text->toPlainText()](StudioSettings &s) { s.setDraftText(draft); });
}

GeneratePage::~GeneratePage()
{
    // Typed just before closing: written still (the store pool outlives the page). A
    // stream still running stops with m_live.
    if (m_draftTimer.isActive())
        saveDraft();
}

void GeneratePage::buildUi()
{
    auto *layout = new QVBoxLayout(this);

    auto *editor = new DropTextEdit;
    editor->loadFile = [this](const QString &path) { return loadTextFile(path); };
    m_text = editor;
    m_text->setPlaceholderText(tr("Write or paste the text to speak, or drop a .txt file here."));
    m_text->setAccessibleName(tr("Text to speak"));
    m_highlighter = new SsmlHighlighter(m_text->document());
    layout->addWidget(m_text, 1);

    auto *countRow = new QHBoxLayout;
    m_count = new QLabel;
    m_count->setWordWrap(true); // the estimate grows a note when the balance is short
    auto *open = new QPushButton(tr("Open text…"));
    connect(open, &QPushButton::clicked, this, &GeneratePage::openTextFile);
    m_paste = new QPushButton(StudioIcons::themed(QStringLiteral("edit-paste"), QStyle::SP_FileDialogContentsView),
                              tr("From clipboard"));
    m_paste->setObjectName(QStringLiteral("pasteClipboard"));
    m_paste->setToolTip(tr("Replace the text with the clipboard's (Ctrl+Shift+V)"));
    connect(m_paste, &QPushButton::clicked, this, &GeneratePage::pasteClipboard);
    countRow->addWidget(m_count, 1);
    countRow->addWidget(m_paste);
    countRow->addWidget(open);
    layout->addLayout(countRow);

    auto *settings = new QGroupBox(tr("Voice and settings"));
    auto *form = new QFormLayout(settings);
    // Menus as wide as their longest entry, not as the full-HD window.
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    m_model = new QComboBox;
    m_model->addItem(tr("Base — standard voices, lowest cost"), "base");
    m_model->addItem(tr("Advanced — premium voices, 23 languages, expressive"), "advanced");
    form->addRow(tr("&Model:"), m_model);

    auto *voiceRow = new QHBoxLayout;
    m_voiceFilter = new QLineEdit;
    m_voiceFilter->setPlaceholderText(tr("Search voices (name, gender, accent)…"));
    m_voiceFilter->setClearButtonEnabled(true);
    m_voiceModel = new QStandardItemModel(this);
    m_voiceProxy = new QSortFilterProxyModel(this);
    m_voiceProxy->setSourceModel(m_voiceModel);
    m_voiceProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_voice = new QComboBox;
    m_voice->setModel(m_voiceProxy);
    m_voice->setMinimumContentsLength(24);
    voiceRow->addWidget(m_voice, 2);
    voiceRow->addWidget(m_voiceFilter, 1);
    form->addRow(tr("Voice:"), voiceRow);
    connect(m_voiceFilter, &QLineEdit::textChanged, m_voiceProxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_voiceFilter, &QLineEdit::textChanged, this, &GeneratePage::updateSpeakState);

    m_language = new QComboBox;
    form->addRow(tr("&Language:"), m_language);

    m_speed = new QDoubleSpinBox;
    m_speed->setRange(0.5, 2.0);
    m_speed->setSingleStep(0.1);
    m_speed->setValue(1.0);
    m_speed->setSuffix(QStringLiteral("×"));
    m_cfg = new QDoubleSpinBox;
    m_cfg->setRange(1.0, 5.0);
    m_cfg->setSingleStep(0.5);
    m_cfg->setValue(2.5);
    m_cfg->setToolTip(tr("Pacing: higher values read more deliberately, with longer pauses."));
    m_exaggeration = new QDoubleSpinBox;
    m_exaggeration->setRange(0.0, 1.0);
    m_exaggeration->setSingleStep(0.1);
    m_exaggeration->setValue(0.5);
    m_exaggeration->setToolTip(tr("Expressiveness: how far the pitch moves."));
    m_format = new QComboBox;
    m_format->addItem(QStringLiteral("WAV"), "wav");
    m_format->addItem(QStringLiteral("MP3"), "mp3");
    // Numbers need a few digits, not the window's width: one row, each at its size, so
    // the text keeps the height at 800×600 and nothing stretches at full HD.
    // Two pairs a row: German labels are long, and 800 px must hold them.
    auto *tuning = new QGridLayout;
    const std::pair<QString, QWidget *> knobs[] = {
        {tr("&Speed:"), m_speed}, {tr("&CFG weight:"), m_cfg}, {tr("E&xaggeration:"), m_exaggeration}, {tr("F&ormat:"), m_format}};
    int i = 0;
    for (const auto &[text, field] : knobs) {
        auto *label = new QLabel(text);
        label->setBuddy(field);
        field->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
        tuning->addWidget(label, i % 2, (i / 2) * 2);
        tuning->addWidget(field, i % 2, (i / 2) * 2 + 1);
        ++i;
    }
    tuning->setColumnMinimumWidth(2, 0);
    tuning->setColumnStretch(4, 1);
    tuning->setHorizontalSpacing(12);
    form->addRow(tuning);
    layout->addWidget(settings);

    auto *buttons = new QHBoxLayout;
    m_speak = new QPushButton(tr("Speak"));
    m_speak->setDefault(true);
    m_stop = new QPushButton(tr("Stop"));
    m_stop->setToolTip(tr("Stop generating and playing (Esc)"));
    m_save = new QPushButton(tr("Save as…"));
    m_save->setEnabled(false);
    m_captions = new QPushButton(tr("Export captions…"));
    m_captions->setObjectName(QStringLiteral("exportCaptions"));
    m_captions->setToolTip(tr("Save subtitles of this speech (SubRip or WebVTT), timed word by word"));
    m_captions->setEnabled(false);
    buttons->addWidget(m_speak);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_save);
    buttons->addWidget(m_captions);
    m_speakReason = new QLabel;
    m_speakReason->setObjectName(QStringLiteral("speakReason"));
    m_speakReason->setWordWrap(true);
    m_speakReason->setStyleSheet(QStringLiteral("color: #a05a00;"));
    m_speakReason->setVisible(false);
    buttons->addWidget(m_speakReason, 2);
    buttons->addStretch(1);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    buttons->addWidget(m_progress, 2);
    layout->addLayout(buttons);

    m_playerBar = new PlayerBar;
    m_player = m_playerBar->player();
    layout->addWidget(m_playerBar);
    auto *statusRow = new QHBoxLayout;
    m_status = new QLabel(tr("Ready."));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statusRow->addWidget(m_status, 1);
    m_accountsLink = new QPushButton(tr("Accounts && credits…"));
    m_accountsLink->setObjectName(QStringLiteral("accountsLink"));
    m_accountsLink->setVisible(false);
    connect(m_accountsLink, &QPushButton::clicked, &m_context, &StudioContext::accountsPageRequested);
    statusRow->addWidget(m_accountsLink);
    layout->addLayout(statusRow);
    m_audioNotice = new QLabel;
    m_audioNotice->setWordWrap(true);
    m_audioNotice->setStyleSheet(QStringLiteral("color: #a05a00;"));
    m_audioNotice->setVisible(false);
    layout->addWidget(m_audioNotice);

    connect(m_speak, &QPushButton::clicked, this, &GeneratePage::speak);
    connect(m_stop, &QPushButton::clicked, this, &GeneratePage::stopSpeaking);
    connect(m_save, &QPushButton::clicked, this, &GeneratePage::saveAs);
    connect(m_captions, &QPushButton::clicked, this, &GeneratePage::exportCaptions);
    connect(m_text, &QPlainTextEdit::textChanged, this, &GeneratePage::updateEstimate);
    // Edited text no longer matches the audio's sentences and words: mark none.
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_live && !m_markedText.isEmpty()) {
            resetMarks({});
            highlightAt(0);
        }
    });
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (m_settingsLoaded)
            remember([model = m_model->currentData().toString()](StudioSettings &s) { s.setLastModel(model); });
        updateModelControls();
        reloadVoices();
        updateEstimate();
        updateSpeakState();
    });
    connect(m_voice, &QComboBox::currentIndexChanged, this, [this] {
        rememberVoice();
        updateEstimate();
        updateSpeakState();
    });
    auto *speakShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), this);
    connect(speakShortcut, &QShortcut::activated, this, &GeneratePage::speak);
    auto *speakShortcut2 = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Enter), this);
    connect(speakShortcut2, &QShortcut::activated, this, &GeneratePage::speak);
    auto *pasteShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this);
    connect(pasteShortcut, &QShortcut::activated, this, &GeneratePage::pasteClipboard);
    auto *stopShortcut = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(stopShortcut, &QShortcut::activated, this, &GeneratePage::stopSpeaking);

    updateModelControls();
    setBusy(false);
    updateEstimate();
}

void GeneratePage::updateModelControls()
{
    const bool advanced = m_model->currentData().toString() == QLatin1String("advanced");
    m_cfg->setEnabled(advanced);
    m_exaggeration->setEnabled(advanced);
    fillLanguages();
}

void GeneratePage::fillLanguages()
{
    const QString model = m_model->currentData().toString();
    m_language->clear();
    m_language->addItem(tr("Voice default"), QString());
    for (const QString &code : Languages::codes(model))
        m_language->addItem(StudioLabels::language(model, code), code);
}

void GeneratePage::reloadVoices()
{
    const QString model = m_model->currentData().toString();
    const qint64 account = m_context.accountId();
    const Services *engine = &m_context.services();
    m_context.run(this, [engine, account, model] { return engine->voices().list(account, model); },
                  [this, model](const QList<Voice> &voices) {
                      if (model != m_model->currentData().toString())
                          return;
                      const QString wanted = m_savedVoice.value(model);
                      m_fillingVoices = true;
                      m_voicesModel = model;
                      m_voiceModel->clear();
                      for (const Voice &v : voices) {
                          auto *item = new QStandardItem(QStringLiteral("%1 — %2, %3%4  (%5)")
                                                             .arg(v.name, StudioLabels::gender(v.gender),
                                                                  StudioLabels::accent(v.accent),
                                                                  v.free ? QString() : tr(", premium"), v.id));
                          item->setData(v.id, kRoleVoiceId);
                          item->setToolTip(StudioLabels::voiceDescription(v.description));
                          m_voiceModel->appendRow(item);
                      }
                      for (int i = 0; i < m_voiceProxy->rowCount(); ++i)
                          if (m_voiceProxy->index(i, 0).data(kRoleVoiceId).toString() == wanted)
                              m_voice->setCurrentIndex(i);
                      m_fillingVoices = false;
                      updateSpeakState();
                      speakIfPending();
                  });
}

QString GeneratePage::selectedVoiceId() const
{
    return m_voice->currentData(kRoleVoiceId).toString();
}

void GeneratePage::updateEstimate()
{
    const QString text = m_text->toPlainText();
    const qint64 tokens = Pricing::tokens(SsmlDocument::billedText(text));
    const QString model = m_model->currentData().toString();
    const Pricing &pricing = m_context.services().generations().pricing();
    const bool premium = m_voice->currentText().contains(tr(", premium"));
    const QString priceModel = premium ? QStringLiteral("advanced") : model;
    const qint64 credits = pricing.credits(priceModel, tokens);
    const qint64 micros = pricing.micros(priceModel, tokens);
    const bool metered = m_context.metering(DesktopMetering::Work::Speech) == Metering::Metered;
    QString line = tr("%Ln character(s)", nullptr, int(text.size()));
    if (metered)
        line += QStringLiteral(" · ") + tr("%Ln token(s)", nullptr, int(tokens)) + QStringLiteral(" · ")
                + tr("≈ %1 credits or %2").arg(count(credits), StudioLabels::money(micros));
    if (tokens > kMaxChars)
        line += QStringLiteral(" · ") + tr("too long: at most %1 characters").arg(count(kMaxChars));
    // Credits matter once the balance does not cover the text: say so, and where to fix it.
    const bool covered = !metered || tokens == 0 || m_context.accountId() == 0 || credits <= m_context.accountCredits()
                         || micros <= m_context.accountWalletMicros();
    if (!covered)
        line += QStringLiteral(" · ")
                + tr("more than this account has (%1 credits, %2 in the wallet)")
                      .arg(count(m_context.accountCredits()), StudioLabels::money(m_context.accountWalletMicros()));
    m_count->setText(line);
    m_accountsLink->setVisible(!covered);
}

bool GeneratePage::loadTextFile(const QString &path)
{
    // Read off the GUI thread: a file on a slow or network disk must not freeze the window.
    struct Read
    {
        QByteArray text;
        QString error; // empty: read
        bool tooLarge = false;
    };
    const qint64 limit = 4 * kMaxChars;
    m_context.run(this, [path, limit] {
        Read r;
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            r.error = f.errorString();
        else if (f.size() > limit)
            r.tooLarge = true;
        else
            r.text = f.readAll();
        return r;
    }, [this, path](const Read &r) {
        if (!r.error.isEmpty())
            QMessageBox::warning(this, tr("Open text"), tr("Cannot open %1: %2").arg(path, r.error));
        else if (r.tooLarge)
            QMessageBox::warning(this, tr("Open text"), tr("%1 is too large for one generation.").arg(QFileInfo(path).fileName()));
        else
            m_text->setPlainText(QString::fromUtf8(r.text));
        emit textFileLoaded(r.error.isEmpty() && !r.tooLarge);
    });
    return true;
}

void GeneratePage::openGeneration(const Generation &g)
{
    m_text->setPlainText(g.inputText);
    // The voice the page remembers for the model is the one reloadVoices() selects.
    m_savedVoice.insert(g.model, g.voiceId);
    m_voiceFilter->clear();
    const int model = m_model->findData(g.model);
    if (model >= 0 && model != m_model->currentIndex())
        m_model->setCurrentIndex(model); // refills the languages, reloads the voices
    else
        reloadVoices();
    m_language->setCurrentIndex(qMax(0, m_language->findData(g.languageCode)));
    m_speed->setValue(g.speed);
    m_cfg->setValue(g.cfgWeight);
    m_exaggeration->setValue(g.exaggeration);
    m_format->setCurrentIndex(qMax(0, m_format->findData(g.audioFormat)));
    m_text->setFocus();
    loadAudioOf(g);
}

// A finished generation's audio read back into the player, with its word timings: it
// plays here and marks its words as a fresh one does.
void GeneratePage::loadAudioOf(const Generation &g)
{
    if (m_live || g.status != GenerationStatus::Completed || g.audioPath.isEmpty() || g.audioDeleted)
        return;
    struct Loaded
    {
        AudioDecoder::Decoded audio;
        QList<WordTiming> words;
    };
    const int load = ++m_loads;
    const GenerationService *gens = &m_context.services().generations();
    const QString path = g.audioPath;
    const QString format = g.audioFormat;
    const QString id = g.id;
    const bool timed = g.captions;
    m_status->setText(tr("Loading its audio…"));
    m_context.run(this, [gens, path, format, id, timed] {
        Loaded loaded;
        loaded.audio = AudioDecoder::decodeFile(path, format);
        if (timed && loaded.audio.ok())
            loaded.words = gens->readCaptions(id).value_or(QList<WordTiming>{});
        return loaded;
    }, [this, g, load](const Loaded &loaded) {
        if (load != m_loads || m_live)
            return; // spoken or opened again meanwhile
        if (!loaded.audio.ok()) {
            m_status->setText(tr("Cannot load its audio: %1").arg(loaded.audio.detail));
            return;
        }
        m_generation = g;
        m_streamedSamples = loaded.audio.float32.size() / qsizetype(sizeof(float));
        m_playerBar->load(loaded.audio.float32, false);
        m_progress->setValue(0);
        m_progress->setFormat(QStringLiteral("%p%"));
        // Marks only while the editor still holds its text (not edited meanwhile).
        if (m_text->toPlainText() == g.inputText) {
            resetMarks(g.inputText);
            m_words = loaded.words;
            m_wordSpans = SentenceSpans::words(g.inputText, loaded.words);
            // No sentence reports from a file: each sentence starts with its first word.
            qsizetype w = 0;
            for (qsizetype i = 0; i < m_spans.size(); ++i) {
                while (w < m_wordSpans.size() && m_wordSpans.at(w).start < m_spans.at(i).start)
                    ++w;
                if (w < m_wordSpans.size() && m_wordSpans.at(w).start < m_spans.at(i).start + m_spans.at(i).length)
                    m_sentenceStarts[i] = m_words.at(w).startSample;
            }
        }
        updateFileActions();
        m_status->setText(m_words.isEmpty() ? tr("Opened from History: press Play to hear it.")
                                            : tr("Opened from History: press Play to hear it, each word marked as it is spoken."));
    });
}

void GeneratePage::pasteClipboard()
{
    const QString text = QGuiApplication::clipboard()->text();
    if (text.isEmpty()) {
        m_status->setText(tr("The clipboard holds no text."));
        return;
    }
    // Through the cursor, not setPlainText(): Ctrl+Z brings the old text back.
    QTextCursor cursor(m_text->document());
    cursor.beginEditBlock();
    cursor.select(QTextCursor::Document);
    cursor.insertText(text.left(kMaxChars * 4));
    cursor.endEditBlock();
    m_text->moveCursor(QTextCursor::Start);
    m_text->setFocus();
}

void GeneratePage::openTextFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open text"), QString(), tr("Text files (*.txt);;All files (*)"));
    if (!path.isEmpty())
        loadTextFile(path);
}

void GeneratePage::setBusy(bool busy)
{
    const QString blocked = speakBlockedReason();
    m_speak->setEnabled(!busy && !m_speakPending && blocked.isEmpty());
    m_speak->setToolTip(blocked.isEmpty() ? tr("Generate and play while it streams (Ctrl+Enter)") : blocked);
    m_speakReason->setText(blocked);
    m_speakReason->setVisible(!blocked.isEmpty() && !busy);
    // A Speak that waits can be called off too.
    m_stop->setEnabled((busy && !m_stopping) || m_speakPending || m_player->isPlaying());
}

void GeneratePage::updateSpeakState()
{
    setBusy(m_live != nullptr);
}

// Speak needs a voice: once the model's voices are listed, an empty Voice box (a search
// that matches none) says why instead of waiting for one.
QString GeneratePage::speakBlockedReason() const
{
    if (m_voicesModel != m_model->currentData().toString() || m_fillingVoices || !selectedVoiceId().isEmpty())
        return {};
    if (!m_voiceFilter->text().trimmed().isEmpty())
        return tr("No voice matches “%1”: clear the search to choose a voice.").arg(m_voiceFilter->text().trimmed());
    return tr("No voice is available for this model.");
}

bool GeneratePage::readyToSpeak() const
{
    return m_settingsLoaded && m_context.accountId() != 0 && !selectedVoiceId().isEmpty();
}

void GeneratePage::speakIfPending()
{
    if (!m_speakPending)
        return;
    const QString blocked = speakBlockedReason();
    if (!blocked.isEmpty()) {
        cancelPendingSpeak(blocked);
    } else if (readyToSpeak()) {
        // Only what was pressed: a setting changed meanwhile (by the user, or the last
        // session's model restored) calls it off rather than speaking otherwise.
        CreateGeneration now = currentRequest();
        const CreateGeneration &pressed = m_pendingRequest;
        const bool same = now.speech.text == pressed.speech.text && now.speech.model == pressed.speech.model
                          && now.speech.languageCode == pressed.speech.languageCode && now.speech.speed == pressed.speech.speed
                          && now.speech.cfgWeight == pressed.speech.cfgWeight
                          && now.speech.exaggeration == pressed.speech.exaggeration && now.audioFormat == pressed.audioFormat
                          && (pressed.voiceId.isEmpty() || now.voiceId == pressed.voiceId);
        if (!same) {
            cancelPendingSpeak(tr("Not spoken: the settings changed while it was getting ready. Press Speak again."));
            return;
        }
        m_speakPending = false;
        startSpeaking(now);
    } else if (m_context.accountsSettled() && m_context.accountId() == 0) {
        cancelPendingSpeak(tr("There is no account to bill this to: create one on the Accounts & credits page."));
        m_accountsLink->setVisible(true);
    }
}

void GeneratePage::cancelPendingSpeak(const QString &why)
{
    m_speakPending = false;
    m_status->setText(why);
    updateSpeakState();
}

CreateGeneration GeneratePage::currentRequest() const
{
    CreateGeneration req;
    req.speech.text = m_text->toPlainText();
    req.speech.model = m_model->currentData().toString();
    req.speech.languageCode = m_language->currentData().toString();
    req.speech.speed = m_speed->value();
    req.speech.cfgWeight = m_cfg->value();
    req.speech.exaggeration = m_exaggeration->value();
    req.voiceId = selectedVoiceId();
    req.audioFormat = m_format->currentData().toString();
    req.apiVersion = QStringLiteral("studio");
    req.metering = m_context.metering(DesktopMetering::Work::Speech);
    // Word timings for the marked word and the captions: each piece is then made whole
    // before its audio goes out (docs/api.md "Word timings and captions" says what that costs).
    req.timestamps = true;
    return req;
}

void GeneratePage::speak()
{
    if (m_live || m_speakPending)
        return;
    const QString blocked = speakBlockedReason();
    if (!blocked.isEmpty()) { // the shortcut, while the button says why not
        m_status->setText(blocked);
        return;
    }
    if (!readyToSpeak()) {
        // On a first start the account is being made and the voices read: speak then,
        // with what the controls say now.
        m_speakPending = true;
        m_pendingRequest = currentRequest();
        m_status->setText(tr("Getting ready to speak… (Esc cancels)"));
        updateSpeakState();
        speakIfPending();
        return;
    }
    startSpeaking(currentRequest());
}

void GeneratePage::startSpeaking(const CreateGeneration &req)
{
    ++m_loads;
    m_generation = Generation{};
    m_streamedSamples = 0;
    m_firstAudio = false;
    m_stopping = false;
    m_expectedSeconds = qMax(1.0, double(Pricing::tokens(req.speech.text)) / 14.0 / req.speech.speed);
    // A new generation: nothing of the last one stays on screen.
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%p%"));
    updateFileActions();
    resetMarks(req.speech.text);
    m_playerBar->startStream();
    m_sinceSpeak.start();
    m_status->setText(tr("Generating…"));

    m_live = std::make_unique<LiveStream>(m_context.services().live(), sinkRef(), QStringLiteral("Stopped in the studio"));
    // Heard as it is made: made only a little ahead of the listener. Without a player
    // nothing is heard, and it is made at full speed.
    if (m_player->isPlaying())
        m_live->followPlayhead();
    setBusy(true);
    m_live->start(m_context.auth(), req);
}

void GeneratePage::liveEnded(const LiveStream::Outcome &out)
{
    m_live.reset();
    m_stopping = false;
    const QString savePath = std::exchange(m_saveWhenDone, {});
    switch (out.kind) {
    case LiveStream::Outcome::Kind::Completed:
        onCompleted(out.generation);
        break;
    case LiveStream::Outcome::Kind::Stopped:
        onStopped(out.generation, out.keptSamples);
        break;
    case LiveStream::Outcome::Kind::Rejected:
        m_player->stop();
        setBusy(false);
        if (out.error.kind == ServiceError::Kind::InsufficientBalance) {
            m_status->setText(tr("Not generated: this text costs more than the account has left "
                                 "(%1 credits, %2 in the wallet). Add credits or top up the wallet.")
                                  .arg(count(m_context.accountCredits()), StudioLabels::money(m_context.accountWalletMicros())));
            m_accountsLink->setVisible(true);
        } else {
            m_status->setText(tr("Not generated: %1").arg(StudioLabels::problem(out.error)));
        }
        emit generationFinished({}, GenerationStatus::Failed);
        break;
    default:
        onFailed(out.error.detail);
        break;
    }
    // Saved as asked while it spoke (a stop saves what it kept).
    if (!savePath.isEmpty() && m_generation.status == GenerationStatus::Completed && !m_generation.audioPath.isEmpty())
        saveTo(savePath);
}

void GeneratePage::liveStarted(const Generation &g)
{
    m_generation = g;
    updateFileActions(); // saving while it speaks
    m_context.notifyDataChanged();
}

void GeneratePage::liveAudio(const QByteArray &samples)
{
    if (!m_firstAudio) {
        m_firstAudio = true;
        m_status->setText(tr("Playing — first sound after %1 ms").arg(count(m_sinceSpeak.elapsed())));
    }
    m_streamedSamples += samples.size() / 4;
    m_playerBar->appendStream(samples);
    // The studio plays as fast as it streams; credit at once (no socket to wait for).
    if (m_live)
        m_live->acknowledge(samples.size());
    m_progress->setValue(qMin(99, int(100.0 * double(m_streamedSamples) / AudioFormats::kSampleRate / m_expectedSeconds)));
}

void GeneratePage::liveSentence(int index, qint64 startSample)
{
    if (index >= 0 && index < m_sentenceStarts.size())
        m_sentenceStarts[index] = startSample;
}

void GeneratePage::liveWords(const QList<WordTiming> &words)
{
    m_words += words;
    m_wordSpans += SentenceSpans::words(m_markedText, words);
}

void GeneratePage::resetMarks(const QString &text)
{
    m_markedText = text;
    m_spans = text.isEmpty() ? QList<SentenceSpans::Span>{} : SentenceSpans::of(text);
    m_sentenceStarts = QList<qint64>(m_spans.size(), -1);
    m_words.clear();
    m_wordSpans.clear();
}

SentenceSpans::Span GeneratePage::highlightedWordSpan() const
{
    return m_highlightedWord >= 0 ? m_wordSpans.at(m_highlightedWord) : SentenceSpans::Span{0, 0};
}

// The sentence and the word whose audio holds the position, marked in the editor while
// it plays (or is paused): the sentence lightly, the word in the selection colour.
void GeneratePage::highlightAt(qint64 us)
{
    int sentence = -1;
    int word = -1;
    if (m_player->state() != AudioPlayer::State::Stopped && !m_spans.isEmpty()) {
        const qint64 sample = us * AudioFormats::kSampleRate / 1000000;
        for (int i = 0; i < m_sentenceStarts.size(); ++i) {
            if (m_sentenceStarts.at(i) < 0)
                continue;
            if (m_sentenceStarts.at(i) > sample)
                break;
            sentence = i;
        }
        // The last word that started by now (words come in the order they are spoken).
        const auto words = m_words.cbegin();
        const auto end = words + qMin(m_words.size(), m_wordSpans.size());
        const auto after = std::upper_bound(words, end, sample,
                                            [](qint64 s, const WordTiming &w) { return s < w.startSample; });
        const int i = int(after - words) - 1;
        if (i >= 0) {
            const WordTiming &w = m_words.at(i);
            qint64 until = w.endSample;
            if (after != end && after->startSample - w.endSample < kWordLingerSamples)
                until = after->startSample;
            if (sample < until)
                word = i;
        }
    }
    if (sentence == m_highlighted && word == m_highlightedWord)
        return;
    m_highlighted = sentence;
    m_highlightedWord = word;
    QList<QTextEdit::ExtraSelection> marks;
    const auto mark = [this](const SentenceSpans::Span &span, const QTextCharFormat &format) {
        QTextEdit::ExtraSelection m;
        m.cursor = QTextCursor(m_text->document());
        m.cursor.setPosition(int(span.start));
        m.cursor.setPosition(int(span.start + span.length), QTextCursor::KeepAnchor);
        m.format = format;
        return m;
    };
    if (sentence >= 0 && m_spans.at(sentence).length > 0) {
        QTextCharFormat f;
        QColor tint = palette().color(QPalette::Highlight);
        tint.setAlpha(70);
        f.setBackground(tint);
        marks.append(mark(m_spans.at(sentence), f));
    }
    if (word >= 0 && m_wordSpans.at(word).length > 0) {
        QTextCharFormat f;
        f.setBackground(palette().color(QPalette::Highlight));
        f.setForeground(palette().color(QPalette::HighlightedText));
        marks.append(mark(m_wordSpans.at(word), f));
    }
    m_text->setExtraSelections(marks);
    if (word >= 0)
        keepVisible(marks.last().cursor);
}

// A long text scrolls with the speech: the word heard, once below or above the visible
// part, comes to a third of the editor's height (the user's own cursor stays).
void GeneratePage::keepVisible(const QTextCursor &word)
{
    const QRect at = m_text->cursorRect(word);
    const QRect view = m_text->viewport()->rect();
    if (at.top() >= 0 && at.bottom() <= view.bottom())
        return;
    // QPlainTextEdit scrolls by lines.
    const int line = qMax(1, m_text->fontMetrics().lineSpacing());
    QScrollBar *bar = m_text->verticalScrollBar();
    bar->setValue(bar->value() + (at.top() - view.height() / 3) / line);
}

void GeneratePage::updateFileActions()
{
    const bool done = m_generation.status == GenerationStatus::Completed && !m_generation.audioPath.isEmpty();
    const bool speaking = m_live && !m_stopping && !m_generation.id.isEmpty() && m_saveWhenDone.isEmpty();
    m_save->setEnabled(done || speaking);
    m_captions->setEnabled(done && m_generation.captions);
}

void GeneratePage::exportCaptions()
{
    if (!m_captions->isEnabled()) {
        m_status->setText(tr("No captions to save yet: speak a text first."));
        return;
    }
    CaptionsDialog::open(this, m_context, m_generation, [this](const QString &line) { m_status->setText(line); });
}

void GeneratePage::onCompleted(const Generation &g)
{
    m_generation = g;
    m_playerBar->finishStream();
    m_progress->setValue(100);
    updateFileActions();
    setBusy(false);
    const QString heard = StudioLabels::seconds(double(m_streamedSamples) / AudioFormats::kSampleRate);
    if (g.source == PaymentSource::Unmetered)
        m_status->setText(tr("Done: %1 of audio.").arg(heard));
    else
        m_status->setText(tr("Done: %1 of audio, %2 tokens, %3 from the %4.")
                              .arg(heard, count(g.tokens), StudioLabels::money(g.dollarCostMicros),
                                   StudioLabels::paymentSource(g.source)));
    m_context.notifyDataChanged();
    emit generationFinished(g.id, g.status);
}

// Stop keeps the work: the audio through the sentence being heard is the generation's.
void GeneratePage::onStopped(const Generation &g, qint64 keptSamples)
{
    m_generation = g;
    m_stopping = false;
    // The player holds what was kept, to play again with Play.
    if (keptSamples > 0 && keptSamples < m_streamedSamples)
        m_streamedSamples = keptSamples;
    m_playerBar->load(m_player->clip().left(m_streamedSamples * qsizetype(sizeof(float))), false);
    setBusy(false);
    // The bar ends where the text was cut, and says so.
    const int reached = g.tokens > 0 ? int(100 * g.billedTokens / g.tokens) : 0;
    m_progress->setValue(g.status == GenerationStatus::Completed ? qBound(0, reached, 100) : 0);
    m_progress->setFormat(tr("Stopped at %p%"));
    updateFileActions();
    const QString kept = StudioLabels::seconds(double(m_streamedSamples) / AudioFormats::kSampleRate);
    if (g.status != GenerationStatus::Completed)
        m_status->setText(g.source == PaymentSource::Unmetered ? tr("Stopped before any audio.")
                                                                : tr("Stopped before any audio: nothing was billed."));
    else if (g.source == PaymentSource::Unmetered)
        m_status->setText(tr("Stopped: kept %1 of audio.").arg(kept));
    else
        m_status->setText(tr("Stopped: kept %1 of audio; billed %2 of %3 tokens (%4).")
                              .arg(kept, count(g.billedTokens), count(g.tokens), StudioLabels::money(g.dollarCostMicros)));
    m_context.notifyDataChanged();
    emit generationFinished(g.id, g.status);
}

void GeneratePage::onFailed(const QString &message)
{
    m_player->finishInput();
    setBusy(false);
    m_status->setText(tr("Failed: %1").arg(message));
    m_context.notifyDataChanged();
    emit generationFinished(m_generation.id, GenerationStatus::Failed);
}

void GeneratePage::stopSpeaking()
{
    if (m_speakPending) {
        cancelPendingSpeak(tr("Speak cancelled."));
        return;
    }
    if (m_live && !m_stopping) {
        // What was heard decides what is kept: said before the player stops. The
        // generation keeps it and ends; liveEnded() says how much.
        m_live->heard(m_player->positionUs() * AudioFormats::kSampleRate / 1000000);
        m_stopping = true;
        m_player->stop();
        updateFileActions();
        m_status->setText(tr("Stopping — keeping what was spoken…"));
        m_stop->setEnabled(false);
        m_live->stop();
        return;
    }
    m_player->stop();
    if (!m_live)
        setBusy(false);
}

// While it speaks, saving wants the whole: the rest is made at full speed and saved
// once done (Speak alone makes it only a little ahead of the listener).
void GeneratePage::saveAs()
{
    const bool speaking = m_live && !m_stopping && !m_generation.id.isEmpty();
    if (!speaking && (m_generation.status != GenerationStatus::Completed || m_generation.audioPath.isEmpty()))
        return;
    const QString ext = m_generation.audioFormat;
    const QString filter = ext == QLatin1String("mp3") ? tr("MP3 audio (*.mp3)") : tr("WAV audio (*.wav);;MP3 audio (*.mp3)");
    // Where History and the captions save too.
    const QString dir = QSettings().value(kSaveDirKey, QDir::homePath()).toString();
    auto *dialog = new QFileDialog(this, tr("Save speech"), QDir(dir).filePath(QStringLiteral("speech.") + ext), filter);
    dialog->setObjectName(QStringLiteral("speechSaveDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    connect(dialog, &QFileDialog::fileSelected, this, [this, id = m_generation.id](const QString &path) {
        if (m_generation.id != id)
            return; // another generation meanwhile
        if (m_generation.status == GenerationStatus::Completed) {
            saveTo(path);
        } else if (m_live) {
            m_saveWhenDone = path;
            m_live->stopFollowingPlayhead();
            m_status->setText(tr("Making the rest at full speed, to save it…"));
        }
    });
    dialog->open();
}

void GeneratePage::saveTo(const QString &path)
{
    const AudioFormat from = AudioFormats::parse(m_generation.audioFormat).value_or(AudioFormat::Wav);
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QString target = suffix.isEmpty() ? path + u'.' + m_generation.audioFormat : path;
    const AudioFormat to = AudioFormats::parse(QFileInfo(target).suffix().toLower()).value_or(from);
    const QString source = m_generation.audioPath;
    QSettings().setValue(kSaveDirKey, QFileInfo(target).absolutePath());
    // Copying or re-encoding is disk work: off the GUI thread (the dialog asked before
    // overwriting; AudioExport never leaves half a file).
    m_context.run(this, [source, from, target, to] { return AudioExport::save(source, from, target, to); },
                  [this, target](const AudioExport::Outcome &out) {
        m_status->setText(out.ok() ? tr("Saved %1").arg(target) : tr("Could not save %1").arg(target));
        emit speechSaved(target, out.ok());
    });
}
