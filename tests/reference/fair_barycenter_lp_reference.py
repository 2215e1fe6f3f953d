#!/usr/bin/python3
"""Independent reference for the barycenter LP of [FairReg] (reference section 3, step 4).

usage: fair_barycenter_lp_reference.py FILE.json
FILE holds {"weights": [m], "pmf": [[k] * m], "alphas": [...]}. The LP is written in its textbook
form, different from the engine's sparse one: variables gamma_a (k x k), q_a (k) and b (k), all >= 0;
row sums of gamma_a = p_a, column sums = q_a, and the dense prefix constraints
-alpha/2 <= sum_{j<=t} (q_a[j] - b[j]) <= alpha/2 for every t. Solved with scipy's HiGHS.
Prints JSON {"objectives": [...], "scipy_version": ...}.
"""
import json
import sys

import numpy as np
import scipy
from scipy.optimize import linprog
from scipy.sparse import lil_matrix

spec = json.load(open(sys.argv[1]))
w = np.array(spec["weights"], dtype=float)
P = np.array(spec["pmf"], dtype=float)
m, k = P.shape
ng = m * k * k
nq = m * k
n = ng + nq + k
gi = lambda a, i, j: a * k * k + i * k + j
qi = lambda a, j: ng + a * k + j
bi = lambda j: ng + nq + j

c = np.zeros(n)
for a in range(m):
    for i in range(k):
        for j in range(k):
            c[gi(a, i, j)] = w[a] * (i - j) ** 2

Aeq = lil_matrix((2 * m * k, n))
beq = np.zeros(2 * m * k)
r = 0
for a in range(m):
    for i in range(k):
        for j in range(k):
            Aeq[r, gi(a, i, j)] = 1.0
        beq[r] = P[a, i]
        r += 1
for a in range(m):
    for j in range(k):
        for i in range(k):
            Aeq[r, gi(a, i, j)] = 1.0
        Aeq[r, qi(a, j)] = -1.0
        r += 1

Aub = lil_matrix((2 * m * k, n))
row = 0
for a in range(m):
    for t in range(k):
        for j in range(t + 1):
            Aub[row, qi(a, j)] = 1.0
            Aub[row, bi(j)] = -1.0
            Aub[row + 1, qi(a, j)] = -1.0
            Aub[row + 1, bi(j)] = 1.0
        row += 2

objectives = []
for alpha in spec["alphas"]:
    bub = np.full(2 * m * k, alpha / 2)
    res = linprog(c, A_ub=Aub.tocsr(), b_ub=bub, A_eq=Aeq.tocsr(), b_eq=beq, bounds=(0, None), method="highs",
                  options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10})
    if res.status != 0:
        raise SystemExit(f"linprog failed for alpha={alpha}: {res.message}")
    objectives.append(float(res.fun))
print(json.dumps({"objectives": objectives, "scipy_version": scipy.__version__}))
