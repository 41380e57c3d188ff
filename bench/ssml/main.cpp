// Reading (SsmlDocument::parse), planning (SsmlPlan) and lexicon matching (Lexicon::match)
// of SSML documents of N/4, N/2 and N elements: milliseconds and the ratio to the half, which
// is about 2 for work that grows with the length and about 4 for quadratic work.
// Usage: bench-ssml [ROUNDS]   (the best of ROUNDS, default 3)
#include "lexicon.h"
#include "ssmldocument.h"
#include "ssmlplan.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <functional>

namespace
{
double bestMs(int rounds, const std::function<void()> &work)
{
    double best = 1e300;
    for (int r = 0; r < rounds; ++r) {
        QElapsedTimer t;
        t.start();
        work();
        best = qMin(best, double(t.nsecsElapsed()) / 1e6);
    }
    return best;
}

struct Shape
{
    const char *name;
    QString (*make)(int n);
    int n;
};

QString sentences(int n) { return "<speak>" + QStringLiteral("<s>a</s>").repeated(n) + "</speak>"; }
QString marks(int n) { return "<speak>" + QStringLiteral("<mark name=\"m\"/>w ").repeated(n) + "</speak>"; }
QString references(int n) { return "<speak>" + QStringLiteral("<s>&#x41;&amp;b</s>").repeated(n) + "</speak>"; }
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int rounds = argc > 1 ? qMax(1, atoi(argv[1])) : 3;
    const QList<LexiconEntry> lexicon = Lexicon::parse(
        QJsonDocument::fromJson(R"([{"grapheme":"a","alias":"ay"},{"grapheme":"w","alias":"double you"}])").array()).entries;
    QTextStream out(stdout);
    out << "document              chars     parse ms  (x)     plan ms  (x)    match ms  (x)\n";
    for (const Shape &s : {Shape{"<s>a</s>", sentences, 4950}, Shape{"<mark/>w", marks, 4950},
                           Shape{"<s>&#x41;&amp;b</s>", references, 4950}}) {
        double last[3] = {0, 0, 0};
        for (const int n : {s.n / 4, s.n / 2, s.n}) {
            const QString text = s.make(n);
            const double parse = bestMs(rounds, [&] { SsmlDocument::parse(text); });
            const auto parsed = SsmlDocument::parse(text);
            const SsmlDocument &doc = std::get<SsmlDocument>(parsed);
            const double plan = bestMs(rounds, [&] { SsmlPlan(doc, 300, nullptr); });
            const double match = bestMs(rounds, [&] { Lexicon::match(lexicon, text, {"en"}); });
            const double now[3] = {parse, plan, match};
            out << QString("%1 x%2").arg(QLatin1String(s.name)).arg(n).leftJustified(20) << QString::number(text.size()).rightJustified(7);
            for (int k = 0; k < 3; ++k) {
                out << QString::number(now[k], 'f', 1).rightJustified(12)
                    << (last[k] > 0 ? QString(" (%1)").arg(now[k] / last[k], 0, 'f', 1) : QStringLiteral("      "));
                last[k] = now[k];
            }
            out << "\n";
        }
    }
    return 0;
}
