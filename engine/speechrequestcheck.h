#pragma once

#include "serviceerror.h"
#include "synthesisplanner.h"
#include "voice.h"

#include <optional>

// The value rules of a speech request (spec 4.1): shared by the API, the GUI and `say`.
namespace SpeechRequestCheck
{
constexpr int kMaxTextLength = 50000;

// voice is null when voice_id did not resolve.
std::optional<ServiceError> check(const SpeechRequest &request, const QString &voiceId, const Voice *voice);
}
