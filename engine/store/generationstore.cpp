#include "generationstore.h"

#include "sqlutil.h"

namespace
{
const QString kColumns = QStringLiteral(
    "id, account_id, status, input_text, voice_id, voice_name, model, language_code, speed, cfg_weight, "
    "exaggeration, audio_format, synthesis, tokens, source, cost_credits, cost_micros, dollar_cost_micros, "
    "error_message, audio_path, audio_deleted, api_version, streamed, idempotency_key, request_hash, created_at, "
    "started_at, completed_at, stopped, billed_tokens, preview, captions, lease_owner, lease_until, claim");
// Read with the columns: whether the generation was charged (a settle row exists;
// ledger_once makes it one indexed lookup). Completed ones and streams that ended
// early after delivering audio are (docs/api.md "Streams that end early").
const QString kSelect = kColumns + QStringLiteral(
    ", EXISTS (SELECT 1 FROM ledger l WHERE l.generation_id = generations.id AND l.kind = 'settle')");

Generation fromQuery(const QSqlQuery &q)
{
    Generation g;
    int i = 0;
    g.id = q.value(i++).toString();
    g.accountId = q.value(i++).toLongLong();
    g.status = q.value(i++).toString();
    g.inputText = q.value(i++).toString();
    g.voiceId = q.value(i++).toString();
    g.voiceName = q.value(i++).toString();
    g.model = q.value(i++).toString();
    g.languageCode = q.value(i++).toString();
    g.speed = q.value(i++).toDouble();
    g.cfgWeight = q.value(i++).toDouble();
    g.exaggeration = q.value(i++).toDouble();
    g.audioFormat = q.value(i++).toString();
    g.synthesis = q.value(i++).toByteArray();
    g.tokens = q.value(i++).toLongLong();
    g.source = q.value(i++).toString();
    g.costCredits = q.value(i++).toLongLong();
    g.costMicros = q.value(i++).toLongLong();
    g.dollarCostMicros = q.value(i++).toLongLong();
    g.errorMessage = q.value(i++).toString();
    g.audioPath = q.value(i++).toString();
    g.audioDeleted = q.value(i++).toBool();
    g.apiVersion = q.value(i++).toString();
    g.streamed = q.value(i++).toBool();
    g.idempotencyKey = q.value(i++).toString();
    g.requestHash = q.value(i++).toString();
    g.createdAt = q.value(i++).toLongLong();
    g.startedAt = q.value(i++).toLongLong();
    g.completedAt = q.value(i++).toLongLong();
    g.stopped = q.value(i++).toBool();
    g.billedTokens = q.value(i++).toLongLong();
    g.preview = q.value(i++).toBool();
    g.captions = q.value(i++).toBool();
    g.leaseOwner = q.value(i++).toString();
    g.leaseUntil = q.value(i++).toLongLong();
    g.claim = q.value(i++).toLongLong();
    g.charged = q.value(i++).toBool();
    return g;
}

// "created_at < ? AND api_version NOT IN (...)": the rows an ExpiryRule calls expired.
QString expiredSql(const ExpiryRule &rule, QVariantList &binds)
{
    binds << rule.before;
    if (rule.keptApiVersions.isEmpty())
        return QStringLiteral("created_at < ?");
    QStringList marks;
    for (const QString &v : rule.keptApiVersions) {
        marks << QStringLiteral("?");
        binds << v;
    }
    return QStringLiteral("(created_at < ? AND api_version NOT IN (%1))").arg(marks.join(u','));
}
}

bool GenerationStore::insert(const Generation &g)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(
        q,
        "INSERT INTO generations (" + kColumns + ") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        {g.id, g.accountId, g.status, g.inputText, g.voiceId, g.voiceName, g.model, g.languageCode, g.speed,
         g.cfgWeight, g.exaggeration, g.audioFormat, QString::fromUtf8(g.synthesis), g.tokens, g.source, g.costCredits, g.costMicros,
         g.dollarCostMicros, SqlUtil::nullable(g.errorMessage), SqlUtil::nullable(g.audioPath), g.audioDeleted ? 1 : 0,
         g.apiVersion, g.streamed ? 1 : 0, SqlUtil::nullable(g.idempotencyKey), SqlUtil::nullable(g.requestHash),
         g.createdAt, SqlUtil::nullable(g.startedAt), SqlUtil::nullable(g.completedAt), g.stopped ? 1 : 0,
         SqlUtil::nullable(g.billedTokens), g.preview ? 1 : 0, g.captions ? 1 : 0, SqlUtil::nullable(g.leaseOwner),
         SqlUtil::nullable(g.leaseUntil), g.claim});
}

std::optional<Generation> GenerationStore::find(const QString &id, bool *failed) const
{
    std::optional<StoreQuery> q;
    const bool ok = SqlUtil::read(m_db, q, "SELECT " + kSelect + " FROM generations WHERE id = ?", {id});
    if (failed)
        *failed = !ok;
    if (!ok || !q->next())
        return std::nullopt;
    return fromQuery(*q);
}

