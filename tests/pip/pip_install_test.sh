#!/usr/bin/env bash
# `pip install .` as a Python user does it: from a clone of the repository, into a virtual environment
# made with --system-site-packages (Debian's numpy), offline (--no-build-isolation --no-index: the
# build backend is Debian's setuptools). Then, from /, the venv's python imports dpwlab from the venv
# and computes sliced W2 equal to the build tree's module to the last bit.
# The clone goes under BUILD_DIR/pip-test, so that ccache (CCACHE_BASEDIR = SOURCE_DIR) reuses the main
# build's objects when the main build used ccache; otherwise the engine is compiled once more.
# Exits 77 (ctest: skipped) with the reason where Debian's pip or venv is missing.
# usage: pip_install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src="$(realpath "$1")"; build="$(realpath "$2")"
py=/usr/bin/python3
skip() { echo "SKIP python.pip_install: $*"; exit 77; }
fail() { echo "pip_install_test: FAIL: $*" >&2; exit 1; }
"$py" -m pip --version >/dev/null 2>&1 || skip "Debian's pip is not installed (apt-get install python3-pip)"
"$py" -c "import ensurepip, venv" 2>/dev/null || skip "Debian's venv is not installed (apt-get install python3-venv)"

work="$build/pip-test"
rm -rf "$work/venv" "$work/src/python/dpwlab.egg-info"
mkdir -p "$work"
# A clone: what is committed when SOURCE_DIR is a git checkout, otherwise the files without build trees.
rm -rf "$work/src.new"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  mkdir -p "$work/src.new"
  git -C "$src" ls-files -z | tar -C "$src" --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$work/src.new" -xf -
else
  mkdir -p "$work/src.new"
  tar -C "$src" --exclude='./build*' -cf - . | tar -C "$work/src.new" -xf -
fi
if [[ -d "$work/src/build-pip" ]]; then mv "$work/src/build-pip" "$work/src.new/"; fi  # keep the CMake tree
rm -rf "$work/src"; mv "$work/src.new" "$work/src"

"$py" -m venv --system-site-packages "$work/venv"
start=$(date +%s)
CCACHE_BASEDIR="$src" "$work/venv/bin/python" -m pip install --no-build-isolation --no-index --quiet \
  "$work/src" >"$work/pip.log" 2>&1 || { tail -n 30 "$work/pip.log"; fail "pip install . failed"; }
echo "pip_install_test: pip install . took $(($(date +%s) - start)) s"

cd /
"$work/venv/bin/python" - "$work/venv" "$build/python" <<'PY' || fail "the installed module does not work"
import os, subprocess, sys
import numpy as np
import dpwlab
venv, build_python = sys.argv[1:3]
where = os.path.realpath(dpwlab.__file__)
assert where.startswith(os.path.realpath(venv)), f"dpwlab imported from {where}, not from the venv"
rng = np.random.default_rng(3)
x, y = rng.standard_normal((500, 3)), rng.standard_normal((400, 3)) + 0.5
theta = dpwlab.random_directions(50, 3, seed=7)
value = dpwlab.sliced_wasserstein(x, y, directions=theta)
# The same call through the build tree's module, in a fresh interpreter.
arrays = os.path.join(venv, "arrays.npz")
np.savez(arrays, x=x, y=y, t=theta)
code = ("import sys, numpy as np, dpwlab; a = np.load(sys.argv[1]); "
        "print(repr(dpwlab.sliced_wasserstein(a['x'], a['y'], directions=a['t'])))")
ref = subprocess.run(["/usr/bin/python3", "-c", code, arrays], capture_output=True, text=True, check=True,
                     env=dict(os.environ, PYTHONPATH=build_python)).stdout.strip()
assert repr(value) == ref, f"venv module gives {value!r}, build tree gives {ref}"
assert 0.1 < value < 1.0, value  # shift 0.5 in 3-D: SW2^2 about |0.5 (1,1,1)|^2 / 3 = 0.25
print(f"pip_install_test: dpwlab {dpwlab.__version__} from {where}: SW2^2 = {value:.6f}, equal to the build tree's")
# The presets and bundled data sets the docstrings use are installed with the package (setup.py build_py).
preset = dpwlab.scenario_path("fair-regression-synthetic")
assert os.path.realpath(preset).startswith(os.path.realpath(venv)), preset
assert os.path.isfile(os.path.join(os.environ["DPW_DATA_DIR"], "communities.data")), os.environ["DPW_DATA_DIR"]
summary, _ = dpwlab.run(dpwlab.scenario_path("accountant-explorer"))
assert summary["metrics"], summary
PY
# The console script dpwlab-cli runs the CLI built with the module (setup.py), from the venv's bin.
cli_version="$("$work/venv/bin/dpwlab-cli" --version)" || fail "the venv's dpwlab-cli does not run"
module_version="$("$work/venv/bin/python" -c 'import dpwlab; print(dpwlab.__version__)')"
[[ "$cli_version" == "dpwlab-cli $module_version "* ]] || fail "dpwlab-cli says '$cli_version', the module $module_version"
echo "pip_install_test: $cli_version, from $work/venv/bin/dpwlab-cli"
