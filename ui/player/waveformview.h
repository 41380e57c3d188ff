#pragma once

#include <QVector>
#include <QWidget>

// A live waveform: one min/max pair per 10 ms of audio, drawn as it streams in,
// with the playback position. A click (or drag) on it asks to play from there.
class WaveformView : public QWidget
{
    Q_OBJECT

public:
    explicit WaveformView(QWidget *parent = nullptr);

    void clear();
    void append(const QByteArray &float32Samples);
    void setPlayhead(qint64 us);
    void setPlaceholder(const QString &text);
    qint64 totalSamples() const { return m_samples; }
    QSize sizeHint() const override { return {600, 90}; }

signals:
    void seekRequested(qint64 us);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    qsizetype span() const;
    void seekTo(int x);

    QString m_placeholder;
    QVector<float> m_min;
    QVector<float> m_max;
    float m_curMin = 0;
    float m_curMax = 0;
    int m_inBucket = 0;
    qint64 m_samples = 0;
    qint64 m_playheadUs = 0;
};
