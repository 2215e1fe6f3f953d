#!/usr/bin/env bash
# Times sliced W2 (n = m = 10^4, d = 8, k = 500, second sample shifted by +1) with dpwlab-cli, POT
# (ot.sliced_wasserstein_distance) and a PyTorch CPU sort-based implementation, in one command, and
# prints the ratios. Needs: scripts/install-deps.sh --bench, scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-10000}; D=${D:-8}; K=${K:-500}; REPEAT=${REPEAT:-5}
ours=$(build/app/dpwlab-cli sw --n "$N" --d "$D" --k "$K" --repeat "$REPEAT" 2>/dev/null)
ours_grad=$(build/app/dpwlab-cli sw --n "$N" --d "$D" --k "$K" --repeat "$REPEAT" --gradients 2>/dev/null)
/usr/bin/python3 - "$N" "$D" "$K" "$REPEAT" "$ours" "$ours_grad" <<'PY'
import json, sys, time
import numpy as np
n, d, k, repeat = map(int, sys.argv[1:5])
ours, ours_grad = json.loads(sys.argv[5]), json.loads(sys.argv[6])
rng = np.random.default_rng(0)
X = rng.standard_normal((n, d)); Y = rng.standard_normal((n, d)) + 1.0
theta = rng.standard_normal((d, k)); theta /= np.linalg.norm(theta, axis=0)

def median_time(f, r):
    ts = []
    for _ in range(r):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    return sorted(ts)[len(ts) // 2]

import ot
pot = median_time(lambda: ot.sliced_wasserstein_distance(X, Y, n_projections=k, projections=theta, p=2), max(1, repeat // 2))
out = {"n": n, "d": d, "k": k, "dpwlab_seconds": ours["seconds_median"],
       "dpwlab_gradients_seconds": ours_grad["seconds_median"], "pot_version": ot.__version__, "pot_seconds": pot,
       "speedup_vs_pot": pot / ours["seconds_median"],
       "gradients_over_value": ours_grad["seconds_median"] / ours["seconds_median"]}
try:
    import os, torch
    torch.set_num_threads(os.cpu_count())
    Xt, Yt, Tt = torch.from_numpy(X), torch.from_numpy(Y), torch.from_numpy(theta)
    def torch_sw():
        with torch.no_grad():
            a = torch.sort(Xt @ Tt, dim=0).values; b = torch.sort(Yt @ Tt, dim=0).values
            return ((a - b) ** 2).mean()
    out["torch_version"] = torch.__version__
    out["torch_threads"] = torch.get_num_threads()
    out["torch_seconds"] = median_time(torch_sw, repeat)
    out["speedup_vs_torch"] = out["torch_seconds"] / ours["seconds_median"]
except ImportError:
    out["torch_seconds"] = None
print(json.dumps(out, indent=1))
PY
