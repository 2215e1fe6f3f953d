#!/usr/bin/env bash
# Times one DPSWflow-r step (10^4 particles, d = 8, k = 70, batch 250 of 30000, P = 1000, noise on
# both projections) with bench/bench_flow (C++) and with PyTorch on the CPU (Debian's python3-torch),
# in one command, and prints the ratio. The PyTorch step follows the public dpswgf code (torch.quantile,
# a searchsorted interpolation, torch.normal noise) with the drift as one matrix product (fairer to
# PyTorch than the reference's k x d x n broadcast). Needs: scripts/build.sh (target bench_flow).
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-20}
ours=$(build/bench/bench_flow --benchmark_filter='BM_FlowStep/' --benchmark_repetitions="$REPEAT" \
  --benchmark_report_aggregates_only=true --benchmark_format=json 2>/dev/null)
/usr/bin/python3 - "$REPEAT" "$ours" <<'PY'
import json, math, os, sys, time
import torch
repeat = int(sys.argv[1])
ours = json.loads(sys.argv[2])
ours_median = next(b for b in ours["benchmarks"] if b.get("aggregate_name") == "median")["real_time"] / 1e3
torch.set_num_threads(os.cpu_count())
torch.manual_seed(0)
n, d, k, m, batch, P, h = 10000, 8, 70, 30000, 250, 1000, 3.0
X = torch.randn(n, d, dtype=torch.float64)
Y = torch.nn.functional.normalize(torch.randn(m, d, dtype=torch.float64), dim=1)
z = 4.417173413469023  # Phi^-1(1 - delta/2), delta = 1e-5
sigma = 2 * math.sqrt(k / d + z / d * math.sqrt(2 * k * (d - 1) / (d + 2)))
u = torch.linspace(0, 1, P, dtype=torch.float64)

def interp(xp, fp, x):
    # batched numpy.interp: xp, fp (k x P) increasing in xp, x (k x n)
    idx = torch.searchsorted(xp.contiguous(), x.contiguous(), right=True).clamp(1, xp.shape[1] - 1)
    x0, x1 = xp.gather(1, idx - 1), xp.gather(1, idx)
    f0, f1 = fp.gather(1, idx - 1), fp.gather(1, idx)
    t = torch.where(x1 > x0, (x - x0) / (x1 - x0), torch.zeros_like(x)).clamp(0, 1)
    return f0 + t * (f1 - f0)

def step(X):
    theta = torch.nn.functional.normalize(torch.randn(k, d, dtype=torch.float64), dim=1)
    target = Y[torch.randperm(m)[:batch]]
    tp = torch.normal((target @ theta.T).T, sigma)
    tq = torch.quantile(tp, u, dim=1).T
    xp = torch.normal((X @ theta.T).T, sigma)
    xq = torch.quantile(xp, u, dim=1).T
    F = interp(xq, u.repeat(k, 1), xp)
    T = interp(u.repeat(k, 1), tq, F)
    drift = (xp - T).T @ theta / k
    return X - h * drift

with torch.inference_mode():
    step(X)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter(); step(X); times.append(time.perf_counter() - t0)
torch_median = sorted(times)[len(times) // 2]
print(json.dumps({"particles": n, "d": d, "k": k, "batch": batch, "quantiles": P,
                  "dpwlab_seconds_median": ours_median, "torch_seconds_median": torch_median,
                  "torch_version": torch.__version__, "torch_threads": torch.get_num_threads(),
                  "speedup_vs_torch": torch_median / ours_median,
                  "note": "2-core machine shared with other builds; ratio measured in one command"}, indent=1))
PY
