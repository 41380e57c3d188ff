#include "studiolabels.h"

#include "languages.h"
#include "metering.h"
#include "pricing.h"
#include "records.h"
#include "serviceerror.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QRegularExpression>

#include <iterator>
#include <utility>

QString StudioLabels::status(const QString &status)
{
    if (status == GenerationStatus::InQueue)
        return QCoreApplication::translate("StudioLabels", "Queued");
    if (status == GenerationStatus::Generating)
        return QCoreApplication::translate("StudioLabels", "Generating");
    if (status == GenerationStatus::Completed)
        return QCoreApplication::translate("StudioLabels", "Completed");
    if (status == GenerationStatus::Failed)
        return QCoreApplication::translate("StudioLabels", "Failed");
    if (status == GenerationStatus::Expired)
        return QCoreApplication::translate("StudioLabels", "Expired");
    return status;
}

QString StudioLabels::status(const Generation &g)
{
    if (g.stopped && (g.status == GenerationStatus::Completed || g.status == GenerationStatus::Failed))
        return QCoreApplication::translate("StudioLabels", "Stopped");
    return status(g.status);
}

QString StudioLabels::stopNote(const Generation &g)
{
    if (!g.stopped)
        return {};
    const bool unmetered = g.source == PaymentSource::Unmetered;
    if (g.status != GenerationStatus::Completed)
        return unmetered ? QCoreApplication::translate("StudioLabels", "Stopped before any audio.")
                         : QCoreApplication::translate("StudioLabels", "Stopped before any audio: nothing was billed.");
    if (unmetered)
        return QCoreApplication::translate("StudioLabels", "Stopped: the audio made until then is kept.");
    const QLocale locale;
    return QCoreApplication::translate("StudioLabels", "Stopped: the audio made until then is kept, billed for %1 of %2 tokens.")
        .arg(locale.toString(g.billedTokens), locale.toString(g.tokens));
}

QString StudioLabels::ledgerKind(const QString &kind)
{
    if (kind == QLatin1String("grant"))
        return QCoreApplication::translate("StudioLabels", "Grant");
    if (kind == QLatin1String("topup"))
        return QCoreApplication::translate("StudioLabels", "Top-up");
    if (kind == QLatin1String("reserve"))
        return QCoreApplication::translate("StudioLabels", "Hold");
    if (kind == QLatin1String("settle"))
        return QCoreApplication::translate("StudioLabels", "Charge");
    if (kind == QLatin1String("release"))
        return QCoreApplication::translate("StudioLabels", "Release");
    return kind;
}

namespace
{
// The catalog's words (resources/voices.json) and their labels: one table per kind.
QString fromTable(const std::pair<const char *, const char *> *table, size_t n, const QString &word)
{
    for (size_t i = 0; i < n; ++i)
        if (word == QLatin1String(table[i].first))
            return QCoreApplication::translate("StudioLabels", table[i].second);
    return word; // a custom voice's own words
}
}

QString StudioLabels::gender(const QString &gender)
{
    static const std::pair<const char *, const char *> table[] = {
        {"Female", QT_TRANSLATE_NOOP("StudioLabels", "Female")},
        {"Male", QT_TRANSLATE_NOOP("StudioLabels", "Male")},
        {"Neutral", QT_TRANSLATE_NOOP("StudioLabels", "Neutral")},
    };
    return fromTable(table, std::size(table), gender);
}

QString StudioLabels::accent(const QString &accent)
{
    static const std::pair<const char *, const char *> table[] = {
        {"American", QT_TRANSLATE_NOOP("StudioLabels", "American")},
        {"British", QT_TRANSLATE_NOOP("StudioLabels", "British")},
        {"Scottish", QT_TRANSLATE_NOOP("StudioLabels", "Scottish")},
        {"Indian", QT_TRANSLATE_NOOP("StudioLabels", "Indian")},
        {"Japanese", QT_TRANSLATE_NOOP("StudioLabels", "Japanese")},
        {"Mandarin", QT_TRANSLATE_NOOP("StudioLabels", "Mandarin")},
        {"Spanish", QT_TRANSLATE_NOOP("StudioLabels", "Spanish")},
        {"French", QT_TRANSLATE_NOOP("StudioLabels", "French")},
        {"Italian", QT_TRANSLATE_NOOP("StudioLabels", "Italian")},
        {"Brazilian", QT_TRANSLATE_NOOP("StudioLabels", "Brazilian")},
    };
    return fromTable(table, std::size(table), accent);
}

