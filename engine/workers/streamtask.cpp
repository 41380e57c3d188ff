#include "streamtask.h"

#include "audioencoder.h"
#include "ssmldocument.h"
#include "streamencoder.h"
#include "streamscheduler.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>

#include <atomic>
#include <utility>

struct StreamTask::File
{
    QString path;
    std::unique_ptr<AudioEncoder> encoder; // none before open() and after a failure
    QString error;                         // the first failure
    std::atomic<bool> abandoned{false};    // the task failed: what is queued is for nobody
};

// No parent yet: StreamScheduler::newTask() may build it on another thread.
StreamTask::StreamTask(StreamScheduler *scheduler, SynthesisJob job)
    : m_scheduler(scheduler)
    , m_job(std::move(job))
{
}

StreamTask::~StreamTask() = default;

// On the scheduler's thread, when posted: the text cut the way a worker's pipeline
// would cut it (the same SynthesisPipeline::segmenterFor), so unit i speaks exactly piece i.
void StreamTask::prepare()
{
    m_arrivalMs = m_scheduler->clockMs();
    if (SsmlDocument::isSsml(m_job.params.text)) {
        // A document is cut by its markup (breaks, prosody, languages), not by the
        // segmenter, and its pieces cannot be spoken apart from it: one unit.
        m_pieces.append({0, m_job.params.text.size()});
        m_textTotal = m_job.params.text.size();
    } else {
        // Where each piece is, not its text: the stream keeps its text once.
        qsizetype sentence = 0;
        for (const TextSegmenter::Piece &p : SynthesisPipeline::segmenterFor(m_job.params).pieces(m_job.params.text)) {
            m_pieces.append({p.start, p.text.size(), p.joinsNext, sentence});
            m_textTotal += p.text.size();
            sentence += p.joinsNext ? 0 : 1;
        }
    }
    m_encoder = StreamEncoder::create(m_job.streamFormat);
    if (m_pieces.isEmpty())
        fail(QStringLiteral("text has nothing to speak"));
}

// After the first unit went out: the file is created while a worker makes its audio,
// and on the file thread (first audio would wait for the disk).
void StreamTask::openFile()
{
    if (m_done || m_job.outputPath.isEmpty())
        return;
    m_file = std::make_shared<File>();
    m_file->path = m_job.outputPath;
    onFile([format = m_job.format](File &file) {
        file.encoder = AudioEncoder::create(format);
        return file.encoder->open(file.path);
    });
}

void StreamTask::onFile(std::function<QString(File &)> work)
{
    QPointer<StreamTask> self(this);
    m_scheduler->onFileThread([file = m_file, work = std::move(work), self]() -> std::function<void()> {
        if (!file->error.isEmpty() || file->abandoned)
            return {}; // failed before: the task knows
        const QString err = work(*file);
        if (err.isEmpty())
            return {};
        file->error = err;
        file->encoder.reset();
        QFile::remove(file->path); // here: the task may be gone when this gets back
        return [self, err] {
            if (self)
                self->fail(err);
        };
    });
}

// Code points of the text before UTF-16 index `to` (word timings count code points).
void StreamTask::advanceCodePoints(qsizetype to)
{
    const QString &text = m_job.params.text;
    for (; m_cpCounted < to && m_cpCounted < text.size(); ++m_cpCounted) {
        const qsizetype i = m_cpCounted;
        if (!(text.at(i).isLowSurrogate() && i > 0 && text.at(i - 1).isHighSurrogate()))
            ++m_cpBefore;
    }
}

bool StreamTask::isRunnable() const
{
    if (m_done || m_inFlight || m_stopping || m_next >= m_pieces.size())
        return false;
    if (m_keepThrough >= 0)
        return m_next <= m_keepThrough; // the sentence being heard is made whatever the lead
    return !m_finishing && m_outstanding < qint64(WorkerProtocol::kAudioWindowBytes)
           && (!m_paced || m_samples - m_heard < kPacedLeadSamples);
}

qint64 StreamTask::deadlineMs() const
{
    if (m_firstAudioMs < 0)
        return m_arrivalMs + StreamScheduler::kFirstAudioDueMs;
    return m_firstAudioMs + m_samples * 1000 / AudioFormats::kSampleRate;
}

