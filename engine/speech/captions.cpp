#include "captions.h"

#include "audioformat.h"

#include <QJsonObject>
#include <QRegularExpression>
#include <QSaveFile>

#include <cmath>

namespace
{
double seconds(qint64 samples)
{
    return double(samples) / AudioFormats::kSampleRate;
}

struct Word
{
    QString text;
    double start = 0;
    double end = 0;
};

QList<Word> wordsOf(const CaptionText &text, const QList<WordTiming> &timings)
{
    QList<Word> out;
    for (const WordTiming &t : timings)
        out.append({text.word(t.charStart, t.charEnd), seconds(t.startSample), seconds(t.endSample)});
    return out;
}

bool endsSentence(const QString &w)
{
    static const QString ends = QStringLiteral(".!?。！？…");
    for (qsizetype i = w.size() - 1; i >= 0; --i) {
        const QChar c = w.at(i);
        if (c == u'"' || c == u'\'' || c == u')' || c == u'»' || c == u'”' || c == u'’' || c == u'」')
            continue;
        return ends.contains(c);
    }
    return false;
}

bool endsClause(const QString &w)
{
    static const QString ends = QStringLiteral(",;:—–、，；：");
    return !w.isEmpty() && (ends.contains(w.back()) || w == QLatin1String("-"));
}

QString join(const QList<Word> &words, qsizetype from, qsizetype to)
{
    QStringList parts;
    for (qsizetype i = from; i < to; ++i)
        parts << words.at(i).text;
    return parts.join(u' ');
}

// The lines of words [from, to): one line when it fits, else two, broken where both
// fit, the longer of them shortest, after a clause when that costs little; empty when
// they do not fit in two lines.
QStringList layout(const QList<Word> &words, qsizetype from, qsizetype to)
{
    const QString one = join(words, from, to);
    if (one.size() <= Captions::kMaxLineLength || to - from == 1)
        return {one};
    QStringList best;
    double bestCost = 1e9;
    for (qsizetype k = from + 1; k < to; ++k) {
        const QString a = join(words, from, k), b = join(words, k, to);
        if (a.size() > Captions::kMaxLineLength || b.size() > Captions::kMaxLineLength)
            continue;
        const double cost = qMax(a.size(), b.size()) - (endsClause(words.at(k - 1).text) ? 8 : 0);
        if (cost < bestCost) {
            bestCost = cost;
            best = {a, b};
        }
    }
    return best;
}

bool fits(const QList<Word> &words, qsizetype from, qsizetype to)
{
    if (to - from <= 1)
        return true; // a single word longer than a line still gets its cue
    return words.at(to - 1).end - words.at(from).start <= Captions::kMaxCueSeconds && !layout(words, from, to).isEmpty();
}

QString stamp(double s, QChar decimal)
{
    const qint64 ms = qMax<qint64>(0, std::llround(s * 1000));
    return QStringLiteral("%1:%2:%3%4%5")
        .arg(ms / 3600000, 2, 10, QChar(u'0'))
        .arg(ms / 60000 % 60, 2, 10, QChar(u'0'))
        .arg(ms / 1000 % 60, 2, 10, QChar(u'0'))
        .arg(decimal)
        .arg(ms % 1000, 3, 10, QChar(u'0'));
}
}

QJsonArray Captions::wordsJson(const QString &text, const QList<WordTiming> &timings)
{
    return wordsJson(CaptionText(text), timings);
}

QJsonArray Captions::wordsJson(const CaptionText &text, const QList<WordTiming> &timings)
{
    QJsonArray out;
    const QList<Word> words = wordsOf(text, timings);
    for (qsizetype i = 0; i < words.size(); ++i)
        out.append(QJsonObject{{"word", words.at(i).text},
                               {"start", std::round(words.at(i).start * 1000) / 1000},
                               {"end", std::round(words.at(i).end * 1000) / 1000},
                               {"char_start", timings.at(i).charStart},
                               {"char_end", timings.at(i).charEnd}});
    return out;
}

QList<Captions::Cue> Captions::cues(const QString &text, const QList<WordTiming> &timings)
{
    return cues(CaptionText(text), timings);
}

