#include "espeakbackend.h"

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
struct CallbackContext
{
    const SpeechBackend::PcmSink *sink = nullptr;
    const SpeechBackend::MarkSink *marks = nullptr;
    std::vector<qsizetype> utf16Index; // of each code point of the sentence
    bool stopped = false;
};

// espeak-ng's word events: text_position counts code points from 1, sample counts from
// the start of this espeak_Synth call (measured: it matches the samples handed over).
void reportWords(CallbackContext &ctx, const espeak_EVENT *ev)
{
    for (; ev->type != espeakEVENT_LIST_TERMINATED; ++ev) {
        if (ev->type != espeakEVENT_WORD || ev->text_position < 1)
            continue;
        const size_t cp = size_t(ev->text_position - 1);
        if (cp < ctx.utf16Index.size())
            (*ctx.marks)(SpeechBackend::WordMark{ctx.utf16Index[cp], qint64(ev->sample), -1});
    }
}

int synthCallback(short *wav, int numsamples, espeak_EVENT *events)
{
    auto *ctx = static_cast<CallbackContext *>(events->user_data);
    if (!ctx || ctx->stopped)
        return 1;
    if (ctx->marks)
        reportWords(*ctx, events);
    if (wav && numsamples > 0 && !(*ctx->sink)(wav, numsamples)) {
        ctx->stopped = true;
        return 1; // abort synthesis
    }
    return 0;
}

int clampParam(double v, int lo, int hi)
{
    return qBound(lo, int(std::lround(v)), hi);
}
}

EspeakBackend::EspeakBackend()
{
    // Synchronous mode with a short buffer: the first samples reach the sink
    // after ~20 ms of audio has been computed, well under a millisecond.
    m_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, nullptr, 0);
    if (m_rate > 0) {
        espeak_SetSynthCallback(synthCallback);
        // The first voice selection loads data (~4 ms); pay it now, not on the first request.
        espeak_SetVoiceByName("en");
    }
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

QString EspeakBackend::selectVoice(const SynthesisParams &params)
{
    const QString key = params.espeakVoice + u'|' + params.espeakLanguage + u'|' + params.espeakVariant
                        + u'|' + QString::number(params.gender);
    if (key == m_currentVoice)
        return {};
    espeak_ERROR err = EE_OK;
    if (!params.espeakLanguage.isEmpty()) {
        // Some languages (nb, en-gb) do not resolve by name in 1.51.
        const QByteArray lang = params.espeakLanguage.toLatin1();
        espeak_VOICE props;
        std::memset(&props, 0, sizeof props);
        props.languages = lang.constData();
        props.gender = params.gender;
        props.variant = params.espeakVariant.mid(1).toInt();
        err = espeak_SetVoiceByProperties(&props);
    } else {
        QString name = params.espeakVoice;
        if (!params.espeakVariant.isEmpty())
            name += u'+' + params.espeakVariant;
        err = espeak_SetVoiceByName(name.toLatin1().constData());
        if (err != EE_OK && !params.espeakVariant.isEmpty())
            err = espeak_SetVoiceByName(params.espeakVoice.toLatin1().constData());
    }
    if (err != EE_OK)
        return QStringLiteral("espeak-ng has no voice for '%1'").arg(params.espeakVoice + params.espeakLanguage);
    m_currentVoice = key;
    return {};
}

qint64 EspeakBackend::loudSamplesOf(const QByteArray &phonemeInput)
{
    qint64 count = 0;
    const PcmSink counter = [&count](const qint16 *pcm, int n) {
        for (int i = 0; i < n; ++i)
            count += std::abs(int(pcm[i])) > 300 ? 1 : 0;
        return true;
    };
    CallbackContext ctx;
    ctx.sink = &counter;
    espeak_Synth(phonemeInput.constData(), size_t(phonemeInput.size()) + 1, 0, POS_CHARACTER, 0,
                 espeakCHARS_UTF8 | espeakPHONEMES, nullptr, &ctx);
    return count;
}

bool EspeakBackend::hasPhoneme(const QString &mnemonic)
{
    const QString key = m_currentVoice + u'|' + mnemonic;
    if (const auto it = m_phonemes.constFind(key); it != m_phonemes.constEnd())
        return *it;
    // Audible samples, against nothing said just before (which flushes what an earlier
    // synthesis left behind: a sample count alone is not steady).
    const qint64 before = loudSamplesOf("[[]]");
    const bool known = loudSamplesOf("[[" + mnemonic.toUtf8() + "]]") > before + 20;
    m_phonemes.insert(key, known);
    return known;
}

bool EspeakBackend::canSay(const QString &ipa) const
{
    return IpaPhonemes::toEspeak(ipa).has_value();
}

QString EspeakBackend::speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                             const MarkSink &marks, const QList<PhonemeSpan> &phonemes)
{
    if (m_rate <= 0)
        return QStringLiteral("espeak-ng failed to initialize");
    if (QString err = selectVoice(params); !err.isEmpty())
        return err;

    // Phonemes in the mnemonics this voice has.
    QStringList phonemeInput;
    for (const PhonemeSpan &span : phonemes)
        phonemeInput << IpaPhonemes::toEspeak(span.ipa, [this](const QString &m) { return hasPhoneme(m); }).value_or(QString());

    // Native prosody controls: rate in words per minute (175 at speed 1.0), pitch and
    // pitch range on espeak's 0..100 scales around their defaults of 50.
    espeak_SetParameter(espeakRATE, clampParam(175.0 * params.speed, 80, 450), 0);
    espeak_SetParameter(espeakPITCH, clampParam(50.0 * params.pitch, 0, 100), 0);
    espeak_SetParameter(espeakRANGE, clampParam(50.0 * params.pitchRange, 0, 100), 0);
    espeak_SetParameter(espeakWORDGAP, clampParam(params.wordGapMs / 10.0, 0, 100), 0);

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
    CallbackContext ctx;
    ctx.sink = &sink;
    if (marks) {
        ctx.marks = &marks;
        for (qsizetype i = 0; i < input.text.size(); ++i) {
            ctx.utf16Index.push_back(input.origin.empty() ? i : input.sourceIndex(i));
            if (input.text.at(i).isHighSurrogate() && i + 1 < input.text.size())
                ++i;
        }
    }
    const espeak_ERROR err = espeak_Synth(utf8.constData(), size_t(utf8.size()) + 1, 0, POS_CHARACTER, 0,
                                          flags, nullptr, &ctx);
    if (err != EE_OK && !ctx.stopped)
        return QStringLiteral("espeak-ng synthesis failed (%1)").arg(int(err));
    return {};
}
