#pragma once

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

// What the module wrote, read as Speech Dispatcher reads it: reply and event lines, and
// each `705` block as one event holding its samples (unescaped).
struct ModuleEvent
{
    QByteArray line;     // "701 BEGIN", "700-m1", ... ; "705" for an audio block
    int declaredSamples = 0; // 705-num_samples
    int sampleRate = 0;
    QByteArray pcm;          // the block's bytes after unescaping
};

// sd_tts_studio run as Speech Dispatcher runs it: commands on its standard input, its
// standard output parsed into events.
class ModuleClient
{
public:
    explicit ModuleClient(const QStringList &arguments = {}, const QStringList &environment = {});
    ~ModuleClient();

    bool started() const { return m_process.state() == QProcess::Running; }
    void send(const QByteArray &lines);
    // Events until one whose line is (or starts with) what is awaited, or the timeout:
    // all of them, the awaited one last.
    QList<ModuleEvent> readUntil(const QByteArray &awaited, int timeoutMs = 20000);
    // The lines of the events read until then (audio as "705").
    static QStringList linesOf(const QList<ModuleEvent> &events);
    QProcess &process() { return m_process; }
    // INIT and AUDIO as Speech Dispatcher sends them first.
    bool initialize();

private:
    bool takeEvent(ModuleEvent &event);

    QProcess m_process;
    QByteArray m_buffer;
};
