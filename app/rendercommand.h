#pragma once

#include <QStringList>

// `tts-studio render FILE -o OUT.mp3|OUT.wav ...`: a project file or a document (.txt,
// .md, .epub) rendered in worker processes and exported, without a display or a server.
int runRenderCommand(const QStringList &arguments);
