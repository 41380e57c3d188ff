#include "moduleclient.h"

#include <QDeadlineTimer>
#include <QProcessEnvironment>

namespace
{
QByteArray unescape(const QByteArray &escaped)
{
    QByteArray out;
    for (qsizetype i = 0; i < escaped.size(); ++i)
        out.append(escaped.at(i) == 0x7d && i + 1 < escaped.size() ? char(escaped.at(++i) ^ 0x20) : escaped.at(i));
    return out;
}
}

ModuleClient::ModuleClient(const QStringList &arguments, const QStringList &environment)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &pair : environment)
        env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    m_process.setProcessEnvironment(env);
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.start(QStringLiteral(SD_TTS_STUDIO), arguments);
    m_process.waitForStarted();
}

ModuleClient::~ModuleClient()
{
    if (m_process.state() == QProcess::Running) {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(5000))
            m_process.kill();
        m_process.waitForFinished();
    }
}

void ModuleClient::send(const QByteArray &lines)
{
    m_process.write(lines);
    m_process.waitForBytesWritten();
}

bool ModuleClient::takeEvent(ModuleEvent &event)
{
    const qsizetype nl = m_buffer.indexOf('\n');
    if (nl < 0)
        return false;
    if (!m_buffer.startsWith("705-")) {
        event = ModuleEvent{m_buffer.left(nl)};
        m_buffer.remove(0, nl + 1);
        return true;
    }
    // An audio block: its header lines, the data line, then "705 AUDIO".
    const qsizetype end = m_buffer.indexOf("\n705 AUDIO\n");
    if (end < 0)
        return false;
    event = ModuleEvent{"705"};
    for (const QByteArray &line : m_buffer.left(end).split('\n')) {
        if (line.startsWith("705-num_samples="))
            event.declaredSamples = line.mid(16).toInt();
        else if (line.startsWith("705-sample_rate="))
            event.sampleRate = line.mid(16).toInt();
        else if (line.startsWith(QByteArray("705-AUDIO\0", 10)))
            event.pcm = unescape(line.mid(10));
    }
    m_buffer.remove(0, end + 11);
    return true;
}

QList<ModuleEvent> ModuleClient::readUntil(const QByteArray &awaited, int timeoutMs)
{
    QList<ModuleEvent> events;
    QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        ModuleEvent e;
        while (takeEvent(e)) {
            events.append(e);
            if (e.line.startsWith(awaited))
                return events;
        }
        if (deadline.hasExpired() || m_process.state() != QProcess::Running)
            return events;
        m_process.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
        m_buffer += m_process.readAllStandardOutput();
    }
}

QStringList ModuleClient::linesOf(const QList<ModuleEvent> &events)
{
    QStringList out;
    for (const ModuleEvent &e : events)
        out << QString::fromUtf8(e.line);
    return out;
}

bool ModuleClient::initialize()
{
    send("INIT\n");
    const auto init = readUntil("299 ");
    if (init.isEmpty() || !init.last().line.startsWith("299 OK"))
        return false;
    send("AUDIO\naudio_output_method=server\n.\n");
    const auto audio = readUntil("203 ");
    return !audio.isEmpty() && audio.last().line == "203 OK AUDIO INITIALIZED";
}
