#include "wordaligner.h"

#include <algorithm>
#include <cmath>

namespace
{
// A pause worth skipping lasts this long at least (a stop's closure is shorter).
constexpr qint64 kMinPauseFrames = 6;
}

WordAligner::WordAligner(const std::vector<qint16> &pcm, int sampleRate)
    : m_frameLength(qMax(1, sampleRate / 100)) // 10 ms
    , m_total(qint64(pcm.size()))
{
    double peak = 0;
    for (qint64 at = 0; at < m_total; at += m_frameLength) {
        const qint64 end = qMin(m_total, at + m_frameLength);
        double sum = 0;
        for (qint64 i = at; i < end; ++i)
            sum += double(pcm[size_t(i)]) * pcm[size_t(i)];
        m_frameRms.push_back(std::sqrt(sum / double(end - at)));
        peak = qMax(peak, m_frameRms.back());
    }
    m_silence = qMax(150.0, 0.03 * peak);
    qint64 first = 0, last = qint64(m_frameRms.size()) - 1;
    while (first <= last && silentFrame(first))
        ++first;
    while (last >= first && silentFrame(last))
        --last;
    m_voicedStart = first <= last ? first * m_frameLength : 0;
    m_voicedEnd = first <= last ? qMin(m_total, (last + 1) * m_frameLength) : m_total;
}

bool WordAligner::silentFrame(qint64 frame) const
{
    return frame >= 0 && frame < qint64(m_frameRms.size()) && m_frameRms[size_t(frame)] < m_silence;
}

qint64 WordAligner::skipPause(qint64 sample, qint64 limit) const
{
    qint64 frame = sample / m_frameLength;
    const qint64 lastFrame = qMin(qint64(m_frameRms.size()), limit / m_frameLength);
    qint64 run = 0;
    while (frame + run < lastFrame && silentFrame(frame + run))
        ++run;
    if (run < kMinPauseFrames || frame + run >= lastFrame)
        return sample;
    return (frame + run) * m_frameLength;
}

std::vector<WordAligner::Span> WordAligner::align(const QList<WordTimings::Span> &words, qsizetype pieceLength,
                                                  const QList<SpeechBackend::WordMark> &marks) const
{
    const size_t n = size_t(words.size());
    std::vector<qint64> start(n, -1), end(n, -1);
    // Marks with an end come from segment boundaries (flite): exact, quiet onsets
    // ("the") included. Marks without one (espeak-ng) may sit before a pause.
    std::vector<bool> exact(n, false);
    for (const SpeechBackend::WordMark &m : marks) {
        // The word holding the mark, or the first one after it (a mark on a space).
        size_t w = 0;
        while (w < n && words.at(qsizetype(w)).end <= m.textIndex)
            ++w;
        if (w == n)
            continue;
        if (start[w] < 0) {
            start[w] = qBound<qint64>(0, m.start, m_total);
            exact[w] = m.end >= 0;
        }
        if (m.end >= 0)
            end[w] = qMax(end[w], qBound<qint64>(0, m.end, m_total));
    }
    // Words without a mark: between the known neighbours, by their place in the text.
    for (size_t i = 0; i < n; ++i) {
        if (start[i] >= 0)
            continue;
        qsizetype prevChar = 0, nextChar = pieceLength;
        qint64 prevTime = m_voicedStart, nextTime = m_voicedEnd;
        for (size_t p = i; p-- > 0;)
            if (start[p] >= 0) {
                prevChar = words.at(qsizetype(p)).start;
                prevTime = start[p];
                break;
            }
        for (size_t q = i + 1; q < n; ++q)
            if (start[q] >= 0) {
                nextChar = words.at(qsizetype(q)).start;
                nextTime = start[q];
                break;
            }
        const double f = nextChar > prevChar ? double(words.at(qsizetype(i)).start - prevChar) / double(nextChar - prevChar) : 0;
        start[i] = prevTime + qint64(f * double(qMax<qint64>(0, nextTime - prevTime)));
    }
    std::vector<Span> out(n);
    for (size_t i = 0; i < n; ++i) {
        const qint64 limit = i + 1 < n ? start[i + 1] : m_voicedEnd;
        const qint64 onset = exact[i] ? start[i] : qMax(skipPause(start[i], limit), m_voicedStart);
        const qint64 s = i == 0 ? onset : qMax(onset, out[i - 1].start);
        out[i].start = qMin(s, m_total);
    }
    for (size_t i = 0; i < n; ++i) {
        const qint64 next = i + 1 < n ? out[i + 1].start : m_voicedEnd;
        qint64 e = end[i] >= 0 ? qMin(end[i], qMax(next, out[i].start)) : next;
        out[i].end = qMax(e, out[i].start);
    }
    return out;
}
