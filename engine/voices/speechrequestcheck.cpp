#include "speechrequestcheck.h"

#include "languages.h"
#include "spokenlength.h"
#include "ssmldocument.h"
#include "textcharacters.h"

std::optional<QString> SpeechRequestCheck::invalidCharacter(const QString &text)
{
    qsizetype position = 0; // in code points, as tokens count them
    for (qsizetype i = 0; i < text.size(); ++i, ++position) {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            const char32_t u = QChar::surrogateToUcs4(c, text.at(i + 1));
            ++i;
            if (QChar::isNonCharacter(u))
                return QStringLiteral("a noncharacter (%1) at character %2").arg(TextCharacters::codePoint(u)).arg(position + 1);
            continue;
        }
        // Printable ASCII, most of any text, is always valid. The description is built
        // only for the character refused: this runs on every request's text, on the
        // server thread too (JSON fields, the stream's plan), where a string per
        // character cost ~0.2 ms per 2,000 characters.
        if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
            continue;
        if (c.isSurrogate())
            return QStringLiteral("a lone surrogate (%1) at character %2").arg(TextCharacters::codePoint(c.unicode())).arg(position + 1);
        if (c.category() == QChar::Other_Control && c != u'\t' && c != u'\n' && c != u'\r')
            return QStringLiteral("a control character (%1) at character %2").arg(TextCharacters::codePoint(c.unicode())).arg(position + 1);
        if (c.isNonCharacter())
            return QStringLiteral("a noncharacter (%1) at character %2").arg(TextCharacters::codePoint(c.unicode())).arg(position + 1);
    }
    return std::nullopt;
}

QString SpeechRequestCheck::withoutByteOrderMark(const QString &text)
{
    return text.startsWith(QChar(0xFEFF)) ? text.mid(1) : text;
}

bool SpeechRequestCheck::hasSomethingToSay(const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        char32_t u = text.at(i).unicode();
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            u = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            ++i;
        }
        if (QChar::isLetterOrNumber(u))
            return true;
    }
    return false;
}

bool SpeechRequestCheck::saysNothing(const QString &text)
{
    if (text.trimmed().isEmpty() || invalidCharacter(text) || text.toUcs4().size() > kMaxTextLength)
        return false;
    if (!SsmlDocument::isSsml(text))
        return !hasSomethingToSay(text);
    const auto parsed = SsmlDocument::parse(text);
    if (std::holds_alternative<SsmlError>(parsed))
        return false; // refused for its markup
    return !hasSomethingToSay(std::get<SsmlDocument>(parsed).spokenText());
}

bool SpeechRequestCheck::hasBasicLatin(const QString &text)
{
    for (const QChar c : text)
        if (c.unicode() < 0x80 && c.isLetterOrNumber())
            return true;
    return false;
}

std::optional<ServiceError> SpeechRequestCheck::check(const SpeechRequest &r, const QString &voiceId, const Voice *voice)
{
    if (!Languages::isModel(r.model))
        return ServiceError::invalid("model", QStringLiteral("Invalid model '%1': must be base or advanced").arg(r.model));
    if (r.text.trimmed().isEmpty())
        return ServiceError::invalid("text", QStringLiteral("text must not be empty"));
    if (const auto bad = invalidCharacter(r.text))
        return ServiceError::invalid("text", QStringLiteral("text contains an invalid character: %1").arg(*bad));
    const qsizetype codePoints = r.text.toUcs4().size();
    if (codePoints > kMaxTextLength)
        return ServiceError::invalid("text", QStringLiteral("text is too long: %1 characters, at most %2 allowed")
                                                 .arg(codePoints).arg(kMaxTextLength));
    // SSML: a malformed document is refused with where it breaks; the rules on what is
    // said apply to what the document says, not to its markup.
    QString spoken = r.text;
    if (SsmlDocument::isSsml(r.text)) {
        const auto parsed = SsmlDocument::parse(r.text);
        if (const auto *e = std::get_if<SsmlError>(&parsed))
            return ServiceError::invalid("text", e->describe());
        spoken = std::get<SsmlDocument>(parsed).spokenText();
    }
    if (!hasSomethingToSay(spoken))
        return ServiceError::invalid("text", QStringLiteral("text has nothing to speak: it needs at least one letter or digit "
                                                            "(emoji, symbols, punctuation and invisible characters alone are not read aloud)"));
    if (voiceId.isEmpty())
        return ServiceError::invalid("voice_id", QStringLiteral("voice_id is required"));
    if (!voice)
        return ServiceError::invalid("voice_id", QStringLiteral("Unknown voice '%1'").arg(voiceId));
    if (voice->model != r.model)
        return ServiceError::invalid("voice_id", QStringLiteral("Voice '%1' is not compatible with model '%2' (it belongs to model '%3')")
                                                     .arg(voiceId, r.model, voice->model));
    if (!(r.speed >= 0.5 && r.speed <= 2.0))
        return ServiceError::invalid("speed", QStringLiteral("speed must be between 0.5 and 2.0"));
    if (!(r.cfgWeight >= 1.0 && r.cfgWeight <= 5.0))
        return ServiceError::invalid("cfg_weight", QStringLiteral("cfg_weight must be between 1.0 and 5.0"));
    if (!(r.exaggeration >= 0.0 && r.exaggeration <= 1.0))
        return ServiceError::invalid("exaggeration", QStringLiteral("exaggeration must be between 0.0 and 1.0"));
    if (!r.languageCode.isEmpty() && !Languages::find(r.model, r.languageCode))
        return ServiceError::invalid("language_code", QStringLiteral("language_code '%1' is not allowed for model '%2'; allowed: %3")
                                                          .arg(r.languageCode, r.model, Languages::codes(r.model).join(", ")));
    // English is flite's, which reads only A-Z and 0-9: other scripts come out as silence.
    const QString code = r.languageCode.isEmpty() ? Languages::defaultCode(r.model, voice->language) : r.languageCode;
    if (const auto lang = Languages::find(r.model, code); lang && lang->english && !hasBasicLatin(spoken))
        return ServiceError::invalid("text", QStringLiteral("text has nothing this voice can speak: English is read from the Latin "
                                                            "letters A-Z and the digits 0-9; for other scripts choose a voice or "
                                                            "language_code of the text's language"));
    return std::nullopt;
}

std::optional<ServiceError> SpeechRequestCheck::checkSpokenLength(const SynthesisParams &params)
{
    // Plain text without a lexicon span says only its own words and numbers, which stay
    // under the factor by its choice: not measured (this runs on the server thread for
    // streams, and most requests are such text).
    if (params.pronunciations.isEmpty() && !SsmlDocument::isSsml(params.text))
        return std::nullopt;
    const qint64 tokens = SsmlDocument::billedText(params.text).toUcs4().size();
    const qint64 allowed = tokens * kSpokenPerToken + kSpokenAllowance;
    const qint64 spoken = SpokenLength::of(params);
    if (spoken <= allowed)
        return std::nullopt;
    return ServiceError::invalid(
        "text", QStringLiteral("text says too much for what it is billed: with lexicon and <sub> aliases, say-as, phonemes "
                               "and numbers spelled out it is %1 characters, at most %2 are allowed for its %3 token(s) "
                               "(%4 per token plus %5)")
                    .arg(spoken).arg(allowed).arg(tokens).arg(kSpokenPerToken).arg(kSpokenAllowance));
}
