#include "wordtiming.h"

#include <QRegularExpression>

QJsonArray WordTimings::toJson(const QList<WordTiming> &words)
{
    QJsonArray out;
    for (const WordTiming &w : words)
        out.append(QJsonArray{w.charStart, w.charEnd, w.startSample, w.endSample});
    return out;
}

QList<WordTiming> WordTimings::fromJson(const QJsonArray &array)
{
    QList<WordTiming> out;
    for (const QJsonValue &v : array) {
        const QJsonArray a = v.toArray();
        if (a.size() != 4)
            continue;
        out.append(WordTiming{qint64(a.at(0).toDouble()), qint64(a.at(1).toDouble()), qint64(a.at(2).toDouble()),
                              qint64(a.at(3).toDouble())});
    }
    return out;
}

QList<WordTimings::Span> WordTimings::split(const QString &piece)
{
    static const QRegularExpression token(QStringLiteral("\\S+"));
    static const QRegularExpression wordy(QStringLiteral("[\\p{L}\\p{N}]"));
    QList<Span> out;
    bool pendingLead = false; // a leading token without letters, waiting for its word
    qsizetype leadStart = 0;
    for (auto it = token.globalMatch(piece); it.hasNext();) {
        const auto m = it.next();
        const Span s{m.capturedStart(), m.capturedEnd()};
        if (m.captured().contains(wordy)) {
            out.append(pendingLead ? Span{leadStart, s.end} : s);
            pendingLead = false;
        } else if (!out.isEmpty()) {
            out.last().end = s.end;
        } else if (!pendingLead) {
            pendingLead = true;
            leadStart = s.start;
        }
    }
    return out;
}

std::vector<qint64> WordTimings::codePointIndex(const QString &text)
{
    std::vector<qint64> out(size_t(text.size()) + 1);
    qint64 cp = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        out[size_t(i)] = cp;
        if (!(text.at(i).isLowSurrogate() && i > 0 && text.at(i - 1).isHighSurrogate()))
            ++cp;
    }
    out[size_t(text.size())] = cp;
    return out;
}
