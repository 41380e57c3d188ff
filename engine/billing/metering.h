#pragma once

#include <QString>

// Whether a generation moves money. The API meters every request; the desktop studio is
// a local tool first (docs/api.md "The desktop studio is not metered"): its user's own
// speech, previews and projects are free unless the studio is set to meter them (a
// studio shared by several people, each billed to an account).
enum class Metering { Metered, Unmetered };

namespace DesktopMetering
{
// What the desktop user makes in the window.
enum class Work
{
    Speech,        // Generate's Speak
    Preview,       // a voice's sample (Voices), a lexicon word said (Pronunciations)
    ProjectRender, // a project's blocks
};

// A preview is always free (a sample of how something sounds, not work); the rest is
// metered only where the studio meters its desktop user.
Metering of(Work work, bool meterDesktop);
}

namespace PaymentSource
{
// Nothing paid, nothing moved, no ledger row (Metering::Unmetered): the desktop user's
// own work in a studio that does not meter it. Beside CREDITS_BALANCE and API_WALLET
// (records.h) in the generation's source.
inline const QString Unmetered = QStringLiteral("UNMETERED");
}
