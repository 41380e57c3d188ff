#pragma once

#include <QString>

// Prices per token (tokens = Unicode code points of the text). Defaults (docs/decisions.md "Tokens"):
// 1 credit (base) / 2 credits (advanced) per token; wallet $0.000015 / $0.00003.
struct Pricing
{
    qint64 creditsPerTokenBase = 1;
    qint64 creditsPerTokenAdvanced = 2;
    qint64 microsPerTokenBase = 15;
    qint64 microsPerTokenAdvanced = 30;

    static qint64 tokens(const QString &text);
    qint64 credits(const QString &model, qint64 tokens) const;
    qint64 micros(const QString &model, qint64 tokens) const;
};

namespace Money
{
double usd(qint64 micros);
qint64 microsFromUsd(double usd);
}
