#!/usr/bin/env bash
# Retakes docs/methods/method-<id>.png: every registered method at its real defaults (seed 1), run to the
# end in a real window under Xvfb at 1400x860, as a user sees it after pressing Run (issue #19 item 5).
# usage: scripts/gallery.sh [BUILD_DIR] [METHOD_ID ...]   (default: build, every method)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"; shift || true
gui="$build/app/dpwlab"; cli="$build/app/dpwlab-cli"
[[ -x "$gui" && -x "$cli" ]] || { echo "gallery: build first ($gui, $cli missing)" >&2; exit 2; }
ids=("$@")
if ((${#ids[@]} == 0)); then
  mapfile -t ids < <("$cli" methods | /usr/bin/python3 -c 'import json,sys; print("\n".join(m["id"] for m in json.load(sys.stdin)))')
fi
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/methods
for id in "${ids[@]}"; do
  printf '{"format": "dpwlab-scenario", "version": 1, "method": "%s", "seed": 1, "parameters": {}}\n' "$id" > "$tmp/$id.json"
  start=$(date +%s)
  xvfb-run -a -s "-screen 0 1600x1000x24" "$gui" -geometry 1400x860+0+0 "$tmp/$id.json" \
    --screenshot "docs/methods/method-$id.png" >"$tmp/$id.log" 2>&1 || { echo "gallery: $id failed"; cat "$tmp/$id.log"; exit 1; }
  echo "gallery: docs/methods/method-$id.png ($(( $(date +%s) - start )) s)"
done
