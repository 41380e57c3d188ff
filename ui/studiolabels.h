#pragma once

#include <QString>

struct Generation;
struct ServiceError;

// Words the studio shows for the engine's codes, in the studio's language: statuses,
// models, languages (named through QLocale), times and durations (QLocale formats).
// The engine's codes (COMPLETED, base, "a") never reach the screen as they are.
namespace StudioLabels
{
QString status(const QString &status);   // COMPLETED -> "Completed"
// A generation's own: "Stopped" when the user stopped it (kept part or nothing), not
// "Completed" or "Failed".
QString status(const Generation &g);
// What a stop kept and billed; empty unless g was stopped.
QString stopNote(const Generation &g);
QString model(const QString &model);     // base -> "Base"
QString ledgerKind(const QString &kind);  // settle -> "Charge"
QString voiceDescription(const QString &description); // a catalog voice's, translated (voicedescriptions.cpp)
QString gender(const QString &gender);    // the catalog's Female / Male / Neutral
QString accent(const QString &accent);    // the catalog's American, Scottish, ...
// The engine's fixed ledger notes ("new account"), translated; others (typed by a user,
// an error text) as they are.
QString ledgerNote(const QString &note);
QString paymentSource(const QString &source); // CREDITS_BALANCE -> "monthly credits"
// language_code of a model -> "American English", "Deutsch", "Portuguese (Brazil)"...
QString language(const QString &model, const QString &code);
QString dateTime(qint64 msSinceEpoch);   // short local date and time
QString seconds(double seconds);         // "2.6 s" / "2,6 s"
// Dollars, one rule on every page and in every language, written by the locale: whole
// cents with two decimals, else all six a micro-dollar has ("$1.50", "$0.000495";
// German "1,50 $", "0,000495 $").
QString money(qint64 micros);
QString signedMoney(qint64 micros); // "+$1.50", "-$0.000495"
// A refusal or failure in the user's words, never the engine's code (InsufficientBalance,
// CREDITS_BALANCE); the engine's detail where it already says what to change.
QString problem(const ServiceError &error);
}
