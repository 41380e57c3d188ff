#include "clicommands.h"

#include "engine.h"
#include "pricing.h"
#include "timestamps.h"

#include <QCommandLineParser>
#include <QTextStream>

namespace
{
QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

int fail(const QString &message)
{
    err() << "error: " << message << Qt::endl;
    return 2;
}

// Parses "tts-studio <group> <verb> ..." with the given options.
bool parse(QCommandLineParser &p, const QStringList &args, const QList<QCommandLineOption> &options)
{
    p.addOptions(options);
    p.addOption(QCommandLineOption("data-dir", "Data directory.", "dir"));
    p.addOption(QCommandLineOption("init", "Create the database when the data dir has none."));
    if (!p.parse(args)) {
        fail(p.errorText());
        return false;
    }
    return true;
}
}

std::optional<bool> commandMayCreateStore(const QStringList &args)
{
    QCommandLineParser p;
    // Every option either command takes, so only real mistakes fail here.
    if (!parse(p, args, {{"plan", {}, "plan"}, {"credits", {}, "n"}, {"wallet", {}, "usd"}, {"account", {}, "name"},
                         {"name", {}, "label"}}))
        return std::nullopt;
    const QStringList pos = p.positionalArguments();
    return p.isSet("init") || (pos.value(0) == QLatin1String("accounts") && pos.value(1) == QLatin1String("create"));
}

int runAccountsCommand(Engine &engine, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption plan("plan", "free or pro.", "plan", "free");
    const QCommandLineOption credits("credits", "Monthly credits.", "n", QString::number(AccountService::kNewAccountCredits));
    const QCommandLineOption wallet("wallet", "Wallet balance in USD.", "usd", "0");
    if (!parse(p, args, {plan, credits, wallet}))
        return 2;
    const QStringList pos = p.positionalArguments(); // accounts VERB [NAME]
    const QString verb = pos.value(1);
    if (verb == QLatin1String("create")) {
        if (pos.size() != 3)
            return fail("usage: tts-studio accounts create NAME [--plan free|pro] [--credits N] [--wallet USD]");
        bool okC = false, okW = false;
        const qint64 c = p.value(credits).toLongLong(&okC);
        const double w = p.value(wallet).toDouble(&okW);
        if (!okC || !okW || c < 0 || w < 0)
            return fail("--credits and --wallet take non-negative numbers");
        const auto a = engine.accounts().create(pos.at(2), p.value(plan), c, Money::microsFromUsd(w));
        if (!a)
            return fail(a.error().detail);
        out() << QStringLiteral("created account %1 (id %2, plan %3, %4 credits, wallet $%5)")
                     .arg(a->name).arg(a->id).arg(a->plan).arg(a->credits).arg(Money::usd(a->walletMicros), 0, 'f', 6)
              << Qt::endl;
        return 0;
    }
    if (verb == QLatin1String("list")) {
        out() << "id\tname\tplan\tcredits\twallet_usd\tcreated" << Qt::endl;
        for (const Account &a : engine.accounts().list())
            out() << a.id << '\t' << a.name << '\t' << a.plan << '\t' << a.credits << '\t'
                  << QString::number(Money::usd(a.walletMicros), 'f', 6) << '\t' << Timestamps::iso(a.createdAt) << Qt::endl;
        return 0;
    }
    return fail("usage: tts-studio accounts create|list");
}

int runKeysCommand(Engine &engine, const QStringList &args)
{
    QCommandLineParser p;
    const QCommandLineOption account("account", "Account name.", "name");
    const QCommandLineOption name("name", "Key label.", "label");
    if (!parse(p, args, {account, name}))
        return 2;
    const QStringList pos = p.positionalArguments(); // keys VERB [KEY_ID]
    const QString verb = pos.value(1);
    if (!p.isSet(account))
        return fail("--account NAME is required");
    const auto acc = engine.accounts().findByName(p.value(account));
    if (!acc)
        return fail(QStringLiteral("no account named '%1'").arg(p.value(account)));
    if (verb == QLatin1String("create")) {
        if (!p.isSet(name))
            return fail("usage: tts-studio keys create --account NAME --name LABEL");
        const auto key = engine.keys().create(acc->id, p.value(name));
        if (!key)
            return fail(key.error().detail);
        out() << key->plaintext << Qt::endl; // only the key: scripts capture it
        return 0;
    }
    if (verb == QLatin1String("list")) {
        out() << "id\tname\tlast4\tcreated\trevoked" << Qt::endl;
        for (const ApiKeyRecord &k : engine.keys().list(acc->id))
            out() << k.id << '\t' << k.name << '\t' << k.last4 << '\t' << Timestamps::iso(k.createdAt) << '\t'
                  << (k.revokedAt ? Timestamps::iso(k.revokedAt) : QStringLiteral("-")) << Qt::endl;
        return 0;
    }
    if (verb == QLatin1String("revoke")) {
        bool ok = false;
        const qint64 id = pos.value(2).toLongLong(&ok);
        if (pos.size() != 3 || !ok)
            return fail("usage: tts-studio keys revoke --account NAME KEY_ID");
        const auto r = engine.keys().revoke(acc->id, id);
        if (!r)
            return fail(r.error().detail);
        out() << "revoked key " << id << Qt::endl;
        return 0;
    }
    return fail("usage: tts-studio keys create|list|revoke --account NAME ...");
}

std::optional<int> parseCommand(QCommandLineParser &parser, const QStringList &arguments)
{
    if (!parser.parse(arguments)) {
        QTextStream(stderr) << parser.errorText() << "\n";
        return 2;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return 0;
    }
    return std::nullopt;
}
