"""DPW Lab from Python: the C++ engine of the app, number for number.

    import dpwlab
    dpwlab.sliced_wasserstein(x, y, n_projections=500)          # SW2^2, [FairLearn] Prop. 3.1
    dpwlab.sliced_wasserstein_distance(x, y, seed=0)            # POT's SW_p, POT's signature (dpwlab.ot)
    x = dpwlab.sliced_flow_step(x, y, theta, quantiles=1000)    # one flow step, [DPSWFlow] Eq. 18-21
    dpwlab.account("rdp", q=0.01, sigma=1.1, steps=1000, delta=1e-5)
    acc = dpwlab.PrivacyAccountant().compose(event, count)      # events as dp_accounting (dpwlab.accounting)
    summary, frames = dpwlab.run(dpwlab.scenario_path("fair-regression-synthetic"))

>>> import dpwlab
>>> dpwlab.account("rdp", q=0.01, sigma=1.1, steps=1000, delta=1e-5)
1.7117700912207567
>>> dpwlab.account("rdp", q=0.0, sigma=1.1, steps=1000, delta=1e-5)    # nothing sampled: nothing spent
0.0

Arrays are numpy float64; C-contiguous (n, d) arrays are read in place, results are moved into new
arrays without a copy. Engine errors raise ValueError with the engine's message. Numerical calls
release the GIL; run() can be stopped with Ctrl-C (KeyboardInterrupt).
"""
import json
import math
import os

import warnings

