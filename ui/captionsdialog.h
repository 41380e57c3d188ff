#pragma once

#include "records.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

class QFileDialog;
class QWidget;
class StudioContext;

// "Save captions" of Generate and History: asks where (SubRip or WebVTT, the name from
// the text), then reads the generation's word timings and writes the subtitle file off
// the GUI thread (the cues are the engine's, engine/speech/captions.*). report() gets
// the line to show: saved, or why not.
class CaptionsDialog
{
    Q_DECLARE_TR_FUNCTIONS(CaptionsDialog)

public:
    static QFileDialog *open(QWidget *parent, StudioContext &context, const Generation &generation,
                             const std::function<void(const QString &)> &report);
    // The save itself, once the file and format are chosen ("srt" or "vtt").
    static void save(QObject *guard, StudioContext &context, const Generation &generation, const QString &target,
                     const QString &format, const std::function<void(const QString &)> &report);
};
