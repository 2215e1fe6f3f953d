"""DPW Lab from Python: the C++ engine of the app, number for number.

    import dpwlab
    dpwlab.sliced_wasserstein(x, y, n_projections=500)          # SW2^2, [FairLearn] Prop. 3.1
    x = dpwlab.sliced_flow_step(x, y, theta, quantiles=1000)    # one flow step, [DPSWFlow] Eq. 18-21
    dpwlab.account("rdp", q=0.01, sigma=1.1, steps=1000, delta=1e-5)
    summary, frames = dpwlab.run("resources/scenarios/fair-regression-synthetic.json")

Arrays are numpy float64; C-contiguous (n, d) arrays are read in place, results are moved into new
arrays without a copy. Engine errors raise ValueError with the engine's message. Numerical calls
release the GIL; run() can be stopped with Ctrl-C (KeyboardInterrupt).
"""
import json
import math
import os

from ._dpwlab import (
    __version__,
    account,
    accountants,
    build_flavour,
    calibrate,
    dp_sliced_wasserstein,
    methods,
    random_directions,
    sensitivity,
    sensitivity_bounds,
    sliced_flow_step,
    sliced_wasserstein,
    wasserstein_1d,
)
from ._dpwlab import _run

__all__ = [
    "account", "accountants", "calibrate", "dp_sliced_wasserstein", "methods", "random_directions", "run",
    "sensitivity", "sensitivity_bounds", "sliced_flow_step", "sliced_wasserstein", "wasserstein_1d",
    "read_scenario",
]

SCENARIO_VERSION = 1
_ROOT_KEYS = ("format", "version", "method", "seed", "parameters", "data", "view", "privacy_statement", "note")


def _number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def read_scenario(scenario):
    """A scenario (dict, JSON text or path to a .json file) checked as the app checks it.

    Returns a dict with "method", "seed" and "parameters" (only the keys given; run() fills the
    method's defaults). The rules are those of the app's scenario files: "format" must be
    "dpwlab-scenario", "version" a whole number <= 1, unknown fields are refused, "seed" a whole
    number in [0, 2^53]. Raises ValueError naming the problem.
    """
    where = None
    if isinstance(scenario, (str, os.PathLike)) and not str(scenario).lstrip().startswith("{"):
        where = os.fspath(scenario)
        try:
            with open(where, "rb") as f:
                if os.fstat(f.fileno()).st_size > 16 * 1024 * 1024:
                    raise ValueError(f"{where}: scenario file is larger than 16 MiB")
                text = f.read().decode("utf-8")
        except OSError as e:
            raise ValueError(f"cannot read scenario {where}: {e.strerror}") from None
    elif isinstance(scenario, str):
        text = scenario
    elif isinstance(scenario, dict):
        text = None
    else:
        raise ValueError("scenario must be a dict, JSON text or the path of a scenario file")
    try:
        if text is not None:
            try:
                scenario = json.loads(text)
            except json.JSONDecodeError as e:
                raise ValueError(f"scenario is not valid JSON: {e.msg} at offset {e.pos}") from None
        return _check_scenario(scenario)
    except ValueError as e:
        if where:
            raise ValueError(f"{where}: {e}") from None
        raise


def _check_scenario(root):
    if not isinstance(root, dict):
        raise ValueError("scenario must be a JSON object")
    unknown = [k for k in root if k not in _ROOT_KEYS]
    if unknown:
        raise ValueError(f"unknown field '{unknown[0]}' in the scenario (known: {', '.join(_ROOT_KEYS)})")
    if root.get("format") != "dpwlab-scenario":
        raise ValueError('not a DPW Lab scenario: field "format" must be "dpwlab-scenario"')
    version = root.get("version")
    if not _number(version) or version != math.floor(version) or version < 1:
        raise ValueError('scenario field "version" must be a positive whole number')
    if version > SCENARIO_VERSION:
        raise ValueError(f"scenario version {int(version)} is newer than this DPW Lab understands "
                         f"({SCENARIO_VERSION}); please update DPW Lab")
    if not isinstance(root.get("method"), str):
        raise ValueError('scenario field "method" must be a string')
    seed = root.get("seed", 42)
    if not _number(seed) or seed < 0 or seed != math.floor(seed) or seed > 2.0**53:
        raise ValueError('scenario field "seed" must be a whole number between 0 and 2^53')
    params = root.get("parameters", {})
    if not isinstance(params, dict):
        raise ValueError('scenario field "parameters" must be an object')
    for key in ("data", "view"):
        if key in root and not isinstance(root[key], dict):
            raise ValueError(f'scenario field "{key}" must be an object')
    return {"method": root["method"], "seed": int(seed), "parameters": dict(params)}


def run(scenario, **parameters):
    """Runs one method of the app, exactly as `dpwlab-cli run SCENARIO` does.

    scenario: a scenario dict ({"format": "dpwlab-scenario", "version": 1, "method": ..., "seed": ...,
    "parameters": {...}}), its JSON text, or the path of a scenario file (resources/scenarios/*.json).
    Keyword arguments override parameters, e.g. run(path, epsilon=1.0). methods() lists every method
    id with its parameters (missing ones take their defaults, as in the app).

    Returns (summary, frames):
      summary  {"method", "seed", "metrics": {name: float}, "privacy_statement"} and, when the run has
               any, "evaluation" (numbers computed on private data, not covered by ε): the content of
               the CLI's summary.json (where +inf is written "inf");
      frames   {chart id: frame}, the newest frame of each chart, as dicts of read-only numpy arrays:
               kind "lines" (series: name, x, y), "histogram" (edges, groups: name, mass),
               "points" (xy (n, 2), label, label_names), "heatmap" (values (rows, cols)),
               "images" (images (count, height, width) float32).
    Raises ValueError for a bad scenario or parameter (the engine's message); KeyboardInterrupt on
    Ctrl-C (the run stops at its next step).
    """
    s = read_scenario(scenario)
    s["parameters"].update(parameters)
    metrics, statement, frames, _, evaluation = _run(s["method"], s["parameters"], s["seed"])
    summary = {"method": s["method"], "seed": s["seed"], "metrics": metrics, "privacy_statement": statement}
    if evaluation:  # computed on private data: apart, as in the CLI's summary.json
        summary["evaluation"] = evaluation
    return summary, frames
