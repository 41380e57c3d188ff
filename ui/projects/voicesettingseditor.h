#pragma once

#include "voicesettings.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class VoiceCatalog;

// Edits one level of a project's settings (the project's, a chapter's or a block's):
// voice, model, language, speed and the advanced controls (cfg_weight, exaggeration). Below the project, each field may be left
// "inherited", and then shows what it inherits. Emits edited() with the level's new
// settings; the page turns that into an undoable edit.
class VoiceSettingsEditor : public QWidget
{
    Q_OBJECT

public:
    explicit VoiceSettingsEditor(const VoiceCatalog &catalog, QWidget *parent = nullptr);

    // own: the level's settings; inherited: what it gets from above (project level: none).
    void show(const VoiceSettings &own, const VoiceSettings &inherited, bool inherits);
    QComboBox *voiceBox() const { return m_voice; }
    QComboBox *modelBox() const { return m_model; }
    QComboBox *languageBox() const { return m_language; }
    QDoubleSpinBox *speedBox() const { return m_speed; }
    QDoubleSpinBox *cfgWeightBox() const { return m_cfgWeight; }
    QDoubleSpinBox *exaggerationBox() const { return m_exaggeration; }

signals:
    void edited(const VoiceSettings &own);

private:
    void fillLanguages(const QString &model);
    // A number that may be inherited: one step below the range reads "Inherited (value)".
    void showNumber(QDoubleSpinBox *box, double inheritedValue, double high, std::optional<double> own, double inherited);
    static std::optional<double> readNumber(const QDoubleSpinBox *box, double low, bool inherits);
    void select(QComboBox *box, const QVariant &data);
    VoiceSettings read() const;
    void emitEdited();

    const VoiceCatalog &m_catalog;
    QComboBox *m_voice;
    QComboBox *m_model;
    QComboBox *m_language;
    QDoubleSpinBox *m_speed;
    QDoubleSpinBox *m_cfgWeight;
    QDoubleSpinBox *m_exaggeration;
    VoiceSettings m_inherited;
    bool m_inherits = false;
    bool m_filling = false;
};
