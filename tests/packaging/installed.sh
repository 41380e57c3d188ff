#!/usr/bin/env bash
# The Debian packages as an admin meets them: built from the build tree (CPack, as
# scripts/package.sh does), checked (lintian errors, desktop-file-validate, appstreamcli, the systemd
# unit), installed with apt into a fresh `debootstrap --variant=minbase bookworm` tree,
# the server checked to link no GUI library, started as the package's system user, one
# TTS job done over HTTP, then both packages purged: nothing of theirs may be left, and a
# data dir holding keep-on-purge must survive a purge untouched.
# Usage: installed.sh SOURCE_DIR BUILD_DIR   (as root, or with sudo; needs the Debian mirror)
set -euo pipefail
src="$(cd "$1" && pwd)"
build="$(cd "$2" && pwd)"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
fail() { echo "installed: $*" >&2; exit 1; }
step() { printf '%s %s\n' "$(date +%T)" "$*"; }
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

work="$(mktemp -d "${TMPDIR:-/tmp}/tts-packages.XXXXXX")"
root="$work/root"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && $SUDO kill "$server_pid" 2>/dev/null || true
  for m in dev/pts dev proc; do
    mountpoint -q "$root/$m" 2>/dev/null && $SUDO umount -l "$root/$m" || true
  done
  $SUDO rm -rf "$work"
}
trap cleanup EXIT

step "packaging $build (cpack, as scripts/package.sh does)"
rm -rf "$build/cpack"
(cd "$build" && cpack -G DEB) >"$work/package.log" 2>&1 || { cat "$work/package.log" >&2; fail "cpack failed"; }
version="$(sed -n 's/^project(tts-studio VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")"
server_deb="$build/cpack/tts-studio-server_${version}_amd64.deb"
studio_deb="$build/cpack/tts-studio_${version}_amd64.deb"
[ -f "$server_deb" ] && [ -f "$studio_deb" ] || fail "no packages for version $version in $build/cpack"
ls -l "$server_deb" "$studio_deb"

step "lintian"
lintian --fail-on error --tag-display-limit 0 "$server_deb" "$studio_deb" 2>&1 | grep -v "root privileges" || true
lintian --fail-on error "$server_deb" "$studio_deb" >/dev/null 2>&1 || fail "lintian reports errors"

step "desktop entry, metainfo, unit"
extract="$work/extract"
mkdir -p "$extract"
dpkg-deb -x "$studio_deb" "$extract"
dpkg-deb -x "$server_deb" "$extract"
desktop-file-validate "$extract/usr/share/applications/tts-studio.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$extract"/usr/share/metainfo/*.metainfo.xml || fail "appstreamcli validate"
unit="$extract/usr/lib/systemd/system/tts-studio.service"
grep -q '^ExecStart=/usr/bin/tts-studio-server ' "$unit" || fail "the unit does not start /usr/bin/tts-studio-server"

step "debootstrap --variant=minbase bookworm"
mirror="$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1)"
mirror="${mirror:-http://deb.debian.org/debian}"
start=$(date +%s.%N)
# Downloaded packages are kept between runs (a clean machine downloads them once).
cache=/var/cache/tts-studio-debootstrap
$SUDO mkdir -p "$cache"
$SUDO debootstrap --cache-dir="$cache" --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
echo "debootstrap: $(since "$start") s"
$SUDO mount -t proc proc "$root/proc"
$SUDO mount --bind /dev "$root/dev"
$SUDO cp "$server_deb" "$studio_deb" "$root/tmp/"
in_root() { $SUDO chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
before="$work/files-before"
in_root find / -xdev \( -path /proc -o -path /dev -o -path /tmp -o -path /var/cache/apt -o -path /var/lib/apt \
  -o -path /var/lib/dpkg -o -path /var/log \) -prune -o -print | sort >"$before"

step "apt install ./tts-studio-server.deb"
start=$(date +%s.%N)
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$server_deb")" >"$work/apt.log" 2>&1 \
  || { tail -30 "$work/apt.log" >&2; fail "apt could not install the server package"; }
echo "apt install tts-studio-server: $(since "$start") s ($(grep -c '^Setting up' "$work/apt.log") packages set up)"

step "links no GUI library"
libs="$(in_root ldd /usr/bin/tts-studio-server)"
echo "$libs" | grep -q 'not found' && { echo "$libs" >&2; fail "a library of tts-studio-server is missing"; }
if echo "$libs" | grep -E 'libQt6(Gui|Widgets|Multimedia|OpenGL|DBus)|libxkbcommon|libGL\.|libEGL'; then
  fail "tts-studio-server maps a GUI library"
fi
in_root dpkg -s libqt6gui6 >/dev/null 2>&1 && fail "installing the server pulled in libqt6gui6"
in_root getent passwd tts-studio >/dev/null || fail "no tts-studio system user"
owner="$(in_root stat -c '%U %a' /var/lib/tts-studio)"
[ "$owner" = "tts-studio 750" ] || fail "/var/lib/tts-studio is $owner, not tts-studio's with mode 750"

step "the unit: systemd-analyze"
if command -v systemd-analyze >/dev/null; then
  # On this machine, with ExecStart naming the extracted binary (the minimal tree has no
  # systemd); the man page reference is checked by lintian instead.
  sed "s|/usr/bin/tts-studio-server|$extract/usr/bin/tts-studio-server|" "$unit" >"$work/tts-studio.service"
  systemd-analyze verify --man=no "$work/tts-studio.service" || fail "systemd-analyze verify"
  systemd-analyze security --offline=yes "$work/tts-studio.service" 2>/dev/null | tail -n 1 || true
fi

step "a job over HTTP, as the service runs it"
as_user() { in_root runuser -u tts-studio -- "$@"; }
as_user tts-studio-server accounts create pat --credits 1000 --data-dir /var/lib/tts-studio >/dev/null
key="$(as_user tts-studio-server keys create --account pat --name check --data-dir /var/lib/tts-studio)"
$SUDO chroot "$root" runuser -u tts-studio -- env -i PATH=/usr/bin:/bin tts-studio-server \
  --data-dir /var/lib/tts-studio --port 0 >"$work/server.out" 2>"$work/server.err" &
server_pid=$!
base=""
for _ in $(seq 1 200); do
  base="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$work/server.out" | head -n1)"
  [ -n "$base" ] && break
  sleep 0.1
done
[ -n "$base" ] || { cat "$work/server.out" "$work/server.err" >&2; fail "the server did not start"; }
grep -q '^data in /var/lib/tts-studio' "$work/server.out" || fail "the server did not name its data dir"
created="$(curl -s -H "x-api-key: $key" -H 'Content-Type: application/json' \
  -d '{"text":"Installed from a package.","voice_id":"af_sarah"}' "$base/v3/tts")"
id="$(echo "$created" | sed -n 's/.*"generation_id": *"\([^"]*\)".*/\1/p')"
[ -n "$id" ] || fail "POST /v3/tts answered $created"
status=""
for _ in $(seq 1 300); do
  got="$(curl -s -H "x-api-key: $key" "$base/v3/tts?generation_id=$id")"
  status="$(echo "$got" | sed -n 's/.*"status": *"\([A-Z]*\)".*/\1/p')"
  [ "$status" = COMPLETED ] || [ "$status" = FAILED ] && break
  sleep 0.1
