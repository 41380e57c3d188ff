#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

// Small helpers shared by the benchmark stages.
namespace Bench
{
// CPU time of this process (all threads) and monotonic wall time, in seconds.
double cpuNow();
double wallNow();

double median(std::vector<double> values);
QJsonArray toJson(const std::vector<double> &values);
// Stores the median under key and every sample under key + "_all", so that the
// parent can merge the samples of several child processes (see mergeSamples).
void putSamples(QJsonObject &o, const QString &key, const std::vector<double> &values);
// Merges the results of several rounds: scalars from the first object, "_all" sample
// arrays concatenated and their medians recomputed; the first error wins.
QJsonObject mergeSamples(const QList<QJsonObject> &rounds);
// Smallest and largest sample of key (from key + "_all").
std::pair<double, double> sampleRange(const QJsonObject &o, const QString &key);

// What one measured voice is: backend "espeak" or "flite" and the voice name.
struct VoiceSpec
{
    QString backend;
    QString voice;

    bool isEspeak() const { return backend == QLatin1String("espeak"); }
    QString label() const;
};

// Options handed to a measuring child process.
struct ChildOptions
{
    VoiceSpec voice;
    QString textPath;
    int repeats = 3;
    QString quality; // pipeline child: "medium" or "fastest"
    QStringList formats; // pipeline child: "none", "wav", "mp3"
};

// Reads the benchmark text; empty on failure.
QString readText(const QString &path);
// The sentences every stage works on (the project's segmenter, so the raw reference
// does exactly the same synthesis work as the pipeline).
QStringList sentences(const QString &text);
// Temporary output directory for this process (created on first use).
QString tempPath(const QString &name);

// The 24 kHz output format settings shared by the raw reference and the project.
constexpr int kOutRate = 24000;
}
