// FliteBackend: a streamed sentence frees what flite's vocoder no longer reads once its
// first chunk is out (a stream worker holds many paused); the audio must not change.

#include "flitebackend.h"
#include "synthesisparams.h"

#include <QtTest>

#include <vector>

class TestFliteBackend : public QObject
{
    Q_OBJECT

private slots:
    void streamedEqualsWhole_data();
    void streamedEqualsWhole();
};

void TestFliteBackend::streamedEqualsWhole_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("slt") << "slt" << "Outside, the sea was calm and grey, and a thin line of light was growing in the east.";
    QTest::newRow("rms") << "rms" << "He climbed the narrow stairs, counted the steps out of habit, and checked the lamp.";
    QTest::newRow("awb") << "awb" << "Nothing unusual, he noted, although the gulls were louder than yesterday.";
    QTest::newRow("kal16") << "kal16" << "The lighthouse keeper woke before dawn.";
}

// With word marks flite hands the sentence over whole, after synthesis (nothing freed on
// the way); without them it streams chunk by chunk.
void TestFliteBackend::streamedEqualsWhole()
{
    QFETCH(QString, voice);
    QFETCH(QString, sentence);
    FliteBackend flite;
    SynthesisParams params;
    params.backend = SpeechBackendKind::Flite;
    params.fliteVoice = voice;
    std::vector<qint16> streamed, whole;
    int chunks = 0;
    QCOMPARE(flite.speak(sentence, params, [&](const qint16 *s, int n) {
        streamed.insert(streamed.end(), s, s + n);
        ++chunks;
        return true;
    }), QString());
    int marks = 0;
    QCOMPARE(flite.speak(sentence, params, [&](const qint16 *s, int n) {
        whole.insert(whole.end(), s, s + n);
        return true;
    }, [&](const SpeechBackend::WordMark &) { ++marks; }), QString());
    QVERIFY(marks > 5);
    QVERIFY2(whole.size() > 16000, "less than a second of audio");
    if (voice != QLatin1String("kal16"))
        QVERIFY2(chunks > 10, "the sentence was not streamed");
    QCOMPARE(streamed.size(), whole.size());
    QVERIFY2(streamed == whole, "the streamed samples differ from the whole sentence's");
}

QTEST_GUILESS_MAIN(TestFliteBackend)
#include "tst_flitebackend.moc"
