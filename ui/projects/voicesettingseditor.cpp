#include "voicesettingseditor.h"

#include "languages.h"
#include "studiolabels.h"
#include "voicecatalog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>

namespace
{
// Item data of an "inherited" entry: never a value a field can have.
const QString kInherit = QStringLiteral("\x01inherit");
// The API's ranges (SpeechRequestCheck); one step below the low end means "inherited".
constexpr double kSpeedLow = 0.5, kSpeedHigh = 2.0, kSpeedStep = 0.05;
constexpr double kCfgLow = 1.0, kCfgHigh = 5.0, kCfgStep = 0.1;
constexpr double kExaggerationLow = 0.0, kExaggerationHigh = 1.0, kExaggerationStep = 0.05;
}

VoiceSettingsEditor::VoiceSettingsEditor(const VoiceCatalog &catalog, QWidget *parent)
    : QWidget(parent)
    , m_catalog(catalog)
    , m_voice(new QComboBox)
    , m_model(new QComboBox)
    , m_language(new QComboBox)
    , m_speed(new QDoubleSpinBox)
    , m_cfgWeight(new QDoubleSpinBox)
    , m_exaggeration(new QDoubleSpinBox)
{
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (QComboBox *box : {m_voice, m_model, m_language}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(6);
    }
    m_voice->setObjectName(QStringLiteral("projectVoiceBox"));
    m_model->setObjectName(QStringLiteral("projectModelBox"));
    m_language->setObjectName(QStringLiteral("projectLanguageBox"));
    m_speed->setObjectName(QStringLiteral("projectSpeedBox"));
    m_cfgWeight->setObjectName(QStringLiteral("projectCfgWeightBox"));
    m_exaggeration->setObjectName(QStringLiteral("projectExaggerationBox"));
    const std::pair<QDoubleSpinBox *, double> steps[] = {{m_speed, kSpeedStep}, {m_cfgWeight, kCfgStep},
                                                         {m_exaggeration, kExaggerationStep}};
    for (const auto &[box, step] : steps) {
        box->setDecimals(2);
        box->setSingleStep(step);
        box->setMaximumWidth(130);
    }
    const QString advancedOnly = tr("Advanced model only; the base model ignores it.");
    m_cfgWeight->setToolTip(tr("Pacing: higher reads more deliberately (1.0 to 5.0). %1").arg(advancedOnly));
    m_exaggeration->setToolTip(tr("Expressiveness: the spread of pitch (0.0 monotone to 1.0). %1").arg(advancedOnly));
    form->addRow(tr("Voice:"), m_voice);
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("Language:"), m_language);
    form->addRow(tr("Speed:"), m_speed);
    form->addRow(tr("CFG weight:"), m_cfgWeight);
    form->addRow(tr("Exaggeration:"), m_exaggeration);

    connect(m_voice, &QComboBox::currentIndexChanged, this, &VoiceSettingsEditor::emitEdited);
    connect(m_language, &QComboBox::currentIndexChanged, this, &VoiceSettingsEditor::emitEdited);
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        const QString model = m_model->currentData().toString();
        fillLanguages(model == kInherit ? m_inherited.model.value_or(QStringLiteral("base")) : model);
        emitEdited();
    });
    for (QDoubleSpinBox *box : {m_speed, m_cfgWeight, m_exaggeration})
        connect(box, &QDoubleSpinBox::valueChanged, this, &VoiceSettingsEditor::emitEdited);
}

void VoiceSettingsEditor::show(const VoiceSettings &own, const VoiceSettings &inherited, bool inherits)
{
    m_filling = true;
    m_inherited = inherited;
    m_inherits = inherits;
    const VoiceSettings effective = own.over(inherited);

    m_voice->clear();
    if (inherits) {
        const auto v = m_catalog.find(inherited.voice.value_or(QString()));
        m_voice->addItem(tr("Inherited (%1)").arg(v ? v->name : inherited.voice.value_or(QString())), kInherit);
    }
    for (const Voice &v : m_catalog.systemVoices())
        m_voice->addItem(QStringLiteral("%1 — %2").arg(v.name, StudioLabels::model(v.model)), v.id);
    select(m_voice, own.voice ? QVariant(*own.voice) : QVariant(kInherit));

    m_model->clear();
    if (inherits)
        m_model->addItem(tr("Inherited (%1)").arg(StudioLabels::model(inherited.model.value_or(QStringLiteral("base")))),
                         kInherit);
    m_model->addItem(StudioLabels::model(QStringLiteral("base")), QStringLiteral("base"));
    m_model->addItem(StudioLabels::model(QStringLiteral("advanced")), QStringLiteral("advanced"));
    select(m_model, own.model ? QVariant(*own.model) : QVariant(kInherit));

    fillLanguages(effective.model.value_or(QStringLiteral("base")));
    select(m_language, own.language ? QVariant(*own.language) : QVariant(kInherit));

    showNumber(m_speed, kSpeedLow - kSpeedStep, kSpeedHigh, own.speed, inherited.speed.value_or(1.0));
    showNumber(m_cfgWeight, kCfgLow - kCfgStep, kCfgHigh, own.cfgWeight, inherited.cfgWeight.value_or(2.5));
    showNumber(m_exaggeration, kExaggerationLow - kExaggerationStep, kExaggerationHigh, own.exaggeration,
               inherited.exaggeration.value_or(0.5));
    m_filling = false;
}

void VoiceSettingsEditor::showNumber(QDoubleSpinBox *box, double inheritedValue, double high, std::optional<double> own,
                                     double inherited)
{
    const double low = inheritedValue + box->singleStep();
    box->setRange(m_inherits ? inheritedValue : low, high);
    box->setSpecialValueText(m_inherits ? tr("Inherited (%1)").arg(QLocale().toString(inherited, 'f', 2)) : QString());
    box->setValue(own ? *own : (m_inherits ? inheritedValue : inherited));
}

std::optional<double> VoiceSettingsEditor::readNumber(const QDoubleSpinBox *box, double low, bool inherits)
{
    if (inherits && box->value() < low - box->singleStep() / 2)
        return std::nullopt;
    return box->value();
}

void VoiceSettingsEditor::fillLanguages(const QString &model)
{
    const bool wasFilling = std::exchange(m_filling, true);
    const QVariant kept = m_language->currentData();
    m_language->clear();
    if (m_inherits)
        m_language->addItem(tr("Inherited"), kInherit);
    m_language->addItem(tr("The voice's own"), QString());
    for (const QString &code : Languages::codes(model))
        m_language->addItem(StudioLabels::language(model, code), code);
    select(m_language, kept.isValid() ? kept : QVariant(m_inherits ? kInherit : QString()));
    m_filling = wasFilling;
}

void VoiceSettingsEditor::select(QComboBox *box, const QVariant &data)
{
    const int index = box->findData(data);
    box->setCurrentIndex(index >= 0 ? index : 0);
}

VoiceSettings VoiceSettingsEditor::read() const
{
    VoiceSettings s;
    if (const QString v = m_voice->currentData().toString(); v != kInherit)
        s.voice = v;
    if (const QString m = m_model->currentData().toString(); m != kInherit)
        s.model = m;
    if (const QString l = m_language->currentData().toString(); l != kInherit)
        s.language = l;
    s.speed = readNumber(m_speed, kSpeedLow, m_inherits);
    s.cfgWeight = readNumber(m_cfgWeight, kCfgLow, m_inherits);
    s.exaggeration = readNumber(m_exaggeration, kExaggerationLow, m_inherits);
    return s;
}

void VoiceSettingsEditor::emitEdited()
{
    if (!m_filling)
        emit edited(read());
}
