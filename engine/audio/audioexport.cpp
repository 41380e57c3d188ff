#include "audioexport.h"

#include "audioencoder.h"

#include <QFile>

#include <cerrno>
#include <cstdio>
#include <cstring>

bool AudioExport::Outcome::ok() const
{
    return problem == AudioDecoder::Problem::None && error.isEmpty();
}

AudioExport::Outcome AudioExport::save(const QString &source, AudioFormat sourceFormat, const QString &target,
                                       AudioFormat targetFormat)
{
    Outcome out;
    // Decoded either way: it proves the source is whole, and tells the duration.
    const AudioDecoder::Decoded audio = AudioDecoder::decodeFile(source, AudioFormats::name(sourceFormat));
    if (!audio.ok()) {
        out.problem = audio.problem;
        out.error = audio.detail;
        return out;
    }
    out.samples = audio.float32.size() / qsizetype(sizeof(float));
    const QString temporary = target + QStringLiteral(".part");
    QFile::remove(temporary);
    if (sourceFormat == targetFormat) {
        QFile in(source);
        if (!in.copy(temporary)) {
            out.error = in.errorString();
            QFile::remove(temporary);
            return out;
        }
    } else {
        const auto encoder = AudioEncoder::create(targetFormat);
        QString error = encoder->open(temporary);
        if (error.isEmpty())
            error = encoder->write(reinterpret_cast<const float *>(audio.float32.constData()), out.samples);
        if (error.isEmpty())
            error = encoder->finish();
        if (!error.isEmpty()) {
            out.error = error;
            QFile::remove(temporary);
            return out;
        }
    }
    // rename(2) replaces the target in one step; QFile::rename refuses an existing one.
    if (std::rename(QFile::encodeName(temporary).constData(), QFile::encodeName(target).constData()) != 0) {
        out.error = QString::fromLocal8Bit(std::strerror(errno));
        QFile::remove(temporary);
    }
    return out;
}
