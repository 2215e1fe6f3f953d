"""Runs one scenario through dpwlab-cli and returns its summary (shared by the bench scripts).

The CLI is $DPWLAB_CLI if set, else build/app/dpwlab-cli of this checkout; the scenario is written to a
temporary folder with the charts' CSV (no PNG) and removed afterwards."""
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLI = os.environ.get("DPWLAB_CLI", os.path.join(ROOT, "build", "app", "dpwlab-cli"))


def run_scenario(method, params, seed, source, env=None):
    """Summary dict of `dpwlab-cli run` (metrics, privacy statement, ...); raises on a failed run."""
    scenario = {"format": "dpwlab-scenario", "version": 1, "method": method, "seed": seed,
                "parameters": params, "data": {"source": source}}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "s.json")
        with open(path, "w") as f:
            json.dump(scenario, f)
        out = subprocess.run([CLI, "run", path, "--out", os.path.join(tmp, "out"), "--no-png"],
                             capture_output=True, text=True, check=True,
                             env=dict(os.environ, **(env or {}))).stdout
    return json.loads(out)
