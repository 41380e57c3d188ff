#pragma once

#include "ssmldocument.h"

#include <QString>

#include <optional>
#include <vector>

// The text a caption shows for a word's span of input_text (code points, as word timings
// count them). Plain text: the span itself, as written. SSML: what a reader of the
// document sees there (SsmlDocument::visibleText: no tags or comments, entities decoded,
// a <sub>'s written content rather than its alias), while the span keeps pointing at the
// markup as sent. The document is read once, for all the words of a generation.
class CaptionText
{
public:
    explicit CaptionText(const QString &inputText);

    QString word(qint64 charStart, qint64 charEnd) const;

private:
    QString m_input;
    std::vector<qsizetype> m_utf16; // UTF-16 index of each code point, and of the end
    std::optional<SsmlDocument> m_document;
};
