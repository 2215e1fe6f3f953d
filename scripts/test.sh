#!/usr/bin/env bash
# Installs, builds and runs the whole test suite (ctest). Fails on a compiler warning in a fresh
# build, or on a failed test; the exit code is otherwise ctest's.
set -euo pipefail
cd "$(dirname "$0")/.."
fresh=0; [[ -d build ]] || fresh=1
scripts/install-deps.sh
scripts/build.sh
if (( fresh )); then scripts/check-warnings.sh; fi
cd build
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)"
