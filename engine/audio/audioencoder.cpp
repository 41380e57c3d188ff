#include "audioencoder.h"

#include "mp3encoder.h"
#include "pcm16.h"

#include <QFile>
#include <QtEndian>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace
{
// Below this much free space the audio volume counts as full.
constexpr quint64 kMinFreeBytes = 64 * 1024;
}

std::unique_ptr<AudioEncoder> AudioEncoder::create(AudioFormat format)
{
    if (format == AudioFormat::Mp3)
        return std::make_unique<Mp3Encoder>();
    return std::make_unique<WavEncoder>();
}

AudioEncoder::~AudioEncoder()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

QString AudioEncoder::open(const QString &path)
{
    m_fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (m_fd < 0)
        return storageError(errno);
    return begin();
}

QString AudioEncoder::finish()
{
    if (QString err = end(); !err.isEmpty())
        return err;
    if (QString err = flush(); !err.isEmpty())
        return err;
    // The file is renamed into place only after it is durable (no partial audio after a
    // crash); some file systems report a full disk only here.
    if (::fsync(m_fd) != 0 && errno != EINVAL)
        return storageError(errno);
    const int fd = std::exchange(m_fd, -1);
    if (::close(fd) != 0 && errno != EINTR)
        return storageError(errno);
    return {};
}

QString AudioEncoder::writeBytes(const char *data, qsizetype size)
{
    if (m_buffer.size() + size <= kBufferBytes) {
        if (m_buffer.capacity() < kBufferBytes)
            m_buffer.reserve(kBufferBytes);
        m_buffer.append(data, size);
        return {};
    }
    if (QString err = flush(); !err.isEmpty())
        return err;
    if (size < kBufferBytes) {
        m_buffer.append(data, size);
        return {};
    }
    return writeFully(-1, data, size);
}

QString AudioEncoder::flush()
{
    if (m_buffer.isEmpty())
        return {};
    const QString err = writeFully(-1, m_buffer.constData(), m_buffer.size());
    m_buffer.resize(0); // keeps the capacity; after a failure the job ends anyway
    return err;
}

QString AudioEncoder::writeAt(qint64 offset, const char *data, qsizetype size)
{
    // Buffered bytes first: they may lie under the range patched here.
    if (QString err = flush(); !err.isEmpty())
        return err;
    return writeFully(offset, data, size);
}

// Every byte or the cause: short writes are continued, EINTR retried, and a write that
// takes nothing is a full disk. offset < 0 appends at the file position.
QString AudioEncoder::writeFully(qint64 offset, const char *data, qsizetype size)
{
    while (size > 0) {
        const ssize_t n = offset < 0 ? ::write(m_fd, data, size_t(size)) : ::pwrite(m_fd, data, size_t(size), off_t(offset));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return storageError(n < 0 ? errno : ENOSPC);
        data += n;
        size -= n;
        if (offset >= 0)
            offset += n;
    }
    return {};
}

QString AudioEncoder::storageCause(int errnum)
{
    switch (errnum) {
    case ENOSPC:
    case EDQUOT:
        return QStringLiteral("disk full");
    case EROFS:
    case EACCES:
    case EPERM:
        return QStringLiteral("audio storage not writable");
    case ENOENT:
    case ENOTDIR:
        return QStringLiteral("audio storage missing");
    case EIO:
        return QStringLiteral("audio storage input/output error");
    case EFBIG:
        return QStringLiteral("audio file too large for the storage");
    default:
        return QString::fromLocal8Bit(std::strerror(errnum));
    }
}

QString AudioEncoder::storageError(int errnum)
{
    return QStringLiteral("cannot store the audio: %1 (%2)").arg(storageCause(errnum), QString::fromLocal8Bit(std::strerror(errnum)));
}

QString AudioEncoder::probeStorage(const QString &dir)
{
    const QByteArray path = QFile::encodeName(dir);
    struct stat st;
    if (::stat(path.constData(), &st) != 0)
        return storageCause(errno);
    if (!S_ISDIR(st.st_mode))
        return storageCause(ENOTDIR);
    // An unnamed file leaves nothing behind; a named one where O_TMPFILE is unsupported.
    int fd = ::open(path.constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
        const QByteArray name = path + "/.storage-probe-" + QByteArray::number(qint64(::getpid())) + '-'
                                + QByteArray::number(quintptr(&st), 16);
        fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0)
            ::unlink(name.constData());
    }
    if (fd < 0)
        return storageCause(errno);
    // One page, as the first chunk of audio would need.
    static const char page[4096] = {};
    int err = 0;
    const ssize_t n = ::write(fd, page, sizeof page);
    if (n < 0)
        err = errno;
    else if (n != ssize_t(sizeof page))
        err = ENOSPC;
    ::close(fd);
    if (err)
        return storageCause(err);
    // Too little left for even a few seconds of audio is full in practice.
    struct statvfs vfs;
    if (::statvfs(path.constData(), &vfs) == 0 && quint64(vfs.f_bavail) * vfs.f_frsize < kMinFreeBytes)
        return storageCause(ENOSPC);
    return {};
}

namespace
{
void putLe32(char *p, quint32 v) { qToLittleEndian<quint32>(v, p); }
void putLe16(char *p, quint16 v) { qToLittleEndian<quint16>(v, p); }

QByteArray wavHeader(quint32 dataBytes)
{
    QByteArray h(44, '\0');
    char *p = h.data();
    memcpy(p, "RIFF", 4);
    putLe32(p + 4, 36 + dataBytes);
    memcpy(p + 8, "WAVEfmt ", 8);
    putLe32(p + 16, 16);
    putLe16(p + 20, 1); // PCM
    putLe16(p + 22, 1); // mono
    putLe32(p + 24, AudioFormats::kSampleRate);
    putLe32(p + 28, AudioFormats::kSampleRate * 2);
    putLe16(p + 32, 2);
    putLe16(p + 34, 16);
    memcpy(p + 36, "data", 4);
    putLe32(p + 40, dataBytes);
    return h;
}
}

QString WavEncoder::begin()
{
    // Sizes are patched at the end; a reader of a crashed file sees an empty data chunk.
    const QByteArray h = wavHeader(0);
    return writeBytes(h.constData(), h.size());
}

QString WavEncoder::write(const float *samples, qsizetype count)
{
    std::vector<qint16> pcm(static_cast<size_t>(count));
    Pcm16::fromFloat(samples, pcm.data(), count);
    m_dataBytes += count * 2;
    return writeBytes(reinterpret_cast<const char *>(pcm.data()), count * 2);
}

QString WavEncoder::end()
{
    const QByteArray h = wavHeader(quint32(m_dataBytes));
    return writeAt(0, h.constData(), h.size());
}
