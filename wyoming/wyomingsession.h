#pragma once

#include "wyomingcontext.h"
#include "wyomingreader.h"

#include <QObject>
#include <QString>
#include <QTcpSocket>
#include <QTimer>

class WyomingSpeaker;
struct WyomingRequest;

// One client connection: reads its events and answers them. describe → info;
// synthesize → speech; synthesize-start/-chunk/-stop → speech sentence by sentence
// as the text completes them; anything else is ignored. Refused input gets an error
// event and the connection closes. Events are read only while little of the answers
// waits to be sent, and a client that takes none of them for --stream-stall is cut.
// Deletes itself when the connection ends.
class WyomingSession : public QObject
{
    Q_OBJECT

public:
    WyomingSession(QTcpSocket *socket, const WyomingContext &context, QObject *parent);

private:
    void pump();
    bool backedUp() const;
    void watchEvent(bool completed);
    void handle(const WyomingEvent &event);
    void describe();
    void synthesize(const QJsonObject &data);
    void startStream(const QJsonObject &data);
    void streamChunk(const QJsonObject &data);
    void settleStream();
    void stopStream();
    bool hasRoomFor(const WyomingRequest &request);
    void fail(const QString &text, const QString &code);
    void write(const WyomingEvent &event);
    qint64 inKernel() const;
    void watchOutput(bool progress);
    void onBytesWritten();
    void onStall();
    void onIdle();
    void cut(const QString &why);

    QTcpSocket *m_socket;
    const WyomingContext &m_context;
    WyomingReader m_reader;
    WyomingSpeaker *m_speaker;
    bool m_describing = false; // an info answer is being read from the store
    bool m_streaming = false;
    QString m_streamVoice;
    QString m_unsettled;          // streamed text after its last complete sentence
    qint64 m_unsettledChars = 0;  // its characters, as WyomingRequest counts them
    bool m_streamSpoken = false;  // part of this stream of text was handed to the speaker
    bool m_streamDocument = false; // an SSML document: spoken whole at its end
    bool m_failed = false;
    QTimer m_idle;
    QTimer m_eventDeadline;
    QTimer m_stall;
    qint64 m_stallMark = 0; // what the kernel held for the client when m_stall started
};
