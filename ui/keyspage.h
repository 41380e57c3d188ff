#pragma once

#include <QWidget>

class StudioContext;

// Keys page (placeholder; being built).
class KeysPage : public QWidget
{
    Q_OBJECT

public:
    explicit KeysPage(StudioContext &context, QWidget *parent = nullptr);

private:
    StudioContext &m_context;
};
