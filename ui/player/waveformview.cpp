#include "waveformview.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPalette>

namespace
{
constexpr int kBucket = 240; // 10 ms at 24 kHz
}

WaveformView::WaveformView(QWidget *parent)
    : QWidget(parent)
{
    setMinimumHeight(70);
    setAccessibleName(tr("Waveform"));
    setToolTip(tr("Click to play from there"));
    setCursor(Qt::PointingHandCursor);
    m_placeholder = tr("The waveform appears here while speech streams in.");
}

void WaveformView::setPlaceholder(const QString &text)
{
    m_placeholder = text;
    update();
}

// Buckets across the width: everything fits, and at least 10 s of width.
qsizetype WaveformView::span() const
{
    return qMax<qsizetype>(m_min.size(), 1000);
}

void WaveformView::seekTo(int x)
{
    if (m_samples == 0 || width() <= 0)
        return;
    const double bucket = double(qBound(0, x, width())) / width() * double(span());
    const qint64 us = qMin(qint64(bucket * 10000.0), m_samples * 1000000 / (kBucket * 100));
    emit seekRequested(us);
}

void WaveformView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        seekTo(qRound(event->position().x()));
}

void WaveformView::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        seekTo(qRound(event->position().x()));
}

void WaveformView::clear()
{
    m_min.clear();
    m_max.clear();
    m_inBucket = 0;
    m_samples = 0;
    m_playheadUs = 0;
    update();
}

void WaveformView::append(const QByteArray &float32Samples)
{
    const auto *s = reinterpret_cast<const float *>(float32Samples.constData());
    const qsizetype n = float32Samples.size() / 4;
    for (qsizetype i = 0; i < n; ++i) {
        if (m_inBucket == 0)
            m_curMin = m_curMax = s[i];
        m_curMin = qMin(m_curMin, s[i]);
        m_curMax = qMax(m_curMax, s[i]);
        if (++m_inBucket == kBucket) {
            m_min.append(m_curMin);
            m_max.append(m_curMax);
            m_inBucket = 0;
        }
    }
    m_samples += n;
    update();
}

void WaveformView::setPlayhead(qint64 us)
{
    m_playheadUs = us;
    update();
}

void WaveformView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const int w = width();
    const int h = height();
    const int mid = h / 2;
    const qsizetype buckets = m_min.size();
    if (buckets > 0) {
        p.setPen(palette().color(QPalette::Mid));
        p.drawLine(0, mid, w, mid);
    } else {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    const qsizetype span = this->span();
    p.setPen(palette().color(QPalette::Highlight));
    for (int x = 0; x < w; ++x) {
        const qsizetype b0 = qsizetype(double(x) / w * span);
        const qsizetype b1 = qMax(b0 + 1, qsizetype(double(x + 1) / w * span));
        if (b0 >= buckets)
            break;
        float lo = 0, hi = 0;
        for (qsizetype b = b0; b < qMin(b1, buckets); ++b) {
            lo = qMin(lo, m_min.at(b));
            hi = qMax(hi, m_max.at(b));
        }
        p.drawLine(x, mid - int(hi * mid), x, mid - int(lo * mid));
    }
    if (m_playheadUs > 0) {
        const double x = double(m_playheadUs) / 10000.0 / double(span) * w;
        p.setPen(QPen(palette().color(QPalette::Text), 1));
        p.drawLine(int(x), 0, int(x), h);
    }
}
