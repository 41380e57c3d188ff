// tts-studio: the desktop program. The studio window with its embedded server, the
// headless server (--headless, or no display) and the command-line commands.
#include "guimode.h"
#include "launcher.h"

int main(int argc, char *argv[])
{
    const WindowMode window = studioWindow();
    return launch(argc, argv, &window);
}
