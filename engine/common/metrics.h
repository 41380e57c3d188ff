#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QVector>

// Counters and histograms for the Prometheus endpoint. Thread-safe; cheap enough to
// update on every request.
class Metrics
{
public:
    Metrics();

    void recordRequest(const QString &route, const QString &method, int status, double seconds);
    void recordTimeToFirstAudio(double seconds);
    void addAudioSeconds(double seconds);
    void recordGenerationFinished(const QString &status);
    void setWorkers(int total, int busy);

    // Text exposition format; gauges read from the store are passed in.
    QString exposition(int queueDepth, const QHash<QString, int> &generationsByStatus) const;

private:
    struct Histogram
    {
        QVector<double> bounds;
        QVector<quint64> counts; // per bucket (not cumulative)
        double sum = 0;
        quint64 count = 0;
        void observe(double v);
    };
    static void writeHistogram(QString &out, const QString &name, const QString &labels, const Histogram &h);

    mutable QMutex m_mutex;
    QHash<QString, quint64> m_requests;          // "route|method|status"
    QHash<QString, Histogram> m_latency;         // by route
    Histogram m_firstAudio;
    QHash<QString, quint64> m_finished;          // by status
    double m_audioSeconds = 0;
    int m_workers = 0;
    int m_busy = 0;
    QVector<double> m_latencyBounds;
};
