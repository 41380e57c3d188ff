#pragma once

#include "customvoicedialog.h"
#include "livestream.h"
#include "records.h"
#include "voice.h"
#include "voicedirectory.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <functional>
#include <memory>

class AudioPlayer;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTableView;
class StudioContext;

// The voices of the selected account: system voices, then its custom voices. Filter
// by model and search; preview any voice with one click (a real, billed generation
// streamed to the speakers; a second click stops it); create, edit and delete custom
// voices.
class VoicesPage : public QWidget, private LiveStream::Sink
{
    Q_OBJECT

public:
    static constexpr int kNarrowWidth = 760; // the page's width below which ID and Custom are hidden
    enum Column { ColPreview, ColName, ColId, ColModel, ColGender, ColAccent, ColPrice, ColCustom, ColumnCount };

    explicit VoicesPage(StudioContext &context, QWidget *parent = nullptr);
    ~VoicesPage() override;

    // For tests and shortcuts.
    QTableView *table() const { return m_table; }
    QComboBox *modelFilter() const { return m_modelFilter; }
    QLineEdit *searchEdit() const { return m_search; }
    QLabel *statusLabel() const { return m_status; }
    CustomVoiceDialog *customVoiceDialog() const { return m_dialog; }
    // Row of a voice in the (filtered) table, or -1.
    int rowOf(const QString &voiceId) const;
    int visibleRows() const;
    QString voiceIdAt(int row) const;
    bool selectVoice(const QString &voiceId);
    QString selectedVoiceId() const;
    QString previewingVoiceId() const { return m_previewId; }
    bool isPreviewing() const { return !m_previewId.isEmpty(); }
    qint64 previewSamples() const { return m_previewSamples; }
    QString lastPreviewGenerationId() const { return m_previewGeneration; }
    // Replaces the delete confirmation (a question box) with a callback, for tests.
    void setConfirmDelete(std::function<bool(const Voice &)> confirm) { m_confirmDelete = std::move(confirm); }

    // The short sentence a preview speaks, in the voice's own language.
    static QString sampleSentence(const Voice &voice);

public slots:
    void reload();
    void togglePreview(const QString &voiceId);
    void stopPreview();
    void newCustomVoice();
    void editCustomVoice();
    void deleteCustomVoice();

signals:
    void voicesReloaded();
    void previewFinished(const QString &voiceId, const QString &status);
    void customVoicesChanged();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void liveStarted(const Generation &g) override;
    void liveAudio(const QByteArray &samples) override;
    void liveEnded(const LiveStream::Outcome &outcome) override;
    void buildUi();
    void fill(const QList<Voice> &voices);
    void updateButtons();
    void updateDetails();
    void updatePreviewIcons();
    // voiceId empty: a new voice.
    void openDialog(const QString &voiceId, const VoiceDirectory::CustomVoiceSpec &spec);
    void save(CustomVoiceDialog *dialog, const QString &voiceId);
    void finishPreview(const QString &status);

    StudioContext &m_context;
    QComboBox *m_modelFilter = nullptr;
    QLineEdit *m_search = nullptr;
    QLabel *m_count = nullptr;
    QTableView *m_table = nullptr;
    QStandardItemModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_preview = nullptr;
    QPushButton *m_new = nullptr;
    QPushButton *m_edit = nullptr;
    QPushButton *m_delete = nullptr;
    QPushButton *m_refresh = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_audioNotice = nullptr;
    AudioPlayer *m_player = nullptr;
    QPointer<CustomVoiceDialog> m_dialog;
    QHash<QString, Voice> m_voices;
    QString m_selectAfterReload;
    int m_reloadSerial = 0;

    std::unique_ptr<LiveStream> m_live; // while a preview is generated
    QString m_previewName;
    QString m_previewId;
    QString m_previewGeneration;
    qint64 m_previewSamples = 0;
    std::function<bool(const Voice &)> m_confirmDelete;
};
