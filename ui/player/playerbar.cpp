#include "playerbar.h"

#include "audioplayer.h"
#include "waveformview.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMediaDevices>
#include <QSettings>
#include <QShortcut>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

namespace
{
const QString kDeviceKey = QStringLiteral("player/device");
const QString kVolumeKey = QStringLiteral("player/volume");

// 1:05.3 — minutes, seconds and tenths, with the locale's decimal point.
QString clock(qint64 us)
{
    const QLocale locale;
    const qint64 tenths = us / 100000;
    const qint64 minutes = tenths / 600;
    const double seconds = double(tenths % 600) / 10.0;
    QString s = locale.toString(seconds, 'f', 1);
    if (seconds < 10)
        s.prepend(locale.zeroDigit());
    return QStringLiteral("%1:%2").arg(locale.toString(minutes), s);
}
}

PlayerBar::PlayerBar(QWidget *parent)
    : QWidget(parent)
    , m_player(new AudioPlayer(this))
    , m_wave(new WaveformView)
    , m_play(new QToolButton)
    , m_position(new QLabel)
    , m_device(new QComboBox)
    , m_volume(new QSlider(Qt::Horizontal))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_wave);
    auto *row = new QHBoxLayout;
    m_play->setObjectName(QStringLiteral("playerPlay"));
    m_play->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    // Ctrl+Space from anywhere in the window (the text editor has the focus): a QShortcut,
    // as the page's Ctrl+Return is. The button's own shortcut never fired there.
    auto *toggle = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Space), this);
    connect(toggle, &QShortcut::activated, this, [this] {
        if (m_play->isEnabled())
            m_play->click();
    });
    m_position->setObjectName(QStringLiteral("playerPosition"));
    m_position->setMinimumWidth(m_position->fontMetrics().horizontalAdvance(QStringLiteral("00:00.0 / 00:00.0")) + 8);
    m_device->setObjectName(QStringLiteral("playerDevice"));
    m_device->setAccessibleName(tr("Audio output"));
    m_device->setToolTip(tr("Where the sound goes"));
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_device->setMinimumContentsLength(12);
    m_device->setMaximumWidth(320);
    m_volume->setObjectName(QStringLiteral("playerVolume"));
    m_volume->setAccessibleName(tr("Volume"));
    m_volume->setRange(0, 100);
    m_volume->setMaximumWidth(140);
    m_volume->setMinimumWidth(60);
    auto *speaker = new QLabel;
    speaker->setPixmap(style()->standardIcon(QStyle::SP_MediaVolume).pixmap(16, 16));
    speaker->setToolTip(tr("Volume"));
    row->addWidget(m_play);
    row->addWidget(m_position);
    row->addStretch(1);
    row->addWidget(speaker);
    row->addWidget(m_volume, 1);
    row->addWidget(m_device, 2);
    layout->addLayout(row);

    const QSettings settings;
    m_volume->setValue(settings.value(kVolumeKey, 100).toInt());
    m_player->setVolume(float(m_volume->value()) / 100.0f);
    fillDevices();

    connect(m_play, &QToolButton::clicked, this, [this] {
        if (m_pageHandlesPlay)
            emit playClicked();
        else
            togglePlay();
    });
    connect(m_wave, &WaveformView::seekRequested, this, [this](qint64 us) {
        m_player->seek(us);
        tick();
    });
    connect(m_volume, &QSlider::valueChanged, this, [this](int v) {
        m_player->setVolume(float(v) / 100.0f);
        QSettings().setValue(kVolumeKey, v);
    });
    connect(m_device, &QComboBox::activated, this, [this](int index) {
        const QAudioDevice device = m_device->itemData(index).value<QAudioDevice>();
        m_player->setDevice(device);
        QSettings().setValue(kDeviceKey, device.isNull() ? QByteArray() : device.id());
    });
    auto *devices = new QMediaDevices(this);
    connect(devices, &QMediaDevices::audioOutputsChanged, this, &PlayerBar::fillDevices);
    connect(m_player, &AudioPlayer::stateChanged, this, [this] {
        updateControls();
        if (m_player->isPlaying())
            m_ticker.start();
        else
            tick(); // the last position, then quiet
    });
    m_ticker.setInterval(50);
    connect(&m_ticker, &QTimer::timeout, this, [this] {
        tick();
        if (!m_player->isPlaying())
            m_ticker.stop();
    });
    updateControls();
    tick();
}

void PlayerBar::fillDevices()
{
    const QByteArray wanted = QSettings().value(kDeviceKey).toByteArray();
    m_device->clear();
    m_device->addItem(tr("Default output"), QVariant::fromValue(QAudioDevice()));
    for (const QAudioDevice &d : QMediaDevices::audioOutputs()) {
        m_device->addItem(d.description(), QVariant::fromValue(d));
        if (d.id() == wanted) {
            m_device->setCurrentIndex(m_device->count() - 1);
            m_player->setDevice(d);
        }
    }
    m_device->setEnabled(m_device->count() > 1);
}

void PlayerBar::startStream()
{
    m_wave->clear();
    m_player->start();
    updateControls();
    m_ticker.start();
}

void PlayerBar::appendStream(const QByteArray &float32Samples)
{
    m_wave->append(float32Samples);
    m_player->append(float32Samples);
    updateControls();
}

void PlayerBar::finishStream()
{
    m_player->finishInput();
    updateControls();
}

void PlayerBar::load(const QByteArray &float32Samples, bool play)
{
    m_player->clear();
    m_wave->clear();
    m_wave->append(float32Samples);
    m_player->append(float32Samples);
    m_player->finishInput();
    if (play)
        m_player->play();
    updateControls();
    tick();
}

void PlayerBar::clear()
{
    m_player->clear();
    m_wave->clear();
    updateControls();
    tick();
}

void PlayerBar::setPlaceholder(const QString &text)
{
    m_wave->setPlaceholder(text);
}

void PlayerBar::togglePlay()
{
    if (m_player->isPlaying())
        m_player->pause();
    else if (m_player->hasAudio())
        m_player->play();
    updateControls();
}

void PlayerBar::updateControls()
{
    const bool playing = m_player->isPlaying();
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(playing ? tr("Pause") : tr("Play"));
    m_play->setToolTip(playing ? tr("Pause (Ctrl+Space)") : tr("Play again without generating again (Ctrl+Space)"));
    m_play->setEnabled(playing || (m_pageHandlesPlay ? m_pagePlayEnabled : m_player->hasAudio()));
}

void PlayerBar::setPlayHandledByPage(bool handled)
{
    m_pageHandlesPlay = handled;
    updateControls();
}

void PlayerBar::setPlayEnabled(bool enabled)
{
    m_pagePlayEnabled = enabled;
    updateControls();
}

void PlayerBar::tick()
{
    const qint64 at = m_player->positionUs();
    m_wave->setPlayhead(m_player->state() == AudioPlayer::State::Stopped && at == 0 ? 0 : at);
    m_position->setText(tr("%1 / %2").arg(clock(at), clock(m_player->durationUs())));
    emit positionChanged(at);
}
