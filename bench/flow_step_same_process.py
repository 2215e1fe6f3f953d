#!/usr/bin/python3
"""One DPSWflow-r step, ours (dpwlab.sliced_flow_step, the engine's slicedFlowStep) against a PyTorch
float32 CPU peer of the reference step, in ONE Python process on the same resources (issue #15, item 5).

Rounds alternate [ours: median of R steps] and [PyTorch: median of R steps] (the order flips every
round), so both see the same machine load; prints per case the median of the per-round ratios
(with min / max) and the absolute medians in ms, as JSON.
  d = 8:    10^4 particles, k = 70 directions, a batch of 250 of 30000 unit-sphere rows, P = 1000,
            h = 3, noise s = 2 w_CLT(70, 8, 1e-5) on both projections (noise multiplier 1).
  2-D toy:  5000 particles, 5000 data rows (the whole data set), k = 50, P = 1000, h = 1, s = 1.
Each step draws fresh directions (numpy for ours, torch for the peer) and, for d = 8, a fresh batch
(numpy Generator.choice / torch.randperm): both sides time the whole step. The PyTorch step is the
one of the public dpswgf code (torch.quantile, a searchsorted
interpolation, torch.normal noise), with the drift as one matrix product.
Threads: torch.set_num_threads(THREADS) and OMP_NUM_THREADS=THREADS for ours (default 2), one
libgomp for both, OMP_WAIT_POLICY=passive unless set (see below; "default" for libgomp's own).

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/flow_step_same_process.py [--rounds 7] [--repeat 15]
       [--case d8|toy|both] [--parts]      (--parts: also time ours piece by piece)
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

THREADS = int(os.environ.get("THREADS", "2"))
os.environ["OMP_NUM_THREADS"] = str(THREADS)  # before the OpenMP runtime starts (ours and torch's)
# Both sides share one libgomp. Its default lets idle workers spin for a while after every parallel
# region; on a loaded 2-core machine the spinning worker and the caller then wait on each other's time
# slices (an empty 2-thread region measured 16 ms instead of 12 us), which costs the peer (dozens of
# regions per step) far more than ours (a few) and inflated the ratio 2-3x. Passive waiting measures the
# steps, not the scheduler; OMP_WAIT_POLICY=active (or unset it in the shell: "default") to compare.
if os.environ.get("OMP_WAIT_POLICY", "passive") == "default":
    os.environ.pop("OMP_WAIT_POLICY", None)
else:
    os.environ.setdefault("OMP_WAIT_POLICY", "passive")

import numpy as np  # noqa: E402
import torch  # noqa: E402

import dpwlab  # noqa: E402

torch.set_num_threads(THREADS)


def case_d8():
    n, d, k, m, batch, P, h = 10000, 8, 70, 30000, 250, 1000, 3.0
    z = 4.417173413469023  # Phi^-1(1 - delta/2), delta = 1e-5 
    sigma = 2 * math.sqrt(k / d + z / d * math.sqrt(2 * k * (d - 1) / (d + 2)))
    return dict(name="d = 8", n=n, d=d, k=k, m=m, batch=batch, P=P, h=h, sigma=sigma, data_scale=None)


def case_toy():
    return dict(name="2-D toy", n=5000, d=2, k=50, m=5000, batch=5000, P=1000, h=1.0, sigma=1.0, data_scale=0.5)


class Ours:
    def __init__(self, c, seed=0):
        self.c = c
        self.rng = np.random.default_rng(seed)
        self.X = self.rng.standard_normal((c["n"], c["d"]))
        Y = self.rng.standard_normal((c["m"], c["d"]))
        if c["data_scale"] is None:
            Y /= np.linalg.norm(Y, axis=1, keepdims=True)
        else:
            Y *= c["data_scale"]
        self.Y = Y
        self.t = 0

    def directions(self):
        theta = self.rng.standard_normal((self.c["k"], self.c["d"]))
        theta /= np.linalg.norm(theta, axis=1, keepdims=True)
        return theta

    def batch(self):
        c = self.c
        if c["batch"] == c["m"]:
            return self.Y
        return self.Y[self.rng.choice(c["m"], c["batch"], replace=False)]

    def step(self):
        c = self.c
        self.t += 1
        return dpwlab.sliced_flow_step(self.X, self.batch(), self.directions(), noise_std=c["sigma"],
                                       noise_seed=self.t, quantiles=c["P"], step_size=c["h"])


class Peer:
    def __init__(self, c, dtype=torch.float32):
        self.c, self.dtype = c, dtype
        torch.manual_seed(0)
        self.X = torch.randn(c["n"], c["d"], dtype=dtype)
        Y = torch.randn(c["m"], c["d"], dtype=dtype)
        self.Y = torch.nn.functional.normalize(Y, dim=1) if c["data_scale"] is None else c["data_scale"] * Y
        self.u = torch.linspace(0, 1, c["P"], dtype=dtype)

    @staticmethod
    def interp(xp, fp, x):
        # batched numpy.interp: xp, fp (k x P) increasing in xp, x (k x n)
        idx = torch.searchsorted(xp.contiguous(), x.contiguous(), right=True).clamp(1, xp.shape[1] - 1)
        x0, x1 = xp.gather(1, idx - 1), xp.gather(1, idx)
        f0, f1 = fp.gather(1, idx - 1), fp.gather(1, idx)
        t = torch.where(x1 > x0, (x - x0) / (x1 - x0), torch.zeros_like(x)).clamp(0, 1)
        return f0 + t * (f1 - f0)

    def step(self):
        c, u, X = self.c, self.u, self.X
        k, d, m, batch, sigma = c["k"], c["d"], c["m"], c["batch"], c["sigma"]
        theta = torch.nn.functional.normalize(torch.randn(k, d, dtype=self.dtype), dim=1)
        target = self.Y if batch == m else self.Y[torch.randperm(m)[:batch]]
        tp = torch.normal((target @ theta.T).T, sigma)
        tq = torch.quantile(tp, u, dim=1).T
        xp = torch.normal((X @ theta.T).T, sigma)
        xq = torch.quantile(xp, u, dim=1).T
        F = self.interp(xq, u.repeat(k, 1), xp)
        T = self.interp(u.repeat(k, 1), tq, F)
        drift = (xp - T).T @ theta / k
        return X - c["h"] * drift


def median_time(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def parts(ours, repeat):
    """Ours piece by piece (median of `repeat` each, in ms): what the Python side adds to the engine."""
    c = ours.c
    theta, batch = ours.directions(), ours.batch()
    kw = dict(noise_std=c["sigma"], noise_seed=1, quantiles=c["P"], step_size=c["h"])
    tiny = np.zeros((1, c["d"])), np.ones((1, c["d"])), theta[:1]
    return {
        "directions_ms": 1e3 * median_time(ours.directions, repeat),
        "batch_ms": 1e3 * median_time(ours.batch, repeat),
        "binding_call_ms": 1e3 * median_time(lambda: dpwlab.sliced_flow_step(ours.X, batch, theta, **kw), repeat),
        "copy_of_x_ms": 1e3 * median_time(lambda: np.array(ours.X, copy=True), repeat),
        "call_on_1_point_ms": 1e3 * median_time(lambda: dpwlab.sliced_flow_step(*tiny, quantiles=2), repeat),
    }


def run_case(c, rounds, repeat, with_parts):
    ours, peer = Ours(c), Peer(c)
    with torch.inference_mode():
        for _ in range(2):  # warm-up: thread pools, allocator, torch's kernels
            ours.step(), peer.step()
        o_all, p_all, ratios = [], [], []
        for r in range(rounds):
            if r % 2 == 0:
                o = median_time(ours.step, repeat)
                p = median_time(peer.step, repeat)
            else:
                p = median_time(peer.step, repeat)
                o = median_time(ours.step, repeat)
            o_all.append(o), p_all.append(p), ratios.append(p / o)
    out = {"step": c["name"], "particles": c["n"], "d": c["d"], "k": c["k"], "data_rows": c["m"],
           "batch": c["batch"], "quantiles": c["P"], "noise_std": round(c["sigma"], 4), "rounds": rounds,
           "repeat": repeat, "ours_ms_median": round(1e3 * statistics.median(o_all), 3),
           "torch_ms_median": round(1e3 * statistics.median(p_all), 3),
           "speedup_median": round(statistics.median(ratios), 2), "speedup_min": round(min(ratios), 2),
           "speedup_max": round(max(ratios), 2)}
    if with_parts:
        out["ours_parts"] = {k: round(v, 4) for k, v in parts(ours, max(repeat, 30)).items()}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--case", choices=["d8", "toy", "both"], default="both")
    ap.add_argument("--parts", action="store_true")
    a = ap.parse_args()
    cases = {"d8": [case_d8()], "toy": [case_toy()], "both": [case_d8(), case_toy()]}[a.case]
    results = [run_case(c, a.rounds, a.repeat, a.parts) for c in cases]
    print(json.dumps({"dpwlab": dpwlab.__version__, "build": dpwlab.build_flavour, "torch": torch.__version__,
                      "torch_dtype": "float32", "threads": THREADS,
                      "omp_wait_policy": os.environ.get("OMP_WAIT_POLICY", "libgomp default (spin, then sleep)"),
                      "load_average": os.getloadavg()[0], "torch_threads": torch.get_num_threads(),
                      "cases": results, "note": "one process, alternating rounds; ratio = torch / ours"},
                     indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
