#include "historypage.h"

#include "studiocontext.h"

HistoryPage::HistoryPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
}
