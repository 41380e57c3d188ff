#pragma once

#include "project.h"
#include "serviceerror.h"

#include <QString>

// Documents turned into projects (chapters of blocks, default settings):
//  - plain text: blank lines split blocks; a heading line (a paragraph of one line that
//    begins with Chapter, Part, Book, Prologue, Epilogue, Kapitel or Teil, or a Markdown-style
//    "# ..." line) starts a chapter titled by it and spoken as its first block; a marker
//    line (***, * * *, ---, ###) starts an untitled chapter and is not spoken;
//  - Markdown (Qt's own reader, QTextDocument::setMarkdown): headings of level 1 and 2
//    start chapters (spoken as their first block), every other paragraph, list item or
//    deeper heading is a block;
//  - EPUB: one chapter per spine document with text, in spine order (EpubReader).
// Text before the first heading forms a chapter titled by the document. A document past
// one of ImportBudget's limits is refused (PayloadTooLarge) as soon as it passes it.
namespace DocumentImport
{
Result<Project> fromText(const QString &text, const QString &title);
Result<Project> fromMarkdown(const QString &markdown, const QString &title);
// Text pasted into a project, read as plain text: its chapters, and whether the first
// of them is text before any heading (it continues the chapter pasted into; its title,
// "Chapter 1", is a stand-in).
struct Pasted
{
    QList<ProjectChapter> chapters;
    bool startsWithText = false;
};
Result<Pasted> fromPaste(const QString &text);
// By suffix: .txt, .md/.markdown, .epub.
Result<Project> fromFile(const QString &path);
bool canImport(const QString &path);
}
