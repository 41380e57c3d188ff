#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QTcpSocket>

// A raw HTTP/1.1 client for what QNetworkAccessManager will not send (pipelining,
// malformed heads, slow or half-sent requests).
class RawClient
{
public:
    explicit RawClient(const QString &baseUrl);
    bool connected() const { return m_socket.state() == QAbstractSocket::ConnectedState; }
    void send(const QByteArray &bytes);
    // Reads until the peer closes or timeout; returns everything received.
    QByteArray readAll(int timeoutMs);
    // Waits for a complete status line.
    int status(int timeoutMs);
    QByteArray buffer() const { return m_buffer; }
    QTcpSocket &socket() { return m_socket; }

private:
    QTcpSocket m_socket;
    QByteArray m_buffer;
};

QByteArray hostHeader(const QString &baseUrl);

// One answer cut out of a byte stream of HTTP/1.1 answers (Content-Length framing).
struct RawAnswer
{
    int status = 0;
    QByteArray head; // status line and headers
    QByteArray body;
    QByteArray header(const QByteArray &lowerName) const;
};
// Splits `bytes` into answers; what is left after the last whole one goes to *rest.
QList<RawAnswer> splitAnswers(const QByteArray &bytes, QByteArray *rest = nullptr);

// A WebSocket client's text frame (masked, 16-bit length: payloads under 64 KiB), for
// tests that speak the protocol over a raw socket.
QByteArray maskedTextFrame(const QByteArray &payload);
