#include "kanaconverter.h"

extern "C" {
#include <libkakasi.h>
}

#include <QByteArray>

#include <cerrno>
#include <iconv.h>

namespace
{
// KAKASI works in EUC-JP. Characters EUC-JP cannot hold are dropped with a space.
QByteArray convert(const QByteArray &in, const char *to, const char *from)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == iconv_t(-1))
        return {};
    QByteArray out;
    out.resize(in.size() * 4 + 16);
    char *src = const_cast<char *>(in.constData());
    size_t srcLeft = size_t(in.size());
    char *dst = out.data();
    size_t dstLeft = size_t(out.size());
    while (srcLeft > 0) {
        if (iconv(cd, &src, &srcLeft, &dst, &dstLeft) != size_t(-1))
            break;
        if (errno == EILSEQ || errno == EINVAL) {
            // Skip one UTF-8 sequence / one byte and leave a space in its place.
            size_t skip = 1;
            const unsigned char lead = static_cast<unsigned char>(*src);
            if (from[0] == 'U' && lead >= 0xC0)
                skip = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            skip = qMin(skip, srcLeft);
            src += skip;
            srcLeft -= skip;
            if (dstLeft > 0) {
                *dst++ = ' ';
                --dstLeft;
            }
            continue;
        }
        break; // E2BIG cannot happen with the 4x buffer
    }
    out.resize(out.size() - qsizetype(dstLeft));
    iconv_close(cd);
    return out;
}
}

KanaConverter::KanaConverter()
{
    // -JH: kanji to hiragana, -KH: katakana to hiragana; EUC-JP in and out.
    char arg0[] = "kakasi", arg1[] = "-JH", arg2[] = "-KH", arg3[] = "-ieuc", arg4[] = "-oeuc";
    char *argv[] = {arg0, arg1, arg2, arg3, arg4};
    m_ready = kakasi_getopt_argv(5, argv) == 0;
}

QString KanaConverter::toKana(const QString &text)
{
    if (!m_ready)
        return text;
    QByteArray euc = convert(text.toUtf8(), "EUC-JP", "UTF-8");
    if (euc.isEmpty())
        return text;
    char *result = kakasi_do(euc.data());
    if (!result)
        return text;
    const QByteArray utf8 = convert(QByteArray(result), "UTF-8", "EUC-JP");
    kakasi_free(result);
    return utf8.isEmpty() ? text : QString::fromUtf8(utf8);
}
