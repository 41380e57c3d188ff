#include "lexiconsource.h"

#include "desktoplexiconreader.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

LexiconSource::LexiconSource(const QString &dataDir)
    : m_databasePath(dataDir.isEmpty() ? QString() : QDir(dataDir).filePath(QStringLiteral("tts-studio.db")))
{
}

QString LexiconSource::stamp() const
{
    QString out;
    for (const QString &path : {m_databasePath, m_databasePath + QStringLiteral("-wal")}) {
        const QFileInfo info(path);
        if (info.exists())
            out += QString::number(info.size()) + u'@' + QString::number(info.lastModified().toMSecsSinceEpoch()) + u';';
        else
            out += QStringLiteral("-;");
    }
    return out;
}

QList<LexiconEntry> LexiconSource::entries()
{
    if (m_databasePath.isEmpty())
        return {};
    const QString now = stamp();
    if (now == m_stamp)
        return m_entries;
    m_stamp = now;
    m_entries.clear();
    if (const auto document = DesktopLexiconReader(m_databasePath).entries())
        m_entries = Lexicon::parse(QJsonDocument::fromJson(*document).array()).entries;
    return m_entries;
}
