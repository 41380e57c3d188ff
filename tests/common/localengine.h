#pragma once

#include "engine.h"

#include <QTemporaryDir>

#include <memory>

// An in-process engine with its runtime started (real tts-worker processes, found
// beside the test binary), on a temporary data dir, with one account. Shuts the
// engine down when it goes.
class LocalEngine
{
public:
    static constexpr qint64 kCredits = 1000000;

    explicit LocalEngine(const QString &accountName, int maxStreams = 64);
    ~LocalEngine();

    bool isReady() const { return m_accountId != 0; }
    Engine &engine() { return *m_engine; }
    QString dataDir() const { return m_dir.path(); }
    qint64 accountId() const { return m_accountId; }
    AuthContext auth() const { return m_auth; }
    // A studio request for af_sarah.
    static CreateGeneration request(const QString &text);

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Engine> m_engine;
    qint64 m_accountId = 0;
    AuthContext m_auth;
};
