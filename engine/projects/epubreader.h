#pragma once

#include "project.h"
#include "serviceerror.h"

#include <QString>

// An EPUB (2 or 3) as a project: the archive read with libarchive, the package document
// found through META-INF/container.xml, one chapter per spine document (linear ones, in
// spine order) that holds text; blocks are the document's paragraphs, headings and list
// items (QXmlStreamReader); the chapter is titled by its first heading, else its <title>.
namespace EpubReader
{
Result<Project> read(const QString &path);
}
