#!/usr/bin/env bash
# Builds the three Debian packages from one portable build (DPW_NATIVE=OFF, prefix /usr) in ./build-deb:
#   dpwlab          GUI, CLI, man pages, presets, data sets, desktop entry, icon, metainfo
#   python3-dpwlab  the Python module in /usr/lib/python3/dist-packages
#   libdpwlab-dev   engine headers, CMake package DPWEngine, static library
# then runs lintian on them (where installed). Install: sudo apt install ./build-deb/*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
launcher=(); if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DDPW_NATIVE=OFF -DDPW_BUILD_TESTS=OFF -DDPW_BUILD_BENCH=OFF \
      -DDPW_BUILD_PYTHON=ON -DCMAKE_INSTALL_PREFIX=/usr -DDPW_PYTHON_INSTALL_DIR=lib/python3/dist-packages \
      "${launcher[@]}" >/dev/null
cmake --build build-deb -j"$(nproc)"
rm -f build-deb/*.deb
(cd build-deb && cpack -G DEB)
if command -v lintian >/dev/null; then
  lintian --fail-on error,warning --display-info build-deb/*.deb && echo "lintian: no errors, no warnings"
fi
ls -1 build-deb/*.deb
