#include "historymodel.h"

#include "audiodecoder.h"
#include "services.h"
#include "generationservice.h"
#include "pricing.h"
#include "studiocontext.h"
#include "studiolabels.h"
#include "timestamps.h"
#include "urlsigner.h"

#include <QBrush>
#include <QColor>
#include <QLocale>
#include <QSet>

#include <algorithm>

namespace
{
bool unfinished(const Generation &g)
{
    return g.status == GenerationStatus::InQueue || g.status == GenerationStatus::Generating;
}

// A day at most: QTimer takes int milliseconds, and a refresh now and then is harmless.
constexpr qint64 kMaxExpiryWaitMs = 24LL * 3600 * 1000;
}

HistoryModel::HistoryModel(StudioContext &context, QObject *parent)
    : QAbstractTableModel(parent)
    , m_context(context)
{
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(kCoalesceMs);
    connect(&m_coalesce, &QTimer::timeout, this, &HistoryModel::refresh);
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &HistoryModel::refresh);
    m_expiry.setSingleShot(true);
    connect(&m_expiry, &QTimer::timeout, this, &HistoryModel::refresh);
    // dataChanged fires for every status change of every generation (the API's too):
    // one read per burst is enough.
    connect(&m_context, &StudioContext::dataChanged, this, &HistoryModel::scheduleRefresh);
}

void HistoryModel::setAccount(qint64 accountId)
{
    m_accountId = accountId;
    load(LoadKind::Replace);
}

void HistoryModel::setStatusFilter(const QString &status)
{
    if (status == m_status)
        return;
    m_status = status;
    load(LoadKind::Replace);
}

void HistoryModel::setSearch(const QString &search)
{
    const QString trimmed = search.trimmed();
    if (trimmed == m_search)
        return;
    m_search = trimmed;
    load(LoadKind::Replace);
}

void HistoryModel::setIncludePreviews(bool include)
{
    if (include == m_includePreviews)
        return;
    m_includePreviews = include;
    load(LoadKind::Replace);
}

void HistoryModel::setSourceFilter(HistoryFilter::Source source)
{
    if (source == m_source)
        return;
    m_source = source;
    load(LoadKind::Replace);
}

void HistoryModel::refresh()
{
    load(LoadKind::Refresh);
}

void HistoryModel::scheduleRefresh()
{
    // Not restarted when already running: a steady stream of changes must not
    // postpone the refresh forever.
    if (!m_coalesce.isActive())
        m_coalesce.start();
}

bool HistoryModel::hasUnfinished() const
{
    return std::any_of(m_rows.cbegin(), m_rows.cend(), [](const Row &r) {
        return unfinished(r.generation) || std::any_of(r.blocks.cbegin(), r.blocks.cend(), unfinished);
    });
}

const HistoryModel::Row *HistoryModel::rowAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int HistoryModel::rowOf(const QString &generationId) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).generation.id == generationId)
            return i;
    return -1;
}

QString HistoryModel::statusOf(const QString &generationId) const
{
    const Row *r = rowAt(rowOf(generationId));
    if (!r)
        return {};
    return r->expired ? GenerationStatus::Expired : r->generation.status;
}

QString HistoryModel::snippet(const QString &text, int maxChars)
{
    const QString line = text.simplified();
    if (line.size() <= maxChars)
        return line;
    // Cut at the last space that keeps a word whole, unless that loses too much.
    QString cut = line.left(maxChars);
    const qsizetype space = cut.lastIndexOf(u' ');
    if (space > maxChars / 2)
        cut.truncate(space);
    while (!cut.isEmpty() && !cut.back().isLetterOrNumber())
        cut.chop(1);
    return cut + QStringLiteral("…");
}

QString HistoryModel::audioUrl(const QString &baseUrl, const Generation &g, qint64 expiresAtMs, const UrlSigner &signer)
{
    QString base = baseUrl;
    while (base.endsWith(u'/'))
        base.chop(1);
    const qint64 expires = expiresAtMs / 1000;
    return QStringLiteral("%1/v3/audio/%2.%3?expires=%4&sig=%5")
        .arg(base, g.id, g.audioFormat, QString::number(expires), signer.sign(g.id, expires));
}

