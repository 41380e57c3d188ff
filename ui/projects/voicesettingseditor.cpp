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
constexpr double kSpeedInherited = 0.45; // the spin box's "inherited" value, below the API's 0.5
}

VoiceSettingsEditor::VoiceSettingsEditor(const VoiceCatalog &catalog, QWidget *parent)
    : QWidget(parent)
    , m_catalog(catalog)
    , m_voice(new QComboBox)
    , m_model(new QComboBox)
    , m_language(new QComboBox)
    , m_speed(new QDoubleSpinBox)
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
    m_speed->setDecimals(2);
    m_speed->setSingleStep(0.05);
    m_speed->setMaximumWidth(130);
    form->addRow(tr("Voice:"), m_voice);
    form->addRow(tr("Model:"), m_model);
    form->addRow(tr("Language:"), m_language);
    form->addRow(tr("Speed:"), m_speed);

    connect(m_voice, &QComboBox::currentIndexChanged, this, &VoiceSettingsEditor::emitEdited);
    connect(m_language, &QComboBox::currentIndexChanged, this, &VoiceSettingsEditor::emitEdited);
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        const QString model = m_model->currentData().toString();
        fillLanguages(model == kInherit ? m_inherited.model.value_or(QStringLiteral("base")) : model);
        emitEdited();
    });
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &VoiceSettingsEditor::emitEdited);
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

    m_speed->setRange(inherits ? kSpeedInherited : 0.5, 2.0);
    m_speed->setSpecialValueText(inherits ? tr("Inherited (%1)").arg(QLocale().toString(inherited.speed.value_or(1.0), 'f', 2))
                                          : QString());
    m_speed->setValue(own.speed ? *own.speed : (inherits ? kSpeedInherited : 1.0));
    m_filling = false;
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
    if (!(m_inherits && m_speed->value() <= kSpeedInherited + 0.001))
        s.speed = m_speed->value();
    return s;
}

void VoiceSettingsEditor::emitEdited()
{
    if (!m_filling)
        emit edited(read());
}
