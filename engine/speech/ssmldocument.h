#pragma once

#include <QList>
#include <QString>

#include <utility>
#include <variant>
#include <vector>

// Speaking settings in effect for a run of SSML text, as factors on the request's own
// (voice, speed, pitch) so that they compose with them: rate scales speed, pitch scales
// the backend's pitch, volume is a linear gain on the samples after loudness levelling.
struct SsmlProsody
{
    double rate = 1.0;
    double pitch = 1.0;
    double volume = 1.0;

    bool operator==(const SsmlProsody &o) const;
    bool operator!=(const SsmlProsody &o) const;
};

// One thing the document says, in order: a run of text with its settings, an explicit
// pause (<break>), or the end of a sentence or paragraph (<s>, <p>).
struct SsmlItem
{
    enum class Kind { Text, Break, SentenceEnd, ParagraphEnd };
    Kind kind = Kind::Text;

    // Text: the words to say (the content as written; a <sub>'s alias), and for each of
    // its UTF-16 units the span [from, to) of the input it stands for: a character of
    // the markup's text is its own span, an entity (&amp;) its whole reference, every
    // character of an alias the <sub>'s whole content. Word timings use it to point
    // into the document the caller sent.
    QString text;
    std::vector<qsizetype> from;
    std::vector<qsizetype> to;
    SsmlProsody prosody;
    QString language;   // xml:lang of the nearest <lang>/<p>/<s>; empty: the request's
    QString sayAs;      // interpret-as, lower case (characters, cardinal, ...); empty: none
    QString format;     // say-as format (date: mdy, dmy, ymd, ...)
    QString ipa;        // <phoneme alphabet="ipa" ph="...">: how the text is said

    int breakMs = 0;    // Break: its length in milliseconds
};

// Where a document is not acceptable: line and column as XML counts them (from 1).
struct SsmlError
{
    qint64 line = 0;
    qint64 column = 0;
    QString message;

    // "SSML error at line 2, column 7: ..." for a 400's detail.
    QString describe() const;
};

// The SSML subset (docs/api.md "SSML"), read with QXmlStreamReader into the items a
// synthesis speaks. Parsing depends on the text alone (no locale, no voice), so the
// server's request check and the worker's pipeline see the same document.
class SsmlDocument
{
public:
    static constexpr int kMaxDepth = 100;
    static constexpr int kMaxElements = 10000;
    static constexpr int kMaxBreakMs = 10000;       // one <break>
    static constexpr int kMaxTotalBreakMs = 600000; // all of them, whatever the tokens
    // Silence is not billed: the breaks of a document that says N tokens may add up to
    // kFreeBreakMs + N * kBreakMsPerToken (and kMaxTotalBreakMs at most), so that the
    // audio bought with a token stays bounded (docs/api.md "SSML").
    static constexpr int kFreeBreakMs = 10000;
    static constexpr int kBreakMsPerToken = 100;
    static qint64 breakAllowanceMs(qint64 tokens);

    // Whether text is SSML: it starts with <speak, followed by '>', '/' or whitespace
    // (attributes such as xml:lang, version, xmlns). Before it may come a byte order mark
    // (U+FEFF, as editors save UTF-8) and XML's prolog: whitespace, an XML declaration
    // (<?xml ...?>), comments and processing instructions. A text whose prolog has a
    // <!DOCTYPE is SSML whatever follows, so that parse() refuses it.
    static bool isSsml(const QString &text);

    static std::variant<SsmlDocument, SsmlError> parse(const QString &text);

    const QList<SsmlItem> &items() const;

    // What the document says, as billed: the text of its items (aliases for <sub>,
    // say-as content as written), whitespace runs collapsed to one space, trimmed.
    QString spokenText() const;

    // The text a request is billed and checked on: spokenText() for SSML that parses,
    // the text itself otherwise.
    static QString billedText(const QString &text);

    // What a reader of the document sees of the input's UTF-16 span [from, to) (a
    // caption's word): its character data with markup and comments left out and
    // entities decoded; the content of <sub>, <say-as> and <phoneme> as written, not the
    // alias, the words said or the phonemes. Whitespace runs are one space, trimmed.
    QString visibleText(qsizetype from, qsizetype to) const;
    // The part of the input's span [from, to) from its first visible character to the
    // end of its last (a word marked in an editor without the tags around it); the span
    // itself when it shows nothing.
    std::pair<qsizetype, qsizetype> visibleSpan(qsizetype from, qsizetype to) const;
    // Every character a reader sees, in order, for finding whole words in (a lexicon's
    // graphemes), with the input span [from, to) of each UTF-16 unit; where a <break>, an
    // <s> or a <p> separates the text there is a space with span -1.
    QString wordText(std::vector<qsizetype> &from, std::vector<qsizetype> &to) const;

private:
    friend class SsmlReader;
    QList<SsmlItem> m_items;
    // Every character of the document's text content in order, with the span of the
    // input it stands for (an entity: its whole reference).
    QString m_visible;
    std::vector<qsizetype> m_visibleFrom;
    std::vector<qsizetype> m_visibleTo;
    std::vector<qsizetype> m_visibleBreaks; // m_visible's size where a break, <s> or <p> was
};