void HistoryModel::load(LoadKind kind)
{
    if (kind == LoadKind::Replace) {
        ++m_serial;
        m_refreshPending = false;
        m_loading = false;
    }
    if (m_accountId == 0) {
        // Nothing to show or refresh until an account is chosen.
        if (kind == LoadKind::Replace) {
            beginResetModel();
            m_rows.clear();
            endResetModel();
            m_hasMore = false;
            afterLoad();
        }
        return;
    }
    if (m_loading) {
        // One read at a time; a refresh asked for meanwhile runs right after it.
        if (kind == LoadKind::Refresh)
            m_refreshPending = true;
        return;
    }
    const int offset = kind == LoadKind::Append ? generationCount() : 0;
    const int limit = kind == LoadKind::Refresh ? qMax(kPageSize, generationCount()) : kPageSize;
    const qint64 account = m_accountId;
    const HistoryFilter filter{m_status, m_search, m_includePreviews, m_source};
    const quint64 serial = m_serial;
    GenerationService *gens = &m_context.services().generations();
    m_loading = true;
    m_context.run(
        this,
        [gens, account, filter, limit, offset] {
            // One row more than shown tells whether there is more to fetch.
            QList<Row> rows;
            for (const Generation &g : gens->searchHistory(account, filter, limit + 1, offset))
                rows.append(Row{g, gens->expiresAtMs(g), gens->isExpired(g), GenerationService::isKept(g),
                                g.audioDeleted || g.audioPath.isEmpty() ? -1 : AudioDecoder::durationMs(g.audioPath, g.audioFormat), {}});
            return rows;
        },
        [this, kind, serial, limit](QList<Row> rows) {
            if (serial != m_serial)
                return;
            m_loading = false;
            m_hasMore = rows.size() > limit;
            if (m_hasMore)
                rows.resize(limit);
            rows = groupRenders(rows);
            if (kind == LoadKind::Append) {
                appendRows(rows);
            } else if (kind == LoadKind::Refresh) {
                applyRefresh(rows);
            } else {
                beginResetModel();
                m_rows = rows;
                endResetModel();
            }
            afterLoad();
        });
}

// Applies a re-read of the first rows with as little disturbance to the view as
// possible: status changes update cells in place and new generations are inserted on
// top, so selection and scroll position survive; anything else resets the model.
void HistoryModel::applyRefresh(QList<Row> rows)
{
    const int top = m_rows.isEmpty() ? int(rows.size()) : [&] {
        for (int i = 0; i < rows.size(); ++i)
            if (rows.at(i).generation.id == m_rows.first().generation.id)
                return i;
        return -1;
    }();
    bool aligned = top >= 0;
    const int kept = aligned ? qMin(int(rows.size()) - top, int(m_rows.size())) : 0;
    for (int i = 0; aligned && i < kept; ++i)
        aligned = rows.at(top + i).generation.id == m_rows.at(i).generation.id;
    if (!aligned) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    if (m_rows.size() > kept) {
        // Pushed below the loaded window by new rows on top; fetchMore brings them back.
        beginRemoveRows({}, kept, int(m_rows.size()) - 1);
        m_rows.erase(m_rows.begin() + kept, m_rows.end());
        endRemoveRows();
    }
    for (int i = 0; i < kept; ++i)
        m_rows[i] = rows.at(top + i);
    if (kept > 0)
        emit dataChanged(index(0, 0), index(kept - 1, ColumnCount - 1));
    if (top > 0) {
        beginInsertRows({}, 0, top - 1);
        m_rows = rows.mid(0, top) + m_rows;
        endInsertRows();
    }
    const int tail = int(rows.size()) - top - kept;
    if (tail > 0) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size()) + tail - 1);
        m_rows += rows.mid(top + kept);
        endInsertRows();
    }
}

void HistoryModel::appendRows(const QList<Row> &rows)
{
    // Offsets shift when generations are created meanwhile, so a page can repeat rows.
    QSet<QString> known;
    for (const Row &r : std::as_const(m_rows)) {
        known.insert(r.generation.id);
        for (const Generation &g : r.blocks)
            known.insert(g.id);
    }
    QList<Row> fresh;
    for (const Row &r : rows)
        if (!known.contains(r.generation.id))
            fresh.append(r);
    // A render cut by the end of the last page goes on in the first row of this one.
    if (!m_rows.isEmpty() && !fresh.isEmpty()) {
        const QList<Row> joined = groupRenders({m_rows.last(), fresh.first()});
        if (joined.size() == 1) {
            m_rows.last() = joined.first();
            fresh.removeFirst();
            emit dataChanged(index(int(m_rows.size()) - 1, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
        }
    }
    if (fresh.isEmpty())
        return;
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + fresh.size()) - 1);
    m_rows += fresh;
    endInsertRows();
}

