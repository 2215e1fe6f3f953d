#!/usr/bin/env bash
# Times one DPSWflow-r step with bench/bench_flow (C++) and with a PyTorch CPU peer (Debian's
# python3-torch, float32 by default: DTYPE=float64 for the double peer), in ONE command, interleaved:
# ROUNDS rounds of [C++ median of REPEAT steps, PyTorch median of REPEAT steps], so both see the same
# machine load; prints the median over rounds of the per-round ratio (and the min / max).
#   default: 10^4 particles, d = 8, k = 70, batch 250 of 30000, P = 1000 (issue #6 / #15);
#   TOY=1:   the 2-D toy step, 5000 particles, 5000 data rows, k = 50, P = 1000, step alone (no frames).
# The PyTorch step follows the public dpswgf code (torch.quantile, a searchsorted interpolation,
# torch.normal noise) with the drift as one matrix product (fairer to PyTorch than the reference's
# k x d x n broadcast). Needs: a build with -DDPW_BUILD_BENCH=ON (target bench_flow).
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-15}
ROUNDS=${ROUNDS:-5}
TOY=${TOY:-0}
DTYPE=${DTYPE:-float32}
BIN=${BENCH_BIN:-build/bench/bench_flow}
filter='BM_FlowStep/'
[ "$TOY" = 1 ] && filter='BM_FlowStepToy'
/usr/bin/python3 - "$REPEAT" "$ROUNDS" "$TOY" "$DTYPE" "$BIN" "$filter" <<'PY'
import json, math, os, statistics, subprocess, sys, time
import torch
repeat, rounds, toy, dtype_name, binary, filt = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4], sys.argv[5], sys.argv[6]
dtype = getattr(torch, dtype_name)
torch.set_num_threads(os.cpu_count())
torch.manual_seed(0)
if toy:
    n, d, k, m, batch, P, h, sigma = 5000, 2, 50, 5000, 5000, 1000, 1.0, 1.0
    Y = 0.5 * torch.randn(m, d, dtype=dtype)
else:
    n, d, k, m, batch, P, h = 10000, 8, 70, 30000, 250, 1000, 3.0
    Y = torch.nn.functional.normalize(torch.randn(m, d, dtype=dtype), dim=1)
    z = 4.417173413469023  # Phi^-1(1 - delta/2), delta = 1e-5
    sigma = 2 * math.sqrt(k / d + z / d * math.sqrt(2 * k * (d - 1) / (d + 2)))
X = torch.randn(n, d, dtype=dtype)
u = torch.linspace(0, 1, P, dtype=dtype)

def interp(xp, fp, x):
    # batched numpy.interp: xp, fp (k x P) increasing in xp, x (k x n)
    idx = torch.searchsorted(xp.contiguous(), x.contiguous(), right=True).clamp(1, xp.shape[1] - 1)
    x0, x1 = xp.gather(1, idx - 1), xp.gather(1, idx)
    f0, f1 = fp.gather(1, idx - 1), fp.gather(1, idx)
    t = torch.where(x1 > x0, (x - x0) / (x1 - x0), torch.zeros_like(x)).clamp(0, 1)
    return f0 + t * (f1 - f0)

def step(X):
    theta = torch.nn.functional.normalize(torch.randn(k, d, dtype=dtype), dim=1)
    target = Y if batch == m else Y[torch.randperm(m)[:batch]]
    tp = torch.normal((target @ theta.T).T, sigma)
    tq = torch.quantile(tp, u, dim=1).T
    xp = torch.normal((X @ theta.T).T, sigma)
    xq = torch.quantile(xp, u, dim=1).T
    F = interp(xq, u.repeat(k, 1), xp)
    T = interp(u.repeat(k, 1), tq, F)
    drift = (xp - T).T @ theta / k
    return X - h * drift

ours_all, torch_all, ratios = [], [], []
with torch.inference_mode():
    step(X)
    for _ in range(rounds):
        out = subprocess.run([binary, f"--benchmark_filter={filt}", f"--benchmark_repetitions={repeat}",
                              "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                             capture_output=True, text=True, check=True).stdout
        ours = next(b for b in json.loads(out)["benchmarks"] if b.get("aggregate_name") == "median")["real_time"] / 1e3
        times = []
        for _ in range(repeat):
            t0 = time.perf_counter(); step(X); times.append(time.perf_counter() - t0)
        theirs = statistics.median(times)
        ours_all.append(ours); torch_all.append(theirs); ratios.append(theirs / ours)
print(json.dumps({"step": "2-D toy" if toy else "d = 8", "particles": n, "d": d, "k": k, "batch": batch,
                  "quantiles": P, "torch_dtype": dtype_name, "torch_version": torch.__version__,
                  "torch_threads": torch.get_num_threads(), "rounds": rounds,
                  "dpwlab_seconds_median": statistics.median(ours_all),
                  "torch_seconds_median": statistics.median(torch_all),
                  "speedup_median_of_rounds": statistics.median(ratios),
                  "speedup_min": min(ratios), "speedup_max": max(ratios),
                  "note": "interleaved rounds in one command on the shared 2-core machine"}, indent=1))
PY
