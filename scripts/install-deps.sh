#!/usr/bin/env bash
# Installs what DPW Lab needs from Debian's packages (Debian 12 "bookworm"), only if missing.
# usage: scripts/install-deps.sh [--bench]   (--bench adds python3-torch and libhwy-dev for the speed comparisons)
set -euo pipefail
packages=(
  g++ make cmake pkg-config git
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl-dev
  libeigen3-dev coinor-libclp-dev libboost-math-dev zlib1g-dev nlohmann-json3-dev
  libbenchmark-dev libcli11-dev pybind11-dev python3-dev python3-matplotlib
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libgif-dev ffmpeg
  python3-pip python3-venv python3-setuptools python3-wheel ccache
  dpkg-dev file desktop-file-utils appstream lintian help2man
  slurm-wlm munge
  xvfb xauth fonts-dejavu-core
  python3 python3-numpy python3-scipy python3-pot python3-pandas
  dataset-fashion-mnist
)
if [[ "${1:-}" == "--bench" ]]; then packages+=(python3-torch libhwy-dev); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
