#include "uitestenv.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QtTest>
#include <QSettings>
#include <QStandardPaths>

UiTestEnv::UiTestEnv()
    : UiTestEnv(Options{})
{
}

UiTestEnv::UiTestEnv(const Options &options)
    : m_dataDir(options.dataDir.isEmpty() ? m_dir.path() : options.dataDir)
{
    Engine::Options o;
    o.dataDir = m_dataDir;
    o.workers = 1;
    o.generationTtlSec = options.generationTtlSec;
    m_engine = std::make_unique<Engine>(o);
    m_error = m_engine->open();
    if (!m_error.isEmpty())
        return;
    m_engine->startRuntime();
    m_context = std::make_unique<StudioContext>(m_engine->services(), nullptr);
}

UiTestEnv::~UiTestEnv()
{
    // Store work still running would answer to a deleted context.
    m_engine->storePool()->waitForDone();
    QCoreApplication::processEvents();
    m_context.reset();
    if (m_error.isEmpty())
        m_engine->shutdown(2000);
}

qint64 UiTestEnv::createAccount(const QString &name, const QString &plan)
{
    const auto created = m_engine->accounts().create(name, plan);
    return created ? created->id : 0;
}

void isolateSettings()
{
    static QTemporaryDir dir;
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
}

namespace
{
qint64 stampMs(const QString &s, bool vtt, bool *ok)
{
    static const QRegularExpression srtStamp(QStringLiteral("^(\\d\\d):(\\d\\d):(\\d\\d),(\\d\\d\\d)$"));
    static const QRegularExpression vttStamp(QStringLiteral("^(\\d\\d):(\\d\\d):(\\d\\d)\\.(\\d\\d\\d)$"));
    const QRegularExpressionMatch m = (vtt ? vttStamp : srtStamp).match(s);
    *ok = m.hasMatch();
    if (!*ok)
        return 0;
    return ((m.captured(1).toLongLong() * 60 + m.captured(2).toLongLong()) * 60 + m.captured(3).toLongLong()) * 1000
           + m.captured(4).toLongLong();
}
}

QList<CaptionCue> readCaptionFile(const QString &path, QString *problem)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *problem = QStringLiteral("cannot open %1").arg(path);
        return {};
    }
    const bool vtt = path.endsWith(QLatin1String(".vtt"));
    QStringList blocks = QString::fromUtf8(file.readAll()).split(QStringLiteral("\n\n"), Qt::SkipEmptyParts);
    if (vtt && (blocks.isEmpty() || blocks.takeFirst() != QLatin1String("WEBVTT"))) {
        *problem = QStringLiteral("no WEBVTT header");
        return {};
    }
    QList<CaptionCue> cues;
    for (const QString &block : blocks) {
        QStringList lines = block.split(u'\n');
        if (lines.size() == 1 && lines.first().trimmed().isEmpty())
            continue;
        if (!vtt && lines.takeFirst() != QString::number(cues.size() + 1)) {
            *problem = QStringLiteral("cue %1 is not numbered %1: %2").arg(cues.size() + 1).arg(block);
            return {};
        }
        const QStringList times = lines.isEmpty() ? QStringList() : lines.takeFirst().split(QStringLiteral(" --> "));
        bool a = false, b = false;
        CaptionCue cue;
        if (times.size() == 2) {
            cue.startMs = stampMs(times.at(0), vtt, &a);
            cue.endMs = stampMs(times.at(1), vtt, &b);
        }
        if (!a || !b || cue.endMs < cue.startMs || lines.isEmpty()) {
            *problem = QStringLiteral("malformed cue: %1").arg(block);
            return {};
        }
        cue.lines = lines;
        cues.append(cue);
    }
    return cues;
}

QString cuesMatchWords(const QList<CaptionCue> &cues, const QString &text, const QList<WordTiming> &words)
{
    const QList<uint> ucs4 = text.toUcs4();
    auto wordText = [&](const WordTiming &w) {
        return QString::fromUcs4(reinterpret_cast<const char32_t *>(ucs4.constData() + w.charStart), w.charEnd - w.charStart);
    };
    auto ms = [](qint64 samples) { return qint64(std::llround(double(samples) / 24.0)); };
    qsizetype next = 0;
    for (qsizetype c = 0; c < cues.size(); ++c) {
        const QStringList cueWords = cues.at(c).lines.join(u' ').split(u' ', Qt::SkipEmptyParts);
        const qsizetype first = next;
        for (const QString &w : cueWords) {
            if (next >= words.size())
                return QStringLiteral("cue %1 has more words than the timings: %2").arg(c + 1).arg(w);
            if (wordText(words.at(next)) != w)
                return QStringLiteral("cue %1: word %2 is %3, the timings say %4").arg(c + 1).arg(next).arg(w, wordText(words.at(next)));
            ++next;
        }
        if (cueWords.isEmpty())
            return QStringLiteral("cue %1 is empty").arg(c + 1);
        if (cues.at(c).startMs != ms(words.at(first).startSample))
            return QStringLiteral("cue %1 starts at %2 ms, its first word at %3 ms").arg(c + 1).arg(cues.at(c).startMs).arg(ms(words.at(first).startSample));
        const qint64 end = qMax(words.at(next - 1).endSample, words.at(first).startSample);
        if (cues.at(c).endMs != ms(end))
            return QStringLiteral("cue %1 ends at %2 ms, its last word at %3 ms").arg(c + 1).arg(cues.at(c).endMs).arg(ms(end));
    }
    if (next != words.size())
        return QStringLiteral("%1 of %2 words are in the cues").arg(next).arg(words.size());
    return {};
}

void saveInFileDialog(QFileDialog *dialog, const QString &path, int typeIndex)
{
    if (typeIndex >= 0) {
        auto *types = dialog->findChild<QComboBox *>(QStringLiteral("fileTypeCombo"));
        QVERIFY(types);
        while (types->currentIndex() < typeIndex)
            QTest::keyClick(types, Qt::Key_Down);
        while (types->currentIndex() > typeIndex)
            QTest::keyClick(types, Qt::Key_Up);
    }
    QCOMPARE(dialog->directory().absolutePath(), QFileInfo(path).absolutePath());
    // The folder is listed in the background; typed names are matched against it.
    QTest::qWait(500);
    auto *edit = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
    QVERIFY(edit);
    edit->clear();
    QTest::keyClicks(edit, QFileInfo(path).fileName());
    auto *buttons = dialog->findChild<QDialogButtonBox *>(QStringLiteral("buttonBox"));
    QVERIFY(buttons && buttons->button(QDialogButtonBox::Save));
    QTRY_VERIFY2(buttons->button(QDialogButtonBox::Save)->isEnabled(), qPrintable(edit->text()));
    buttons->button(QDialogButtonBox::Save)->click();
}
