#!/usr/bin/env bash
# Configure and build into build/ (the executable lands at build/bin/tts-studio).
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache (when installed) keeps compiled objects between builds and between clones:
# paths below the repository are hashed relative to it.
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-RelWithDebInfo}" "${launcher[@]}" >/dev/null
cmake --build build -j "$(nproc)"
