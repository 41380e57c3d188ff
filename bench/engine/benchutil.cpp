#include "benchutil.h"

#include "textsegmenter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>
#include <memory>
#include <sys/resource.h>
#include <time.h>

namespace Bench
{
static double clockSeconds(clockid_t id)
{
    timespec ts{};
    clock_gettime(id, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// This process and its children waited for: espeak-ng speaks in a child forked per call
// (EspeakCall), whose CPU the process clock does not count.
double cpuNow()
{
    rusage children{};
    getrusage(RUSAGE_CHILDREN, &children);
    return clockSeconds(CLOCK_PROCESS_CPUTIME_ID) + double(children.ru_utime.tv_sec + children.ru_stime.tv_sec)
           + double(children.ru_utime.tv_usec + children.ru_stime.tv_usec) * 1e-6;
}
double wallNow() { return clockSeconds(CLOCK_MONOTONIC); }

double median(std::vector<double> values)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

QJsonArray toJson(const std::vector<double> &values)
{
    QJsonArray a;
    for (double v : values)
        a.append(v);
    return a;
}

void putSamples(QJsonObject &o, const QString &key, const std::vector<double> &values)
{
    o[key] = median(values);
    o[key + QStringLiteral("_all")] = toJson(values);
}

QJsonObject mergeSamples(const QList<QJsonObject> &rounds)
{
    if (rounds.isEmpty())
        return {{"error", "no measurement"}};
    QJsonObject merged = rounds.first();
    for (const QJsonObject &r : rounds) {
        if (r.contains("error"))
            return r;
    }
    for (auto it = merged.begin(); it != merged.end(); ++it) {
        const QString key = it.key();
        if (!key.endsWith(QLatin1String("_all")))
            continue;
        std::vector<double> all;
        for (const QJsonObject &r : rounds)
            for (const QJsonValue &v : r.value(key).toArray())
                all.push_back(v.toDouble());
        it.value() = toJson(all);
        merged[key.chopped(4)] = median(all);
    }
    return merged;
}

std::pair<double, double> sampleRange(const QJsonObject &o, const QString &key)
{
    const QJsonArray a = o.value(key + QStringLiteral("_all")).toArray();
    if (a.isEmpty())
        return {0, 0};
    double lo = a.first().toDouble(), hi = lo;
    for (const QJsonValue &v : a) {
        lo = std::min(lo, v.toDouble());
        hi = std::max(hi, v.toDouble());
    }
    return {lo, hi};
}

QString VoiceSpec::label() const
{
    return isEspeak() ? QStringLiteral("espeak-ng %1").arg(voice) : QStringLiteral("flite %1").arg(voice);
}

QString readText(const QString &path)
{
    QFile f(path);
    if (path.isEmpty() || !f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QStringList sentences(const QString &text)
{
    return TextSegmenter().split(text);
}

QString tempPath(const QString &name)
{
    static std::unique_ptr<QTemporaryDir> dir;
    if (!dir)
        dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/bench-engine-XXXXXX"));
    return dir->filePath(name);
}
}
