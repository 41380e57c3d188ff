#include "sharedcounter.h"

SharedCounter::SharedCounter(const QString &path)
    : m_file(path)
{
    if (!m_file.open(QIODevice::ReadWrite))
        return;
    // Zeros written (not a resize), so Qt knows the size before mapping.
    if (m_file.size() < qint64(sizeof(quint64))
        && (m_file.write(QByteArray(sizeof(quint64), '\0')) != qint64(sizeof(quint64)) || !m_file.flush()))
        return;
    // A shared mapping: stores from one process are seen by the others at once.
    uchar *map = m_file.map(0, sizeof(quint64));
    if (map && quintptr(map) % alignof(quint64) == 0)
        m_value = reinterpret_cast<quint64 *>(map);
}

quint64 SharedCounter::value() const
{
    return m_value ? __atomic_load_n(m_value, __ATOMIC_ACQUIRE) : 0;
}

void SharedCounter::bump()
{
    if (m_value)
        __atomic_fetch_add(m_value, 1, __ATOMIC_ACQ_REL);
}
