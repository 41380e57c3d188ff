// History without stale state: the player shows the audio of the generation selected,
// never the one selected before; who made a generation (the studio, a project's render,
// the API) is a column and a filter, with how long its audio plays; the blocks of one
// project render are one row, not one each.
#include "audiodecoder.h"
#include "historymodel.h"
#include "historypage.h"
#include "playerbar.h"
#include "audioplayer.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTranslator>
#include <QtTest>

class TestHistorySources : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void playerFollowsTheSelection();
    void sourceColumnAndFilter_data();
    void sourceColumnAndFilter();
    void aRenderIsOneRow();
    void cleanupTestCase() { m_env.reset(); }

private:
    Generation create(const QString &text, const QString &apiVersion);
    QStringList columnTexts(HistoryPage &page, int column) const;

    std::unique_ptr<UiTestEnv> m_env;
    QTranslator m_english; // the plurals as the studio shows them ("3 blocks")
    QStringList m_studio; // two texts of different lengths
    QString m_api;
    QStringList m_render;
};

void TestHistorySources::initTestCase()
{
    isolateSettings();
    QVERIFY(m_english.load(QStringLiteral(TTS_QM_DIR "/tts-studio_en.qm")));
    QCoreApplication::installTranslator(&m_english);
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
    m_env->context().setAccountId(m_env->createAccount(QStringLiteral("ana")));
    // Made in this order, so the newest (first row) is the API's.
    for (const QString &text : {QStringLiteral("A short one."),
                                QStringLiteral("A much longer sentence, spoken for several seconds, so that its waveform "
                                               "and its length cannot be mistaken for the short one's.")})
        m_studio << create(text, ApiVersion::Studio).id;
    for (int i = 1; i <= 3; ++i)
        m_render << create(QStringLiteral("Block %1 of the book.").arg(i), ApiVersion::Project).id;
    m_api = create(QStringLiteral("Through the API."), QStringLiteral("v3")).id;
    for (const QString &id : m_studio + m_render + QStringList{m_api})
        QTRY_COMPARE_WITH_TIMEOUT(m_env->engine().generations().get(m_env->context().accountId(), id)->status,
                                  GenerationStatus::Completed, 90000);
}

Generation TestHistorySources::create(const QString &text, const QString &apiVersion)
{
    CreateGeneration request;
    request.speech.text = text;
    request.voiceId = QStringLiteral("af_sarah");
    request.apiVersion = apiVersion;
    const auto created = m_env->engine().generations().create(m_env->context().auth(), request);
    if (!created)
        qWarning() << "create failed:" << created.error().detail;
    return created ? created->generation : Generation{};
}

QStringList TestHistorySources::columnTexts(HistoryPage &page, int column) const
{
    QStringList texts;
    for (int row = 0; row < page.model()->rowCount(); ++row)
        texts << page.model()->index(row, column).data().toString();
    return texts;
}

void TestHistorySources::playerFollowsTheSelection()
{
    HistoryPage page(m_env->context());
    page.resize(1000, 700);
    page.show();
    QTRY_VERIFY(page.model()->rowOf(m_studio.last()) >= 0);
    const auto audioOf = [this](const QString &id) {
        const Generation g = *m_env->engine().generations().get(m_env->context().accountId(), id);
        return AudioDecoder::decodeFile(g.audioPath, g.audioFormat).float32;
    };
    for (const QString &id : {m_studio.first(), m_studio.last(), m_studio.first()}) {
        QVERIFY(page.selectGeneration(id));
        QTRY_COMPARE(page.playerBar()->player()->clip(), audioOf(id));
    }
    // A render's blocks are heard on the Projects page: nothing of the last one stays.
    QVERIFY(page.selectGeneration(m_render.last()));
    QTRY_VERIFY(!page.playerBar()->player()->hasAudio());
}

void TestHistorySources::sourceColumnAndFilter_data()
{
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QStringList>("sources");

    QTest::newRow("all") << "All sources" << QStringList{"API", "Project", "Studio", "Studio"};
    QTest::newRow("studio") << "Studio" << QStringList{"Studio", "Studio"};
    QTest::newRow("projects") << "Projects" << QStringList{"Project"};
    QTest::newRow("API") << "API" << QStringList{"API"};
}

void TestHistorySources::sourceColumnAndFilter()
{
    QFETCH(QString, filter);
    QFETCH(QStringList, sources);
    HistoryPage page(m_env->context());
    page.show();
    QTRY_VERIFY(page.model()->rowCount() > 0);
    page.sourceFilterBox()->setCurrentText(filter);
    QCOMPARE(page.sourceFilterBox()->currentText(), filter);
    QTRY_COMPARE(columnTexts(page, HistoryModel::Source), sources);
    // Every generation here has audio: its length reads m:ss, the long sentence longer.
    static const QRegularExpression clock(QStringLiteral("^\\d+:\\d\\d$"));
    for (const QString &length : columnTexts(page, HistoryModel::Duration))
        QVERIFY2(clock.match(length).hasMatch(), qPrintable(length));
}

void TestHistorySources::aRenderIsOneRow()
{
    HistoryPage page(m_env->context());
    page.show();
    QTRY_COMPARE(page.model()->rowCount(), 4);
    const int row = page.model()->rowOf(m_render.last());
    QVERIFY(row >= 0);
    QCOMPARE(page.model()->index(row, HistoryModel::Text).data().toString(),
             QStringLiteral("3 blocks of a project: Block 1 of the book."));
    QCOMPARE(page.model()->index(row, HistoryModel::Status).data().toString(), QStringLiteral("Completed"));
    // Its length is its blocks' together.
    const auto seconds = [&page](int r) {
        const QStringList mss = page.model()->index(r, HistoryModel::Duration).data().toString().split(u':');
        return mss.value(0).toInt() * 60 + mss.value(1).toInt();
    };
    const int shortRow = page.model()->rowOf(m_studio.first());
    const int longRow = page.model()->rowOf(m_studio.last());
    QVERIFY2(seconds(longRow) > seconds(shortRow), qPrintable(QStringLiteral("%1 vs %2").arg(seconds(longRow)).arg(seconds(shortRow))));
    QVERIFY(seconds(row) >= 3);
    QVERIFY(page.selectGeneration(m_render.last()));
    QVERIFY2(page.detailsLabel()->text().contains(QStringLiteral("3 blocks")), qPrintable(page.detailsLabel()->text()));
    QVERIFY(!page.deleteButton()->isEnabled());
}

QTEST_MAIN(TestHistorySources)
#include "tst_ui_history_sources.moc"
