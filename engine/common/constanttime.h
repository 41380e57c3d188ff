#pragma once

#include <QByteArray>

// Compares two byte strings in time that depends on their length only (keys, signatures).
bool constantTimeEquals(const QByteArray &a, const QByteArray &b);
