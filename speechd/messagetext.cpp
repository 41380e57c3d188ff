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
QString keyName(const QString &key, bool english)
{
    QStringList words;
    for (const QString &part : key.split(u'_', Qt::SkipEmptyParts))
        words << (part.toUcs4().size() == 1 ? MessageText::characterName(part, english)
                                            : MessageText::escaped(QString(part).replace(u'-', u' ')));
    return words.join(u' ');
}
}

QString MessageText::escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

// A letter's Unicode name as a listener knows it: "latin small letter e with acute" is
// "E with acute", "greek capital letter alpha" "greek capital alpha"; a lone letter of
// the name is a capital, which is read as the letter's name.
QString spokenLetterName(QString name)
{
    name.replace(QLatin1String("latin "), QString()).replace(QLatin1String("small letter "), QString());
    name.replace(QLatin1String("capital letter "), QLatin1String("capital "));
    QStringList words = name.split(u' ', Qt::SkipEmptyParts);
    for (QString &w : words)
        if (w.size() == 1)
            w = w.toUpper();
    return words.join(u' ');
}

QString MessageText::characterName(const QString &character, bool english)
{
    const QList<uint> cps = character.toUcs4();
    if (cps.size() != 1)
        return escaped(character);
    const bool ascii = cps.first() < 0x80;
    if (QChar::isLetterOrNumber(cps.first()) && (ascii || !english))
        return lettersOf(character);
    if (cps.first() == ' ')
        return QStringLiteral("space");
    char name[128];
    UErrorCode status = U_ZERO_ERROR;
    const int32_t n = u_charName(UChar32(cps.first()), U_UNICODE_CHAR_NAME, name, sizeof name, &status);
    if (U_FAILURE(status) || n <= 0)
        return QChar::isLetterOrNumber(cps.first()) ? lettersOf(character) : escaped(character);
    const QString lower = QString::fromLatin1(name, n).toLower();
    return QChar::isLetterOrNumber(cps.first()) ? spokenLetterName(lower) : lower;
}

QString MessageText::plainText(const QString &ssml)
{
    static const QRegularExpression tags(QStringLiteral("<[^>]*>"));
    QString text = QString(ssml).replace(tags, QStringLiteral(" "));
    text.replace(QLatin1String("&lt;"), QLatin1String("<")).replace(QLatin1String("&gt;"), QLatin1String(">"));
    text.replace(QLatin1String("&quot;"), QLatin1String("\"")).replace(QLatin1String("&apos;"), QLatin1String("'"));
    return text.replace(QLatin1String("&amp;"), QLatin1String("&")).simplified();
}

QString MessageText::ssml(MessageKind kind, const QString &text, bool spelling, bool english)
{
    switch (kind) {
    case MessageKind::Char:
        return spoken(characterName(text, english));
    case MessageKind::Key:
        return spoken(keyName(text, english));
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