std::optional<Generation> GenerationStore::findByIdempotencyKey(qint64 accountId, const QString &key) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT " + kSelect + " FROM generations WHERE account_id = ? AND idempotency_key = ?",
                       {accountId, key})
        || !q.next())
        return std::nullopt;
    return fromQuery(q);
}

QList<Generation> GenerationStore::history(qint64 accountId, const HistoryFilter &filter, const ExpiryRule &expiry,
                                           int limit, int offset, bool *failed) const
{
    QString where = QStringLiteral("account_id = ?");
    QVariantList binds{accountId};
    if (filter.status == GenerationStatus::Expired) {
        where += QStringLiteral(" AND ") + expiredSql(expiry, binds);
    } else if (!filter.status.isEmpty()) {
        where += QStringLiteral(" AND status = ?");
        binds << filter.status;
        where += QStringLiteral(" AND NOT (%1)").arg(expiredSql(expiry, binds));
    }
    if (!filter.search.isEmpty()) {
        // Folds case for every script (SqlDialect); LIKE would only for ASCII.
        where += QStringLiteral(" AND (%1 OR %2)")
                     .arg(m_db.dialect().containsText(QStringLiteral("input_text")),
                          m_db.dialect().containsText(QStringLiteral("voice_name")));
        binds << filter.search << filter.search;
    }
    if (!filter.withPreviews) {
        where += QStringLiteral(" AND preview = 0");
    }
    switch (filter.source) {
    case HistoryFilter::Source::All:
        break;
    case HistoryFilter::Source::Studio:
    case HistoryFilter::Source::Project:
        where += QStringLiteral(" AND api_version = ?");
        binds << (filter.source == HistoryFilter::Source::Studio ? ApiVersion::Studio : ApiVersion::Project);
        break;
    case HistoryFilter::Source::Api:
        where += QStringLiteral(" AND api_version NOT IN (?, ?)");
        binds << ApiVersion::Studio << ApiVersion::Project;
        break;
    }
    binds << limit << offset;
    QList<Generation> out;
    std::optional<StoreQuery> q;
    const bool ok = SqlUtil::read(m_db, q, "SELECT " + kSelect + " FROM generations WHERE " + where
                                               + " ORDER BY created_at DESC, " + m_db.dialect().insertionOrder()
                                               + " DESC LIMIT ? OFFSET ?",
                                  binds);
    if (failed)
        *failed = !ok;
    if (ok)
        while (q->next())
            out << fromQuery(*q);
    return out;
}

std::optional<Generation> GenerationStore::claimNext(qint64 now, const QString &owner, qint64 leaseUntil)
{
    // The oldest queued job (index generations_status_created): one statement, and on
    // PostgreSQL a row another node is claiming is skipped, not waited for.
    const SqlDialect &d = m_db.dialect();
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q,
                       "UPDATE generations SET status = 'GENERATING', started_at = ?, lease_owner = ?, lease_until = ?, "
                       "claim = claim + 1 "
                       "WHERE id = (SELECT id FROM generations WHERE status = 'IN_QUEUE' AND streamed = 0 "
                       "ORDER BY created_at, " + d.insertionOrder() + " LIMIT 1" + d.skipLocked()
                           + ") AND status = 'IN_QUEUE' RETURNING " + kColumns + ", 0",
                       {now, owner, leaseUntil})
        || !q.next())
        return std::nullopt;
    Generation g = fromQuery(q);
    q.finish();
    return g;
}

int GenerationStore::requeueExpired(qint64 now)
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "UPDATE generations SET status = 'IN_QUEUE', started_at = NULL, lease_owner = NULL, "
                          "lease_until = NULL WHERE status = 'GENERATING' AND streamed = 0 AND lease_until < ?",
                       {now}))
        return -1;
    return q.numRowsAffected();
}

int GenerationStore::renewLeases(const QString &owner, qint64 leaseUntil, const QStringList &ids, QStringList *renewed)
{
    // Only the rows the node still works on: a row it lost track of (a stream whose end
    // could not be recorded, a job it dropped) must run out, so that another node fails
    // or redoes it instead of it staying GENERATING with its money reserved for ever.
    if (ids.isEmpty())
        return 0;
    QVariantList binds{leaseUntil, owner};
    QStringList marks;
    for (const QString &id : ids) {
        marks << QStringLiteral("?");
        binds << id;
    }
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "UPDATE generations SET lease_until = ? WHERE lease_owner = ? AND status = 'GENERATING' "
                          "AND id IN (" + marks.join(u',') + ") RETURNING id",
                       binds))
        return -1;
    int n = 0;
    while (q.next()) {
        ++n;
        if (renewed)
            *renewed << q.value(0).toString();
    }
    return n;
}

