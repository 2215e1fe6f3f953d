"""An independent re-implementation of [FairReg] Alg. 1 as reference §3 describes it (numpy + scipy's
HiGHS LP), for DPW Lab's tests: Communities & Crime, 70/30 split, Laplace histogram, isotonic repair,
barycenter LP with KS tolerance alpha/2, randomised transports, MSE and max pairwise KS on the test rows.
Written from the reference text only; it shares no code with the engine.

usage: fair_regression_reference.py DATA_DIR K ALPHA SEEDS EPS [EPS ...]   (EPS may be inf)
prints {"<eps>": {"mse_mean", "mse_std", "ks_mean", "ks_std"}, ...} as JSON.
"""
import json
import sys

import numpy as np
from scipy.optimize import linprog

data_dir, k, alpha, seeds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
epsilons = [float(e) for e in sys.argv[5:]]
names = [l.split()[1] for l in open(data_dir + "/communities.names") if l.startswith("@attribute")]
rows = [l.strip().split(",") for l in open(data_dir + "/communities.data") if l.strip()]
col = {n: [r[i] for r in rows] for i, n in enumerate(names)}
s = np.array(col["ViolentCrimesPerPop"], float)
a = (np.array(col["racepctblack"], float) > 0.06).astype(int)
lo, hi = 0.0, 1.0
width = (hi - lo) / k


def bin_of(x):
    return np.clip(np.floor((x - lo) / width).astype(int), 0, k - 1)


def iso(x):  # L-infinity isotonic regression: (prefix max + suffix min) / 2
    return (np.maximum.accumulate(x) + np.minimum.accumulate(x[::-1])[::-1]) / 2


def barycenter_couplings(ps, ws):
    m = len(ps)
    nv = m * k * k + k + m * k
    g = lambda A, i, j: A * k * k + i * k + j
    b = lambda j: m * k * k + j
    q = lambda A, j: m * k * k + k + A * k + j
    c = np.zeros(nv)
    for A in range(m):
        for i in range(k):
            for j in range(k):
                c[g(A, i, j)] = ws[A] * (i - j) ** 2
    aeq, beq, aub, bub = [], [], [], []
    for A in range(m):
        for i in range(k):
            r = np.zeros(nv); r[[g(A, i, j) for j in range(k)]] = 1; aeq.append(r); beq.append(ps[A][i])
        for j in range(k):
            r = np.zeros(nv); r[[g(A, i, j) for i in range(k)]] = 1; r[q(A, j)] = -1; aeq.append(r); beq.append(0)
        for t in range(k):
            r = np.zeros(nv)
            for j in range(t + 1):
                r[q(A, j)] = 1; r[b(j)] = -1
            aub += [r, -r]; bub += [alpha / 2, alpha / 2]
    x = linprog(c, A_ub=np.array(aub), b_ub=bub, A_eq=np.array(aeq), b_eq=beq, bounds=(0, None), method="highs").x
    return [x[A * k * k:(A + 1) * k * k].reshape(k, k) for A in range(m)]


def ks(x, y):
    xs, ys = np.sort(x), np.sort(y)
    v = np.concatenate([xs, ys])
    return np.max(np.abs(np.searchsorted(xs, v, "right") / len(xs) - np.searchsorted(ys, v, "right") / len(ys)))


def one_run(seed, eps):
    rng = np.random.default_rng(seed)
    perm = rng.permutation(len(s))
    nt = int(np.ceil(0.3 * len(s)))
    test, train = perm[:nt], perm[nt:]
    hist = np.zeros((2, k))
    np.add.at(hist, (a[train], bin_of(s[train])), 1.0)
    hist /= len(train)
    if np.isfinite(eps):
        hist += rng.laplace(0, 2 / (eps * len(train)), size=hist.shape)
    ws = np.maximum(hist.sum(1), 1e-6)
    ps = []
    for A in range(2):
        C = np.clip(iso(np.cumsum(hist[A] / ws[A])), 0, 1)
        C[-1] = 1
        ps.append(np.diff(np.concatenate([[0], C])))
    gam = barycenter_couplings(ps, ws)
    out = np.empty(nt)
    for n, t in enumerate(test):
        i = bin_of(np.array([s[t]]))[0]
        row = gam[a[t]][i]
        j = i if row.sum() <= 1e-14 else rng.choice(k, p=row / row.sum())  # empty row: identity
        out[n] = lo + (j + 0.5) * width
    return np.mean((out - s[test]) ** 2), ks(out[a[test] == 0], out[a[test] == 1])


result = {}
for eps in epsilons:
    r = np.array([one_run(seed, eps) for seed in range(seeds)])
    result["inf" if np.isinf(eps) else repr(eps)] = {
        "mse_mean": r[:, 0].mean(), "mse_std": r[:, 0].std(ddof=1), "ks_mean": r[:, 1].mean(), "ks_std": r[:, 1].std(ddof=1)}
print(json.dumps(result))
