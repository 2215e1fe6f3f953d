#!/usr/bin/env bash
# Configures and builds DPW Lab (Release) into ./build. The compiler's output is kept in
# build/build.log; scripts/check-warnings.sh reads it.
set -euo pipefail
cd "$(dirname "$0")/.."
# ccache, when installed, also serves `pip install .` (tests/pip/), which compiles the engine again.
launcher=(); if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
cmake --build build -j"$(nproc)" 2>&1 | tee build/build.log
