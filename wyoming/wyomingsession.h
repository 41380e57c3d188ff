#pragma once

#include "wyomingcontext.h"
#include "wyomingreader.h"

#include <QObject>
#include <QString>
#include <QTcpSocket>
#include <QTimer>

class WyomingSpeaker;

// One client connection: reads its events and answers them. describe → info;
// synthesize → speech; synthesize-start/-chunk/-stop → speech sentence by sentence
// as the text completes them; anything else is ignored. Refused input gets an error
// event and the connection closes. Deletes itself when the connection ends.
class WyomingSession : public QObject
{
    Q_OBJECT

public:
    WyomingSession(QTcpSocket *socket, const WyomingContext &context, QObject *parent);

private:
    void onReadyRead();
    void handle(const WyomingEvent &event);
    void describe();
    void synthesize(const QJsonObject &data);
    void startStream(const QJsonObject &data);
    void streamChunk(const QJsonObject &data);
    void stopStream();
    void fail(const QString &text, const QString &code);
    void write(const WyomingEvent &event);
    void onIdle();

    QTcpSocket *m_socket;
    const WyomingContext &m_context;
    WyomingReader m_reader;
    WyomingSpeaker *m_speaker;
    bool m_streaming = false;
    QString m_streamVoice;
    QString m_unsettled; // streamed text after its last complete sentence
    bool m_failed = false;
    QTimer m_idle;
    QTimer m_eventDeadline;
};
