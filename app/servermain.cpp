// tts-studio-server: the headless server and the command-line commands, without the
// studio window and without any Qt GUI library. It serves without being told
// --headless (accepted, for command lines written for tts-studio).
#include "launcher.h"

int main(int argc, char *argv[])
{
    return launch(argc, argv, nullptr);
}
