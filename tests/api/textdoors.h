#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

class TestServer;

// The four doors a text comes in by: "v3" (POST /v3/tts), "v2" (POST /v2/tts), "ws" (the
// WebSocket stream, read until the server closes it) and "v1" (the OpenAI-compatible
// route, WAV). Tests that check a text is treated alike everywhere send it through each.
struct DoorAnswer
{
    // HTTP status; on "ws" the error message's status (200 when a stream started), or
    // -close code when a 400 did not close with 1003.
    int status = 0;
    QString detail; // the error's detail (OpenAI's error.message on "v1")
    QStringList fields; // the error's fields (OpenAI's error.param on "v1")
    QByteArray raw; // the body, or the first WebSocket text message
    QJsonObject completed; // "ws": the completed message
    std::vector<float> audio; // "ws": the samples received
};

// Sends {"text": textJson, voice af_sarah} (the route's own field names) with key.
DoorAnswer sendThroughDoor(TestServer &server, const QString &door, const QByteArray &textJson, const QByteArray &key,
                           int timeoutMs = 60000);