SynthesisJob StreamTask::nextUnit()
{
    const Span piece = m_pieces.at(m_next);
    advanceCodePoints(piece.start);
    SynthesisJob unit;
    unit.params = m_job.params;
    unit.params.text = m_job.params.text.mid(piece.start, piece.length);
    // The lexicon's spans point into the whole text: the unit gets those on its piece.
    unit.params.pronunciations.clear();
    for (const Pronunciation &p : std::as_const(m_job.params.pronunciations)) {
        if (p.start >= piece.start && p.start + p.length <= piece.start + piece.length) {
            Pronunciation shifted = p;
            shifted.start -= piece.start;
            unit.params.pronunciations.append(shifted);
        }
    }
    unit.stream = true;
    unit.streamFormat = StreamFormat::Float32;
    unit.wordTimings = m_job.wordTimings;
    // The units share the stream's bound on audio: each may make what the ones before left.
    unit.billedTokens = m_job.billedTokens;
    if (m_job.maxSamples > 0)
        unit.maxSamples = qMax<qint64>(1, m_job.maxSamples - m_samples);
    SynthesisPipeline::Excerpt e;
    e.firstSentence = piece.sentence;
    e.codePointOffset = m_cpBefore;
    e.pauseAfter = m_next + 1 < m_pieces.size();
    e.joinsPrevious = m_next > 0 && m_pieces.at(m_next - 1).joinsNext;
    e.joinsNext = piece.joinsNext;
    e.inputOffset = m_inputSamples;
    e.outputOffset = m_samples;
    unit.excerpt = e;
    m_unitStart = m_samples;
    m_pieceStarts.resize(m_next + 1); // a unit run again starts where it did
    m_pieceStarts[m_next] = m_samples;
    m_unitHandedOut = false;
    m_inFlight = true;
    ++m_attempts;
    return unit;
}

void StreamTask::onUnitFrame(const WorkerProtocol::Frame &f)
{
    if (m_done || m_stopping)
        return; // made before the worker saw the stop
    switch (f.type) {
    case WorkerProtocol::Type::Started:
        if (!m_started) {
            m_started = true;
            emit started();
        }
        break;
    case WorkerProtocol::Type::Audio:
        takeAudio(f.payload);
        break;
    case WorkerProtocol::Type::Sentence: {
        const QJsonObject o = QJsonDocument::fromJson(f.payload).object();
        emit sentence(o.value("index").toInt(), m_unitStart + qint64(o.value("samples").toDouble()));
        break;
    }
    case WorkerProtocol::Type::Words: {
        QList<WordTiming> timings = WordTimings::fromJson(QJsonDocument::fromJson(f.payload).object().value("words").toArray());
        for (WordTiming &w : timings) {
            w.startSample += m_unitStart;
            w.endSample += m_unitStart;
        }
        m_unitHandedOut = true; // handed out: a retry would repeat them
        emit words(timings);
        break;
    }
    default:
        break;
    }
}

void StreamTask::takeAudio(const QByteArray &frame)
{
    const qsizetype count = frame.size() / qsizetype(sizeof(float));
    if (count <= 0 || (m_keepThrough >= 0 && m_next > m_keepThrough))
        return; // nothing, or past the sentence a stop keeps
    // Whole samples only (a worker sends nothing else); then the frame itself, shared.
    const QByteArray float32 = frame.size() % qsizetype(sizeof(float)) ? frame.left(count * qsizetype(sizeof(float))) : frame;
    m_unitHandedOut = true;
    if (m_firstAudioMs < 0)
        m_firstAudioMs = m_scheduler->clockMs();
    m_samples += count;
    if (m_file) {
        // Handed to the file thread by the 64 KiB (the encoder's own buffer): a hand-over
        // per frame woke that thread thousands of times a second in a burst.
        m_fileAudio.append(float32);
        m_fileAudioBytes += float32.size();
        if (!m_paced && m_fileAudioBytes >= kFileBatchBytes)
            writeFile();
    }
    emitBytes(m_encoder->encodeFloat32(float32));
}

void StreamTask::writeFile(qint64 upTo)
{
    constexpr qsizetype kBytes = sizeof(float);
    QByteArrayList batch;
    while (!m_fileAudio.isEmpty() && m_fileSamples < upTo) {
        QByteArray &frame = m_fileAudio.first();
        const qint64 take = qMin<qint64>(frame.size() / kBytes, upTo - m_fileSamples);
        if (take * kBytes < frame.size()) {
            batch.append(frame.left(take * kBytes));
            frame.remove(0, take * kBytes);
        } else {
            batch.append(m_fileAudio.takeFirst());
        }
        m_fileSamples += take;
        m_fileAudioBytes -= take * kBytes;
    }
    if (batch.isEmpty())
        return;
    onFile([audio = std::move(batch)](File &file) {
        for (const QByteArray &frame : audio) {
            const QString error = file.encoder->write(reinterpret_cast<const float *>(frame.constData()), frame.size() / qsizetype(sizeof(float)));
            if (!error.isEmpty())
                return error;
        }
        return QString();
    });
}

