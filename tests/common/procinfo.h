#pragma once

#include <QByteArray>
#include <QList>
#include <QMultiHash>

#include <optional>

// What the tests and benches read of other processes in /proc: their parent, state, name,
// CPU time and threads' scheduling policies, and who started whom. Read at the moment of the call; a process
// that is gone reads as nothing.
namespace ProcInfo
{
struct Stat
{
    char state = 0; // R, S, D, Z (a zombie: ended, not yet waited for), ...
    qint64 parent = 0;
    QByteArray comm; // the name the kernel keeps, at most 15 bytes
    int policy = -1; // SCHED_OTHER, SCHED_BATCH, ... of its main thread
    double cpuS = 0; // its own CPU seconds (user + system)
    double waitedChildrenCpuS = 0; // its children's that it has waited for
};

std::optional<Stat> stat(qint64 pid);
// Running or sleeping: neither gone nor a zombie.
bool alive(qint64 pid);
// Every process whose parent is pid (started by any of its threads), zombies included.
QList<qint64> children(qint64 pid);
// pid -> its children, for every process there is, from one pass over /proc (a pass per
// level of a tree would take tens of milliseconds with hundreds of processes alive).
using Tree = QMultiHash<qint64, qint64>;
Tree tree();
// Everything below pid in tree: its children, theirs, and so on.
QList<qint64> descendants(const Tree &tree, qint64 pid);
// root, then everything it started, and what those started, and so on.
QList<qint64> subtree(qint64 root);
// The scheduling policy of each of pid's threads.
QList<int> threadPolicies(qint64 pid);
}
