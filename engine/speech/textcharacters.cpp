#include "textcharacters.h"

#include <QChar>

QString TextCharacters::codePoint(char32_t u)
{
    return QStringLiteral("U+") + QString::number(quint32(u), 16).toUpper().rightJustified(4, u'0');
}

std::optional<QString> TextCharacters::refused(char32_t u)
{
    if (u > QChar::LastValidCodePoint)
        return QStringLiteral("a code point beyond U+10FFFF (%1)").arg(codePoint(u));
    if (QChar::isSurrogate(u))
        return QStringLiteral("a surrogate (%1)").arg(codePoint(u));
    if (QChar::category(u) == QChar::Other_Control && u != u'\t' && u != u'\n' && u != u'\r')
        return QStringLiteral("a control character (%1)").arg(codePoint(u));
    if (QChar::isNonCharacter(u))
        return QStringLiteral("a noncharacter (%1)").arg(codePoint(u));
    return std::nullopt;
}
