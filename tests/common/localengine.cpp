#include "localengine.h"

LocalEngine::LocalEngine(const QString &accountName, int maxStreams)
{
    Engine::Options o;
    o.dataDir = m_dir.path();
    o.workers = 1;
    o.streamWorkers = 1;
    o.maxStreams = maxStreams;
    m_engine = std::make_unique<Engine>(o);
    if (!m_engine->open().isEmpty())
        return;
    m_engine->startRuntime();
    if (const auto account = m_engine->accounts().create(accountName, "free", kCredits)) {
        m_accountId = account->id;
        m_auth = AuthContext{account->id, 0, account->plan};
    }
}

LocalEngine::~LocalEngine()
{
    m_engine->shutdown(2000);
}

CreateGeneration LocalEngine::request(const QString &text)
{
    CreateGeneration req;
    req.speech.text = text;
    req.voiceId = QStringLiteral("af_sarah");
    req.apiVersion = QStringLiteral("studio");
    return req;
}
