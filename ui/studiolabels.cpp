#include "studiolabels.h"

#include "languages.h"
#include "records.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

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
    if (g.status != GenerationStatus::Completed)
        return QCoreApplication::translate("StudioLabels", "Stopped before any audio: nothing was billed.");
    const QLocale locale;
    return QCoreApplication::translate("StudioLabels", "Stopped: the audio made until then is kept, billed for %1 of %2 tokens.")
        .arg(locale.toString(g.billedTokens), locale.toString(g.tokens));
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
