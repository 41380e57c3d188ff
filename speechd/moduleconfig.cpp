#include "moduleconfig.h"

#include <QFile>
#include <QStandardPaths>

namespace
{
// `Name value` / `Name "value"`: the name and the value without its quotes.
std::pair<QString, QString> option(const QString &line)
{
    const QString name = line.section(u' ', 0, 0, QString::SectionSkipEmpty);
    QString value = line.mid(line.indexOf(name) + name.size()).trimmed();
    if (value.size() >= 2 && value.startsWith(u'"') && value.endsWith(u'"'))
        value = value.mid(1, value.size() - 2);
    return {name, value};
}
}

QString ModuleConfig::defaultDataDir()
{
    const QString env = qEnvironmentVariable("TTS_STUDIO_DATA_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

ModuleConfig ModuleConfig::read(const QString &path)
{
    ModuleConfig config;
    config.dataDir = defaultDataDir();
    QFile file(path);
    if (path.isEmpty() || !file.open(QIODevice::ReadOnly))
        return config;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const auto [name, value] = option(line);
        if (name == QLatin1String("TtsStudioDataDir") && !value.isEmpty())
            config.dataDir = value;
        else if (name == QLatin1String("TtsStudioDefaultVoice") && !value.isEmpty())
            config.defaultVoice = value;
        else if (name == QLatin1String("TtsStudioPronunciations"))
            config.pronunciations = value != QLatin1String("0");
        else
            config.warnings << line;
    }
    return config;
}
