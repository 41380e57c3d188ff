#include "websocketframecheck.h"

bool WebSocketFrameCheck::consume(const char *data, qsizetype size)
{
    qsizetype pos = 0;
    while (pos < size && !m_violated) {
        const auto byte = static_cast<unsigned char>(data[pos]);
        switch (m_state) {
        case State::First:
            ++pos;
            m_finalData = (byte & 0x80) && (byte & 0x0f) <= 0x2; // opcodes 0-2 carry data
            m_state = State::Second;
            break;
        case State::Second: {
            ++pos;
            if (!(byte & 0x80)) {
                m_violated = true;
                break;
            }
            const int len7 = byte & 0x7f;
            m_length = 0;
            if (len7 < 126) {
                m_length = quint64(len7);
                m_state = State::Mask;
                m_need = 4;
            } else {
                m_state = State::Length;
                m_need = len7 == 126 ? 2 : 8;
            }
            break;
        }
        case State::Length:
            ++pos;
            m_length = (m_length << 8) | byte;
            if (--m_need == 0) {
                m_state = State::Mask;
                m_need = 4;
            }
            break;
        case State::Mask:
            ++pos;
            if (--m_need == 0) {
                m_payloadLeft = m_length;
                m_state = m_payloadLeft ? State::Payload : State::First;
                m_sawWholeMessage = m_sawWholeMessage || (m_finalData && !m_payloadLeft);
            }
            break;
        case State::Payload: {
            const quint64 take = qMin<quint64>(m_payloadLeft, quint64(size - pos));
            pos += qsizetype(take);
            m_payloadLeft -= take;
            if (m_payloadLeft == 0) {
                m_state = State::First;
                m_sawWholeMessage = m_sawWholeMessage || m_finalData;
            }
            break;
        }
        }
    }
    return !m_violated;
}
