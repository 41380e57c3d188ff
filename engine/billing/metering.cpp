#include "metering.h"

Metering DesktopMetering::of(Work work, bool meterDesktop)
{
    if (work == Work::Preview || !meterDesktop)
        return Metering::Unmetered;
    return Metering::Metered;
}
