#pragma once

#include <QIcon>
#include <QStyle>

// Icons from the desktop's theme (freedesktop names), or the style's own standard
// icon when the theme has none: nothing is shipped or downloaded.
namespace StudioIcons
{
QIcon themed(const QString &name, QStyle::StandardPixmap fallback);
}