QList<Captions::Cue> Captions::cues(const CaptionText &text, const QList<WordTiming> &timings)
{
    const QList<Word> words = wordsOf(text, timings);
    QList<Cue> out;
    auto emitCue = [&](qsizetype from, qsizetype to) {
        if (to > from)
            out.append({words.at(from).start, qMax(words.at(to - 1).end, words.at(from).start), layout(words, from, to)});
    };
    qsizetype from = 0;
    for (qsizetype i = 0; i < words.size(); ++i) {
        if (!fits(words, from, i + 1)) {
            // Break after the last clause in the second half of the cue, else before this word.
            qsizetype cut = i;
            for (qsizetype k = i - 1; k > from + (i - from) / 2; --k)
                if (endsClause(words.at(k - 1).text)) {
                    cut = k;
                    break;
                }
            emitCue(from, cut);
            from = cut;
            // What remains with this word may still be too much (a clause cut left words behind).
            if (!fits(words, from, i + 1)) {
                emitCue(from, i);
                from = i;
            }
        }
        if (endsSentence(words.at(i).text)) {
            emitCue(from, i + 1);
            from = i + 1;
        }
    }
    emitCue(from, words.size());
    return out;
}

namespace
{
// The text as written, never read as the format's own syntax: a cue's timing arrow in
// the text would start a new cue, and WebVTT reads <b>, <c.x> and &...; as markup.
// SubRip has no escapes, so what its players read as markup is left out: the HTML-like
// tags they style with (<b>, <i>, <u>, <s>, <font ...> and their ends) and override
// blocks ({\an8}, {\i1}, MicroDVD's {y:i}); spaces may come before a tag's name
// (< b>, </ i >, < font color=red>), but "< b" followed by more than spaces is text. A "<" that opens no such tag (a < b) stays.
// Whole cues, not lines: a tag or block may span the line break the layout put into it
// (<font color="red"\nface="x">), and players read it across lines all the same.
QString srtText(const QStringList &lines)
{
    static const QRegularExpression markup(
        QStringLiteral(R"(<\/?[bius](?:[\s/][^<>]*)?>|<\s*\/?\s*font(?:[\s/][^<>]*)?>|<\s*\/?\s*[bius]\s*>|\{[^{}]*\\[^{}]*\}|\{\s*[a-zA-Z]\s*:[^{}]*\})"),
        QRegularExpression::CaseInsensitiveOption);
    QString text = lines.join(u'\n');
    // Until nothing is left: removing one tag may join the halves of another (<<b>b>).
    for (qsizetype before = -1; before != text.size();) {
        before = text.size();
        text.remove(markup);
    }
    while (text.contains(QLatin1String("-->")))
        text.replace(QLatin1String("-->"), QStringLiteral("->"));
    // Empty when nothing but markup was left (a blank line would end the cue).
    QStringList out;
    for (const QString &line : text.split(u'\n'))
        if (const QString l = line.simplified(); !l.isEmpty())
            out << l;
    return out.join(u'\n');
}

QString vttText(const QStringList &lines)
{
    QString text = lines.join(u'\n');
    text.replace(u'&', QLatin1String("&amp;"));
    text.replace(u'<', QLatin1String("&lt;"));
    text.replace(u'>', QLatin1String("&gt;"));
    return text;
}
}

QString Captions::srt(const QList<Cue> &cues)
{
    QString out;
    int number = 0;
    for (const Cue &c : cues)
        if (const QString text = srtText(c.lines); !text.isEmpty())
            out += QStringLiteral("%1\n%2 --> %3\n%4\n\n").arg(++number).arg(stamp(c.start, u','), stamp(c.end, u','), text);
    return out;
}

QString Captions::vtt(const QList<Cue> &cues)
{
    QString out = QStringLiteral("WEBVTT\n\n");
    for (const Cue &c : cues)
        out += QStringLiteral("%1 --> %2\n%3\n\n").arg(stamp(c.start, u'.'), stamp(c.end, u'.'), vttText(c.lines));
    return out;
}

QString Captions::render(Format format, const QString &text, const QList<WordTiming> &words)
{
    const QList<Cue> list = cues(text, words);
    return format == Format::Vtt ? vtt(list) : srt(list);
}

QString Captions::save(const QString &target, Format format, const QString &text, const QList<WordTiming> &words)
{
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    if (file.write(render(format, text, words).toUtf8()) < 0) {
        const QString error = file.errorString();
        file.cancelWriting();
        return error;
    }
    return file.commit() ? QString() : file.errorString();
}