done
[ "$status" = COMPLETED ] || fail "the job ended $status: $got"
url="$(echo "$got" | sed -n 's/.*"audio_url": *"\([^"]*\)".*/\1/p')"
curl -s -H "x-api-key: $key" -o "$work/audio" "$url"
[ "$(stat -c %s "$work/audio")" -gt 4000 ] || fail "the audio is $(stat -c %s "$work/audio") bytes"
echo "job $id: $(stat -c %s "$work/audio") bytes of audio"
# SIGTERM to the server itself (runuser's child), as systemd sends it.
main_pid="$(pgrep -P "$server_pid" -x tts-studio-serv || true)"
[ -n "$main_pid" ] || fail "no tts-studio-server process under runuser"
$SUDO kill -TERM "$main_pid"
wait "$server_pid" || fail "the server did not stop cleanly on SIGTERM"
server_pid=""

step "apt install ./tts-studio.deb (the desktop studio)"
start=$(date +%s.%N)
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$studio_deb")" >"$work/apt2.log" 2>&1 \
  || { tail -30 "$work/apt2.log" >&2; fail "apt could not install the studio package"; }
echo "apt install tts-studio: $(since "$start") s ($(grep -c '^Setting up' "$work/apt2.log") packages set up)"
in_root ldd /usr/bin/tts-studio | grep -q 'not found' && fail "a library of tts-studio is missing"
in_root env QT_QPA_PLATFORM=offscreen tts-studio --version | grep -q "$version" || fail "tts-studio --version"

step "purge: nothing of theirs is left"
in_root apt-get purge -y -q tts-studio tts-studio-server >"$work/purge.log" 2>&1 || { tail -20 "$work/purge.log" >&2; fail "purge"; }
in_root getent passwd tts-studio >/dev/null && fail "the tts-studio user is left after purge"
after="$work/files-after"
in_root find / -xdev \( -path /proc -o -path /dev -o -path /tmp -o -path /var/cache/apt -o -path /var/lib/apt \
  -o -path /var/lib/dpkg -o -path /var/log \) -prune -o -print | sort >"$after"
# What apt pulled in as dependencies stays (autoremove is the admin's choice): only
# paths that name the packages, their user or their files count.
left="$(comm -13 "$before" "$after" | grep -E 'tts-studio|tts_studio|TTSStudio|tts-worker|tts-espeak' || true)"
[ -z "$left" ] || { echo "$left" >&2; fail "files left after purge"; }

step "purge keeps a data dir holding keep-on-purge"
in_root apt-get install -y -q --no-install-recommends "/tmp/$(basename "$server_deb")" >/dev/null 2>&1 || fail "reinstall"
in_root runuser -u tts-studio -- tts-studio-server accounts create kept --data-dir /var/lib/tts-studio >/dev/null
$SUDO touch "$root/var/lib/tts-studio/keep-on-purge"
in_root apt-get purge -y -q tts-studio-server >/dev/null 2>&1 || fail "second purge"
[ -f "$root/var/lib/tts-studio/tts-studio.db" ] || fail "the kept data dir lost its database"
echo "installed: all checks passed"
