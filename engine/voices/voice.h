#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

// A voice as callers see it, plus how the backends realise it.
struct Voice
{
    QString id;
    QString name;
    QString model;        // base or advanced
    QString gender;       // Male, Female, Neutral
    QString accent;
    QString description;
    QString language;     // a base voice's own language code
    bool free = true;
    bool isCustom = false;
    qint64 ownerAccountId = 0; // custom voices only
    QString baseVoiceId;       // custom voices: the system voice they derive from

    // Realisation
    QString fliteVoice;   // English
    QString espeakVariant; // every other language
    double pitch = 1.0;
    double rate = 1.0;    // custom voices: factor on speed
    QDateTime createdAt;

    // The v3 voice object (spec 2.3).
    QJsonObject toApiJson() const;
};
