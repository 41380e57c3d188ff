#include "customvoicedialog.h"

#include "services.h"
#include "studiocontext.h"
#include "voiceanalysisservice.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace
{
constexpr qint64 kMaxReferenceBytes = 64 * 1024 * 1024;

QDoubleSpinBox *factorBox(const QString &tooltip)
{
    auto *box = new QDoubleSpinBox;
    box->setRange(0.5, 2.0);
    box->setDecimals(2);
    box->setSingleStep(0.05);
    box->setValue(1.0);
    box->setSuffix(QStringLiteral("×"));
    box->setToolTip(tooltip);
    return box;
}
}

CustomVoiceDialog::CustomVoiceDialog(StudioContext &context, QWidget *parent)
    : QDialog(parent)
    , m_context(context)
{
    setWindowTitle(tr("New custom voice"));
    setObjectName(QStringLiteral("CustomVoiceDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_name = new QLineEdit;
    m_name->setMaxLength(100);
    m_name->setPlaceholderText(tr("e.g. Narrator, slower and deeper"));
    form->addRow(tr("&Name:"), m_name);

    m_base = new QComboBox;
    m_base->setAccessibleName(tr("Base voice"));
    QList<Voice> system = m_context.services().catalog().systemVoices();
    std::stable_sort(system.begin(), system.end(), [](const Voice &a, const Voice &b) {
        return a.model != b.model ? a.model == QLatin1String("base") : a.name < b.name;
    });
    for (const Voice &v : system)
        m_base->addItem(QStringLiteral("%1 — %2, %3, %4%5 (%6)")
                            .arg(v.name, v.gender, v.accent, v.model, v.free ? QString() : tr(", premium"), v.id),
                        v.id);
    form->addRow(tr("&Base voice:"), m_base);

    m_pitch = factorBox(tr("Factor on the base voice's pitch: below 1 is deeper, above 1 higher (0.5 to 2.0)."));
    form->addRow(tr("&Pitch:"), m_pitch);
    m_rate = factorBox(tr("Factor on the speaking rate: below 1 is slower, above 1 faster (0.5 to 2.0)."));
    form->addRow(tr("&Rate:"), m_rate);
    m_description = new QPlainTextEdit;
    m_description->setPlaceholderText(tr("Optional, up to 500 characters"));
    m_description->setFixedHeight(m_description->fontMetrics().lineSpacing() * 4);
    form->addRow(tr("&Description:"), m_description);
    layout->addLayout(form);

    m_referenceBox = new QGroupBox(tr("Match a reference recording (optional)"));
    QSizePolicy boxPolicy = m_referenceBox->sizePolicy();
    boxPolicy.setHeightForWidth(true); // its notes wrap: let the dialog ask for their height
    m_referenceBox->setSizePolicy(boxPolicy);
    auto *refLayout = new QVBoxLayout(m_referenceBox);
    auto *note = new QLabel(tr("<b>An approximation, not voice cloning.</b> Only the recording's median pitch and its "
                               "speaking pace (syllables per second) are measured; pitch and rate above are set so the "
                               "base voice matches them. The timbre, accent and intonation of the speaker are not copied."));
    note->setWordWrap(true);
    refLayout->addWidget(note);
    m_referenceHint = new QLabel;
    m_referenceHint->setWordWrap(true);
    refLayout->addWidget(m_referenceHint);
    auto *row = new QHBoxLayout;
    m_referencePath = new QLineEdit;
    m_referencePath->setReadOnly(true);
    m_referencePath->setPlaceholderText(tr("A WAV file (16-bit PCM, mono or stereo, at least 1 s of speech)"));
    m_chooseReference = new QPushButton(tr("Choose WAV…"));
    row->addWidget(m_referencePath, 1);
    row->addWidget(m_chooseReference);
    refLayout->addLayout(row);
    m_analysisResult = new QLabel;
    m_analysisResult->setWordWrap(true);
    m_analysisResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    refLayout->addWidget(m_analysisResult);
    layout->addWidget(m_referenceBox);

    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setVisible(false);
    layout->addWidget(m_error);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &CustomVoiceDialog::submit);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_chooseReference, &QPushButton::clicked, this, &CustomVoiceDialog::chooseReference);
    connect(m_base, &QComboBox::currentIndexChanged, this, [this] {
        updateReferenceAvailability();
        if (!m_referencePath->text().isEmpty())
            m_analysisResult->setText(tr("The base voice changed: choose the recording again to match it."));
    });
    connect(m_name, &QLineEdit::textChanged, this, [this] { m_error->setVisible(false); });
    updateReferenceAvailability();
    setMinimumWidth(560);
    resize(560, sizeHint().height());
    fitToContents();
}

void CustomVoiceDialog::fitToContents()
{
    // Word-wrapped labels need the height for the width they get, and a top-level
    // layout does not grow the window for them; their new heights are known once the
    // event loop has laid them out, so measure then.
    QMetaObject::invokeMethod(this, [this] {
        const int h = heightForWidth(width());
        if (h > height())
            resize(width(), h);
    }, Qt::QueuedConnection);
}

