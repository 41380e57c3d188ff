#pragma once

// A Wyoming client written from the protocol's description (not from our server's
// code): each event is a JSON header line {"type", "data"?, "data_length"?,
// "payload_length"?}, then data_length bytes of JSON data merged over "data", then
// payload_length bytes of payload.

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QTcpSocket>

#include <functional>
#include <optional>

struct ClientEvent
{
    QString type;
    QJsonObject data;
    QByteArray payload;
};

class WyomingClient
{
public:
    enum class DataIn { Block, Inline };

    bool connectTo(const QString &host, quint16 port, int timeoutMs = 10000);
    void send(const QString &type, const QJsonObject &data = {}, DataIn where = DataIn::Block,
              const QByteArray &payload = {});
    void sendRaw(const QByteArray &bytes);
    // Sends `bytes` up to `times` times, waiting while the server takes none of them, for
    // at most timeoutMs; how many times it went out (the last may be in part).
    int sendRepeatedly(const QByteArray &bytes, int times, int timeoutMs);
    // Reads nothing more than a few KiB until next() or closedWithin(): a client that
    // takes none of its answers.
    void holdReading();
    // The next event, or nullopt on timeout or when the server closed the connection.
    std::optional<ClientEvent> next(int timeoutMs = 30000);
    // Events up to and including the first of type `last` (empty on timeout or close).
    QList<ClientEvent> until(const QString &last, int timeoutMs = 60000);
    // Whether the server closes the connection within timeoutMs.
    bool closedWithin(int timeoutMs);
    bool isOpen() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    // What went wrong in the input (a malformed event from the server), empty if nothing.
    QString protocolError() const { return m_error; }

private:
    bool fill(qsizetype need, int timeoutMs);
    std::optional<QByteArray> line(int timeoutMs);

    QTcpSocket m_socket;
    QByteArray m_buffer;
    QString m_error;
};

// The port of the server's "wyoming on tcp://HOST:PORT" line in its output; 0 if none.
quint16 wyomingPortIn(const QByteArray &serverOutput);

// Signed 16-bit little-endian samples of a payload.
QList<qint16> samplesOf(const QByteArray &pcm);
double rmsOf(const QByteArray &pcm);
