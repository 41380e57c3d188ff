#include "pronunciationspage.h"
#include "studiolabels.h"

#include "audioplayer.h"
#include "lexiconservice.h"
#include "plsfile.h"
#include "studiocontext.h"
#include "voicecatalog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

PronunciationsPage::PronunciationsPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_player(new AudioPlayer(this))
{
    buildUi();
    connect(&m_context, &StudioContext::accountChanged, this, &PronunciationsPage::reload);
}

PronunciationsPage::~PronunciationsPage() = default; // a sentence still generating stops with m_live

void PronunciationsPage::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    auto *hint = new QLabel(tr("Names and terms said your way in every generation of the selected account, in the studio and "
                               "through the API: a word is said as an alias (other words) or as IPA phonemes. Whole words "
                               "only; letter case counts only where “Match case” is on."));
    hint->setWordWrap(true);
    layout->addWidget(hint);

    m_table = new QTableWidget(0, ColumnCount);
    m_table->setObjectName(QStringLiteral("pronunciationTable"));
    m_table->setHorizontalHeaderLabels({tr("Word"), tr("Said as"), tr("IPA"), tr("Language"), tr("Match case")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    layout->addWidget(m_table, 1);

    auto *form = new QFormLayout;
    m_grapheme = new QLineEdit;
    m_grapheme->setPlaceholderText(tr("e.g. SQL"));
    m_grapheme->setMaxLength(Lexicon::kMaxGraphemeLength);
    m_alias = new QLineEdit;
    m_alias->setPlaceholderText(tr("e.g. sequel"));
    m_alias->setMaxLength(Lexicon::kMaxAliasLength);
    m_phoneme = new QLineEdit;
    m_phoneme->setPlaceholderText(tr("e.g. ˈsiːkwəl"));
    m_phoneme->setMaxLength(Lexicon::kMaxPhonemeLength);
    m_phoneme->setToolTip(tr("IPA. Voices of other languages say it with their own sounds; English voices with the "
                             "closest sounds of American English. With both, the alias is said where the IPA cannot be."));
    m_language = new QLineEdit;
    m_language->setPlaceholderText(tr("all languages (or en, de, pt-BR…)"));
    m_caseSensitive = new QCheckBox(tr("Match case"));
    form->addRow(tr("Word:"), m_grapheme);
    form->addRow(tr("Said as:"), m_alias);
    form->addRow(tr("IPA:"), m_phoneme);
    form->addRow(tr("Language:"), m_language);
    form->addRow(QString(), m_caseSensitive);
    layout->addLayout(form);

    auto *buttons = new QHBoxLayout;
    m_add = new QPushButton(tr("Add"));
    m_save = new QPushButton(tr("Save changes"));
    m_delete = new QPushButton(tr("Delete"));
    m_voice = new QComboBox;
    m_voice->setAccessibleName(tr("Voice for listening"));
    for (const Voice &v : m_context.services().catalog().systemVoices())
        m_voice->addItem(v.name, v.id);
    m_listen = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Listen"));
    m_listen->setToolTip(tr("Say the selected word in a sentence with this voice (free, kept out of "
                            "History as a preview)."));
    auto *import = new QPushButton(tr("Import PLS…"));
    auto *exportButton = new QPushButton(tr("Export PLS…"));
    // Two rows: editing the entry, then hearing it and the PLS files. In one row the
    // German labels made the page wider than an 800-pixel window.
    for (QPushButton *b : {m_add, m_save, m_delete})
        buttons->addWidget(b);
    buttons->addStretch(1);
    buttons->addWidget(import);
    buttons->addWidget(exportButton);
    layout->addLayout(buttons);
    auto *listening = new QHBoxLayout;
    listening->addWidget(m_voice, 1);
    listening->addWidget(m_listen);
    listening->addStretch(1);
    layout->addLayout(listening);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_add, &QPushButton::clicked, this, &PronunciationsPage::addEntry);
    connect(m_save, &QPushButton::clicked, this, &PronunciationsPage::saveSelected);
    connect(m_delete, &QPushButton::clicked, this, &PronunciationsPage::deleteSelected);
    connect(m_listen, &QPushButton::clicked, this, &PronunciationsPage::listenSelected);
    connect(import, &QPushButton::clicked, this, [this] { importPls(); });
    connect(exportButton, &QPushButton::clicked, this, [this] { exportPls(); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, [this] {
        showSelected();
        updateButtons();
    });
    updateButtons();
}

void PronunciationsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    reload();
}