QString StudioLabels::ledgerNote(const QString &note)
{
    static const std::pair<const char *, const char *> known[] = {
        {"new account", QT_TRANSLATE_NOOP("StudioLabels", "new account")},
        {"wallet top-up", QT_TRANSLATE_NOOP("StudioLabels", "wallet top-up")},
        {"credit grant", QT_TRANSLATE_NOOP("StudioLabels", "credit grant")},
        {"not spoken: stopped in the studio", QT_TRANSLATE_NOOP("StudioLabels", "not spoken: stopped in the studio")},
        {"Stopped in the studio", QT_TRANSLATE_NOOP("StudioLabels", "Stopped in the studio")},
        {"Cancelled", QT_TRANSLATE_NOOP("StudioLabels", "Cancelled")},
        {"Client disconnected", QT_TRANSLATE_NOOP("StudioLabels", "Client disconnected")},
    };
    // The engine's money notes: "33 credits / 495 micro-USD" and the like, in words.
    static const QRegularExpression settled(QStringLiteral("^(\\d+) credits / (\\d+) micro-USD(?:; stream ended early after audio: (.*))?$"));
    static const QRegularExpression stopped(
        QStringLiteral("^stopped in the studio: (\\d+) of (\\d+) tokens, (\\d+) credits / (\\d+) micro-USD$"));
    const QLocale locale;
    const auto number = [&locale](const QString &digits) { return locale.toString(digits.toLongLong()); };
    const auto usd = [](const QString &micros) { return money(micros.toLongLong()); };
    if (const auto m = settled.match(note); m.hasMatch()) {
        const QString cost = QCoreApplication::translate("StudioLabels", "%1 credits, %2").arg(number(m.captured(1)), usd(m.captured(2)));
        if (m.captured(3).isEmpty())
            return cost;
        return QCoreApplication::translate("StudioLabels", "%1; the stream ended early after audio: %2")
            .arg(cost, ledgerNote(m.captured(3)));
    }
    if (const auto m = stopped.match(note); m.hasMatch())
        return QCoreApplication::translate("StudioLabels", "stopped in the studio: %1 of %2 tokens, %3 credits, %4")
            .arg(number(m.captured(1)), number(m.captured(2)), number(m.captured(3)), usd(m.captured(4)));
    return fromTable(known, std::size(known), note);
}

QString StudioLabels::paymentSource(const QString &source)
{
    if (source == PaymentSource::Unmetered)
        return QCoreApplication::translate("StudioLabels", "not metered");
    if (source == PaymentSource::Wallet)
        return QCoreApplication::translate("StudioLabels", "wallet");
    return QCoreApplication::translate("StudioLabels", "monthly credits");
}

QString StudioLabels::model(const QString &model)
{
    if (model == QLatin1String("base"))
        return QCoreApplication::translate("StudioLabels", "Base");
    if (model == QLatin1String("advanced"))
        return QCoreApplication::translate("StudioLabels", "Advanced");
    return model;
}

QString StudioLabels::language(const QString &model, const QString &code)
{
    const auto info = Languages::find(model, code);
    if (!info || info->locale.isEmpty())
        return code;
    const QLocale spoken(info->locale);
    const QLocale studio;
    // Qt 6.4 names a language in English or in itself, not in a third language: an
    // English studio gets English names, any other its own name for its own language
    // and each language's own name for the rest (how language menus name them anyway).
    const bool english = studio.language() == QLocale::English || studio.language() == QLocale::C;
    QString name;
    if (spoken.language() == studio.language() || spoken.language() == QLocale::English)
        name = spoken.nativeLanguageName(); // "Deutsch", "American English", "British English"
    else if (english)
        name = QLocale::languageToString(spoken.language());
    else
        name = spoken.nativeLanguageName();
    // A variety of its language (pt_BR): its country, unless the name says it already
    // (the English names of English varieties do).
    if (info->locale.contains(u'_') && spoken.language() != QLocale::English)
        name += QStringLiteral(" (%1)").arg(english ? QLocale::territoryToString(spoken.territory())
                                                    : spoken.nativeTerritoryName());
    return name;
}

QString StudioLabels::dateTime(qint64 msSinceEpoch)
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(msSinceEpoch), QLocale::ShortFormat);
}

QString StudioLabels::seconds(double seconds)
{
    return QCoreApplication::translate("StudioLabels", "%1 s").arg(QLocale().toString(seconds, 'f', 1));
}

QString StudioLabels::money(qint64 micros)
{
    const int decimals = micros % 10000 == 0 ? 2 : 6;
    return QLocale().toCurrencyString(Money::usd(micros), QStringLiteral("$"), decimals);
}

QString StudioLabels::signedMoney(qint64 micros)
{
    return micros > 0 ? QLocale().positiveSign() + money(micros) : money(micros);
}

QString StudioLabels::problem(const ServiceError &error)
{
    switch (error.kind) {
    case ServiceError::Kind::InsufficientBalance:
        return QCoreApplication::translate("StudioLabels", "the account's credits and wallet do not cover it");
    case ServiceError::Kind::RateLimited:
    case ServiceError::Kind::Unavailable:
        return QCoreApplication::translate("StudioLabels", "the studio is busy; try again in a moment");
    case ServiceError::Kind::StoreUnavailable:
        return QCoreApplication::translate("StudioLabels", "the studio's database does not answer; try again in a moment");
    case ServiceError::Kind::Internal:
        return QCoreApplication::translate("StudioLabels", "something went wrong inside the studio");
    default:
        return error.detail;
    }
}
