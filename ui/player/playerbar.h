#pragma once

#include <QTimer>
#include <QWidget>

class AudioPlayer;
class QComboBox;
class QLabel;
class QSlider;
class QToolButton;
class WaveformView;

// The studio's player, the same on Generate and History: the waveform (click it to
// play from there), play/pause, the position, the output device and the volume. The
// audio is kept, so it plays again without synthesizing it again.
class PlayerBar : public QWidget
{
    Q_OBJECT

public:
    explicit PlayerBar(QWidget *parent = nullptr);

    AudioPlayer *player() const { return m_player; }
    WaveformView *waveform() const { return m_wave; }
    QToolButton *playButton() const { return m_play; }
    QComboBox *deviceBox() const { return m_device; }
    QSlider *volumeSlider() const { return m_volume; }
    QLabel *positionLabel() const { return m_position; }

    // A stream: plays while it arrives.
    void startStream();
    void appendStream(const QByteArray &float32Samples);
    void finishStream();
    // A whole clip (a file read back), played from the start when play is true.
    void load(const QByteArray &float32Samples, bool play);
    // Nothing loaded: the waveform shows its placeholder again.
    void clear();
    void setPlaceholder(const QString &text);
    // The page decides what Play does (History: the selected row); the bar then only
    // emits playClicked(). Its enabled state comes from setPlayEnabled().
    void setPlayHandledByPage(bool handled);
    void setPlayEnabled(bool enabled);

public slots:
    void togglePlay();

signals:
    // While playing or paused (about 20 times a second), and once when it stops.
    void positionChanged(qint64 us);
    void playClicked();

private:
    void fillDevices();
    void updateControls();
    void tick();

    AudioPlayer *m_player;
    WaveformView *m_wave;
    QToolButton *m_play;
    QLabel *m_position;
    QComboBox *m_device;
    QSlider *m_volume;
    QTimer m_ticker;
    bool m_pageHandlesPlay = false;
    bool m_pagePlayEnabled = false;
};
