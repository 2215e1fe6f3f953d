#!/usr/bin/env bash
# The main job: install, build, then run the embedded default scenario, in the GUI where a display
# exists, otherwise headless with dpwlab-cli writing summary.json, CSV and PNG files into ./out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
if [[ -n "${DISPLAY:-}" || -n "${WAYLAND_DISPLAY:-}" ]]; then
  exec build/app/dpwlab --run
else
  build/app/dpwlab-cli run default --out out
  echo "run.sh: no display; results written to $(pwd)/out"
fi