void HistoryModel::afterLoad()
{
    // Status changes arrive through dataChanged; the poll is the safety net for
    // changes made by another process on the same store.
    if (hasUnfinished()) {
        if (!m_poll.isActive())
            m_poll.start();
    } else {
        m_poll.stop();
    }
    scheduleExpiry();
    emit loaded();
    if (m_refreshPending) {
        m_refreshPending = false;
        refresh();
    }
}

void HistoryModel::scheduleExpiry()
{
    qint64 next = 0;
    for (const Row &r : std::as_const(m_rows))
        if (!r.expired && !r.kept && (next == 0 || r.expiresAtMs < next))
            next = r.expiresAtMs;
    if (next == 0) {
        m_expiry.stop();
        return;
    }
    const qint64 wait = qBound<qint64>(0, next - Timestamps::nowMs() + 50, kMaxExpiryWaitMs);
    m_expiry.start(int(wait));
}

int HistoryModel::generationCount() const
{
    int n = 0;
    for (const Row &r : m_rows)
        n += r.isRender() ? int(r.blocks.size()) : 1;
    return n;
}

namespace
{
bool hasUnfinishedBlock(const HistoryModel::Row &row)
{
    return std::any_of(row.blocks.cbegin(), row.blocks.cend(), unfinished);
}

bool sameRender(const HistoryModel::Row &group, const HistoryModel::Row &next)
{
    const Generation &last = group.isRender() ? group.blocks.last() : group.generation;
    return last.apiVersion == ApiVersion::Project && next.generation.apiVersion == ApiVersion::Project
           && qAbs(last.createdAt - next.generation.createdAt) <= HistoryModel::kRenderGapMs;
}
}

QList<HistoryModel::Row> HistoryModel::groupRenders(const QList<Row> &rows)
{
    QList<Row> out;
    for (const Row &r : rows) {
        if (out.isEmpty() || !sameRender(out.last(), r)) {
            out.append(r);
            continue;
        }
        Row &group = out.last();
        if (!group.isRender())
            group.blocks = {group.generation};
        for (const Generation &g : r.isRender() ? r.blocks : QList<Generation>{r.generation})
            group.blocks.append(g);
        if (r.durationMs > 0)
            group.durationMs = qMax<qint64>(0, group.durationMs) + r.durationMs;
        group.expired = group.expired && r.expired;
    }
    return out;
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    const Row *row = index.isValid() ? rowAt(index.row()) : nullptr;
    if (!row)
        return {};
    const Generation &g = row->generation;
    const QString status = row->expired ? GenerationStatus::Expired : g.status;
    const bool completed = g.status == GenerationStatus::Completed;
    // Like the API's dollar_cost and method: known once charged (completed, or a stream
    // its client ended after audio was delivered).
    // The studio's own unmetered work was paid by no one: no cost, no method.
    const bool charged = (completed || g.charged) && g.source != PaymentSource::Unmetered;

    switch (role) {
    case IdRole:
        return g.id;
    case StatusRole:
        return status;
    case PlayableRole:
        // A render's blocks are heard and exported on the Projects page.
        return !row->isRender() && completed && !row->expired && !g.audioDeleted && !g.audioPath.isEmpty();
    case Qt::DisplayRole:
        if (row->isRender())
            return renderDisplay(*row, index.column());
        switch (index.column()) {
        case Source:
            return sourceLabel(g);
        case Duration:
            return durationLabel(row->durationMs);
        case Created:
            return StudioLabels::dateTime(g.createdAt);
        case Text:
            return snippet(g.inputText);
        case Status:
            return row->expired ? StudioLabels::status(status) : StudioLabels::status(g);
        case Voice:
            return g.voiceName.isEmpty() ? g.voiceId : g.voiceName;
        case Model:
            return StudioLabels::model(g.model);
        case Tokens:
            return QLocale().toString(g.tokens);
        case Cost:
            return charged ? StudioLabels::money(g.dollarCostMicros)
                             : QStringLiteral("—");
        case Method:
            if (g.source == PaymentSource::Unmetered)
                return tr("Free");
            if (!charged)
                return QStringLiteral("—");
            return g.source == PaymentSource::Wallet ? tr("Wallet") : tr("Credits");
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case Created:
            return tr("%1 (UTC)\nID: %2").arg(Timestamps::iso(g.createdAt), g.id);
        case Text:
            return snippet(g.inputText, 300);
        case Status:
            if (row->expired)
                return tr("Older than the generation lifetime: the audio is no longer available.");
            if (g.stopped)
                return StudioLabels::stopNote(g);
            if (g.status == GenerationStatus::Failed)
                return g.errorMessage.isEmpty() ? tr("Generation failed") : g.errorMessage;
            return {};
        case Voice:
            return g.voiceId;
        case Method:
            if (g.source == PaymentSource::Unmetered)
                return tr("Made in the studio, which does not meter its own speech");
            if (!charged)
                return {};
            return g.source == PaymentSource::Wallet ? tr("Paid from the wallet") : tr("Paid from the monthly credits");
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == Tokens || index.column() == Cost || index.column() == Duration)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case Qt::ForegroundRole:
        if (index.column() != Status)
            break;
        if (g.stopped && !row->expired)
            return QBrush(QColor(0xa0, 0x5a, 0x00)); // the user's choice: neither success green nor failure red
        if (status == GenerationStatus::Completed)
            return QBrush(QColor(0x1b, 0x7f, 0x3b));
        if (status == GenerationStatus::Failed)
            return QBrush(QColor(0xb0, 0x20, 0x20));
        if (status == GenerationStatus::Expired)
            return QBrush(QColor(0x80, 0x80, 0x80));
        return QBrush(QColor(0x1f, 0x5f, 0xb0));
    }
    return {};
}

