#pragma once

#include <QWidget>

class StudioContext;

// Voices page (placeholder; being built).
class VoicesPage : public QWidget
{
    Q_OBJECT

public:
    explicit VoicesPage(StudioContext &context, QWidget *parent = nullptr);

private:
    StudioContext &m_context;
};
