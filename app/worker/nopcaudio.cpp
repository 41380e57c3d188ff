// libpcaudio's entry points, for the statically linked tts-espeak-zygote only.
//
// espeak-ng's archive refers to libpcaudio for AUDIO_OUTPUT_PLAYBACK, its own playback to a
// sound device. The zygote initializes espeak-ng with AUDIO_OUTPUT_SYNCHRONOUS and takes the
// samples from its callback, so none of these is ever called. libpcaudio has no archive,
// and its shared library brings PulseAudio, ALSA and X11 (the mappings this program
// exists to avoid). Should espeak-ng ever ask, there is no device.
#include <cstddef>
#include <cstdint>

struct audio_object;

extern "C" {
audio_object *create_audio_device_object(const char *, const char *, const char *)
{
    return nullptr;
}

int audio_object_open(audio_object *, int, std::uint32_t, std::uint8_t)
{
    return -1;
}

void audio_object_close(audio_object *)
{
}

void audio_object_destroy(audio_object *)
{
}

int audio_object_write(audio_object *, const void *, std::size_t)
{
    return -1;
}

int audio_object_drain(audio_object *)
{
    return -1;
}

int audio_object_flush(audio_object *)
{
    return -1;
}

const char *audio_object_strerror(audio_object *, int)
{
    return "no audio device in tts-espeak-zygote";
}
}
