#!/usr/bin/env bash
# Installs, builds and runs the whole test suite (ctest). Fails on a compiler warning in a fresh
# build, or on a failed test; the exit code is otherwise ctest's.
set -euo pipefail
cd "$(dirname "$0")/.."
fresh=0; [[ -d build ]] || fresh=1
scripts/install-deps.sh
scripts/build.sh
if (( fresh )); then scripts/check-warnings.sh; fi
# The packages' portable tree (ctest package.deb_lintian), built before the suite so that a cold one is not
# timed as a test; a failure here is left for that test to report, beside the rest of the suite.
bash tests/packaging/deb_lintian_test.sh --build-only build . || echo "test.sh: the package tree did not build"
cd build
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)"
