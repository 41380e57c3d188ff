// The History page: a generation made on the Generate page, and one made through
// the service as the API would, show up and reach COMPLETED without anyone asking;
// the status filter, paging (fetchMore) and the audio actions work; the signed link
// helper makes links the server accepts.

#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "pricing.h"
#include "studiolabels.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QUrlQuery>
#include <QtTest>

class TestHistoryPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void noAccountShowsNothing();
    void generatedInStudioReachesCompleted();
    void apiGenerationUpdatesLive();
    void statusFilter();
    void signedAudioUrl();
    void playsMp3();
    void pagingLoadsMore();
    void cleanupTestCase();

private:
    Generation createDirect(const QString &text, const QString &format = QStringLiteral("wav"));

    std::unique_ptr<UiTestEnv> m_env;
    qint64 m_account = 0;
    QString m_studioId;
};

void TestHistoryPage::initTestCase()
{
    isolateSettings();
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
}

void TestHistoryPage::noAccountShowsNothing()
{
    HistoryPage page(m_env->context());
    page.show();
    QTest::qWait(100);
    QCOMPARE(page.model()->rowCount(), 0);
    QVERIFY(!page.copyUrlButton()->isEnabled());
}

void TestHistoryPage::generatedInStudioReachesCompleted()
{
    m_account = m_env->createAccount(QStringLiteral("alice"));
    QVERIFY(m_account);
    m_env->context().setAccountId(m_account);
    m_env->context().setMeterDesktop(true); // a shared studio: its speech is paid for

    GeneratePage generate(m_env->context());
    HistoryPage history(m_env->context());
    history.show();
    QTRY_VERIFY_WITH_TIMEOUT(generate.voiceBox()->count() > 0, 10000);
    const QString text = QStringLiteral("Hello from the history page test.");
    generate.editor()->setPlainText(text);
    generate.speak();
    QTRY_VERIFY_WITH_TIMEOUT(!generate.lastGenerationId().isEmpty(), 30000);
    m_studioId = generate.lastGenerationId();

    HistoryModel *model = history.model();
    QTRY_VERIFY_WITH_TIMEOUT(model->rowOf(m_studioId) >= 0, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(model->statusOf(m_studioId), GenerationStatus::Completed, 90000);

    const int row = model->rowOf(m_studioId);
    const auto cell = [&](int column) { return model->index(row, column).data().toString(); };
    QCOMPARE(cell(HistoryModel::Status), QStringLiteral("Completed"));
    QCOMPARE(cell(HistoryModel::Text), text); // short enough to show whole
    QCOMPARE(cell(HistoryModel::Tokens), QLocale().toString(Pricing::tokens(text)));
    QCOMPARE(cell(HistoryModel::Model), QStringLiteral("Base"));
    QCOMPARE(cell(HistoryModel::Method), QStringLiteral("Credits"));
    const qint64 micros = m_env->engine().generations().pricing().micros(QStringLiteral("base"), Pricing::tokens(text));
    QCOMPARE(cell(HistoryModel::Cost), StudioLabels::money(micros)); // the studio's one money format
    QVERIFY(!cell(HistoryModel::Voice).isEmpty());
    QVERIFY(model->index(row, 0).data(HistoryModel::PlayableRole).toBool());

    // Selecting it enables the audio actions; without an API server there is no link to copy.
    QVERIFY(history.selectGeneration(m_studioId));
    QCOMPARE(history.selectedId(), m_studioId);
    const auto button = [&](const QString &text) {
        for (QPushButton *b : history.findChildren<QPushButton *>())
            if (b->text() == text)
                return b;
        return static_cast<QPushButton *>(nullptr);
    };
    QVERIFY(button(QStringLiteral("Play"))->isEnabled());
    QVERIFY(button(QStringLiteral("Save as…"))->isEnabled());
    QVERIFY(!history.copyUrlButton()->isEnabled());
    QVERIFY(history.selectedAudioUrl().isEmpty());
    // Playing reads the file off the GUI thread; without an audio device it says so.
    history.playSelected();
    QTest::qWait(300);
    history.stopPlaying();
}

Generation TestHistoryPage::createDirect(const QString &text, const QString &format)
{
    CreateGeneration request;
    request.speech.text = text;
    request.voiceId = QStringLiteral("af_sarah");
    request.audioFormat = format;
    const auto created = m_env->engine().generations().create(m_env->context().auth(), request);
    if (!created)
        qWarning() << "create failed:" << created.error().detail;
    return created ? created->generation : Generation{};
}

void TestHistoryPage::apiGenerationUpdatesLive()
{
    HistoryPage history(m_env->context());
    history.show();
    QTRY_VERIFY(history.model()->rowOf(m_studioId) >= 0);
    // Made behind the page's back, as the API does: the page hears of it by itself.
    const Generation g = createDirect(QStringLiteral("Queued through the service."));
    QVERIFY(!g.id.isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(history.model()->rowOf(g.id) == 0, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(history.model()->statusOf(g.id), GenerationStatus::Completed, 90000);
    QCOMPARE(history.model()->rowCount(), 2);
    QVERIFY(!history.model()->hasUnfinished());
}

void TestHistoryPage::statusFilter()
{
    HistoryPage history(m_env->context());
    history.show();
    QTRY_COMPARE(history.model()->rowCount(), 2);
    QComboBox *filter = history.statusFilterBox();
    const QStringList items = [&] {
        QStringList out;
        for (int i = 0; i < filter->count(); ++i)
            out << filter->itemText(i);
        return out;
    }();
    QCOMPARE(items, (QStringList{"All", "Queued", "Generating", "Completed", "Failed", "Expired"}));

    filter->setCurrentIndex(filter->findData(GenerationStatus::Failed));
    QTRY_COMPARE(history.model()->statusFilter(), GenerationStatus::Failed);
    QTRY_VERIFY(!history.model()->isLoading());
    QCOMPARE(history.model()->rowCount(), 0);
    filter->setCurrentIndex(filter->findData(GenerationStatus::Completed));
    QTRY_COMPARE(history.model()->rowCount(), 2);
    filter->setCurrentIndex(0);
    QTRY_COMPARE(history.model()->rowCount(), 2);
}

void TestHistoryPage::signedAudioUrl()
{
    const auto g = m_env->engine().generations().get(m_account, m_studioId);
    QVERIFY(g);
    const qint64 expiresAtMs = m_env->engine().generations().expiresAtMs(*g);
    const QString url = HistoryModel::audioUrl(QStringLiteral("http://127.0.0.1:8722/"), *g, expiresAtMs,
                                               m_env->engine().urlSigner());
    const QUrl parsed(url);
    QCOMPARE(parsed.path(), QStringLiteral("/v3/audio/%1.wav").arg(m_studioId));
    QCOMPARE(parsed.host(), QStringLiteral("127.0.0.1"));
    const QUrlQuery query(parsed);
    const qint64 expires = query.queryItemValue(QStringLiteral("expires")).toLongLong();
    QCOMPARE(expires, expiresAtMs / 1000);
    QVERIFY(m_env->engine().urlSigner().verify(m_studioId, expires, query.queryItemValue(QStringLiteral("sig"))));
    QVERIFY(!m_env->engine().urlSigner().verify(m_studioId, expires + 1, query.queryItemValue(QStringLiteral("sig"))));
}

// MP3 goes through QMediaPlayer (WAV through AudioPlayer); neither may hang or crash
// the page, with or without an audio device.
void TestHistoryPage::playsMp3()
{
    HistoryPage history(m_env->context());
    history.show();
    const Generation g = createDirect(QStringLiteral("An MP3 to play."), QStringLiteral("mp3"));
    QVERIFY(!g.id.isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(history.model()->statusOf(g.id), GenerationStatus::Completed, 90000);
    // The status line says what happened: playing (with the decoded length), or no
    // audio device; never a file it could not decode.
    const auto statusLine = [&history] {
        for (QLabel *label : history.findChildren<QLabel *>())
            if (label->text().startsWith(QStringLiteral("Playing")) || label->text().startsWith(QStringLiteral("Cannot play"))
                || label->text().contains(QStringLiteral("audio")))
                return label->text();
        return QString();
    };
    for (const QString &id : {g.id, m_studioId}) {
        QVERIFY(history.selectGeneration(id));
        history.playSelected();
        QTRY_VERIFY(!statusLine().isEmpty() && !statusLine().startsWith(QStringLiteral("Loading")));
        QVERIFY2(!statusLine().startsWith(QStringLiteral("Cannot play")), qPrintable(statusLine()));
        // With an audio device (e.g. tests/playback/with-pulse.sh) it says how long the decoded audio is.
        static const QRegularExpression playing(QStringLiteral("^Playing “.+” \\(([0-9.]+) s\\)$"));
        const QRegularExpressionMatch m = playing.match(statusLine());
        if (m.hasMatch())
            QVERIFY2(m.captured(1).toDouble() > 0.5, qPrintable(statusLine()));
        QTest::qWait(300);
        history.stopPlaying();
    }
}

void TestHistoryPage::pagingLoadsMore()
{
    // More than a page: the view shows the first and fetches the rest on demand.
    const int extra = HistoryModel::kPageSize + 3;
    QStringList ids;
    for (int i = 0; i < extra; ++i) {
        const Generation g = createDirect(QStringLiteral("Row %1.").arg(i));
        QVERIFY(!g.id.isEmpty());
        ids << g.id;
    }
    HistoryModel model(m_env->context());
    model.setAccount(m_account);
    QTRY_COMPARE(model.rowCount(), HistoryModel::kPageSize);
    QCOMPARE(model.index(0, 0).data(HistoryModel::IdRole).toString(), ids.last());
    QTRY_VERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QTRY_COMPARE(model.rowCount(), extra + 3);
    QVERIFY(!model.canFetchMore({}));
    // Unfinished rows are kept current without anyone asking (dataChanged, then the poll).
    for (const QString &id : ids)
        m_env->engine().generations().cancel(m_account, id);
    QTRY_VERIFY_WITH_TIMEOUT(!model.hasUnfinished(), 10000);
    QCOMPARE(model.rowCount(), extra + 3);
}

void TestHistoryPage::cleanupTestCase()
{
    m_env.reset();
}

QTEST_MAIN(TestHistoryPage)
#include "tst_ui_history.moc"
