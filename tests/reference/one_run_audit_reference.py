# tests/engine/audit/tst_one_run_audit.cpp compares with these values (pure Python 3, about 2 min of CPU).
# Independent reference: exact rational sums (fractions) of the Steinke-Nasr-Jagielski p-value.
import math, sys
from fractions import Fraction as F

def pvalue(m, r, v, eps, delta):
    p = F(1) / (1 + F(math.exp(-eps)))
    q = 1 - p
    pmf = [F(math.comb(r, k)) * p**k * q**(r - k) for k in range(r + 1)]
    f = lambda w: sum(pmf[max(w, 0):], F(0))
    fv = f(v)
    worst = max([(f(v - i) - fv) / i for i in range(1, v + 1)] or [F(0)])
    return float(min(F(1), fv + 2 * m * F(delta) * worst))

def bound(m, r, v, delta, beta):
    if pvalue(m, r, v, 0.0, delta) > beta: return 0.0
    lo, hi = 0.0, 60.0
    while hi - lo > 1e-7:
        mid = (lo + hi) / 2
        if pvalue(m, r, v, mid, delta) <= beta: lo = mid
        else: hi = mid
    return lo

for args in [(100, 20, 20, 0.0, 0.05), (100, 20, 18, 0.0, 0.05), (1000, 100, 95, 1e-5, 0.05),
             (1000, 200, 200, 1e-5, 0.005), (200, 40, 30, 1e-3, 0.05)]:
    print(args, repr(bound(*args)))
for args in [(1000, 100, 95, 2.0, 1e-5), (200, 40, 30, 1.0, 1e-3), (1000, 200, 199, 4.0, 1e-4)]:
    print(args, repr(pvalue(*args)))
