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
from ._dpwlab import _read_scenario, _run, _threat_model

__all__ = [
    "account", "accountants", "calibrate", "dp_sliced_wasserstein", "methods", "random_directions", "run",
    "sensitivity", "sensitivity_bounds", "sliced_flow_step", "sliced_wasserstein", "wasserstein_1d",
    "read_scenario",
]


def _json_value(x):
    """A Python value as JSON can hold it: non-finite floats are the strings "inf", "-inf", "nan", as in
    every file DPW Lab writes (the engine reads them back)."""
    if isinstance(x, dict):
        return {k: _json_value(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_json_value(v) for v in x]
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


def _read(scenario):
    if isinstance(scenario, dict):
        return _read_scenario(json.dumps(_json_value(scenario), default=float), "")
    if isinstance(scenario, (str, os.PathLike)):
        text = os.fsdecode(scenario)
        if isinstance(scenario, str) and text.lstrip().startswith("{"):
            return _read_scenario(text, "")
        return _read_scenario("", text)
    raise ValueError("scenario must be a dict, JSON text or the path of a scenario file")


def read_scenario(scenario):
    """A scenario (dict, JSON text or path to a .json file) read and checked by the engine, the same code
    that reads scenario files in the app and dpwlab-cli (engine/scenario/scenario.h).

    Returns a dict with "method", "seed" and "parameters" (every parameter of the method: the file's
    values, defaults for the others). Raises ValueError naming the problem (for a file, prefixed with
    its path).
    """
    s = _read(scenario)
    return {"method": s["method"], "seed": s["seed"], "parameters": s["parameters"]}


def run(scenario, **parameters):
    """Runs one method of the app, exactly as `dpwlab-cli run SCENARIO` does.

    scenario: a scenario dict ({"format": "dpwlab-scenario", "version": 1, "method": ..., "seed": ...,
    "parameters": {...}}), its JSON text, or the path of a scenario file (resources/scenarios/*.json).
    Keyword arguments override parameters, e.g. run(path, epsilon=1.0). methods() lists every method
    id with its parameters (missing ones take their defaults, as in the app).

    Returns (summary, frames):
      summary  {"method", "seed", "metrics": {name: float}, "privacy_statement", "mode" ("teaching" or
               "secure"), "threat_model" (against whom ε holds)} and, when the run has
               any, "evaluation" (numbers computed on private data, not covered by ε): the content of
               the CLI's summary.json (where +inf is written "inf");
      frames   {chart id: frame}, the newest frame of each chart, as dicts of read-only numpy arrays:
               kind "lines" (series: name, x, y), "histogram" (edges, groups: name, mass),
               "points" (xy (n, 2), label, label_names), "heatmap" (values (rows, cols)),
               "images" (images (count, height, width) float32).
    Raises ValueError for a bad scenario or parameter (the engine's message); KeyboardInterrupt on
    Ctrl-C (the run stops at its next step).
    """
    s = _read(scenario)
    s["parameters"].update(parameters)
    metrics, statement, frames, _, evaluation = _run(s["method"], s["parameters"], s["seed"], s["base_directory"])
    summary = {"method": s["method"], "seed": s["seed"], "metrics": metrics, "privacy_statement": statement}
    # against whom ε holds, as in summary.json (a method without noise_source is seeded: teaching mode)
    summary["mode"], summary["threat_model"] = _threat_model(s["parameters"].get("noise_source", "seeded"))
    if evaluation:  # computed on private data: apart, as in the CLI's summary.json
        summary["evaluation"] = evaluation
    return summary, frames
