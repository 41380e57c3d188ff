#pragma once

#include "voicesettings.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class VoiceCatalog;

// Edits one level of a project's settings (the project's, a chapter's or a block's):
// voice, model, language and speed. Below the project, each field may be left
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

signals:
    void edited(const VoiceSettings &own);

private:
    void fillLanguages(const QString &model);
    void select(QComboBox *box, const QVariant &data);
    VoiceSettings read() const;
    void emitEdited();

    const VoiceCatalog &m_catalog;
    QComboBox *m_voice;
    QComboBox *m_model;
    QComboBox *m_language;
    QDoubleSpinBox *m_speed;
    VoiceSettings m_inherited;
    bool m_inherits = false;
    bool m_filling = false;
};
