# tests/engine/audit/tst_one_run_fdp.cpp compares with these values (pure Python 3, a few seconds).
# Independent re-implementation of the f-DP one-run bound of Mahloujifar, Melis & Chaudhuri 2024
# (arXiv 2410.22235, the recursion of their Sec. 4), written from the paper's description: Phi and its
# inverse from statistics.NormalDist, mu of the Gaussian family from the GDP delta by bisection, and the
# (eps, delta)-DP power curve inverted numerically (bisection on f-bar), not by its closed form.
import math
from statistics import NormalDist

from gdp_reference import gauss_mu

N = NormalDist()

def inv_gauss(mu):
    def g(y):
        if y <= 0: return 0.0
        if y >= 1: return 1.0
        return N.cdf(N.inv_cdf(y) - mu)
    return g

def inv_approx(eps, delta):
    fbar = lambda x: min(1.0, delta + math.exp(eps) * x, 1 - math.exp(-eps) * (1 - delta - x))
    def g(y):  # smallest x in [0, 1] with fbar(x) >= y
        if fbar(0.0) >= y: return 0.0
        lo, hi = 0.0, 1.0
        for _ in range(200):
            mid = (lo + hi) / 2
            if fbar(mid) >= y: hi = mid
            else: lo = mid
        return hi
    return g

def margin(m, k, c, tau, inv):
    r, h = tau * c / m, tau * (k - c) / m
    for i in range(c - 1, -1, -1):
        h2 = max(h, inv(min(r, 1.0)))
        if h2 == h: break
        r = min(1.0, r + i / (k - i) * (h2 - h))
        h = h2
    return r + h - k / m

def rejects(m, k, c, eps, delta, fam, tau):
    inv = inv_gauss(gauss_mu(eps, delta)) if fam == 'gauss' else inv_approx(eps, delta)
    return margin(m, k, c, tau, inv) > 0

def bound(m, k, c, delta, tau, fam):
    if not rejects(m, k, c, 0.0, delta, fam, tau): return 0.0
    lo, hi = 0.0, 60.0
    while hi - lo > 1e-7:
        mid = (lo + hi) / 2
        if rejects(m, k, c, mid, delta, fam, tau): lo = mid
        else: hi = mid
    return lo

for args in [(1000, 100, 100, 1e-5, 0.05, 'approx'), (1000, 100, 95, 1e-5, 0.05, 'approx'),
             (1000, 1000, 900, 1e-5, 0.05 / 12, 'approx'), (1000, 100, 100, 0.0, 0.05, 'approx'),
             (1000, 100, 100, 1e-5, 0.05, 'gauss'), (1000, 1000, 900, 1e-5, 0.05 / 12, 'gauss'),
             (200, 40, 30, 1e-3, 0.05, 'gauss'), (10000, 1000, 990, 1e-5, 0.05 / 16, 'gauss')]:
    print(args, repr(bound(*args)))
print('mu(8, 1e-5)', repr(gauss_mu(8.0, 1e-5)))
