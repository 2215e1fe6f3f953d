#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UndefinedBehaviorSanitizer (GCC) into build-asan and runs
# the engine and CLI test suites there. Any sanitizer report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDPW_SANITIZE=ON -DDPW_NATIVE=OFF -DDPW_BUILD_BENCH=OFF >/dev/null
cmake --build build-asan -j"$(nproc)"
cd build-asan
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$(pwd)/../tests/sanitizers/lsan.supp
QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j"$(nproc)" -R "^engine\.|^app\.(cli|scenario|sweep)$"
