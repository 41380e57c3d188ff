#!/usr/bin/env bash
# Fails when the German translation is not complete: lupdate, run on a copy of
# translations/tts-studio_de.ts against today's sources, must find no string without a
# German text (a new tr() string, or an old one left unfinished). docs/translations.md
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(dirname "$(command -v lupdate 2>/dev/null || echo /usr/lib/qt6/bin/lupdate)")
[ -x "$bin/lupdate" ] || bin=/usr/lib/qt6/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$root/translations/tts-studio_de.ts" "$work/de.ts"
cd "$root"
"$bin/lupdate" ui app/main.cpp app/guimode.cpp -no-obsolete -locations none -ts "$work/de.ts" >"$work/lupdate.log" 2>&1 \
  || { cat "$work/lupdate.log"; exit 1; }
unfinished=$(grep -c 'type="unfinished"' "$work/de.ts" || true)
if [ "$unfinished" != "0" ]; then
  echo "German translation incomplete: $unfinished unfinished entries. Untranslated sources:"
  python3 - "$work/de.ts" <<'PY'
import sys, xml.etree.ElementTree as ET
for ctx in ET.parse(sys.argv[1]).getroot():
    for m in ctx.findall('message'):
        if m.find('translation').get('type') == 'unfinished':
            print('  %s: %r' % (ctx.find('name').text, m.find('source').text))
PY
  echo "0 passed, 1 failed"
  exit 1
fi
"$bin/lrelease" "$work/de.ts" -qm "$work/de.qm" >/dev/null
echo "German translation complete: no unfinished entries"
