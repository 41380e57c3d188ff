#!/usr/bin/env bash
# Lists the functions of production code (not tests, benchmarks or fuzzers) that span at
# least MIN lines (100), longest first: lines, file:line, name. Lambdas count with the
# function that holds them. Needs Universal Ctags.
#   long-functions.sh [MIN] [FOLDER...]   (folders: engine server app wyoming speechd ui)
set -euo pipefail
cd "$(dirname "$0")/.."
min="${1:-100}"
shift || true
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=(engine server app wyoming speechd ui)
find "${folders[@]}" -name '*.cpp' -print0 |
  xargs -0 ctags --sort=no --c++-kinds=f --fields=+ne -f - |
  awk -F'\t' -v min="$min" '
    $1 ~ /^__anon/ { next }   # a lambda: part of its function
    {
      line = ""; end = ""; scope = ""
      for (i = 4; i <= NF; ++i) {
        if ($i ~ /^line:/) line = substr($i, 6)
        else if ($i ~ /^end:/) end = substr($i, 5)
        else if ($i ~ /^(class|struct|namespace):/) scope = substr($i, index($i, ":") + 1) "::"
      }
      if (line == "" || end == "") next
      n = end - line + 1
      if (n >= min) printf "%5d  %s:%s  %s%s\n", n, $2, line, scope, $1
    }' |
  sort -rn
