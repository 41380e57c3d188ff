#pragma once

#include "httpreply.h"
#include "serviceerror.h"

// The one place where the core's error kinds become HTTP statuses and bodies.
namespace ErrorMapping
{
int status(ServiceError::Kind kind);
// An error text as clients see it: a value the client sent is echoed, so a long one
// (a 900 KB voice_id) is cut instead of being sent back whole.
QString clientText(const QString &text);
// {"detail": ..., "errors": [{field, message}]} plus Retry-After where it applies.
HttpReply reply(const ServiceError &error);
// {"error": {"message", "type", "code", "param"}} for the OpenAI-compatible routes.
HttpReply openAiReply(const ServiceError &error);
}
