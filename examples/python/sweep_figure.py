"""Privacy against utility over seeds, from a sweep: the fair classifier at several budgets ε, test
accuracy with its 95% t-interval over the seeds, read with dpwlab.read_sweep (docs/sweeps.md).

    DPWLAB_CLI=build/app/dpwlab-cli PYTHONPATH=build/python python3 examples/python/sweep_figure.py \
        [--results sweep-figure-results] [--seeds 8] [--out docs]

Runs the sweep with dpwlab-cli (two local shares; a folder already holding results resumes, so a rerun
costs nothing) unless --no-run, then writes sweep-figure.png. The same folder could come from a Slurm job
array (scripts/slurm/submit-sweep.sh).
"""
import json
import math
import os
import subprocess

import _common
import dpwlab

EPSILONS = [0.25, 0.5, 1, 2, 4, "inf"]


def grid(seeds):
    return {"format": "dpwlab-sweep", "version": 1,
            "scenario": {"format": "dpwlab-scenario", "version": 1, "method": "fair-classifier", "seed": 1,
                         "parameters": {"accountant": "auto"}},
            "grid": {"epsilon": EPSILONS}, "seeds": {"first": 1, "count": seeds}}


def main():
    args = _common.parse_args(__doc__.splitlines()[0], results=("sweep-figure-results", "results folder"),
                              seeds=(8, "seeds per budget"), no_run=(0, "1: only read the folder"))
    if not args.no_run:
        cli = os.environ.get("DPWLAB_CLI", "dpwlab-cli")
        os.makedirs(args.results, exist_ok=True)
        path = os.path.join(args.results, "grid.json")
        with open(path, "w") as f:
            json.dump(grid(args.seeds), f, indent=2)
        env = dict(os.environ, OMP_NUM_THREADS="1")
        shares = [subprocess.Popen([cli, "sweep", path, "--shard", f"{i}/2", "--out", args.results, "-q"], env=env)
                  for i in (1, 2)]
        if any(p.wait() for p in shares):
            raise SystemExit("the sweep failed")
    runs = dpwlab.read_sweep(args.results, grid_only=True)
    s = dpwlab.summarise(runs, "accuracy_evaluation_not_private", by=["grid_epsilon"])
    print(s.to_string(index=False))
    plt = _common.pyplot()
    if not plt:
        return
    finite = s[s["grid_epsilon"].map(math.isfinite)]
    inf = s[~s["grid_epsilon"].map(math.isfinite)]
    fig, ax = plt.subplots(figsize=(6, 3.8))
    ax.errorbar(finite["grid_epsilon"], finite["mean"],
                yerr=[finite["mean"] - finite["ci95_low"], finite["ci95_high"] - finite["mean"]],
                fmt="o-", capsize=3, label="DP (accountant auto: pld-wor)")
    if len(inf):
        ax.axhspan(inf["ci95_low"].iloc[0], inf["ci95_high"].iloc[0], color="0.85", label="no privacy (ε = ∞), 95% CI")
        ax.axhline(inf["mean"].iloc[0], color="0.5", lw=1)
    ax.set_xscale("log")
    ax.set_xticks(list(finite["grid_epsilon"]), [f"{e:g}" for e in finite["grid_epsilon"]])
    ax.minorticks_off()
    ax.set_xlabel("privacy budget ε (δ from the scenario)")
    ax.set_ylabel("test accuracy (evaluation)")
    n = int(s["n"].min())
    ax.set_title(f"Fair classifier: mean and 95% t-interval over {n} seeds")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    _common.save(fig, args.out, "sweep-figure.png")


if __name__ == "__main__":
    main()
