#include "pricing.h"

#include <cmath>

qint64 Pricing::tokens(const QString &text)
{
    qint64 n = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        // A surrogate pair is one code point.
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
        ++n;
    }
    return n;
}

qint64 Pricing::credits(const QString &model, qint64 tokens) const
{
    return tokens * (model == QLatin1String("advanced") ? creditsPerTokenAdvanced : creditsPerTokenBase);
}

qint64 Pricing::micros(const QString &model, qint64 tokens) const
{
    return tokens * (model == QLatin1String("advanced") ? microsPerTokenAdvanced : microsPerTokenBase);
}

double Money::usd(qint64 micros)
{
    return double(micros) / 1e6;
}

qint64 Money::microsFromUsd(double usd)
{
    return qint64(std::llround(usd * 1e6));
}
