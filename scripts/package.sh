#!/usr/bin/env bash
# Builds the Debian package from a portable build (DPW_NATIVE=OFF) in ./build-deb:
#   bash scripts/package.sh && sudo dpkg -i build-deb/dpwlab_*.deb  (apt-get install -f for missing dependencies)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DDPW_NATIVE=OFF -DDPW_BUILD_TESTS=OFF -DDPW_BUILD_BENCH=OFF \
      -DCMAKE_INSTALL_PREFIX=/usr >/dev/null
cmake --build build-deb -j"$(nproc)"
(cd build-deb && cpack -G DEB)
ls -1 build-deb/*.deb
