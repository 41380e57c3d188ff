#pragma once

#include "wyomingevent.h"
#include "wyominglimits.h"

#include <QByteArray>
#include <QString>

#include <optional>

// Cuts the bytes a client sends into events, within the limits. Accepts data inline
// in the header, in the data block (merged over the inline data, as the wyoming
// library reads it) or both. Once it has failed it stays failed.
class WyomingReader
{
public:
    explicit WyomingReader(const WyomingLimits &limits);

    void feed(const QByteArray &bytes);
    // The next complete event, or nullopt when more bytes are needed or it failed.
    std::optional<WyomingEvent> next();
    // Why the input was refused (empty while it is fine).
    QString failure() const { return m_failure; }
    // Part of an event has arrived and the rest has not.
    bool midEvent() const;

private:
    enum class Stage { Header, Data, Payload };
    bool readHeader();
    bool readData();
    bool skipPayload();
    void fail(const QString &why);

    const WyomingLimits m_limits;
    QByteArray m_buffer;
    qsizetype m_scanned = 0; // of a header line still without its end
    Stage m_stage = Stage::Header;
    WyomingEvent m_event;
    qint64 m_dataLength = 0;
    qint64 m_payloadLeft = 0;
    QString m_failure;
};
