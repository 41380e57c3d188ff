#include "projectedits.h"

#include <QCoreApplication>

VoiceSettings &settingsAt(Project &project, SettingsScope scope)
{
    if (scope.chapter < 0)
        return project.settings;
    ProjectChapter &chapter = project.chapters[scope.chapter];
    return scope.block < 0 ? chapter.settings : chapter.blocks[scope.block].settings;
}

BlockTextEdit::BlockTextEdit(Project *project, BlockRef ref, QString before, QString after, Changed changed)
    : m_project(project)
    , m_ref(ref)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_changed(std::move(changed))
{
    setText(QCoreApplication::translate("ProjectPage", "Edit block %1").arg(ref.block + 1));
}

void BlockTextEdit::undo()
{
    m_project->chapters[m_ref.chapter].blocks[m_ref.block].text = m_before;
    m_changed(m_ref);
}

void BlockTextEdit::redo()
{
    m_project->chapters[m_ref.chapter].blocks[m_ref.block].text = m_after;
    m_changed(m_ref);
}

bool BlockTextEdit::mergeWith(const QUndoCommand *other)
{
    const auto *edit = static_cast<const BlockTextEdit *>(other);
    if (!(edit->m_ref == m_ref))
        return false;
    m_after = edit->m_after;
    return true;
}

SettingsEdit::SettingsEdit(Project *project, SettingsScope scope, VoiceSettings before, VoiceSettings after, Changed changed)
    : m_project(project)
    , m_scope(scope)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_changed(std::move(changed))
{
    setText(QCoreApplication::translate("ProjectPage", "Change settings"));
}

void SettingsEdit::undo()
{
    settingsAt(*m_project, m_scope) = m_before;
    m_changed(m_scope);
}

void SettingsEdit::redo()
{
    settingsAt(*m_project, m_scope) = m_after;
    m_changed(m_scope);
}

StructureEdit::StructureEdit(Project *project, QList<ProjectChapter> before, QList<ProjectChapter> after, const QString &text,
                             std::function<void()> changed)
    : m_project(project)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_changed(std::move(changed))
{
    setText(text);
}

void StructureEdit::undo()
{
    m_project->chapters = m_before;
    m_changed();
}

void StructureEdit::redo()
{
    m_project->chapters = m_after;
    m_changed();
}