void PronunciationsPage::reload()
{
    const qint64 account = m_context.accountId();
    if (!account) {
        m_entries.clear();
        fill();
        return;
    }
    LexiconService *lexicons = &m_context.services().lexicons();
    m_context.run(this, [lexicons, account] { return lexicons->entries(account); },
                  [this, account](const Result<QList<LexiconEntry>> &r) {
                      if (account != m_context.accountId())
                          return;
                      if (!r)
                          m_status->setText(r.error().detail);
                      else
                          m_entries = *r;
                      fill();
                      emit loaded();
                  });
}

void PronunciationsPage::fill()
{
    const int keep = m_table->currentRow();
    m_table->setRowCount(int(m_entries.size()));
    for (int row = 0; row < m_entries.size(); ++row) {
        const LexiconEntry &e = m_entries.at(row);
        const QString texts[] = {e.grapheme, e.alias, e.phoneme, e.languageCode.isEmpty() ? tr("all") : e.languageCode,
                                 e.caseSensitive ? tr("yes") : tr("no")};
        for (int c = 0; c < ColumnCount; ++c)
            m_table->setItem(row, c, new QTableWidgetItem(texts[c]));
    }
    if (keep >= 0 && keep < m_table->rowCount())
        m_table->selectRow(keep);
    updateButtons();
}

LexiconEntry PronunciationsPage::fromEditor() const
{
    LexiconEntry e;
    e.grapheme = m_grapheme->text(); // as typed: the lexicon refuses spaces around it, never trims
    e.alias = m_alias->text().trimmed();
    e.phoneme = m_phoneme->text().trimmed();
    e.languageCode = m_language->text().trimmed();
    e.caseSensitive = m_caseSensitive->isChecked();
    return e;
}

void PronunciationsPage::showSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_entries.size())
        return;
    const LexiconEntry &e = m_entries.at(row);
    m_grapheme->setText(e.grapheme);
    m_alias->setText(e.alias);
    m_phoneme->setText(e.phoneme);
    m_language->setText(e.languageCode);
    m_caseSensitive->setChecked(e.caseSensitive);
}

void PronunciationsPage::updateButtons()
{
    const bool account = m_context.accountId() != 0;
    const bool selected = m_table->currentRow() >= 0 && m_table->currentRow() < m_entries.size();
    m_add->setEnabled(account && !m_busy);
    m_save->setEnabled(account && selected && !m_busy);
    m_delete->setEnabled(account && selected && !m_busy);
    m_listen->setEnabled(account && (selected || m_live));
    m_listen->setText(m_live ? tr("Stop") : tr("Listen"));
}

// Every change is a whole new lexicon, checked and stored as one (nothing changes when
// an entry is invalid: the status says which and why).
void PronunciationsPage::store(const QList<LexiconEntry> &entries, const QString &done)
{
    const qint64 account = m_context.accountId();
    if (!account) {
        m_status->setText(tr("Create or select an account first (Accounts page)."));
        emit saved(false);
        return;
    }
    m_busy = true;
    updateButtons();
    LexiconService *lexicons = &m_context.services().lexicons();
    const QJsonArray json = Lexicon::toJson(entries);
    m_context.run(this, [lexicons, account, json] { return lexicons->replace(account, json); },
                  [this, done](const Result<QList<LexiconEntry>> &r) {
                      m_busy = false;
                      if (!r) {
                          m_status->setText(tr("Not saved: %1").arg(r.error().detail));
                      } else {
                          m_entries = *r;
                          m_status->setText(done);
                          fill();
                      }
                      updateButtons();
                      emit saved(r.ok());
                  });
}

void PronunciationsPage::addEntry()
{
    QList<LexiconEntry> next = m_entries;
    next.append(fromEditor());
    store(next, tr("Added “%1”.").arg(next.last().grapheme));
}

void PronunciationsPage::saveSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_entries.size())
        return;
    QList<LexiconEntry> next = m_entries;
    next[row] = fromEditor();
    store(next, tr("Saved “%1”.").arg(next.at(row).grapheme));
}

void PronunciationsPage::deleteSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_entries.size())
        return;
    QList<LexiconEntry> next = m_entries;
    const QString word = next.takeAt(row).grapheme;
    store(next, tr("Deleted “%1”.").arg(word));
}

QString PronunciationsPage::sentenceFor(const QString &grapheme) const
{
    return tr("This is how %1 sounds.").arg(grapheme);
}

