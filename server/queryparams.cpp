#include "queryparams.h"

#include <limits>

Result<int> QueryParams::integer(const RequestContext &ctx, const QString &name, int defaultValue, int min, int max)
{
    if (!ctx.hasQuery(name))
        return defaultValue;
    bool ok = false;
    const QString raw = ctx.queryValue(name);
    const qlonglong v = raw.toLongLong(&ok);
    if (!ok)
        return ServiceError::wrongType(name, QStringLiteral("%1 must be an integer").arg(name));
    if (v < min || v > max) {
        const QString range = max == std::numeric_limits<int>::max() ? QStringLiteral("at least %1").arg(min)
                                                                      : QStringLiteral("between %1 and %2").arg(min).arg(max);
        return ServiceError::invalid(name, QStringLiteral("%1 must be %2").arg(name, range));
    }
    return int(v);
}
