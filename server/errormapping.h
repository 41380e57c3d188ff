#pragma once

#include "httpreply.h"
#include "serviceerror.h"

// The one place where the core's error kinds become HTTP statuses and bodies.
namespace ErrorMapping
{
int status(ServiceError::Kind kind);
// {"detail": ..., "errors": [{field, message}]} plus Retry-After where it applies.
HttpReply reply(const ServiceError &error);
// {"error": {"message", "type", "code", "param"}} for the OpenAI-compatible routes.
HttpReply openAiReply(const ServiceError &error);
}
