#!/usr/bin/env bash
# Configure and build into build/ (the executables land in build/bin).
#   build.sh            everything: programs, tests, benchmarks
#   build.sh programs   only tts-studio, tts-studio-server and their workers
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache (when installed) keeps compiled objects between builds and between clones:
# paths below the repository are hashed relative to it.
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
targets=()
case "${1:-all}" in
  all) ;;
  programs) targets=(--target tts-studio tts-studio-server tts-worker tts-espeak-zygote) ;;
  *) echo "usage: build.sh [programs]" >&2; exit 2 ;;
esac
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-RelWithDebInfo}" "${launcher[@]}" >/dev/null
cmake --build build -j "$(nproc)" "${targets[@]}"
