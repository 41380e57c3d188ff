#include "studioicons.h"

#include <QApplication>

QIcon StudioIcons::themed(const QString &name, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(name, QApplication::style()->standardIcon(fallback));
}
