#include "messagetext.h"

#include "ssmldocument.h"

#include <QRegularExpression>
#include <QStringList>

#include <unicode/uchar.h>

namespace
{
QString spoken(const QString &innerSsml)
{
    return QStringLiteral("<speak>") + innerSsml + QStringLiteral("</speak>");
}

QString lettersOf(const QString &text)
{
    return QStringLiteral("<say-as interpret-as=\"characters\">") + MessageText::escaped(text) + QStringLiteral("</say-as>");
}

// A key as espeak-ng's modules say it: "shift_a" is "shift a", "kp-enter" "kp enter".
QString keyName(const QString &key)
{
    QStringList words;
    for (const QString &part : key.split(u'_', Qt::SkipEmptyParts))
        words << (part.toUcs4().size() == 1 ? MessageText::characterName(part)
                                            : MessageText::escaped(QString(part).replace(u'-', u' ')));
    return words.join(u' ');
}
}

QString MessageText::escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString MessageText::characterName(const QString &character)
{
    const QList<uint> cps = character.toUcs4();
    if (cps.size() != 1)
        return escaped(character);
    if (QChar::isLetterOrNumber(cps.first()))
        return lettersOf(character);
    if (cps.first() == ' ')
        return QStringLiteral("space");
    char name[128];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = u_charName(UChar32(cps.first()), U_UNICODE_CHAR_NAME, name, sizeof name, &status);
    if (U_FAILURE(status) || n <= 0)
        return escaped(character);
    return QString::fromLatin1(name, n).toLower();
}

QString MessageText::plainText(const QString &ssml)
{
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    QString text = QString(ssml).replace(tags, QStringLiteral(" "));
    text.replace(QLatin1String("&lt;"), QLatin1String("<")).replace(QLatin1String("&gt;"), QLatin1String(">"));
    text.replace(QLatin1String("&quot;"), QLatin1String("\"")).replace(QLatin1String("&apos;"), QLatin1String("'"));
    return text.replace(QLatin1String("&amp;"), QLatin1String("&")).simplified();
}

QString MessageText::ssml(MessageKind kind, const QString &text, bool spelling)
{
    switch (kind) {
    case MessageKind::Char:
        return spoken(characterName(text));
    case MessageKind::Key:
        return spoken(keyName(text));
    case MessageKind::SoundIcon:
        return {};
    case MessageKind::Text:
        break;
    }
    if (!spelling)
        return text;
    const auto parsed = SsmlDocument::parse(text);
    const auto *doc = std::get_if<SsmlDocument>(&parsed);
    return spoken(lettersOf(doc ? doc->spokenText() : plainText(text)));
}
