#include "captionsdialog.h"

#include "captions.h"
#include "generationservice.h"
#include "historypage.h"
#include "services.h"
#include "studiocontext.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QSettings>

namespace
{
const QString kDirKey = QStringLiteral("history/saveDir"); // where audio is saved too

struct Written
{
    QString error;
    int cues = 0;
};
}

QFileDialog *CaptionsDialog::open(QWidget *parent, StudioContext &context, const Generation &generation,
                                  const std::function<void(const QString &)> &report)
{
    const QString dir = QSettings().value(kDirKey, QDir::homePath()).toString();
    const QString srt = tr("SubRip subtitles (*.srt)");
    const QString vtt = tr("WebVTT subtitles (*.vtt)");
    auto *dialog = new QFileDialog(parent, tr("Save captions"), dir);
    dialog->setObjectName(QStringLiteral("captionsSaveDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setNameFilters({srt, vtt});
    dialog->selectNameFilter(srt);
    dialog->selectFile(HistoryPage::suggestedFileName(generation.inputText, QStringLiteral("srt")));
    // Choosing the other type changes the suffix of the name being typed.
    QObject::connect(dialog, &QFileDialog::filterSelected, dialog, [dialog, vtt](const QString &filter) {
        const QStringList chosen = dialog->selectedFiles();
        const QString ext = filter == vtt ? QStringLiteral("vtt") : QStringLiteral("srt");
        if (!chosen.isEmpty())
            dialog->selectFile(QFileInfo(chosen.first()).completeBaseName() + u'.' + ext);
    });
    QObject *guard = parent;
    QObject::connect(dialog, &QFileDialog::fileSelected, guard,
                     [guard, &context, dialog, generation, vtt, report](const QString &file) {
        QString format = QFileInfo(file).suffix().toLower();
        QString target = file;
        if (format != QLatin1String("srt") && format != QLatin1String("vtt")) {
            // No subtitle suffix typed: the chosen type decides, and names the file.
            format = dialog->selectedNameFilter() == vtt ? QStringLiteral("vtt") : QStringLiteral("srt");
            target += u'.' + format;
        }
        save(guard, context, generation, target, format, report);
    });
    dialog->open();
    return dialog;
}

void CaptionsDialog::save(QObject *guard, StudioContext &context, const Generation &generation, const QString &target,
                          const QString &format, const std::function<void(const QString &)> &report)
{
    QSettings().setValue(kDirKey, QFileInfo(target).absolutePath());
    const Captions::Format as = format == QLatin1String("vtt") ? Captions::Format::Vtt : Captions::Format::Srt;
    const GenerationService *gens = &context.services().generations();
    const QString id = generation.id;
    const QString text = generation.inputText;
    const QString shown = QDir::toNativeSeparators(target);
    report(tr("Saving %1…").arg(shown));
    // The timings file and the target are disk work: on a store thread.
    context.run(guard, [gens, id, text, target, as] {
        Written out;
        const std::optional<QList<WordTiming>> words = gens->readCaptions(id);
        if (!words) {
            out.error = tr("no word timings are stored for this generation");
            return out;
        }
        out.error = Captions::save(target, as, text, *words);
        out.cues = int(Captions::cues(text, *words).size());
        return out;
    }, [report, shown, format](const Written &out) {
        if (!out.error.isEmpty())
            report(tr("Could not save %1: %2").arg(shown, out.error));
        else
            report(tr("Saved captions %1 (%2, %n cue(s))", nullptr, out.cues).arg(shown, format.toUpper()));
    });
}
