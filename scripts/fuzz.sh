#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) into build-fuzz and runs each for
# SECONDS (default 600) of CPU time, starting from the committed seed corpus in fuzz/corpus/<name>.
# usage: scripts/fuzz.sh [SECONDS] [HARNESS...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}; shift || true
for p in clang-14 libfuzzer-14-dev libclang-rt-14-dev libomp-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ -n "${missing[*]:-}" ]]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; fi
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDPW_FUZZ=ON \
  -DDPW_BUILD_TESTS=OFF -DDPW_BUILD_BENCH=OFF -DDPW_NATIVE=OFF >/dev/null
harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
  for f in fuzz/fuzz_*.cpp; do harnesses+=("$(basename "$f" .cpp)"); done
fi
cmake --build build-fuzz -j"$(nproc)" --target "${harnesses[@]}"
mkdir -p build-fuzz/logs
for h in "${harnesses[@]}"; do
  name=${h#fuzz_}
  mkdir -p "build-fuzz/corpus/$name"
  QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=0 "build-fuzz/fuzz/$h" -max_total_time="$seconds" \
    -max_len=65536 -timeout=10 -print_final_stats=1 -artifact_prefix="build-fuzz/logs/$name-" \
    "build-fuzz/corpus/$name" "fuzz/corpus/$name" 2>&1 | tail -n 25 | tee "build-fuzz/logs/$name.log"
done
