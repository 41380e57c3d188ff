#pragma once

#include "project.h"

#include <QUndoCommand>

#include <functional>

// Edits of a project that the editor's undo/redo (Ctrl+Z, Ctrl+Shift+Z) takes back.
// Each command changes the project it is given and then calls changed(), so the page
// updates its view and schedules the autosave the same way for do, undo and redo.

// Where settings live: the project's (chapter -1), a chapter's (block -1) or a block's.
struct SettingsScope
{
    int chapter = -1;
    int block = -1;
    bool operator==(const SettingsScope &o) const { return chapter == o.chapter && block == o.block; }
};

VoiceSettings &settingsAt(Project &project, SettingsScope scope);

class BlockTextEdit : public QUndoCommand
{
public:
    using Changed = std::function<void(BlockRef)>;
    BlockTextEdit(Project *project, BlockRef ref, QString before, QString after, Changed changed);

    void undo() override;
    void redo() override;
    int id() const override { return 1; }
    // Typing into the same block makes one step, not one per key.
    bool mergeWith(const QUndoCommand *other) override;

private:
    Project *m_project;
    BlockRef m_ref;
    QString m_before;
    QString m_after;
    Changed m_changed;
};

class SettingsEdit : public QUndoCommand
{
public:
    using Changed = std::function<void(SettingsScope)>;
    SettingsEdit(Project *project, SettingsScope scope, VoiceSettings before, VoiceSettings after, Changed changed);

    void undo() override;
    void redo() override;

private:
    Project *m_project;
    SettingsScope m_scope;
    VoiceSettings m_before;
    VoiceSettings m_after;
    Changed m_changed;
};

// A change of the project's structure (a block added or removed): the chapters before
// and after, whole (cheap next to the audio; structure edits are rare).
class StructureEdit : public QUndoCommand
{
public:
    StructureEdit(Project *project, QList<ProjectChapter> before, QList<ProjectChapter> after, const QString &text,
                  std::function<void()> changed);

    void undo() override;
    void redo() override;

private:
    Project *m_project;
    QList<ProjectChapter> m_before;
    QList<ProjectChapter> m_after;
    std::function<void()> m_changed;
};
