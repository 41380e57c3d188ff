#pragma once

#include <QWidget>

class StudioContext;

// History page (placeholder; being built).
class HistoryPage : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryPage(StudioContext &context, QWidget *parent = nullptr);

private:
    StudioContext &m_context;
};
