#include "projectfile.h"

#include "importbudget.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

Result<Project> ProjectFile::load(const QString &path)
{
    // Read and parsed whole, so its size is checked first.
    if (auto tooLarge = ImportBudget::checkFileSize(path, ImportBudget::kMaxProjectFileBytes))
        return *tooLarge;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("cannot open %1: %2").arg(path, f.errorString()));
    const QByteArray bytes = f.read(ImportBudget::kMaxProjectFileBytes + 1);
    if (auto tooLarge = ImportBudget::checkProjectJson(bytes, path))
        return *tooLarge;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject())
        return ServiceError::make(ServiceError::Kind::InvalidInput,
                                  QStringLiteral("%1 is not a project file: %2").arg(path, parseError.errorString()));
    auto project = Project::fromJson(doc.object());
    if (!project)
        return ServiceError::make(project.error().kind, QStringLiteral("%1: %2").arg(path, project.error().detail));
    return project;
}

std::optional<ServiceError> ProjectFile::save(const Project &project, const QString &path)
{
    // Never a file that would not open again.
    if (const auto bad = project.checkSettings())
        return ServiceError::make(ServiceError::Kind::InvalidInput, QStringLiteral("%1: %2").arg(path, *bad));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
    f.write(QJsonDocument(project.toJson()).toJson(QJsonDocument::Indented));
    if (!f.commit())
        return ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
    return std::nullopt;
}

QString ProjectFile::cacheDirOf(const QString &projectPath)
{
    return QFileInfo(projectPath).absoluteFilePath() + QStringLiteral(".cache");
}

bool ProjectFile::isProjectFile(const QString &path)
{
    return QFileInfo(path).suffix().compare(QLatin1String(kSuffix), Qt::CaseInsensitive) == 0;
}