void PronunciationsPage::listenSelected()
{
    if (m_live) {
        m_live.reset(); // stops it: COMPLETED with what was made, or released
        m_player->stop();
        updateButtons();
        return;
    }
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_entries.size() || !m_context.accountId())
        return;
    const auto voice = m_context.services().catalog().find(m_voice->currentData().toString());
    if (!voice)
        return;
    CreateGeneration req;
    req.speech.text = sentenceFor(m_entries.at(row).grapheme);
    req.speech.model = voice->model;
    req.voiceId = voice->id;
    req.audioFormat = QStringLiteral("wav");
    req.apiVersion = QStringLiteral("studio");
    req.preview = true; // not work to find again: out of the default history
    req.metering = m_context.metering(DesktopMetering::Work::Preview);
    m_listenedSamples = 0;
    m_player->start();
    m_status->setText(tr("Saying “%1” with %2…").arg(m_entries.at(row).grapheme, voice->name));
    m_live = std::make_unique<LiveStream>(m_context.services().live(), sinkRef(), QStringLiteral("Stopped in the studio"));
    m_live->start(m_context.auth(), req);
    updateButtons();
}

void PronunciationsPage::liveStarted(const Generation &)
{
    m_context.notifyDataChanged();
}

void PronunciationsPage::liveAudio(const QByteArray &bytes)
{
    m_listenedSamples += bytes.size() / 4;
    m_player->append(bytes);
    if (m_live)
        m_live->acknowledge(bytes.size());
}

void PronunciationsPage::liveEnded(const LiveStream::Outcome &out)
{
    m_live.reset();
    QString status;
    if (out.kind == LiveStream::Outcome::Kind::Completed) {
        m_player->finishInput();
        status = tr("Done.");
    } else if (out.kind == LiveStream::Outcome::Kind::Stopped) {
        status = tr("Stopped.");
    } else {
        status = tr("Could not say it: %1").arg(StudioLabels::problem(out.error));
    }
    m_status->setText(status);
    updateButtons();
    emit listened(status);
}

bool PronunciationsPage::importPls(const QString &path)
{
    const QString file = path.isEmpty()
                             ? QFileDialog::getOpenFileName(this, tr("Import pronunciation lexicon"), {},
                                                            tr("Pronunciation lexicons (*.pls *.xml);;All files (*)"))
                             : path;
    if (file.isEmpty())
        return false;
    // Read and parsed off the GUI thread (the disk may be slow); saved(false) on failure.
    struct Read
    {
        PlsFile::Read pls;
        QString ioError;
    };
    m_context.run(this, [file] {
        Read r;
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            r.ioError = f.errorString();
        else
            r.pls = PlsFile::read(f.readAll());
        return r;
    }, [this, file](const Read &r) {
        if (!r.ioError.isEmpty() || !r.pls.error.isEmpty()) {
            m_status->setText(!r.ioError.isEmpty() ? tr("Cannot read %1: %2").arg(file, r.ioError)
                                                   : tr("Not a pronunciation lexicon: %1").arg(r.pls.error));
            emit saved(false);
            return;
        }
        // The file's entries replace those of the same word and language (in any case and
        // spelling the lexicon counts as the same: NFC or NFD "café"); the rest stay.
        QList<LexiconEntry> next = m_entries;
        for (const LexiconEntry &e : r.pls.entries) {
            next.removeIf([&](const LexiconEntry &old) {
                return old.languageCode == e.languageCode && Lexicon::sameWordAnyCase(old.grapheme, e.grapheme);
            });
            next.append(e);
        }
        store(next, tr("Imported entries: %1.").arg(r.pls.entries.size())
                        + (r.pls.skipped ? u' ' + tr("Skipped (no IPA or alias): %1.").arg(r.pls.skipped) : QString()));
    });
    return true;
}

bool PronunciationsPage::exportPls(const QString &path)
{
    const QString file = path.isEmpty()
                             ? QFileDialog::getSaveFileName(this, tr("Export pronunciation lexicon"), QStringLiteral("lexicon.pls"),
                                                            tr("Pronunciation lexicons (*.pls)"))
                             : path;
    if (file.isEmpty())
        return false;
    // Written off the GUI thread; exported(ok) when it is on disk (or not).
    const QByteArray bytes = PlsFile::write(m_entries);
    const qsizetype count = m_entries.size();
    m_context.run(this, [file, bytes] {
        QSaveFile f(file);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) < 0 || !f.commit())
            return f.errorString();
        return QString();
    }, [this, file, count](const QString &error) {
        m_status->setText(error.isEmpty() ? tr("Exported %1 entries to %2.").arg(count).arg(file)
                                          : tr("Cannot write %1: %2").arg(file, error));
        emit exported(error.isEmpty());
    });
    return true;
}
