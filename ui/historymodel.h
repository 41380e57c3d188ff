#pragma once

#include "generationstore.h"
#include "records.h"

#include <QAbstractTableModel>
#include <QTimer>

class StudioContext;
class UrlSigner;

// The generations of one account, newest first, for the History page. The blocks one
// render of a project made (apiVersion "project", created one after another) are one
// row, not one each. Loads a page
// at a time (fetchMore) through StudioContext::run, filtered and searched by the store
// (not here: only loaded rows would be found), and keeps what it shows current: a
// change anywhere refreshes it (coalesced), unfinished rows are polled, and a row turns
// EXPIRED when its lifetime ends even if nothing else happens (the studio's own rows
// are kept until deleted and never do).
class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Created, Text, Source, Duration, Status, Voice, Model, Tokens, Cost, Method, ColumnCount };
    enum Role {
        IdRole = Qt::UserRole + 1, // generation id
        StatusRole,                // effective status: EXPIRED once the lifetime has passed
        PlayableRole,              // completed, not expired, audio still on disk
    };

    struct Row
    {
        Generation generation;
        qint64 expiresAtMs = 0;
        bool expired = false;
        bool kept = false; // made in the studio: kept until deleted, never expires
        qint64 durationMs = -1; // of its audio (-1: none, or unreadable)
        // A project render's blocks, newest first (generation is the first of them);
        // empty for a row of its own.
        QList<Generation> blocks;
        bool isRender() const { return !blocks.isEmpty(); }
    };

    static constexpr int kPageSize = 50;
    static constexpr int kCoalesceMs = 300;
    static constexpr int kPollMs = 2000;
    static constexpr int kSnippetChars = 160; // the view elides what its column cannot show
    // A render reserves its blocks one after another: rows of a project this close in
    // time are one render.
    static constexpr qint64 kRenderGapMs = 5000;

    explicit HistoryModel(StudioContext &context, QObject *parent = nullptr);

    // Each starts over from the first page.
    void setAccount(qint64 accountId);
    void setStatusFilter(const QString &status); // empty: all
    // Part of the text or of the voice name, in any letter case; empty: all.
    void setSearch(const QString &search);
    // Voice previews (Generation::preview) are left out unless asked for.
    void setIncludePreviews(bool include);
    void setSourceFilter(HistoryFilter::Source source);
    HistoryFilter::Source sourceFilter() const { return m_source; }
    qint64 account() const { return m_accountId; }
    QString statusFilter() const { return m_status; }
    QString search() const { return m_search; }
    bool includesPreviews() const { return m_includePreviews; }

    // Re-reads the loaded rows now; scheduleRefresh() coalesces bursts of changes.
    void refresh();
    void scheduleRefresh();
    bool isLoading() const { return m_loading; }
    // Whether any loaded row is still queued or generating (then it is polled).
    bool hasUnfinished() const;

    const Row *rowAt(int row) const;
    int rowOf(const QString &generationId) const;
    // The effective status of a loaded generation, or empty when it is not loaded.
    QString statusOf(const QString &generationId) const;

    // The signed download link the API would give for g (see server/v3json.cpp):
    // BASE/v3/audio/ID.EXT?expires=SEC&sig=HMAC.
    static QString audioUrl(const QString &baseUrl, const Generation &g, qint64 expiresAtMs, const UrlSigner &signer);
    // The first words of a text on one line, at most maxChars, with "…" when cut.
    static QString snippet(const QString &text, int maxChars = kSnippetChars);
    // Rows of one project render folded into one (newest first in, newest first out).
    static QList<Row> groupRenders(const QList<Row> &rows);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    // After every completed load (first page, refresh or more rows).
    void loaded();

private:
    enum class LoadKind { Replace, Refresh, Append };

    void load(LoadKind kind);
    void applyRefresh(QList<Row> rows);
    void appendRows(const QList<Row> &rows);
    void afterLoad();
    int generationCount() const; // loaded, a render's blocks each counted
    QVariant renderDisplay(const Row &row, int column) const;
    static QString sourceLabel(const Generation &g);
    static QString durationLabel(qint64 ms);
    void scheduleExpiry();

    StudioContext &m_context;
    QList<Row> m_rows;
    qint64 m_accountId = 0;
    QString m_status;
    QString m_search;
    bool m_includePreviews = false;
    HistoryFilter::Source m_source = HistoryFilter::Source::All;
    bool m_hasMore = false;
    bool m_loading = false;
    bool m_refreshPending = false;
    // Bumped when the account or filter changes, so late answers for the old view are dropped.
    quint64 m_serial = 0;
    QTimer m_coalesce;
    QTimer m_poll;
    QTimer m_expiry;
};
