#pragma once

#include <QString>

// Converts kanji (and katakana) to hiragana with KAKASI, because espeak-ng reads only
// kana: kanji come out as "Chinese letter". Process-wide state: one per process.
class KanaConverter
{
public:
    KanaConverter();

    bool isReady() const { return m_ready; }
    QString toKana(const QString &text);

private:
    bool m_ready = false;
};
