#pragma once

#include "engine.h"
#include "wordtiming.h"
#include "studiocontext.h"

#include <QApplication>
#include <QTemporaryDir>
#include <QWidget>

#include <memory>

// One studio without a window: an Engine on a temporary data dir (or a given one)
// with one worker, and the StudioContext the pages share (no API server).
class UiTestEnv
{
public:
    struct Options
    {
        QString dataDir;             // empty: a fresh temporary directory
        qint64 generationTtlSec = 86400;
    };

    UiTestEnv();
    explicit UiTestEnv(const Options &options);
    ~UiTestEnv();

    // Empty when the engine opened; else why not.
    QString error() const { return m_error; }
    Engine &engine() { return *m_engine; }
    StudioContext &context() { return *m_context; }
    QString dataDir() const { return m_dataDir; }

    // Creates an account through the service and returns its id (0 on failure).
    qint64 createAccount(const QString &name, const QString &plan = QStringLiteral("free"));

private:
    QTemporaryDir m_dir;
    QString m_dataDir;
    QString m_error;
    std::unique_ptr<Engine> m_engine;
    std::unique_ptr<StudioContext> m_context;
};

// Settings of the tests go to a temporary directory, never the user's. Call before
// anything reads QSettings.
void isolateSettings();

// One cue of a SubRip or WebVTT file, as a player reads it.
struct CaptionCue
{
    qint64 startMs = 0;
    qint64 endMs = 0;
    QStringList lines;
};
// Reads a .srt (numbered cues, "00:00:01,250 --> 00:00:02,000") or a .vtt ("WEBVTT"
// header, "00:00:01.250 --> …"); empty with *problem set when the file is not well formed.
QList<CaptionCue> readCaptionFile(const QString &path, QString *problem);
// Empty when the cues hold every timed word of text once, in order, and each cue runs
// from its first word's start to its last word's end (to the millisecond); else what differs.
QString cuesMatchWords(const QList<CaptionCue> &cues, const QString &text, const QList<WordTiming> &words);

class QFileDialog;
// In a Qt (not native) file dialog: picks the file type at typeIndex (unless -1), types
// the file's name and clicks Save, as a user does.
void saveInFileDialog(QFileDialog *dialog, const QString &path, int typeIndex = -1);

// A visible top-level window (e.g. a dialog opened with open()) by object name.
template <typename T = QWidget>
T *findWindow(const QString &objectName)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (w->objectName() == objectName && w->isVisible())
            if (auto *t = qobject_cast<T *>(w))
                return t;
    return nullptr;
}
