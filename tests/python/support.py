"""Shared helpers of the Python tests: the built module, the source tree and the CLI."""
import json
import os
import subprocess

import dpwlab  # noqa: F401  (the tests run with build/python on PYTHONPATH; ctest sets it)

SOURCE_DIR = os.environ.get("DPW_SOURCE_DIR", os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))
CLI = os.environ.get("DPWLAB_CLI") or os.path.join(SOURCE_DIR, "build", "app", "dpwlab-cli")


def golden(name):
    with open(os.path.join(SOURCE_DIR, "tests", "golden", name)) as f:
        return json.load(f)


def cli_json(*args, cwd=None):
    """Runs dpwlab-cli and parses its JSON output (stdout)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([CLI, *map(str, args)], check=True, capture_output=True, text=True, env=env, cwd=cwd)
    return json.loads(out.stdout)


def relative_error(a, b):
    return abs(a - b) / max(abs(b), 1e-300)
