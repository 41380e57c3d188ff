// Long texts in the Generate editor ("typing into ~9,000 characters is slow"): typing
// into a 9,000-character text in one paragraph (the worst case: Qt lays the whole
// paragraph out again on every key, ~20 ms a key on a busy 2-core machine) costs about
// what it costs in a bare QPlainTextEdit. Profiled (perf), the page's own work per key
// (the estimate line and the layout it touches) was ~3 % of it; this guards against page
// work per key that rivals Qt's layout (it fails at twice the bare editor's time).
// Interleaved rounds in one process keep the comparison fair on a busy machine.
#include "generatepage.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
qint64 typeKeys(QPlainTextEdit *editor, int keys)
{
    editor->setFocus();
    editor->moveCursor(QTextCursor::End);
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < keys; ++i) {
        QTest::keyClick(editor, i % 5 == 4 ? Qt::Key_Space : Qt::Key_A);
        QCoreApplication::processEvents(); // the repaint a user waits for
    }
    return t.elapsed();
}
}

class TestLongText : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(); }
    void typingCostsWhatTheEditorCosts();
    void openTextReadsTheFile();
};

// "Open text…" (and a dropped .txt) reads the file off the GUI thread into the editor.
void TestLongText::openTextReadsTheFile()
{
    UiTestEnv env;
    env.context().setAccountId(env.createAccount(QStringLiteral("sam")));
    GeneratePage page(env.context());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("chapter.txt"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    const QString text = QStringLiteral("Grüße aus Köln.\nA second line.");
    f.write(text.toUtf8());
    f.close();
    QSignalSpy loaded(&page, &GeneratePage::textFileLoaded);
    QVERIFY(page.loadTextFile(path));
    QVERIFY(loaded.wait(10000));
    QCOMPARE(loaded.first().first().toBool(), true);
    QCOMPARE(page.editor()->toPlainText(), text);
}

void TestLongText::typingCostsWhatTheEditorCosts()
{
    UiTestEnv env;
    env.context().setAccountId(env.createAccount(QStringLiteral("sam")));
    GeneratePage page(env.context());
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
    QPlainTextEdit bare;
    bare.resize(page.editor()->size());
    bare.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bare));

    QString text;
    while (text.size() < 9000)
        text += QStringLiteral("The quick brown fox jumps over the lazy dog near the river bank. ");
    page.editor()->setPlainText(text);
    bare.setPlainText(text);
    QCoreApplication::processEvents();
    QLabel *estimate = nullptr;
    for (QLabel *l : page.findChildren<QLabel *>())
        if (l->text().contains(QStringLiteral(" character")))
            estimate = l;
    QVERIFY(estimate);

    qint64 inPage = 0;
    qint64 inBare = 0;
    for (int round = 0; round < 5; ++round) {
        inPage += typeKeys(page.editor(), 20);
        inBare += typeKeys(&bare, 20);
    }
    qInfo("100 keys into 9,000 characters: %lld ms on the Generate page, %lld ms in a bare editor", inPage, inBare);
    QVERIFY2(inPage <= inBare * 2 + 200, qPrintable(QStringLiteral("%1 ms against %2 ms").arg(inPage).arg(inBare)));
    // The estimate still follows the text (a count as the locale writes it: "9,120").
    QTRY_VERIFY(estimate->text().startsWith(QLocale().toString(page.editor()->toPlainText().size()) + u' '));
}

QTEST_MAIN(TestLongText)
#include "tst_ui_longtext.moc"
