#include "uitestenv.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

UiTestEnv::UiTestEnv()
    : UiTestEnv(Options{})
{
}

UiTestEnv::UiTestEnv(const Options &options)
    : m_dataDir(options.dataDir.isEmpty() ? m_dir.path() : options.dataDir)
{
    Engine::Options o;
    o.dataDir = m_dataDir;
    o.workers = 1;
    o.generationTtlSec = options.generationTtlSec;
    m_engine = std::make_unique<Engine>(o);
    m_error = m_engine->open();
    if (!m_error.isEmpty())
        return;
    m_engine->startRuntime();
    m_context = std::make_unique<StudioContext>(m_engine->services(), nullptr);
}

UiTestEnv::~UiTestEnv()
{
    // Store work still running would answer to a deleted context.
    m_engine->storePool()->waitForDone();
    QCoreApplication::processEvents();
    m_context.reset();
    if (m_error.isEmpty())
        m_engine->shutdown(2000);
}

qint64 UiTestEnv::createAccount(const QString &name, const QString &plan)
{
    const auto created = m_engine->accounts().create(name, plan);
    return created ? created->id : 0;
}

void isolateSettings()
{
    static QTemporaryDir dir;
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}
