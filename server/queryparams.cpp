#include "queryparams.h"

#include <QRegularExpression>

#include <limits>

Result<int> QueryParams::integer(const RequestContext &ctx, const QString &name, int defaultValue, int min, int max)
{
    if (!ctx.hasQuery(name))
        return defaultValue;
    bool ok = false;
    const QString raw = ctx.queryValue(name);
    const qlonglong v = raw.toLongLong(&ok);
    // Digits too many for 64 bits are an integer still, just out of range.
    static const QRegularExpression digits(QStringLiteral("^[+-]?[0-9]+$"));
    const bool huge = !ok && digits.match(raw).hasMatch();
    if (!ok && !huge)
        return ServiceError::wrongType(name, QStringLiteral("%1 must be an integer").arg(name));
    if (huge || v < min || v > max) {
        QString range;
        if (max != std::numeric_limits<int>::max())
            range = QStringLiteral("between %1 and %2").arg(min).arg(max);
        else if (huge ? !raw.startsWith(u'-') : v > max)
            range = QStringLiteral("at most %1").arg(max);
        else
            range = QStringLiteral("at least %1").arg(min);
        return ServiceError::invalid(name, QStringLiteral("%1 must be %2").arg(name, range));
    }
    return int(v);
}
