#!/usr/bin/env bash
# Builds the programs and writes the Debian packages:
#   packages/tts-studio-server_VERSION_amd64.deb   the headless server
#   packages/tts-studio_VERSION_amd64.deb          the desktop studio
# Install them with `sudo apt install ./packages/*.deb` (docs/packaging.md).
#   package.sh --no-build   packages what build/ holds (the test suite's way)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" != --no-build ]; then
  bash scripts/install-deps.sh run
  command -v dpkg-shlibdeps >/dev/null || { echo "package.sh: dpkg-dev is needed (apt install dpkg-dev)" >&2; exit 2; }
  bash scripts/build.sh programs
  cmake --build build --target tts_dist_files
fi
rm -rf build/cpack
(cd build && cpack -G DEB >/dev/null)
mkdir -p packages
for deb in build/cpack/*.deb; do
  cp "$deb" packages/
  echo "packages/$(basename "$deb")"
done