from . import _dpwlab
from ._dpwlab import (
    __version__,
    accountants,
    build_flavour,
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
from .accounting import (
    ComposedDpEvent,
    DeltaBounds,
    DiscreteGaussianDpEvent,
    DiscreteLaplaceDpEvent,
    EpsilonBounds,
    GaussianDpEvent,
    LaplaceDpEvent,
    NonPrivateDpEvent,
    NoOpDpEvent,
    RandomAllocationDpEvent,
    PoissonSampledDpEvent,
    PrivacyAccountant,
    SampledWithoutReplacementDpEvent,
    SelfComposedDpEvent,
    get_noise_multiplier,
)
from .ot import get_random_projections, sliced_wasserstein_distance
from .sweep import read_sweep, summarise  # pure Python: sweep results into pandas (docs/sweeps.md)

__all__ = [
    "scenario_path", "account", "accountants", "calibrate", "dp_sliced_wasserstein", "methods", "random_directions", "run",
    "sensitivity", "sensitivity_bounds", "sliced_flow_step", "sliced_wasserstein", "wasserstein_1d",
    "read_scenario", "sliced_wasserstein_distance", "get_random_projections", "PrivacyAccountant",
    "get_noise_multiplier", "GaussianDpEvent", "LaplaceDpEvent", "PoissonSampledDpEvent",
    "SampledWithoutReplacementDpEvent", "SelfComposedDpEvent", "ComposedDpEvent", "NoOpDpEvent",
    "NonPrivateDpEvent", "DiscreteGaussianDpEvent", "DiscreteLaplaceDpEvent", "RandomAllocationDpEvent",
    "EpsilonBounds", "DeltaBounds", "read_sweep", "summarise",
]

_HERE = os.path.dirname(os.path.abspath(__file__))
# Installed by pip (setup.py), the package holds the bundled data sets: the engine looks there unless told otherwise.
if os.path.isdir(os.path.join(_HERE, "data")) and not os.environ.get("DPW_DATA_DIR"):
    os.environ["DPW_DATA_DIR"] = os.path.join(_HERE, "data")


def _scenario_directories():
    dirs = [os.path.join(_HERE, "scenarios")]  # installed by pip
    if os.environ.get("DPW_SOURCE_DIR"):
        dirs.append(os.path.join(os.environ["DPW_SOURCE_DIR"], "resources", "scenarios"))
    up = _HERE
    for _ in range(4):  # a build tree inside the source tree (build/python/dpwlab) or the source tree itself
        up = os.path.dirname(up)
        dirs.append(os.path.join(up, "resources", "scenarios"))
    return [d for d in dirs if os.path.isdir(d)]


def scenario_path(name):
    """The path of a preset scenario by name ("fair-regression-synthetic" or "fair-regression-synthetic.json"):
    the presets installed with the package (pip), or resources/scenarios of the source tree the module was built
    in. Raises ValueError listing the presets when there is no such one.

    >>> os.path.basename(scenario_path("fair-regression-synthetic"))
    'fair-regression-synthetic.json'
    """
    file = name if name.endswith(".json") else name + ".json"
    if os.path.basename(file) != file:
        raise ValueError(f"a preset is named by its file name alone, got '{name}'")
    dirs = _scenario_directories()
    for d in dirs:
        if os.path.isfile(os.path.join(d, file)):
            return os.path.join(d, file)
    known = sorted({f[:-5] for d in dirs for f in os.listdir(d) if f.endswith(".json")})
    raise ValueError(f"no preset scenario '{name}'; known: " + (" ".join(known) if known else
                     "none found (install with pip, or set DPW_SOURCE_DIR to a source tree)"))


# "auto": the tightest proven accountant of the Poisson sampler (the engine's tightestProvenAccountant), as the app.
_AUTO_ACCOUNTANT = "pld"


def account(accountant, *positional, q=None, sigma=None, steps=None, delta=None, mu=None, beta=None,
            pair_distances=None):
    if positional:
        # Opacus orders (noise_multiplier, sample_rate), this module (q, sigma): a positional pair with both in
        # (0, 1] would run silently with the two swapped (account("rdp", 0.5, 0.9, ...) = 50.9 against 263.4).
        raise TypeError("account() takes q, sigma, steps and delta by keyword only, e.g. account('rdp', q=0.01, "
                        f"sigma=1.1, steps=1000, delta=1e-5) (got {len(positional) + 1} positional arguments): Opacus "
                        "orders (noise_multiplier, sample_rate), so a positional (q, sigma) is easily swapped")
    missing = [k for k, v in (("q", q), ("sigma", sigma), ("steps", steps), ("delta", delta)) if v is None]
    if missing:
        raise TypeError("account() missing keyword arguments: " + ", ".join(missing))
    if accountant == "auto":
        accountant = _AUTO_ACCOUNTANT
    if accountant != "wdp" and isinstance(q, (int, float)) and isinstance(sigma, (int, float)) \
            and not isinstance(q, bool) and not isinstance(sigma, bool):
        # The peers' edges (dp_accounting, Opacus): nothing sampled or infinite noise spends nothing; no noise has
        # no finite ε. Other values go to the engine, which checks them.
        valid = 0 <= q <= 1 and sigma >= 0 and 0 < delta < 1 and isinstance(steps, int) and steps >= 1
        if valid and (q == 0 or sigma == math.inf):
            return 0.0
        if valid and sigma == 0:
            return math.inf
    kw = {} if accountant != "wdp" else {"mu": mu, "beta": beta, "pair_distances": pair_distances}
    if accountant != "wdp" and (mu is not None or beta is not None or pair_distances is not None):
        raise ValueError("mu, beta and pair_distances apply to accountant 'wdp' only")
    eps = _dpwlab.account(accountant, q=q, sigma=sigma, steps=steps, delta=delta, **kw)
    if eps == math.inf and accountant in ("pld", "pld-wor"):
        # The PLD moves up to 1e-15 of mass to +inf per composition, so at delta below that it has no finite
        # epsilon; the RDP bound of the same sampler is a proven bound too: the tightest finite one is returned.
        fallback = "rdp" if accountant == "pld" else "rdp-wor"
        other = _dpwlab.account(fallback, q=q, sigma=sigma, steps=steps, delta=delta)
        if math.isfinite(other):
            warnings.warn(f"{accountant} has no finite epsilon at delta = {delta:g} (below its truncated tail); "
                          f"the {fallback} bound is returned", stacklevel=2)
            return other
    return eps


account.__doc__ = _dpwlab.account.__doc__.split("\n", 1)[1] + """
q, sigma, steps and delta are keyword-only (Opacus orders (sigma, q): a positional pair is refused with a
TypeError rather than swapped silently). "auto" is pld. q = 0 or sigma = inf returns 0 and sigma = 0 returns inf (as dp_accounting and Opacus). Where the
PLD has no finite epsilon (delta below its 1e-15 truncated tail) the RDP bound of the same sampler is returned,
with a warning.
"""


def calibrate(accountant, epsilon, q, steps, delta):
    if accountant == "auto":
        accountant = _AUTO_ACCOUNTANT
    if epsilon == math.inf and not isinstance(epsilon, bool):
        return 0.0  # no target: no noise needed (Opacus and dp_accounting return 0)
    return _dpwlab.calibrate(accountant, epsilon, q, steps, delta)


calibrate.__doc__ = _dpwlab.calibrate.__doc__.split("\n", 1)[1] + """
"auto" is pld; epsilon = inf returns 0 (no noise needed).

>>> round(calibrate("rdp", epsilon=2.0, q=0.01, steps=1000, delta=1e-5), 5)
1.02229
"""


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


def run(scenario, *, seed=None, **parameters):
    """Runs one method of the app, exactly as `dpwlab-cli run SCENARIO` does.

    scenario: a scenario dict ({"format": "dpwlab-scenario", "version": 1, "method": ..., "seed": ...,
    "parameters": {...}}), its JSON text, or the path of a scenario file (resources/scenarios/*.json).
    Keyword arguments override parameters, e.g. run(path, epsilon=1.0), and seed= the scenario's seed. methods()
    lists every method
    id with its parameters (missing ones take their defaults, as in the app).

    Returns (summary, frames):
      summary  {"method", "seed", "metrics": {name: float}, "privacy_statement", "mode" ("teaching" or
               "secure"), "threat_model" (against whom ε holds), "dpwlab_version", "build_flags"} and, when
               the run has any, "evaluation" (numbers computed on private data, not covered by ε): the
               content of the CLI's summary.json (where +inf is written "inf");
      frames   {chart id: frame}, the newest frame of each chart, as dicts of read-only numpy arrays:
               kind "lines" (series: name, x, y), "histogram" (edges, groups: name, mass),
               "points" (xy (n, 2), label, label_names), "heatmap" (values (rows, cols)),
               "images" (images (count, height, width) float32).
    Raises ValueError for a bad scenario or parameter (the engine's message); KeyboardInterrupt on
    Ctrl-C (the run stops at its next step).
    """
    s = _read(scenario)
    if seed is not None:  # the run's seed (no method has a parameter of that name), as dpwlab-cli run --seed
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
            raise ValueError(f"seed must be an integer in [0, 2^64), got {seed!r}")
        s["seed"] = seed
    s["parameters"].update(parameters)
    metrics, statement, frames, _, evaluation = _run(s["method"], s["parameters"], s["seed"], s["base_directory"])
    summary = {"method": s["method"], "seed": s["seed"], "metrics": metrics, "privacy_statement": statement}
    # against whom ε holds, as in summary.json (a method without noise_source is seeded: teaching mode)
    summary["mode"], summary["threat_model"] = _threat_model(s["parameters"].get("noise_source", "seeded"))
    if evaluation:  # computed on private data: apart, as in the CLI's summary.json
        summary["evaluation"] = evaluation
    # As the CLI's summary.json (app/common/run_export.cpp addBuildInfo): which engine build made the numbers.
    summary["dpwlab_version"], summary["build_flags"] = __version__, build_flavour
    return summary, frames
