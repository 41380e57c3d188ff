#pragma once

#include "project.h"
#include "serviceerror.h"

#include <QString>

// A project on disk: one JSON file the user can move and reopen, and its audio cache in
// a folder beside it (NAME.ttsproject -> NAME.ttsproject.cache/), which moves with it.
namespace ProjectFile
{
inline constexpr char kSuffix[] = "ttsproject";

Result<Project> load(const QString &path);
// Written whole under a temporary name and renamed over the file (QSaveFile).
std::optional<ServiceError> save(const Project &project, const QString &path);
QString cacheDirOf(const QString &projectPath);
bool isProjectFile(const QString &path);
}
