#include "metrics.h"

#include <QStringList>

#include <algorithm>

void Metrics::Histogram::observe(double v)
{
    if (counts.size() != bounds.size() + 1)
        counts.fill(0, bounds.size() + 1);
    const auto it = std::lower_bound(bounds.cbegin(), bounds.cend(), v);
    ++counts[int(it - bounds.cbegin())];
    sum += v;
    ++count;
}

Metrics::Metrics()
    : m_latencyBounds{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}
{
    m_firstAudio.bounds = {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5};
}

void Metrics::recordRequest(const QString &route, const QString &method, int status, double seconds)
{
    QMutexLocker lock(&m_mutex);
    ++m_requests[route + u'|' + method + u'|' + QString::number(status)];
    Histogram &h = m_latency[route];
    if (h.bounds.isEmpty())
        h.bounds = m_latencyBounds;
    h.observe(seconds);
}

void Metrics::recordTimeToFirstAudio(double seconds)
{
    QMutexLocker lock(&m_mutex);
    m_firstAudio.observe(seconds);
}

void Metrics::addAudioSeconds(double seconds)
{
    QMutexLocker lock(&m_mutex);
    m_audioSeconds += seconds;
}

void Metrics::recordGenerationFinished(const QString &status)
{
    QMutexLocker lock(&m_mutex);
    ++m_finished[status];
}

void Metrics::setWorkers(int total, int busy)
{
    QMutexLocker lock(&m_mutex);
    m_workers = total;
    m_busy = busy;
}

void Metrics::writeHistogram(QString &out, const QString &name, const QString &labels, const Histogram &h)
{
    const QString sep = labels.isEmpty() ? QString() : labels + u',';
    quint64 cumulative = 0;
    for (int i = 0; i < h.bounds.size(); ++i) {
        cumulative += h.counts.value(i);
        out += QStringLiteral("%1_bucket{%2le=\"%3\"} %4\n").arg(name, sep).arg(h.bounds.at(i)).arg(cumulative);
    }
    out += QStringLiteral("%1_bucket{%2le=\"+Inf\"} %3\n").arg(name, sep).arg(h.count);
    const QString braces = labels.isEmpty() ? QString() : u'{' + labels + u'}';
    out += QStringLiteral("%1_sum%2 %3\n").arg(name, braces).arg(h.sum, 0, 'g', 10);
    out += QStringLiteral("%1_count%2 %3\n").arg(name, braces).arg(h.count);
}

QString Metrics::exposition(int queueDepth, const QHash<QString, int> &generationsByStatus) const
{
    QMutexLocker lock(&m_mutex);
    QString out;
    out += QStringLiteral("# HELP tts_http_requests_total HTTP requests by route, method and status.\n"
                          "# TYPE tts_http_requests_total counter\n");
    QStringList keys = m_requests.keys();
    keys.sort();
    for (const QString &k : keys) {
        const QStringList p = k.split(u'|');
        out += QStringLiteral("tts_http_requests_total{route=\"%1\",method=\"%2\",status=\"%3\"} %4\n")
                   .arg(p.at(0), p.at(1), p.at(2)).arg(m_requests.value(k));
    }
    out += QStringLiteral("# HELP tts_http_request_duration_seconds Time from request to reply, by route.\n"
                          "# TYPE tts_http_request_duration_seconds histogram\n");
    QStringList routes = m_latency.keys();
    routes.sort();
    for (const QString &r : routes)
        writeHistogram(out, QStringLiteral("tts_http_request_duration_seconds"), QStringLiteral("route=\"%1\"").arg(r),
                       m_latency.value(r));
    out += QStringLiteral("# HELP tts_queue_depth Generations waiting in the queue.\n# TYPE tts_queue_depth gauge\n"
                          "tts_queue_depth %1\n").arg(queueDepth);
    out += QStringLiteral("# HELP tts_workers Synthesis worker processes.\n# TYPE tts_workers gauge\ntts_workers %1\n"
                          "# HELP tts_workers_busy Workers synthesizing now.\n# TYPE tts_workers_busy gauge\n"
                          "tts_workers_busy %2\n").arg(m_workers).arg(m_busy);
    out += QStringLiteral("# HELP tts_generations Generations in the store by status.\n# TYPE tts_generations gauge\n");
    QStringList statuses = generationsByStatus.keys();
    statuses.sort();
    for (const QString &s : statuses)
        out += QStringLiteral("tts_generations{status=\"%1\"} %2\n").arg(s).arg(generationsByStatus.value(s));
    out += QStringLiteral("# HELP tts_generations_finished_total Generations finished by this process, by status.\n"
                          "# TYPE tts_generations_finished_total counter\n");
    for (const QString &s : {QStringLiteral("COMPLETED"), QStringLiteral("FAILED")})
        out += QStringLiteral("tts_generations_finished_total{status=\"%1\"} %2\n").arg(s).arg(m_finished.value(s));
    out += QStringLiteral("# HELP tts_audio_seconds_total Seconds of audio produced.\n# TYPE tts_audio_seconds_total counter\n"
                          "tts_audio_seconds_total %1\n").arg(m_audioSeconds, 0, 'f', 3);
    out += QStringLiteral("# HELP tts_time_to_first_audio_seconds Time from a stream's start to its first audio.\n"
                          "# TYPE tts_time_to_first_audio_seconds histogram\n");
    writeHistogram(out, QStringLiteral("tts_time_to_first_audio_seconds"), {}, m_firstAudio);
    return out;
}