void CustomVoiceDialog::setVoice(const QString &voiceId, const VoiceDirectory::CustomVoiceSpec &spec)
{
    m_voiceId = voiceId;
    setWindowTitle(tr("Edit custom voice %1").arg(voiceId));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Save"));
    m_name->setText(spec.name);
    selectBaseVoice(spec.baseVoiceId);
    m_pitch->setValue(spec.pitch);
    m_rate->setValue(spec.rate);
    m_description->setPlainText(spec.description);
}

bool CustomVoiceDialog::selectBaseVoice(const QString &voiceId)
{
    const int index = m_base->findData(voiceId);
    if (index >= 0)
        m_base->setCurrentIndex(index);
    return index >= 0;
}

QString CustomVoiceDialog::selectedBaseId() const
{
    return m_base->currentData().toString();
}

VoiceDirectory::CustomVoiceSpec CustomVoiceDialog::spec() const
{
    VoiceDirectory::CustomVoiceSpec s;
    s.name = m_name->text().trimmed();
    s.baseVoiceId = selectedBaseId();
    s.pitch = m_pitch->value();
    s.rate = m_rate->value();
    s.description = m_description->toPlainText().trimmed();
    return s;
}

void CustomVoiceDialog::updateReferenceAvailability()
{
    const auto base = m_context.services().catalog().find(selectedBaseId());
    const bool advanced = base && base->model == QLatin1String("advanced");
    m_chooseReference->setEnabled(advanced && !m_analyzing && !m_saving);
    m_referenceHint->setText(advanced ? tr("Measuring synthesizes a test sentence with %1 once; it is not billed.").arg(base->name)
                                      : tr("Available when the base voice is an advanced (premium) voice."));
}

void CustomVoiceDialog::chooseReference()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Reference recording"), QString(),
                                                      tr("WAV audio (*.wav);;All files (*)"));
    if (!path.isEmpty())
        analyzeReference(path);
}

void CustomVoiceDialog::analyzeReference(const QString &path)
{
    const auto base = m_context.services().catalog().find(selectedBaseId());
    if (!base || base->model != QLatin1String("advanced")) {
        m_analysisResult->setText(tr("Choose an advanced base voice first."));
        emit analysisFinished(false);
        return;
    }
    m_referencePath->setText(path);
    m_analyzing = true;
    const int serial = ++m_analysisSerial;
    updateReferenceAvailability();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_analysisResult->setText(tr("Measuring the recording and %1…").arg(base->name));
    const Voice voice = *base;
    // Taken here: the job must not reach back into the context, which may be gone by the
    // time it runs; the worker pool outlives every analysis (the Engine stops them first).
    WorkerPool *workers = m_context.services().pool();
    // On the engine's analysis threads, not the store pool: measuring the base voice
    // waits for a synthesis worker, and the pages' store work must not wait behind it.
    const auto job = [workers, voice, path]() -> Result<VoiceAnalysis::Match> {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return ServiceError::invalid("reference", QObject::tr("Cannot open %1: %2").arg(path, f.errorString()));
        if (f.size() > kMaxReferenceBytes)
            return ServiceError::invalid("reference", QObject::tr("The recording is too large (at most 64 MiB)."));
        return VoiceMatcher::matchReference(workers, voice, f.readAll());
    };
    const auto done = [this, serial, voice](const Result<VoiceAnalysis::Match> &r) {
        if (serial != m_analysisSerial)
            return;
        m_analyzing = false;
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_saving);
        updateReferenceAvailability();
        if (!r) {
            m_analysisResult->setText(tr("Not matched: %1").arg(r.error().detail));
            fitToContents();
            emit analysisFinished(false);
            return;
        }
        m_pitch->setValue(r->pitch);
        m_rate->setValue(r->rate);
        m_analysisResult->setText(
            tr("Recording: median pitch %1 Hz, %2 syllables/s. %3: %4 Hz, %5 syllables/s. "
               "Set pitch %6× and rate %7× (limited to 0.5–2.0).")
                .arg(r->reference.medianF0Hz, 0, 'f', 0)
                .arg(r->reference.syllablesPerSec, 0, 'f', 1)
                .arg(voice.name)
                .arg(r->base.medianF0Hz, 0, 'f', 0)
                .arg(r->base.syllablesPerSec, 0, 'f', 1)
                .arg(r->pitch, 0, 'f', 2)
                .arg(r->rate, 0, 'f', 2));
        fitToContents();
        emit analysisFinished(true);
    };
    // Too many analyses waiting (uploads through the API count too): say so at once.
    if (const auto refused = m_context.services().voiceAnalysis().submit(this, job, done))
        done(*refused);
}

void CustomVoiceDialog::submit()
{
    const VoiceDirectory::CustomVoiceSpec s = spec();
    if (s.name.isEmpty()) {
        showError(tr("Give the voice a name."));
        m_name->setFocus();
        return;
    }
    if (s.description.size() > 500) {
        showError(tr("The description is too long: at most 500 characters."));
        return;
    }
    m_error->setVisible(false);
    emit submitted(s);
}

void CustomVoiceDialog::setSaving(bool saving)
{
    m_saving = saving;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!saving && !m_analyzing);
    updateReferenceAvailability();
}

void CustomVoiceDialog::showError(const QString &message)
{
    m_error->setText(message);
    m_error->setVisible(true);
    fitToContents();
}