QString HistoryModel::sourceLabel(const Generation &g)
{
    if (g.apiVersion == ApiVersion::Studio)
        return tr("Studio");
    if (g.apiVersion == ApiVersion::Project)
        return tr("Project");
    return tr("API");
}

QString HistoryModel::durationLabel(qint64 ms)
{
    if (ms < 0)
        return QStringLiteral("—");
    const qint64 s = (ms + 500) / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QChar(u'0'));
}

// One render's blocks as one row: their count and the first block's words, the
// statuses they have, their tokens, cost and length added up.
QVariant HistoryModel::renderDisplay(const Row &row, int column) const
{
    const Generation &first = row.blocks.last(); // the oldest: where the render began
    int made = 0;
    qint64 tokens = 0;
    qint64 micros = 0;
    for (const Generation &g : row.blocks) {
        made += g.status == GenerationStatus::Completed ? 1 : 0;
        tokens += g.tokens;
        micros += (g.status == GenerationStatus::Completed || g.charged) && g.source != PaymentSource::Unmetered ? g.dollarCostMicros : 0;
    }
    const int n = int(row.blocks.size());
    switch (column) {
    case Created:
        return StudioLabels::dateTime(first.createdAt);
    case Text:
        return tr("%n block(s) of a project: %1", nullptr, n).arg(snippet(first.inputText));
    case Source:
        return sourceLabel(first);
    case Duration:
        return durationLabel(row.durationMs);
    case Status:
        if (hasUnfinishedBlock(row))
            return StudioLabels::status(GenerationStatus::Generating);
        return made == n ? StudioLabels::status(GenerationStatus::Completed) : tr("%1 of %2 made").arg(made).arg(n);
    case Voice:
        return first.voiceName.isEmpty() ? first.voiceId : first.voiceName;
    case Model:
        return StudioLabels::model(first.model);
    case Tokens:
        return QLocale().toString(tokens);
    case Cost:
        return micros > 0 ? StudioLabels::money(micros) : QStringLiteral("—");
    case Method:
        return first.source == PaymentSource::Unmetered ? tr("Free") : QStringLiteral("—");
    }
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Created:
        return tr("Created");
    case Text:
        return tr("Text");
    case Source:
        return tr("Source");
    case Duration:
        return tr("Length");
    case Status:
        return tr("Status");
    case Voice:
        return tr("Voice");
    case Model:
        return tr("Model");
    case Tokens:
        return tr("Tokens");
    case Cost:
        return tr("Cost");
    case Method:
        return tr("Method");
    }
    return {};
}

bool HistoryModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_hasMore && !m_loading;
}

void HistoryModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent))
        load(LoadKind::Append);
}
