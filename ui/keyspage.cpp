#include "keyspage.h"

#include "studiocontext.h"

KeysPage::KeysPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
}
