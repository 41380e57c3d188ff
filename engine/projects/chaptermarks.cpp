#include "chaptermarks.h"

#include <QFile>
#include <QSaveFile>

#include <taglib/chapterframe.h>
#include <taglib/id3v2tag.h>
#include <taglib/mpegfile.h>
#include <taglib/tableofcontentsframe.h>
#include <taglib/textidentificationframe.h>

namespace
{
TagLib::String tagString(const QString &s)
{
    return TagLib::String(s.toUtf8().constData(), TagLib::String::UTF8);
}

TagLib::ID3v2::Frame *titleFrame(const QString &title)
{
    auto *frame = new TagLib::ID3v2::TextIdentificationFrame("TIT2", TagLib::String::UTF8);
    frame->setText(tagString(title));
    return frame;
}

QString cueTime(qint64 ms)
{
    const qint64 frames = ms * 75 / 1000; // a cue sheet counts 75 frames a second
    return QStringLiteral("%1:%2:%3")
        .arg(frames / (75 * 60), 2, 10, QLatin1Char('0'))
        .arg((frames / 75) % 60, 2, 10, QLatin1Char('0'))
        .arg(frames % 75, 2, 10, QLatin1Char('0'));
}

// A cue sheet is read line by line and a value ends at its closing quote, which has no
// escape: line breaks and other control characters become spaces (a title never starts
// a line of its own, such as FILE or TRACK) and double quotes become single ones.
QString quoted(const QString &s)
{
    QString one;
    one.reserve(s.size());
    for (const QChar c : s) {
        const bool control = c.category() == QChar::Other_Control || c == QChar::LineSeparator
                             || c == QChar::ParagraphSeparator;
        one += control ? QChar(u' ') : c == u'"' ? QChar(u'\'') : c;
    }
    return QLatin1Char('"') + one.simplified() + QLatin1Char('"');
}
}

QString ChapterMarks::writeId3(const QString &mp3Path, const QString &title, const QList<ChapterMark> &chapters)
{
    TagLib::MPEG::File file(QFile::encodeName(mp3Path).constData());
    if (!file.isValid())
        return QStringLiteral("cannot read %1 as MP3").arg(mp3Path);
    TagLib::ID3v2::Tag *tag = file.ID3v2Tag(true);
    tag->setAlbum(tagString(title));
    tag->setTitle(tagString(title));
    TagLib::ByteVectorList children;
    for (int i = 0; i < chapters.size(); ++i) {
        const ChapterMark &c = chapters.at(i);
        const TagLib::ByteVector id = TagLib::ByteVector(QByteArray("chp") .append(QByteArray::number(i)).constData());
        children.append(id);
        TagLib::ID3v2::FrameList embedded;
        embedded.append(titleFrame(c.title));
        // Byte offsets are not given (0xFFFFFFFF): players use the times.
        tag->addFrame(new TagLib::ID3v2::ChapterFrame(id, uint(c.startMs), uint(c.endMs), 0xFFFFFFFF, 0xFFFFFFFF,
                                                      embedded));
    }
    TagLib::ID3v2::FrameList tocEmbedded;
    tocEmbedded.append(titleFrame(title));
    auto *toc = new TagLib::ID3v2::TableOfContentsFrame("toc", children, tocEmbedded);
    toc->setIsTopLevel(true);
    toc->setIsOrdered(true);
    tag->addFrame(toc);
    if (!file.save(TagLib::MPEG::File::ID3v2, TagLib::File::StripOthers, TagLib::ID3v2::v4))
        return QStringLiteral("cannot write the chapter tags of %1").arg(mp3Path);
    return {};
}

QString ChapterMarks::writeCueSheet(const QString &cuePath, const QString &audioFileName, bool mp3, const QString &title,
                                    const QList<ChapterMark> &chapters)
{
    QString cue;
    cue += QStringLiteral("TITLE %1\n").arg(quoted(title));
    cue += QStringLiteral("FILE %1 %2\n").arg(quoted(audioFileName), mp3 ? QStringLiteral("MP3") : QStringLiteral("WAVE"));
    for (int i = 0; i < chapters.size(); ++i) {
        cue += QStringLiteral("  TRACK %1 AUDIO\n").arg(i + 1, 2, 10, QLatin1Char('0'));
        cue += QStringLiteral("    TITLE %1\n").arg(quoted(chapters.at(i).title));
        cue += QStringLiteral("    INDEX 01 %1\n").arg(cueTime(chapters.at(i).startMs));
    }
    QSaveFile f(cuePath);
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1: %2").arg(cuePath, f.errorString());
    f.write(cue.toUtf8());
    if (!f.commit())
        return QStringLiteral("cannot write %1: %2").arg(cuePath, f.errorString());
    return {};
}
