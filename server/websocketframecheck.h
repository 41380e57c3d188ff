#pragma once

#include <QtGlobal>

// Follows the frames a WebSocket client sends (RFC 6455 5.2) far enough to see that
// each is masked, as a client's must be (5.1); Qt 6.4's WebSocket server accepts
// unmasked frames. Only headers are read: payloads are skipped, never buffered.
class WebSocketFrameCheck
{
public:
    // Feeds the next bytes; false once an unmasked frame has been seen.
    bool consume(const char *data, qsizetype size);
    bool violated() const { return m_violated; }
    // Whether a whole data message has arrived (a text, binary or continuation frame with
    // FIN, all of its payload): a client that has sent only control frames (pings), or a
    // message it never finishes, has asked for nothing yet.
    bool sawWholeMessage() const { return m_sawWholeMessage; }

private:
    enum class State { First, Second, Length, Mask, Payload };
    State m_state = State::First;
    int m_need = 0;            // bytes left of the extended length or the mask
    quint64 m_length = 0;
    quint64 m_payloadLeft = 0;
    bool m_violated = false;
    bool m_finalData = false; // the frame being read is a data frame with FIN
    bool m_sawWholeMessage = false;
};
