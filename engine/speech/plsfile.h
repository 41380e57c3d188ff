#pragma once

#include "lexicon.h"

#include <QByteArray>
#include <QList>
#include <QString>

// W3C Pronunciation Lexicon Specification 1.0 files (the lexicons SSML refers to), read
// and written with QXmlStreamReader/Writer: one <lexeme> per entry, its <grapheme>, then
// <phoneme> (IPA) and/or <alias>.
namespace PlsFile
{
struct Read
{
    QList<LexiconEntry> entries;
    QString error;    // empty when the file was read
    int skipped = 0;  // lexemes without anything this studio can say (another alphabet)
};
// Each grapheme of a lexeme becomes an entry; the lexicon's xml:lang ("en-US") becomes
// the entries' language ("en": PLS has one language a file, the studio one an entry).
Read read(const QByteArray &xml);
// language: the file's xml:lang (BCP 47); entries of several languages: "und".
QByteArray write(const QList<LexiconEntry> &entries);
}
