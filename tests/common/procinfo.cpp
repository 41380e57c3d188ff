#include "procinfo.h"

#include <QDir>
#include <QFile>

#include <unistd.h>

namespace
{
// /proc/.../stat: "pid (comm) state ppid ...". comm may hold spaces and parentheses, so
// the fields are those after the last ')' (state is [0], ppid [1], utime, stime, cutime
// and cstime [11]-[14], policy [38]).
std::optional<ProcInfo::Stat> parseStat(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray s = f.readAll();
    const qsizetype open = s.indexOf('(');
    const qsizetype close = s.lastIndexOf(')');
    if (open < 0 || close < open)
        return std::nullopt;
    const QList<QByteArray> fields = s.mid(close + 2).trimmed().split(' ');
    if (fields.size() < 2 || fields.at(0).isEmpty())
        return std::nullopt;
    ProcInfo::Stat st;
    st.state = fields.at(0).at(0);
    st.parent = fields.at(1).toLongLong();
    st.comm = s.mid(open + 1, close - open - 1);
    st.policy = fields.size() > 38 ? fields.at(38).toInt() : -1;
    static const double ticksPerS = double(::sysconf(_SC_CLK_TCK));
    st.cpuS = (fields.value(11).toDouble() + fields.value(12).toDouble()) / ticksPerS;
    st.waitedChildrenCpuS = (fields.value(13).toDouble() + fields.value(14).toDouble()) / ticksPerS;
    return st;
}
}

std::optional<ProcInfo::Stat> ProcInfo::stat(qint64 pid)
{
    return parseStat(QStringLiteral("/proc/%1/stat").arg(pid));
}

bool ProcInfo::alive(qint64 pid)
{
    const auto st = stat(pid);
    return st && st->state != 'Z' && st->state != 'X';
}

QList<qint64> ProcInfo::children(qint64 pid)
{
    // Each thread's children file, a few small reads: tests call this while a process
    // they look for may be about to end. A kernel without them (CONFIG_PROC_CHILDREN)
    // gets the scan of every process.
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    QList<qint64> found;
    bool read = false;
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile f(tasks.filePath(tid + QStringLiteral("/children")));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        read = true;
        for (const QByteArray &child : f.readAll().split(' '))
            if (!child.trimmed().isEmpty())
                found << child.trimmed().toLongLong();
    }
    return read || !tasks.exists() ? found : tree().values(pid);
}

ProcInfo::Tree ProcInfo::tree()
{
    Tree children;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number)
            continue;
        if (const auto st = stat(pid))
            children.insert(st->parent, pid);
    }
    return children;
}

QList<qint64> ProcInfo::descendants(const Tree &tree, qint64 pid)
{
    QList<qint64> out = tree.values(pid);
    for (qsizetype i = 0; i < out.size(); ++i)
        out += tree.values(out.at(i));
    return out;
}

QList<qint64> ProcInfo::subtree(qint64 root)
{
    return QList<qint64>{root} + descendants(tree(), root);
}

QList<int> ProcInfo::threadPolicies(qint64 pid)
{
    QList<int> found;
    const QDir tasks(QStringLiteral("/proc/%1/task").arg(pid));
    for (const QString &tid : tasks.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        if (const auto st = parseStat(tasks.filePath(tid + QStringLiteral("/stat"))); st && st->policy >= 0)
            found << st->policy;
    return found;
}
