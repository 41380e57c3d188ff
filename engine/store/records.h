#pragma once

#include <QByteArray>
#include <QString>

// Rows of the store, as plain values. Times are milliseconds since the epoch (UTC);
// 0 means "not yet". Money: credits are whole credits, wallet amounts micro-USD.
struct Account
{
    qint64 id = 0;
    QString name;
    QString plan;          // free or pro
    qint64 credits = 0;
    qint64 walletMicros = 0;
    qint64 createdAt = 0;
};

struct ApiKeyRecord
{
    qint64 id = 0;
    qint64 accountId = 0;
    QString name;
    QByteArray keyHash;
    QString last4;
    qint64 createdAt = 0;
    qint64 revokedAt = 0;
};

struct Generation
{
    QString id;
    qint64 accountId = 0;
    QString status;        // IN_QUEUE, GENERATING, COMPLETED, FAILED
    QString inputText;
    QString voiceId;
    QString voiceName;
    QString model;
    QString languageCode;
    double speed = 1.0;
    double cfgWeight = 2.5;
    double exaggeration = 0.5;
    QString audioFormat;   // wav or mp3
    QByteArray synthesis;  // SynthesisParams as JSON, fixed at creation
    qint64 tokens = 0;
    QString source;        // CREDITS_BALANCE or API_WALLET (reserved at creation)
    qint64 costCredits = 0;
    qint64 costMicros = 0;
    qint64 dollarCostMicros = 0;
    QString errorMessage;
    QString audioPath;
    bool audioDeleted = false;
    QString apiVersion = QStringLiteral("v3"); // who made it: v3, v2, v1 or ApiVersion below
    bool streamed = false;
    QString idempotencyKey;
    QString requestHash;
    qint64 createdAt = 0;
    qint64 startedAt = 0;
    qint64 completedAt = 0;
    bool charged = false;  // read only: a settle row exists (completed, or a stream ended early after audio)
    // Stopped by its owner in the studio (docs/api.md "Streams that end early"): COMPLETED
    // with the audio made until then, billed for billedTokens of tokens; or FAILED and
    // released when nothing had been heard yet.
    bool stopped = false;
    qint64 billedTokens = 0; // set when stopped and COMPLETED
    bool preview = false;    // a voice preview of the studio: left out of the history by default
    bool captions = false;   // made with word timings: <id>.words.json lies beside the audio
    // The node (Engine) that holds a claimed job or a stream, and until when: renewed
    // while it works; once it runs out, another node may take the job over.
    QString leaseOwner;
    qint64 leaseUntil = 0;
    // Counts the claims of a queued job (0: never claimed, and every stream); a node's
    // outcome counts only for the claim it worked on.
    qint64 claim = 0;
};

struct LedgerEntry
{
    qint64 id = 0;
    qint64 accountId = 0;
    QString generationId;
    QString kind;          // grant, topup, reserve, settle, release
    QString source;
    qint64 creditsDelta = 0;
    qint64 microsDelta = 0;
    QString note;
    qint64 createdAt = 0;
};

struct CustomVoiceRecord
{
    QString id;
    qint64 accountId = 0;
    QString name;
    QString model;
    QString baseVoiceId;
    QString gender;
    QString description;
    double pitch = 1.0;
    double rate = 1.0;
    qint64 createdAt = 0;
};

namespace GenerationStatus
{
inline const QString InQueue = QStringLiteral("IN_QUEUE");
inline const QString Generating = QStringLiteral("GENERATING");
inline const QString Completed = QStringLiteral("COMPLETED");
inline const QString Failed = QStringLiteral("FAILED");
inline const QString Expired = QStringLiteral("EXPIRED");
}

namespace PaymentSource
{
inline const QString Credits = QStringLiteral("CREDITS_BALANCE");
inline const QString Wallet = QStringLiteral("API_WALLET");
}

// Who made a generation (generations.api_version). The source decides its lifetime
// (GenerationService: the studio's own are kept until deleted) and what History shows.
namespace ApiVersion
{
inline const QString Studio = QStringLiteral("studio");   // the studio's Generate page
inline const QString Project = QStringLiteral("project"); // a render of the studio's Projects page
}
