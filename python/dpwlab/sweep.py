"""Sweep results into pandas: one row per run, read from a results folder of `dpwlab-cli sweep`.

    import dpwlab
    runs = dpwlab.read_sweep("results")                     # every run in the folder
    runs = dpwlab.read_sweep("results", grid_only=True)     # only the items of results/sweep.json's grid
    summary = dpwlab.summarise(runs, "accuracy", by=["epsilon"])   # n, mean, sd, se, 95% t-interval

Pure Python (json, math, pandas): no compiled module is needed, so a laptop without a build of DPW Lab
reads results copied from a cluster. The columns are those of `dpwlab-cli merge --tables` runs.csv
(docs/sweeps.md): method, the grid's parameters, seed, key, epsilon (a float, inf for no privacy), delta,
accountant, claim, proven_bound, sigma, q, steps, the metrics in snake_case, wall_time_s, host, job_id,
finished_at, dpwlab_version, commit, build_flags, privacy_statement, scenario (a JSON string). A grid
parameter named as one of these columns is grid_<name>: a grid over epsilon has grid_epsilon (the target
asked for) beside epsilon (the ε the run's claim states).
"""
import glob
import json
import math
import os
import re

_NONFINITE = {"inf": math.inf, "+inf": math.inf, "infinity": math.inf, "-inf": -math.inf, "-infinity": -math.inf,
              "nan": math.nan}
_FIXED = ["method", "seed", "key", "epsilon", "delta", "accountant", "claim", "proven_bound", "sigma", "q", "steps",
          "wall_time_s", "host", "job_id", "finished_at", "dpwlab_version", "commit", "build_flags",
          "privacy_statement", "scenario"]


def _number(v):
    """A number of a result line: JSON numbers, "inf"/"-inf"/"nan" strings; null (older -inf) is NaN."""
    if v is None:
        return math.nan
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if isinstance(v, str) and v.strip().lower() in _NONFINITE:
        return _NONFINITE[v.strip().lower()]
    return math.nan


def snake_case(name):
    """As the merge names metrics: "accuracy (evaluation, not private)" -> "accuracy_evaluation_not_private"."""
    return "_".join(p for p in re.split(r"[^0-9A-Za-z]+", name.lower()) if p)


def _result_lines(folder):
    for path in sorted(glob.glob(os.path.join(folder, "shard-*.jsonl"))):
        with open(path, "rb") as f:
            data = f.read()
        end = data.rfind(b"\n")  # a last line without its newline (a process killed while writing) is not read
        for number, line in enumerate(data[:end + 1].splitlines(), 1):
            if line.strip():
                try:
                    yield json.loads(line)
                except ValueError as e:
                    raise ValueError(f"{path} line {number} is not a sweep result ({e})") from None


def _grid_points(folder):
    """The grid points of folder/sweep.json as a set of JSON texts (seeds: a set), or None."""
    path = os.path.join(folder, "sweep.json")
    if not os.path.exists(path):
        raise ValueError(f"no sweep.json in {folder}: grid_only needs the grid a sweep wrote there")
    with open(path) as f:
        doc = json.load(f)
    grid = doc.get("grid", {})
    keys = sorted(grid)
    points = [{}]
    for k in keys:
        points = [dict(p, **{k: v}) for p in points for v in grid[k]]
    seeds = doc.get("seeds")
    if isinstance(seeds, dict):
        seeds = list(range(int(seeds["first"]), int(seeds["first"]) + int(seeds["count"])))
    elif seeds is None:
        seeds = [doc["scenario"].get("seed", 42)]
    return {json.dumps(p, sort_keys=True) for p in points}, {int(s) for s in seeds}


