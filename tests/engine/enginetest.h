#pragma once

// Shared helpers for the speech-engine tests: planning a request the way the API
// does, running jobs through real worker processes, reading the files they write,
// and measuring what a listener would hear (duration, loudness, pitch, words).

#include "synthesisjob.h"
#include "synthesisparams.h"
#include "synthesisplanner.h"
#include "synthesistask.h"
#include "wordtiming.h"

#include <QByteArray>
#include <QList>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class WorkerPool;

namespace EngineTest
{
constexpr int kRate = 24000;

// A request built the way callers build it: catalog voice, SpeechRequestCheck,
// SynthesisPlanner. On failure, *error says why and nullopt is returned.
struct RequestSpec
{
    QString voiceId;
    QString model = QStringLiteral("base");
    QString language;     // empty: the voice's default
    QString text;
    double speed = 1.0;
    double exaggeration = 0.5;
    double cfgWeight = 2.5;
};
std::optional<SynthesisParams> plan(const RequestSpec &spec, QString *error);

// What happened to one submitted task, recorded from its signals.
struct Outcome
{
    bool started = false;
    bool finished = false;
    bool failed = false;
    QString error;
    qint64 finishedSamples = -1; // from finished(samples)
    qint64 streamedSamples = 0;  // sum of audio() chunk sizes
    int chunks = 0;
    double sumSquares = 0;       // running, over streamed samples
    qint64 longestSilentRun = 0; // streamed samples with |x| < 1e-3 in a row
    std::vector<float> audio;    // streamed samples, when kept
    QList<WordTiming> words;     // jobs with word timings
    bool done() const { return finished || failed; }
};

class Recorder
{
public:
    // Connects to the task's signals at once (before the pool dispatches it).
    Recorder(SynthesisTask *task, bool keepAudio);
    const Outcome &outcome() const { return *m_out; }
    // Null once the pool has deleted the finished task.
    SynthesisTask *task() const { return m_task.data(); }

private:
    std::shared_ptr<Outcome> m_out;
    QPointer<SynthesisTask> m_task;
};

// Runs the event loop until every recorder is done or the timeout passes; returns
// whether all are done.
bool waitAll(const QList<Recorder *> &recorders, int timeoutMs);

// Submit + wait. Returns the outcome (done() false on timeout).
Outcome run(WorkerPool &pool, const SynthesisJob &job, int timeoutMs = 120000, bool keepAudio = true);
SynthesisJob job(const SynthesisParams &params, const QString &outputPath = {}, AudioFormat format = AudioFormat::Wav,
                 bool stream = false);

// A parsed WAV file (every chunk walked, not a fixed 44-byte header).
struct WavFile
{
    bool valid = false;
    QString error;
    QByteArray riff, wave;
    quint16 formatTag = 0, channels = 0, bitsPerSample = 0, blockAlign = 0;
    quint32 sampleRate = 0, byteRate = 0;
    quint32 riffSize = 0;
    qint64 fileSize = 0;
    qint64 dataBytes = 0;
    std::vector<qint16> samples;
    qint64 frames() const { return channels ? dataBytes / (qint64(channels) * 2) : 0; }
    std::vector<float> toFloat() const;
};
WavFile readWav(const QString &path);

// The first MPEG audio frame header of an MP3 file (after any ID3v2 tag).
struct Mp3FrameInfo
{
    bool valid = false;
    QString error;
    int mpegVersion = 0; // 1, 2, or 25 (2.5)
    int layer = 0;
    int sampleRate = 0;
    int bitrateKbps = 0;
    bool mono = false;
    qint64 offset = 0;
    bool hasInfoTag = false; // "Info" or "Xing" in the first frame
    bool hasLameTag = false; // "LAME" (encoder delay/padding) in the first frame
};
Mp3FrameInfo readFirstMp3Frame(const QString &path);

double seconds(qint64 samples);
double rms(const std::vector<float> &x);
// Pearson correlation of two equally long signals (the shorter length is used).
double correlation(const std::vector<float> &a, const std::vector<float> &b);

// Autocorrelation F0 tracker: 40 ms frames, 10 ms hop, 50..400 Hz, voiced frames only
// (normalised autocorrelation peak >= 0.7 in frames loud enough), 5-frame median
// smoothing inside voiced runs. Returns F0 in Hz of each voiced frame.
std::vector<double> trackF0(const std::vector<float> &x, int rate = kRate);
// Standard deviation of F0 in semitones; median F0 in Hz.
double semitoneSpread(const std::vector<double> &f0);
double median(std::vector<double> v);

// Lower-case words without punctuation (apostrophes inside words kept).
QStringList words(const QString &text);
// Word error rate: Levenshtein distance over words / reference word count.
double wordErrorRate(const QString &reference, const QString &hypothesis);

// Runs a program; returns exit code (-1 when it could not start / timed out).
int runProgram(const QString &program, const QStringList &args, QByteArray *out = nullptr, QByteArray *err = nullptr,
               int timeoutMs = 120000);
// Absolute path of a program on PATH, or empty.
QString findProgram(const QString &name);

// What the recognizer tests need: sox and pocketsphinx_continuous.
struct SpeechTools
{
    QString sox, recognizer;
    QString problem() const; // empty when both are there, else which packages to install
};
SpeechTools findSpeechTools();
// Two warm workers, or null when they do not get ready within a minute.
WorkerPool *warmPool(QObject *parent);
// What the tests that listen set up: the speech tools and a warm pool (owned by
// parent). Returns what is missing, or empty.
QString listeningSetUp(QObject *parent, SpeechTools *tools, WorkerPool **pool);
// A streamed job with word timings, submitted and waited for.
Outcome runWithWords(WorkerPool &pool, const SynthesisParams &params, int timeoutMs = 120000);
}
