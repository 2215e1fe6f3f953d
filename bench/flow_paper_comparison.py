#!/usr/bin/python3
"""The paper's comparison ([DPSWFlow] §4.2, Fashion-MNIST): DPSWflow-r, DPSWflow (pool, data noise once)
and DPSWgen at eps in {inf, 10, 5, 1}, same eps and delta, several seeds, mean +- sd (docs/flow-results.md).

usage: bench/flow_paper_comparison.py [--seeds N] [--jobs J] [--quick] [--only ROW[,ROW...]] [--cache FILE] > table.md
(--only: run the rows whose name starts with one of the ROWs; --json FILE: also write every run's metrics;
--cache FILE: JSON lines of finished runs, read first and appended to, so an interrupted or extended
table (more seeds) reruns only what is missing; DPWLAB_CLI: the dpwlab-cli to run, default build/app/)

Setting (the paper's, not the project's per-class run): ONE unconditional flow on the PCA-8 latents of
the private half, 10000 particles, batch 250 (q = 1/120), T = 4200, k = 70, P = 1000, h = 3.
Rows:
- dpswflow-r (paper): the paper's release (noise on every projection), i.i.d. random directions, constant
  h = 3, the papers' CLT bound (delta/2 union-bounded over the T draws), delta/2 to the RDP accountant
  with Poisson sampling (bound = clt, accountant = rdp, convention = union-bound);
- dpswflow-r (defaults): the method's defaults (histogram release of k = d orthonormal directions, exact
  sensitivity, h_t = 3 / (1 + t/20), particles normalised onto the unit sphere at the end), same batch,
  T, particles, P;
- dpswflow (pool): pool K = 70, k = 25 per step, T = 1500 (reference), the pool's noisy data
  projections released ONCE (data_noise = once, analytic Gaussian: the run's eps is that release's);
- dpswflow (defaults): the method's defaults (the K = 70 pool directions' noisy histograms of the private
  half released once, Delta = sqrt(2K), orthonormal blocks, k = 30 per step, decaying step), T = 1500;
- dpswgen: k = 70, batch 250, 2000 Adam steps (lr 3e-3), MLP 8 -> 128 -> 128 -> 8, CLT bound, RDP (Poisson).
The baselines use the papers' CLT approximation (bound = clt; pool: too) and Poisson RDP, as the papers do;
the method defaults are the rigorous Chernoff bound and the replace-one accountant (flow_privacy.h).
Metrics: FD = Frechet distance in the public LDA feature space (engine/flow/frechet_features.h;
floor = private vs held-out), SW2^2 to the held-out test latents (200 directions), wall time.
"""
import json
import os
import statistics
import sys
from concurrent.futures import ThreadPoolExecutor

from run_scenario import run_scenario
DELTA = 1e-5


def run(method, params, seed):
    return run_scenario(method, params, seed, "flow_paper_comparison.py", env={"OMP_NUM_THREADS": "1"})["metrics"]


def main():
    args = sys.argv[1:]
    seeds = int(args[args.index("--seeds") + 1]) if "--seeds" in args else 5
    jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 2
    quick = "--quick" in args
    T, T_pool, T_gen = (300, 150, 300) if quick else (4200, 1500, 2000)
    base = {"target": "fashion-mnist", "delta": DELTA}
    flow = dict(base, particles=10000, quantiles=1000, batch=250, steps=T, frame_every=T)
    methods = {
        "dpswflow-r (paper)": ("dpswflow-r", dict(flow, projections=70, step_size=3, step_decay=0,
                                                  direction_draw="random", convention="union-bound",
                                                  bound="clt", accountant="rdp", release="projections",
                                                  project_support="off")),
        "dpswflow-r (defaults)": ("dpswflow-r", dict(flow)),
        "dpswflow (pool, noise once)": ("dpswflow", dict(base, particles=10000, quantiles=1000, pool=70, projections=25,
                                                         step_size=3, step_decay=0, direction_draw="random", bound="clt", release="projections",
                                                         project_support="off", data_noise="once", steps=T_pool,
                                                         frame_every=T_pool)),
        "dpswflow (defaults)": ("dpswflow", dict(base, particles=10000, quantiles=1000, steps=T_pool,
                                                 frame_every=T_pool)),
        "dpswgen": ("dpswgen", dict(base, projections=70, batch=250, steps=T_gen, learning_rate=0.003, samples=10000,
                                    bound="clt", accountant="rdp", frame_every=T_gen)),
    }
    if "--only" in args:
        prefixes = tuple(args[args.index("--only") + 1].split(","))
        methods = {k: v for k, v in methods.items() if k.startswith(prefixes)}
    epsilons = ["inf", 10, 5, 1]
    tasks = [(name, eps, seed) for name in methods for eps in epsilons for seed in range(1, seeds + 1)]

    cache_path = args[args.index("--cache") + 1] if "--cache" in args else None
    cached = {}
    if cache_path and os.path.exists(cache_path):
        with open(cache_path) as f:
            for line in f:
                if line.strip():
                    m = json.loads(line)
                    cached[(m.pop("row"), m.pop("eps"), m.pop("seed"))] = m

    def one(task):
        if task in cached:
            return task, cached[task]
        name, eps, seed = task
        method, params = methods[name]
        m = run(method, dict(params, epsilon=eps), seed)
        line = json.dumps({"row": name, "eps": eps, "seed": seed, **m})
        print(line, file=sys.stderr, flush=True)
        if cache_path:
            with open(cache_path, "a") as f:
                f.write(line + "\n")
        return task, m

    with ThreadPoolExecutor(jobs) as pool:
        results = dict(pool.map(one, tasks))
    if "--json" in args:
        with open(args[args.index("--json") + 1], "w") as f:
            json.dump([{"row": t[0], "eps": t[1], "seed": t[2], **m} for t, m in results.items()], f, indent=1)

    def stat(vals, fmt):
        if len(vals) == 1:
            return format(vals[0], fmt)
        return f"{format(statistics.mean(vals), fmt)} ± {format(statistics.stdev(vals), fmt)}"

    print(f"Fashion-MNIST, one unconditional flow / generator, {seeds} seeds (mean ± sd), δ = {DELTA:g}"
          f"{' (QUICK: short runs)' if quick else ''}.\n")
    print("| method | ε | FD (public LDA features) | SW₂² to held-out | ε reported | wall time (s) |")
    print("| --- | --- | --- | --- | --- | --- |")
    floors = []
    for name in methods:
        for eps in epsilons:
            ms = [results[(name, eps, s)] for s in range(1, seeds + 1)]
            floors += [m["frechet_floor"] for m in ms]
            eps_rep = ms[0]["epsilon"]
            print(f"| {name} | {eps} | {stat([m['frechet_public'] for m in ms], '.4g')} | "
                  f"{stat([m['sw2_heldout'] for m in ms], '.3g')} | {eps_rep if isinstance(eps_rep, str) else f'{eps_rep:.3f}'} | "
                  f"{stat([m['seconds'] for m in ms], '.0f')} |")
    print(f"\nFD floor (private half vs test set): {statistics.mean(floors):.4g}.")


if __name__ == "__main__":
    main()
