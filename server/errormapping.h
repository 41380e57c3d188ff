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

// How a WebSocket stream closes on an error (after its {"type":"error"} message):
// 1003 invalid payload, 1008 policy (key, balance, plan, rate), 1013 try again later
// (stream cap, shutdown, storage), 1011 internal fault.
struct WebSocketClose
{
    int code = 1011;
    QString reason; // at most 123 bytes of UTF-8 fit a close frame
};
WebSocketClose webSocketClose(const ServiceError &error);
}
