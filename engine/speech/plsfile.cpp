#include "plsfile.h"

#include <QSet>
#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace
{
const QString kNamespace = QStringLiteral("http://www.w3.org/2005/01/pronunciation-lexicon");

bool isIpa(const QString &alphabet)
{
    return alphabet.isEmpty() || alphabet.compare(QLatin1String("ipa"), Qt::CaseInsensitive) == 0;
}
}

PlsFile::Read PlsFile::read(const QByteArray &xml)
{
    Read out;
    QXmlStreamReader r(xml);
    QString lexiconAlphabet, language;
    bool inLexicon = false;
    while (!r.atEnd()) {
        r.readNext();
        if (!r.isStartElement())
            continue;
        if (r.name() == QLatin1String("lexicon")) {
            inLexicon = true;
            lexiconAlphabet = r.attributes().value(QLatin1String("alphabet")).toString();
            language = r.attributes().value(QLatin1String("http://www.w3.org/XML/1998/namespace"), QLatin1String("lang")).toString();
            if (language.isEmpty())
                language = r.attributes().value(QLatin1String("xml:lang")).toString();
            continue;
        }
        if (!inLexicon || r.name() != QLatin1String("lexeme"))
            continue;
        QStringList graphemes;
        QString phoneme, alias;
        while (!(r.isEndElement() && r.name() == QLatin1String("lexeme")) && !r.atEnd()) {
            r.readNext();
            if (!r.isStartElement())
                continue;
            if (r.name() == QLatin1String("grapheme")) {
                // Taken as written, as the lexicon keeps it: one with whitespace around it
                // is refused, saying where, rather than trimmed into another word.
                const qint64 line = r.lineNumber();
                const QString g = r.readElementText();
                if (const auto why = Lexicon::graphemeProblem(g)) {
                    out.error = QStringLiteral("line %1: \"%2\": %3").arg(line).arg(g, *why);
                    out.entries.clear();
                    return out;
                }
                graphemes << g;
            } else if (r.name() == QLatin1String("phoneme")) {
                const QString alphabet = r.attributes().value(QLatin1String("alphabet")).toString();
                const QString text = r.readElementText().trimmed();
                if (phoneme.isEmpty() && isIpa(alphabet.isEmpty() ? lexiconAlphabet : alphabet))
                    phoneme = text;
            } else if (r.name() == QLatin1String("alias")) {
                const QString text = r.readElementText().trimmed();
                if (alias.isEmpty())
                    alias = text;
            }
        }
        if (phoneme.isEmpty() && alias.isEmpty()) {
            ++out.skipped;
            continue;
        }
        for (const QString &g : graphemes) {
            if (g.isEmpty())
                continue;
            LexiconEntry e;
            e.grapheme = g;
            e.phoneme = phoneme;
            e.alias = alias;
            e.languageCode = language.section(u'-', 0, 0).toLower();
            // "und" (undetermined: what write() says for entries of every language, or
            // of several) is every language, not a language of its own that no
            // generation has.
            if (e.languageCode == QLatin1String("und"))
                e.languageCode.clear();
            out.entries.append(e);
        }
    }
    if (r.hasError())
        out.error = QStringLiteral("%1 (line %2, column %3)").arg(r.errorString()).arg(r.lineNumber()).arg(r.columnNumber());
    else if (!inLexicon)
        out.error = QStringLiteral("no <lexicon> element");
    return out;
}

QByteArray PlsFile::write(const QList<LexiconEntry> &entries)
{
    QSet<QString> languages;
    for (const LexiconEntry &e : entries)
        languages.insert(e.languageCode);
    const QString language = languages.size() == 1 && !languages.begin()->isEmpty() ? *languages.begin() : QStringLiteral("und");

    QByteArray out;
    QXmlStreamWriter w(&out);
    w.setAutoFormatting(true);
    w.writeStartDocument();
    w.writeDefaultNamespace(kNamespace);
    w.writeStartElement(QStringLiteral("lexicon"));
    w.writeAttribute(QStringLiteral("version"), QStringLiteral("1.0"));
    w.writeAttribute(QStringLiteral("alphabet"), QStringLiteral("ipa"));
    w.writeAttribute(QStringLiteral("xml:lang"), language);
    for (const LexiconEntry &e : entries) {
        w.writeStartElement(QStringLiteral("lexeme"));
        w.writeTextElement(QStringLiteral("grapheme"), e.grapheme);
        if (!e.phoneme.isEmpty())
            w.writeTextElement(QStringLiteral("phoneme"), e.phoneme);
        if (!e.alias.isEmpty())
            w.writeTextElement(QStringLiteral("alias"), e.alias);
        w.writeEndElement();
    }
    w.writeEndElement();
    w.writeEndDocument();
    return out;
}
