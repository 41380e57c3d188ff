#include "espeakbackend.h"

#include "espeakcall.h"
#include "ipaphonemes.h"
#include "phonemerewrite.h"

#include <espeak-ng/speak_lib.h>

#include <QByteArray>
#include <QtGlobal>

#include <cmath>
#include <cstring>
#include <vector>

namespace
{
int clampParam(double v, int lo, int hi)
{
    return qBound(lo, int(std::lround(v)), hi);
}
}

EspeakBackend::EspeakBackend()
{
    m_rate = EspeakCall::initialize();
}

EspeakBackend::~EspeakBackend()
{
    if (m_rate > 0)
        espeak_Terminate();
}

int EspeakBackend::sampleRate(const SynthesisParams &)
{
    return m_rate;
}

QString EspeakBackend::voiceKey(const SynthesisParams &params)
{
    return params.espeakVoice + u'|' + params.espeakLanguage + u'|' + params.espeakVariant + u'|'
           + QString::number(params.gender);
}

// What the EspeakCall child sets (see there for why not here): the voice, and with
// prosody the native controls: rate in words per minute (175 at speed 1.0), pitch and
// pitch range on espeak's 0..100 scales around their defaults of 50.
EspeakCall::Setup EspeakBackend::setupFor(const SynthesisParams &params, bool prosody)
{
    EspeakCall::Setup s;
    auto copy = [&s](char *to, size_t size, const QString &from) {
        const QByteArray latin1 = from.toLatin1();
        s.namesFit = s.namesFit && size_t(latin1.size()) < size;
        qstrncpy(to, latin1.constData(), size);
    };
    // Some languages (nb, en-gb) do not resolve by name in 1.51: those go by properties.
    copy(s.language, sizeof s.language, params.espeakLanguage);
    copy(s.voice, sizeof s.voice, params.espeakVoice);
    copy(s.variant, sizeof s.variant, params.espeakVariant);
    s.variantNumber = params.espeakVariant.mid(1).toInt();
    s.gender = params.gender;
    s.prosody = prosody;
    s.rate = clampParam(175.0 * params.speed, 80, 450);
    s.pitch = clampParam(50.0 * params.pitch, 0, 100);
    s.range = clampParam(50.0 * params.pitchRange, 0, 100);
    s.wordGap = clampParam(params.wordGapMs / 10.0, 0, 100);
    return s;
}

QString EspeakBackend::noVoice(const SynthesisParams &params)
{
    return QStringLiteral("espeak-ng has no voice for '%1'").arg(params.espeakVoice + params.espeakLanguage);
}

qint64 EspeakBackend::loudSamplesOf(const QByteArray &phonemeInput, const SynthesisParams &params)
{
    qint64 count = 0;
    const EspeakCall::PcmSink counter = [&count](const qint16 *pcm, int n) {
        for (int i = 0; i < n; ++i)
            count += std::abs(int(pcm[i])) > 300 ? 1 : 0;
        return true;
    };
    EspeakCall::run(phonemeInput, espeakCHARS_UTF8 | espeakPHONEMES, setupFor(params, false), counter, {});
    return count;
}

bool EspeakBackend::hasPhoneme(const QString &mnemonic, const SynthesisParams &params)
{
    const QString key = voiceKey(params) + u'|' + mnemonic;
    if (const auto it = m_phonemes.constFind(key); it != m_phonemes.constEnd())
        return *it;
    // Audible samples, against nothing said (the silence espeak-ng pads a call with).
    const qint64 before = loudSamplesOf("[[]]", params);
    const bool known = loudSamplesOf("[[" + mnemonic.toUtf8() + "]]", params) > before + 20;
    m_phonemes.insert(key, known);
    return known;
}

bool EspeakBackend::canSay(const QString &ipa) const
{
    return IpaPhonemes::toEspeak(ipa).has_value();
}

QString EspeakBackend::speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                             const MarkSink &marks, const QList<PhonemeSpan> &phonemes, LeadingSilence)
{
    if (m_rate <= 0)
        return QStringLiteral("espeak-ng failed to initialize");

    // Phonemes in the mnemonics this voice has.
    QStringList phonemeInput;
    for (const PhonemeSpan &span : phonemes)
        phonemeInput << IpaPhonemes::toEspeak(span.ipa, [&](const QString &m) { return hasPhoneme(m, params); }).value_or(QString());

    // Phonemes go in as espeak-ng's own [[...]] input, which it reads only with
    // espeakPHONEMES; then the text's own brackets must not open phoneme input.
    unsigned int flags = espeakCHARS_UTF8;
    SpokenText input{sentence, {}};
    if (!phonemes.isEmpty()) {
        flags |= espeakPHONEMES;
        input = PhonemeRewrite::apply(
            sentence, phonemes,
            [&](const PhonemeSpan &span, qsizetype index) {
                return PhonemeRewrite::spaced(sentence, span, QStringLiteral("[[") + phonemeInput.value(index) + QStringLiteral("]]"));
            },
            [](QStringView text) { return text.toString().replace(u'[', u'(').replace(u']', u')'); });
    }
    const QByteArray utf8 = input.text.toUtf8();
    std::vector<qsizetype> utf16Index; // of each code point of the input
    if (marks) {
        for (qsizetype i = 0; i < input.text.size(); ++i) {
            utf16Index.push_back(input.origin.empty() ? i : input.sourceIndex(i));
            if (input.text.at(i).isHighSurrogate() && i + 1 < input.text.size())
                ++i;
        }
    }
    // espeak-ng's word events: text_position counts code points from 1, sample counts
    // from the start of this call (measured: it matches the samples handed over).
    const EspeakCall::WordSink words = [&](int textPosition, qint64 sample) {
        const size_t cp = size_t(textPosition - 1);
        if (textPosition >= 1 && cp < utf16Index.size())
            marks(WordMark{utf16Index[cp], sample, -1});
    };
    const EspeakCall::Outcome out = EspeakCall::run(utf8, flags, setupFor(params, true), sink,
                                                    marks ? words : EspeakCall::WordSink());
    if (out.result == EspeakCall::Result::SetupFailed)
        return noVoice(params);
    if (out.result == EspeakCall::Result::Failed)
        return out.espeakError != EE_OK ? QStringLiteral("espeak-ng synthesis failed (%1)").arg(out.espeakError)
                                        : QStringLiteral("espeak-ng synthesis failed (its process ended early)");
    return {};
}