bool GenerationStore::markCompleted(const QString &id, const QString &audioPath, qint64 now, const QString &owner,
                                    qint64 claim, std::optional<Generation> *recorded)
{
    // The lease is the fence: a node presumed dead whose job went to another completes
    // nothing; the claim, that a stale attempt of this node completes not its next claim.
    StoreQuery q(m_db);
    QString sql = QStringLiteral("UPDATE generations SET status = 'COMPLETED', audio_path = ?, completed_at = ?, "
                                 "lease_until = NULL WHERE id = ? AND status = 'GENERATING' AND lease_owner = ? AND claim = ?");
    if (!recorded)
        return SqlUtil::exec(q, sql, {audioPath, now, id, owner, claim}) && q.numRowsAffected() == 1;
    // RETURNING (SQLite 3.35, PostgreSQL): the row comes back with the update, no read after it.
    recorded->reset();
    if (!SqlUtil::exec(q, sql + QStringLiteral(" RETURNING ") + kColumns + QStringLiteral(", 0"),
                       {audioPath, now, id, owner, claim}))
        return false;
    if (q.next())
        *recorded = fromQuery(q);
    q.finish(); // run to its end: SQLite commits nothing while a statement is unfinished
    return recorded->has_value();
}

bool GenerationStore::markFailed(const QString &id, const QString &message, qint64 now, bool stopped, const QString &owner,
                                 qint64 claim)
{
    // With an owner: only while it holds this claim of the job (the fence); a queued one fails anyway.
    QString fence;
    QVariantList binds{message, now, stopped ? 1 : 0, id};
    if (!owner.isEmpty()) {
        fence = QStringLiteral(" AND (status = 'IN_QUEUE' OR (lease_owner = ? AND claim = ?))");
        binds << owner << claim;
    }
    StoreQuery q(m_db);
    return SqlUtil::exec(q,
                         "UPDATE generations SET status = 'FAILED', error_message = ?, completed_at = ?, stopped = ?, "
                         "lease_until = NULL WHERE id = ? AND status IN ('IN_QUEUE','GENERATING')" + fence,
                         binds)
           && q.numRowsAffected() == 1;
}

bool GenerationStore::markStoppedPartial(const QString &id, const QString &audioPath, qint64 now, const PartialCost &cost)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q,
                         "UPDATE generations SET status = 'COMPLETED', audio_path = ?, completed_at = ?, stopped = 1, "
                         "billed_tokens = ?, cost_credits = ?, cost_micros = ?, dollar_cost_micros = ?, lease_until = NULL "
                         "WHERE id = ? AND status = 'GENERATING'",
                         {audioPath, now, cost.tokens, cost.credits, cost.micros, cost.dollarMicros, id})
           && q.numRowsAffected() == 1;
}

int GenerationStore::requeueUnfinished(const QString &owner)
{
    QString only;
    QVariantList binds;
    if (!owner.isEmpty()) {
        only = QStringLiteral(" AND lease_owner = ?");
        binds << owner;
    }
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "UPDATE generations SET status = 'IN_QUEUE', started_at = NULL, lease_owner = NULL, "
                          "lease_until = NULL WHERE status = 'GENERATING' AND streamed = 0" + only, binds))
        return -1;
    return q.numRowsAffected();
}

QStringList GenerationStore::unfinishedStreams(qint64 leaseEndedBefore) const
{
    QStringList out;
    StoreQuery q(m_db);
    if (SqlUtil::exec(q, "SELECT id FROM generations WHERE status IN ('IN_QUEUE','GENERATING') AND streamed = 1 "
                         "AND (lease_until IS NULL OR lease_until < ?)", {leaseEndedBefore}))
        while (q.next())
            out << q.value(0).toString();
    return out;
}

int GenerationStore::countByStatus(const QString &status) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT COUNT(*) FROM generations WHERE status = ?", {status}) || !q.next())
        return 0;
    return q.value(0).toInt();
}

QHash<QString, int> GenerationStore::countsByStatus() const
{
    QHash<QString, int> out;
    StoreQuery q(m_db);
    if (SqlUtil::exec(q, "SELECT status, COUNT(*) FROM generations GROUP BY status"))
        while (q.next())
            out.insert(q.value(0).toString(), q.value(1).toInt());
    return out;
}

QList<Generation> GenerationStore::expiredWithAudio(const ExpiryRule &expiry, int limit) const
{
    QVariantList binds;
    const QString expired = expiredSql(expiry, binds);
    binds << limit;
    QList<Generation> out;
    StoreQuery q(m_db);
    if (SqlUtil::exec(q,
                      "SELECT " + kSelect + " FROM generations WHERE " + expired + " AND audio_deleted = 0 "
                      "AND status IN ('COMPLETED','FAILED') ORDER BY created_at LIMIT ?",
                      binds))
        while (q.next())
            out << fromQuery(q);
    return out;
}

bool GenerationStore::markAudioDeleted(const QString &id)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "UPDATE generations SET audio_deleted = 1 WHERE id = ?", {id});
}

bool GenerationStore::removeFinished(qint64 accountId, const QString &id)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q,
                         "DELETE FROM generations WHERE id = ? AND account_id = ? AND status IN ('COMPLETED','FAILED')",
                         {id, accountId})
           && q.numRowsAffected() == 1;
}
