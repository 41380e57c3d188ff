#pragma once

#include <functional>
#include <memory>

class Engine;
class QCoreApplication;
struct ServerSettings;

// What only the desktop program has: the studio window. The headless server passes
// none and so never links a GUI library.
struct WindowMode
{
    // The QApplication the window needs (argc by reference: Qt keeps it).
    std::function<std::unique_ptr<QCoreApplication>(int &argc, char *argv[])> makeApplication;
    // Translations installed, the window shown until it is closed; the exit code.
    std::function<int(QCoreApplication &app, Engine &engine, const ServerSettings &settings)> run;
};

// Both executables' main(): a command-line command (say, render, accounts, keys), the
// headless server, or, when window is given and a display exists, the studio window.
int launch(int argc, char *argv[], const WindowMode *window);
