#pragma once

#include <QWidget>

class StudioContext;

// Accounts page (placeholder; being built).
class AccountsPage : public QWidget
{
    Q_OBJECT

public:
    explicit AccountsPage(StudioContext &context, QWidget *parent = nullptr);

private:
    StudioContext &m_context;
};
