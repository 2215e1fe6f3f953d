"""setuptools driving CMake for `pip install .` (metadata in pyproject.toml).

The extension dpwlab._dpwlab is the CMake target dpwlab_module (python/CMakeLists.txt) built against the
engine in a CMake tree of its own, build-pip/ in the source folder (kept, so a second install only
rebuilds what changed); the GUI, tests and benchmarks are not configured. ccache is used when installed.
The presets (resources/scenarios/*.json) and the bundled data sets (resources/data/) are installed inside the
package (dpwlab/scenarios, dpwlab/data): dpwlab.scenario_path(name) finds a preset, and the package points the
engine's DPW_DATA_DIR at its data unless the variable is set.
dpwlab-cli is built too (Qt 6 needed, as for the app; DPWLAB_CLI=0 skips it) and installed inside the package
(dpwlab/bin/dpwlab-cli), run by the console script `dpwlab-cli` (dpwlab/_cli.py).
Environment: DPWLAB_CMAKE_ARGS adds CMake arguments (e.g. "-DDPW_NATIVE=OFF" for a wheel that must run
on other machines); DPWLAB_BUILD_DIR moves the CMake tree.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(DPWLab VERSION ([0-9.]+)", text)
    if not match:
        raise RuntimeError("cannot find the project version in CMakeLists.txt")
    return match.group(1)


class CMakeExtension(Extension):
    def __init__(self, name, target):
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = Path(os.environ.get("DPWLAB_BUILD_DIR", ROOT / "build-pip")).resolve()
        # dpwlab-cli (app/, Qt Core/Gui/Svg) is built with the module unless DPWLAB_CLI=0: the targets built are the
        # module and the CLI only (not the GUI, the tests or the benchmarks), the GUI option merely lets CMake see app/.
        with_cli = os.environ.get("DPWLAB_CLI", "1") != "0"
        args = [
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DDPW_BUILD_GUI={'ON' if with_cli else 'OFF'}", "-DDPW_BUILD_TESTS=OFF", "-DDPW_BUILD_BENCH=OFF",
            "-DDPW_BUILD_PYTHON=ON", f"-DPython_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ccache"):
            args.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        args += shlex.split(os.environ.get("DPWLAB_CMAKE_ARGS", ""))
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build_dir), *args], check=True)
        jobs = str(os.cpu_count() or 1)
        targets = [ext.target] + (["dpwlab-cli"] if with_cli else [])
        subprocess.run(["cmake", "--build", str(build_dir), "--target", *targets, "-j", jobs], check=True)
        built = sorted((build_dir / "python" / "dpwlab").glob("_dpwlab*.so"))
        if not built:
            raise RuntimeError(f"CMake built no _dpwlab*.so in {build_dir / 'python' / 'dpwlab'}")
        destination = Path(self.get_ext_fullpath(ext.name))
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], destination)
        if with_cli:  # inside the package; the console script dpwlab-cli (dpwlab/_cli.py) runs it
            cli = destination.parent / "bin" / "dpwlab-cli"
            cli.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(build_dir / "app" / "dpwlab-cli", cli)
            cli.chmod(0o755)


class BuildPyWithResources(build_py):
    """The pure-Python package plus the presets and bundled data the docstrings and run() use."""

    def run(self):
        super().run()
        package = Path(self.build_lib) / "dpwlab"
        for source, target, pattern in ((ROOT / "resources" / "scenarios", "scenarios", "*.json"),
                                        (ROOT / "resources" / "data", "data", "*")):
            destination = package / target
            destination.mkdir(parents=True, exist_ok=True)
            for f in sorted(source.glob(pattern)):
                if f.is_file():
                    shutil.copyfile(f, destination / f.name)


setup(
    version=project_version(),
    ext_modules=[CMakeExtension("dpwlab._dpwlab", target="dpwlab_module")],
    cmdclass={"build_ext": CMakeBuild, "build_py": BuildPyWithResources},
    options={"build": {"build_base": "build-pip/setuptools"}},  # not ./build: that is CMake's
)
