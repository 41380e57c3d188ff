#pragma once

#include "httpreply.h"
#include "serviceerror.h"

// Query parameter rules: a value that is not an integer is a 422, out of range a 400.
namespace QueryParams
{
Result<int> integer(const RequestContext &ctx, const QString &name, int defaultValue, int min, int max);
}
