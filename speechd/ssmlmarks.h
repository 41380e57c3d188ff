#pragma once

#include <QList>
#include <QString>

// A `<mark name="..."/>` of an SSML text and where it stands: the code points of the
// text before its end (word timings count code points of the same text).
struct SsmlMark
{
    QString name;
    qint64 position = 0;

    bool operator==(const SsmlMark &o) const { return name == o.name && position == o.position; }
};

// The SSML subset reads past <mark> (docs/api.md "SSML"); Speech Dispatcher puts its own
// (__spd_N after each sentence) and its clients' there, and wants each reported when the
// audio reaches it. In document order; a text that is not well-formed XML yields the
// marks before the fault, one with a document type declaration all its marks as written
// (at the end). A name holding a control character (a line feed) is left out: the
// protocol has no way to carry it.
namespace SsmlMarks
{
QList<SsmlMark> find(const QString &ssml);
}
