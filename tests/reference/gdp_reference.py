# The Gaussian-DP family's (eps, delta) curve and its inverse in mu, shared by one_run_fdp_reference.py and
# one_run_tight_reference.py (pure Python 3, Phi from statistics.NormalDist): delta(eps) of G_mu, and the
# largest mu whose delta at eps is below the given delta, by bisection.
import math
from statistics import NormalDist

N = NormalDist()

def gdp_delta(mu, eps):
    if mu == 0: return 0.0
    return max(0.0, N.cdf(-eps / mu + mu / 2) - math.exp(eps) * N.cdf(-eps / mu - mu / 2))

def gauss_mu(eps, delta):
    lo, hi = 0.0, 1.0
    while gdp_delta(hi, eps) < delta: hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if gdp_delta(mid, eps) < delta: lo = mid
        else: hi = mid
    return lo
