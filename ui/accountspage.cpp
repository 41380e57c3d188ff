#include "accountspage.h"

#include "studiocontext.h"

AccountsPage::AccountsPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
}