void StreamTask::emitBytes(const QByteArray &bytes)
{
    if (bytes.isEmpty())
        return;
    m_outstanding += bytes.size();
    emit audio(bytes);
}

void StreamTask::onUnitDone(const QJsonObject &done)
{
    m_inFlight = false;
    if (m_done)
        return;
    if (m_stopping) {
        fail(QStringLiteral("Cancelled"));
        return;
    }
    m_inputSamples += done.value("input_samples").toInteger();
    if (m_keepThrough >= 0) { // stopped: the sentence being heard is made to its end
        m_attempts = 0;
        if (++m_next > m_keepThrough)
            completeHeard();
        else
            m_scheduler->dispatch();
        return;
    }
    // The audio now reaches through this piece (unless it was stopped before any); a stop
    // is billed by whole sentences: a sentence's first piece counts the ones the ramp cut off it.
    if ((m_samples > m_unitStart || !m_finishing) && (m_next == 0 || !m_pieces.at(m_next - 1).joinsNext)) {
        for (qsizetype k = m_next; k < m_pieces.size(); ++k) {
            m_textThrough += m_pieces.at(k).length;
            if (!m_pieces.at(k).joinsNext)
                break;
        }
    }
    ++m_next;
    m_attempts = 0;
    if (m_finishing || m_next >= m_pieces.size()) {
        complete(m_finishing ? m_textThrough : m_textTotal);
        return;
    }
    emit caughtUp();
    m_scheduler->dispatch();
}

void StreamTask::onUnitError(const QString &message, bool reachedAudioBound)
{
    m_inFlight = false;
    if (m_done)
        return;
    if (m_stopping || m_finishing) {
        fail(QStringLiteral("Cancelled"));
    } else if (reachedAudioBound) {
        // The unit had what the units before it left of the bound: the message names the
        // stream's whole bound.
        m_reachedAudioBound = true;
        fail(SynthesisJob::tooLong(m_job.maxSamples, m_job.billedTokens));
    } else {
        fail(message);
    }
}

void StreamTask::onUnitLost(bool charged)
{
    m_inFlight = false;
    if (m_done)
        return;
    if (!charged)
        --m_attempts; // nextUnit() counts the retry again
    if (m_stopping || m_finishing) {
        fail(QStringLiteral("Cancelled"));
    } else if (!m_unitHandedOut && m_attempts < StreamScheduler::kMaxAttempts) {
        m_samples = m_unitStart; // nothing of it went out: the unit runs again
        m_scheduler->dispatch();
    } else {
        fail(QStringLiteral("synthesis worker crashed"));
    }
}

void StreamTask::stop()
{
    if (m_done || m_stopping)
        return;
    m_stopping = true;
    // A running unit's Error ends it; one still waiting in its worker ends it now.
    if (!m_inFlight || !m_scheduler->signalUnit(this, WorkerProtocol::Type::Stop, StreamScheduler::kStopGraceMs))
        fail(QStringLiteral("Cancelled"));
}

void StreamTask::finishEarly()
{
    if (m_done || m_stopping || m_finishing)
        return;
    m_finishing = true;
    // A running unit's Done ends it; one still waiting in its worker ends it now.
    if (!m_inFlight || !m_scheduler->signalUnit(this, WorkerProtocol::Type::Finish, StreamScheduler::kFinishGraceMs))
        complete(m_textThrough);
}

void StreamTask::heard(qint64 samples)
{
    if (m_done || samples <= m_heard)
        return;
    const bool wasRunnable = isRunnable();
    m_heard = samples;
    if (m_paced && m_file)
        writeFile(m_heard); // heard audio is kept whatever comes: on to the disk
    if (!wasRunnable && isRunnable())
        m_scheduler->dispatch();
}

void StreamTask::unpace()
{
    if (!m_paced || m_done || m_finishing)
        return;
    const bool wasRunnable = isRunnable();
    m_paced = false;
    if (m_file)
        writeFile();
    if (!wasRunnable && isRunnable())
        m_scheduler->dispatch();
}

qsizetype StreamTask::pieceAt(qint64 sample) const
{
    qsizetype piece = 0;
    while (piece + 1 < m_pieceStarts.size() && m_pieceStarts.at(piece + 1) <= sample)
        ++piece;
    return piece;
}

