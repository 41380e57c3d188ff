#pragma once

#include "engine.h"
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
