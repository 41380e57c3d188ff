#!/usr/bin/env bash
# The only place that lists the Debian packages TTS Studio needs, by purpose.
#   install-deps.sh run      what building and running the programs needs (the README's run command)
#   install-deps.sh test     that, and what the test suite, the benchmarks and the packages need
# Idempotent: quick when everything is already installed. Without an argument: test.
set -euo pipefail

# Building the programs: toolchain and development headers.
BUILD=(
  build-essential cmake ninja-build pkg-config git ccache
  # Qt 6.4 (Test and the translation tools are found at configure time too)
  qt6-base-dev qt6-httpserver-dev qt6-websockets-dev qt6-multimedia-dev
  libsqlite3-dev libpq-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools linguist-qt6
  # speech and audio
  libespeak-ng-dev flite1-dev libsonic-dev libsoxr-dev libmp3lame-dev libkakasi2-dev
  # the OpenAI formats /v1 streams: Ogg Opus, FLAC, AAC (libavcodec's native encoder)
  libopus-dev libopusenc-dev libflac-dev libavcodec-dev libavutil-dev
  # long-form projects: loudness (EBU R128), EPUB archives, ID3v2 chapters, Markdown
  libebur128-dev libarchive-dev libtag1-dev libmd4c-dev
  # spoken numbers, dates and money (ICU rule-based number format)
  libicu-dev
)

# Running them: what the linker does not pull in (data, Qt plug-ins).
RUN=(
  espeak-ng-data kakasi-dic
  libqt6sql6-sqlite libqt6sql6-psql
  # the studio window: X11/Wayland platform plug-ins, Qt's own German strings
  qt6-qpa-plugins qt6-translations-l10n
)

# The test suite and the benchmarks.
TEST=(
  # intelligibility, audio measurement, headless GUI and sound
  python3 pocketsphinx pocketsphinx-en-us sox lame xvfb xauth x11-utils imagemagick pulseaudio pulseaudio-utils
  xdotool openbox
  # the Speech Dispatcher module's tests: a private speech-dispatcher and its Python client
  speech-dispatcher python3-speechd
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
  # the Debian packages: built (dpkg-shlibdeps), checked, installed into a fresh tree
  dpkg-dev fakeroot lintian desktop-file-utils appstream debootstrap systemd
)

purpose="${1:-test}"
case "$purpose" in
  run) PACKAGES=("${BUILD[@]}" "${RUN[@]}") ;;
  test) PACKAGES=("${BUILD[@]}" "${RUN[@]}" "${TEST[@]}") ;;
  *) echo "usage: install-deps.sh [run|test]" >&2; exit 2 ;;
esac

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# npm: Debian's package, unless the installed nodejs brings its own (NodeSource's
# nodejs provides and conflicts with the npm package, so it is not asked for then).
if [ "$purpose" = test ] && ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi

if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