qsizetype StreamTask::sentenceEnd(qsizetype piece) const
{
    while (piece + 1 < m_pieces.size() && m_pieces.at(piece).joinsNext)
        ++piece;
    return piece;
}

void StreamTask::finishHeard(qint64 heardSamples)
{
    if (!m_paced) {
        finishEarly();
        return;
    }
    if (m_done || m_stopping || m_finishing)
        return;
    m_finishing = true;
    m_heard = qMax(m_heard, heardSamples);
    m_keepThrough = sentenceEnd(pieceAt(m_heard));
    if (m_next <= m_keepThrough) { // the rest of the sentence heard comes first
        if (!m_inFlight)
            m_scheduler->dispatch();
        return;
    }
    // The sentence heard is made: a unit after it is told to finish, its audio dropped.
    if (!m_inFlight || !m_scheduler->signalUnit(this, WorkerProtocol::Type::Finish, StreamScheduler::kFinishGraceMs))
        completeHeard();
}

// A paced stream stopped: its audio ends with the sentence being heard (the piece after
// it starts there), and the text spoken is the text through that sentence.
void StreamTask::completeHeard()
{
    const qsizetype next = m_keepThrough + 1;
    m_samples = next < m_pieceStarts.size() ? qMin(m_samples, m_pieceStarts.at(next)) : m_samples;
    writeFile(m_samples);
    m_fileAudio.clear();
    m_fileAudioBytes = 0;
    qint64 spoken = 0;
    for (qsizetype k = 0; k < next && k < m_pieces.size(); ++k)
        spoken += m_pieces.at(k).length;
    complete(spoken);
}

void StreamTask::credit(qint64 bytes)
{
    if (m_done || bytes <= 0)
        return;
    const bool wasRunnable = isRunnable();
    m_outstanding = qMax<qint64>(0, m_outstanding - bytes);
    if (!wasRunnable && isRunnable())
        m_scheduler->dispatch();
}

// The stream's end with its audio kept: the encoders' tails, then, once the file thread
// has made every write handed over before, the file closed on a sync thread (closing
// syncs it to disk); finished(), or failed() when the file could not be written, follows
// from there.
void StreamTask::complete(qint64 textSpoken)
{
    emitBytes(m_encoder->finish());
    m_done = true;
    if (!m_file) {
        reportEnd({}, textSpoken);
        return;
    }
    writeFile();
    std::shared_ptr<File> file(std::move(m_file));
    QPointer<StreamTask> self(this);
    StreamScheduler *scheduler = m_scheduler; // it waits for both threads before it goes
    m_scheduler->onFileThread([scheduler, file, self, textSpoken]() -> std::function<void()> {
        scheduler->onSyncThread([file, self, textSpoken]() -> std::function<void()> {
            const QString err = file->encoder ? file->encoder->finish() : file->error;
            file->encoder.reset();
            if (!err.isEmpty())
                QFile::remove(file->path);
            return [self, err, textSpoken] { // back on the scheduler's thread
                if (self)
                    self->reportEnd(err, textSpoken);
            };
        });
        return {};
    });
}

// finished() or, with an error, failed(); then the task goes.
void StreamTask::reportEnd(const QString &error, qint64 textSpoken)
{
    if (error.isEmpty())
        emit finished(m_samples, textSpoken, m_textTotal);
    else
        emit failed(error, m_reachedAudioBound);
    deleteLater();
}

// A stream that ends without finished() leaves no partial file behind: failed() follows
// the removal, on the file thread after the writes before it. The encoder is closed
// before the removal so that no handle to the file outlives it.
void StreamTask::fail(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    if (m_inFlight && !m_stopping) {
        m_stopping = true;
        m_scheduler->signalUnit(this, WorkerProtocol::Type::Stop, StreamScheduler::kStopGraceMs);
    }
    if (!m_file) {
        reportEnd(message, 0);
        return;
    }
    m_fileAudio.clear();
    m_fileAudioBytes = 0;
    std::shared_ptr<File> file(std::move(m_file));
    file->abandoned = true; // writes queued before this are skipped
    QPointer<StreamTask> self(this);
    m_scheduler->onFileThread([file, self, message]() -> std::function<void()> {
        file->encoder.reset();
        QFile::remove(file->path);
        return [self, message] { // back on the scheduler's thread
            if (self)
                self->reportEnd(message, 0);
        };
    });
}
