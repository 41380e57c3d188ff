#pragma once

#include "httpreply.h"
#include "serviceerror.h"

#include <optional>

struct CreateGeneration;

// The Idempotency-Key header of a create route (v3 and v2): a retry with the same
// key and body returns the original generation, another body answers 409.
namespace Idempotency
{
// Copies the key and a hash of the request into `request`; the error for a bad key.
// `scope` keeps the routes apart (the same bytes mean another request on v2).
std::optional<ServiceError> apply(const RequestContext &ctx, const QByteArray &scope, CreateGeneration &request);
}
