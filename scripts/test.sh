#!/usr/bin/env bash
# Installs, builds and runs the whole test suite (ctest). The exit code is ctest's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cd build
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)"
