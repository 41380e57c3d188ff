#!/usr/bin/env bash
# The only place that lists the Debian packages TTS Studio needs.
# Idempotent: quick when everything is already installed.
set -euo pipefail

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build pkg-config git ccache
  # Qt 6.4
  qt6-base-dev qt6-httpserver-dev qt6-websockets-dev qt6-multimedia-dev
  libqt6sql6-sqlite libsqlite3-dev libqt6sql6-psql libpq-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
  qt6-qpa-plugins qt6-translations-l10n
  # speech and audio
  libespeak-ng-dev espeak-ng-data flite1-dev libsonic-dev libsoxr-dev
  libmp3lame-dev lame libkakasi2-dev kakasi-dic
  # the OpenAI formats /v1 streams: Ogg Opus, FLAC, AAC (libavcodec's native encoder)
  libopus-dev libopusenc-dev libflac-dev libavcodec-dev libavutil-dev
  # long-form projects: loudness (EBU R128), EPUB archives, ID3v2 chapters
  libebur128-dev libarchive-dev libtag1-dev
  # spoken numbers, dates and money (ICU rule-based number format)
  libicu-dev
  # verification (intelligibility, audio measurement, headless GUI and sound)
  python3 pocketsphinx pocketsphinx-en-us sox xvfb xauth x11-utils imagemagick pulseaudio pulseaudio-utils
  xdotool openbox
  # decoders that check the Opus, FLAC and AAC answers are real audio of the right length
  opus-tools flac ffmpeg
  # PostgreSQL for the cluster mode's tests (tests start their own server: initdb in a temp dir)
  postgresql-15
  # fuzzing and benchmarks
  clang libclang-rt-14-dev wrk curl
  # ecosystem tests (tests/ecosystem: npm ci, node --test); npm below
  nodejs
  # the web studio's browser tests (tests/web: playwright-core drives Debian's Chromium)
  chromium
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# npm: Debian's package, unless the installed nodejs brings its own (NodeSource's
# nodejs provides and conflicts with the npm package, so it is not asked for then).
command -v npm >/dev/null 2>&1 || missing+=(npm)

if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
