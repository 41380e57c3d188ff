#pragma once

#include "voice.h"
#include "voicedirectory.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class StudioContext;

// Create or edit a custom voice: a system voice with a pitch and a rate factor, and
// (for advanced base voices) optionally the pitch and pace of a reference recording.
// The dialog does not store anything: OK emits submitted(); the page stores the voice
// and then calls accept(), or showError() and the dialog stays open.
class CustomVoiceDialog : public QDialog
{
    Q_OBJECT

public:
    CustomVoiceDialog(StudioContext &context, QWidget *parent = nullptr);

    // Edit mode: the voice's id and its stored settings.
    void setVoice(const QString &voiceId, const VoiceDirectory::CustomVoiceSpec &spec);
    QString voiceId() const { return m_voiceId; }
    VoiceDirectory::CustomVoiceSpec spec() const;

    // For tests and keyboard users.
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *baseBox() const { return m_base; }
    QDoubleSpinBox *pitchBox() const { return m_pitch; }
    QDoubleSpinBox *rateBox() const { return m_rate; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }
    QDialogButtonBox *buttons() const { return m_buttons; }
    QLabel *errorLabel() const { return m_error; }
    QLabel *analysisLabel() const { return m_analysisResult; }
    bool isAnalyzing() const { return m_analyzing; }
    bool selectBaseVoice(const QString &voiceId);

public slots:
    // Measures a WAV file against the selected base voice and sets pitch and rate.
    void analyzeReference(const QString &path);
    void chooseReference();
    void setSaving(bool saving);
    void showError(const QString &message);

signals:
    void submitted(const VoiceDirectory::CustomVoiceSpec &spec);
    void analysisFinished(bool ok);

private:
    void submit();
    void fitToContents();
    void updateReferenceAvailability();
    QString selectedBaseId() const;

    StudioContext &m_context;
    QString m_voiceId;
    QLineEdit *m_name = nullptr;
    QComboBox *m_base = nullptr;
    QDoubleSpinBox *m_pitch = nullptr;
    QDoubleSpinBox *m_rate = nullptr;
    QPlainTextEdit *m_description = nullptr;
    QGroupBox *m_referenceBox = nullptr;
    QLabel *m_referenceHint = nullptr;
    QLineEdit *m_referencePath = nullptr;
    QPushButton *m_chooseReference = nullptr;
    QLabel *m_analysisResult = nullptr;
    QLabel *m_error = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    bool m_analyzing = false;
    bool m_saving = false;
    int m_analysisSerial = 0;
};