def read_sweep(folder, grid_only=False):
    """Every run in a results folder as a pandas DataFrame, one row per item.

    Two results of one item (two processes ran it) are one row when they agree in what the run computed
    (metrics, evaluation, privacy statement); a disagreement raises ValueError naming the item, as
    `dpwlab-cli merge` refuses it. With grid_only, only the items of the folder's sweep.json (the grid
    last run there) are kept; otherwise results of earlier, smaller grids in the folder are rows too.
    Results of DPW Lab 0.3 (no item key) are left out: rerun those sweeps.
    """
    import pandas as pd  # Debian: python3-pandas

    if not os.path.isdir(folder):
        raise ValueError(f"no such folder: {folder}")
    runs = {}
    for o in _result_lines(folder):
        key = o.get("key")
        if not key:
            continue
        computed = (o.get("metrics"), o.get("evaluation"), o.get("privacy_statement"))
        if key in runs:
            if runs[key][0] != computed:
                raise ValueError(f"item {key} ({o.get('point')}, seed {o.get('seed')}) has two results that disagree")
            continue
        runs[key] = (computed, o)
    if grid_only:
        points, seeds = _grid_points(folder)
        runs = {k: v for k, v in runs.items()
                if json.dumps(v[1].get("point", {}), sort_keys=True) in points and int(v[1].get("seed", -1)) in seeds}
    if not runs:
        raise ValueError(f"no sweep results (shard-*.jsonl lines with a key) in {folder}")

    point_keys = sorted({k for _, o in runs.values() for k in o.get("point", {})})
    rows = []
    for _, o in sorted(runs.values(), key=lambda r: (r[1].get("sweep", ""), r[1].get("index", 0))):
        p = o.get("privacy", {})
        row = {"method": o.get("method")}
        for k in point_keys:
            v = o.get("point", {}).get(k)
            text = isinstance(v, str) and v.strip().lower() not in _NONFINITE  # a choice or text parameter
            row["grid_" + k if k in _FIXED else k] = v if text else _number(v)
        row.update(seed=int(o.get("seed")), key=o.get("key"),
                   epsilon=_number(p.get("epsilon")), delta=_number(p.get("delta")),
                   accountant=p.get("accountant") or None, claim=p.get("claim") or None,
                   proven_bound=p.get("claim") == "proven-bound",
                   sigma=_number(p.get("sigma")), q=_number(p.get("q")), steps=_number(p.get("steps")))
        metrics = [(k, v) for k, v in o.get("metrics", {}).items()]
        metrics += [(k + " (evaluation, not private)", v) for k, v in o.get("evaluation", {}).items()]
        for name, v in metrics:
            column = snake_case(name)
            if column in _FIXED or column in point_keys:
                column = "metric_" + column  # e.g. the flows' metric "epsilon" (the ε column holds it)
            row[column] = _number(v)
        row.update(wall_time_s=_number(o.get("wall_time_s")), host=o.get("host"), job_id=o.get("job_id") or None,
                   finished_at=pd.to_datetime(o.get("finished_at"), utc=True) if o.get("finished_at") else pd.NaT,
                   dpwlab_version=o.get("dpwlab_version"), commit=o.get("commit"), build_flags=o.get("build_flags"),
                   privacy_statement=o.get("privacy_statement"),
                   scenario=json.dumps(o.get("scenario", {}), sort_keys=True, separators=(",", ":")))
        rows.append(row)
    return pd.DataFrame(rows)


def summarise(runs, metric, by):
    """Per group of `by` (e.g. ["epsilon"]): n, mean, sd (ddof = 1), se = sd/sqrt(n) and the 95% Student-t
    interval of `metric`, as `dpwlab-cli merge` computes them (scipy for t(0.975, n - 1))."""
    from scipy import stats

    g = runs.groupby(by, dropna=False)[metric]
    out = g.agg(n="count", mean="mean", sd=lambda x: x.std(ddof=1)).reset_index()
    out["se"] = out["sd"] / out["n"].pow(0.5)
    t = out["n"].map(lambda n: stats.t.ppf(0.975, n - 1) if n > 1 else math.nan)
    out["ci95_low"] = out["mean"] - t * out["se"]
    out["ci95_high"] = out["mean"] + t * out["se"]
    return out
