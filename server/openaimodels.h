#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

// The OpenAI names /v1 understands: its speech models (and our own), and OpenAI's voice
// names, each mapped to one of our models and voices (docs/openai.md).
namespace OpenAiModels
{
// Our model for a model id /v1 accepts (dated gpt-4o-mini-tts snapshots included), else nullopt.
std::optional<QString> ourModel(const QString &id);
// The ids GET /v1/models lists (every one of them accepted).
QStringList listed();
// A model as OpenAI's GET /v1/models describes one.
QJsonObject object(const QString &id);

// Whether `name` is one of OpenAI's voice names (case-insensitive).
bool isOpenAiVoice(const QString &name);
// The system voice an OpenAI voice name speaks with for our model.
QString mapVoice(const QString &name, const QString &ourModel);
}
