// A live stream that follows its listener's playhead (LiveStream::followPlayhead, the
// studio's Speak), with a clock for a listener instead of a player: synthesis stays
// within StreamTask::kPacedLeadSamples and one sentence of what was heard, and stop()
// keeps the audio through the end of the sentence being heard — the file exactly that,
// the captions cut with it — and bills that sentence's text and the ones before it.
#include "audiodecoder.h"
#include "functionsink.h"
#include "keptsentences.h"
#include "livestream.h"
#include "localengine.h"
#include "streamtask.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QtTest>

#include <memory>

namespace
{
constexpr qint64 kRate = 24000;
}

class TestStreamPaced : public QObject
{
    Q_OBJECT

private slots:
    void stopKeepsTheSentenceHeard_data();
    void stopKeepsTheSentenceHeard();
};

void TestStreamPaced::stopKeepsTheSentenceHeard_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<qint64>("stopAtMs"); // of audio heard
    QTest::newRow("flite slt, 3 s") << QStringLiteral("af_sarah") << qint64(3000);
    QTest::newRow("flite slt, at the first audio") << QStringLiteral("af_sarah") << qint64(0);
    QTest::newRow("flite kal16, 5 s") << QStringLiteral("am_adam") << qint64(5000);
}

void TestStreamPaced::stopKeepsTheSentenceHeard()
{
    QFETCH(QString, voice);
    QFETCH(qint64, stopAtMs);
    LocalEngine local(QStringLiteral("listener"));
    QVERIFY(local.isReady());
    Engine &engine = local.engine();
    CreateGeneration req = LocalEngine::request(KeptSentences::text(3000));
    req.voiceId = voice;
    req.timestamps = true;

    // The listener: hears in real time from the first audio, never more than it was given.
    FunctionSink sink;
    auto live = std::make_unique<LiveStream>(engine.live(), sink, QStringLiteral("Stopped in the studio"));
    live->followPlayhead();
    qint64 received = 0;
    qint64 heard = 0;
    qint64 maxAhead = 0;
    QElapsedTimer clock;
    std::optional<LiveStream::Outcome> outcome;
    sink.audio = [&](const QByteArray &bytes) {
        if (!clock.isValid())
            clock.start();
        received += bytes.size() / 4;
        live->acknowledge(bytes.size());
    };
    sink.ended = [&](const LiveStream::Outcome &out) { outcome = out; };
    QTimer listener;
    listener.setInterval(20);
    connect(&listener, &QTimer::timeout, this, [&] {
        if (!clock.isValid() || outcome)
            return;
        heard = qMin(received, clock.elapsed() * kRate / 1000);
        maxAhead = qMax(maxAhead, received - heard);
        live->heard(heard);
        if (heard >= stopAtMs * kRate / 1000) {
            listener.stop();
            live->stop();
        }
    });
    listener.start();
    live->start(local.auth(), req);
    QVERIFY(QTest::qWaitFor([&] { return outcome.has_value(); }, 60000));
    QCOMPARE(outcome->kind, LiveStream::Outcome::Kind::Stopped);

    const Generation g = outcome->generation;
    QCOMPARE(g.status, GenerationStatus::Completed);
    const AudioDecoder::Decoded audio = AudioDecoder::decodeFile(engine.generations().audioPathFor(g.id, g.audioFormat), g.audioFormat);
    QVERIFY(audio.ok());
    const qint64 kept = audio.float32.size() / 4;
    QCOMPARE(kept, outcome->keptSamples);
    const QList<WordTiming> words = engine.generations().readCaptions(g.id).value_or(QList<WordTiming>{});
    QVERIFY(!words.isEmpty());
    const qint64 sentences = KeptSentences::count(words);
    QVERIFY(sentences > 0);
    const qint64 sentenceSamples = kept / sentences;
    qInfo("stopped %.1f s in: kept %.1f s (%lld sentences), at most %.1f s made ahead; billed %lld of %lld tokens",
          double(heard) / kRate, double(kept) / kRate, sentences, double(maxAhead) / kRate, g.billedTokens, g.tokens);
    QVERIFY(kept >= heard);
    QVERIFY(kept - heard <= sentenceSamples + kRate);
    // The lead, the sentence begun just under it, and the quarter second heard() is batched by.
    QVERIFY(maxAhead <= StreamTask::kPacedLeadSamples + sentenceSamples + kRate / 2);
    for (const WordTiming &w : words)
        QVERIFY(w.endSample <= kept);
    QVERIFY2(qAbs(g.billedTokens - sentences * KeptSentences::sentenceLength()) <= 1, qPrintable(QString::number(g.billedTokens)));
}

QTEST_MAIN(TestStreamPaced)
#include "tst_pacedstream.moc"
