#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

// The speech settings of a project, a chapter or a block. Each field is optional: an
// unset one is inherited, block <- chapter <- project.
struct VoiceSettings
{
    std::optional<QString> voice;     // system voice id
    std::optional<QString> model;     // base or advanced
    std::optional<QString> language;  // language code of the model; empty: the voice's own
    std::optional<double> speed;
    std::optional<double> cfgWeight;    // advanced controls
    std::optional<double> exaggeration;

    // These settings with the unset fields taken from parent.
    VoiceSettings over(const VoiceSettings &parent) const;
    // A project's starting point: af_sarah, base, speed 1.0, the API's defaults.
    static VoiceSettings defaults();
    bool operator==(const VoiceSettings &other) const;

    // Only the set fields.
    QJsonObject toJson() const;
    static VoiceSettings fromJson(const QJsonObject &json);
};
