#pragma once

#include <QString>

#include <functional>

// Reads CommonMark (with GitHub's tables and strikethrough) into the blocks a listener
// hears: paragraphs, headings, list items, table rows, code blocks. md4c parses; no Qt
// GUI class is involved, so the headless server can import Markdown.
class MarkdownReader
{
public:
    struct Block
    {
        int headingLevel = 0; // 1-6 for a heading, else 0
        QString text;         // inline markup and HTML tags removed, entities decoded
    };
    // Returns false from the sink to stop reading.
    using Sink = std::function<bool(const Block &)>;

    // Calls sink for each non-empty block in document order; false when the sink
    // stopped it.
    static bool read(const QString &markdown, const Sink &sink);
};
