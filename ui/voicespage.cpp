#include "voicespage.h"

#include "studiocontext.h"

VoicesPage::VoicesPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
}
