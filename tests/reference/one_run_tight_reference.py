# tests/engine/audit/tst_one_run_tight.cpp compares with these values (pure Python 3, under a minute).
# Independent re-implementation of the p-value of Xiang, Wang, Xiao, Tian & Wang 2025 ("Tight privacy audit
# in one run", arXiv 2509.08704): n canaries, the r most confident guesses released, u of them wrong, under
# independent draws of a null pair.
#  - (eps, delta) pair, computed exactly without the order-statistics integral: the number D of canaries
#    that land in the delta atoms is Binomial(n, delta); they are guessed without error and rank first; the
#    other released guesses err independently with probability 1/(1 + e^eps), so
#    P[T <= u] = sum_D Bin(n, delta)(D) * P[Binomial(max(0, r - D), 1/(1 + e^eps)) <= u].
#  - G_mu pair: the integral over the cut written in a = |score - mu/2| instead of the tail mass,
#    Simpson's rule on a fine grid, Phi from statistics.NormalDist (in the far tail from math.erfc).
import math
from statistics import NormalDist

from gdp_reference import gauss_mu

N = NormalDist()

def log_binom_pmf(k, r, p):
    if p <= 0: return 0.0 if k == 0 else -math.inf
    if p >= 1: return 0.0 if k == r else -math.inf
    return (math.lgamma(r + 1) - math.lgamma(k + 1) - math.lgamma(r - k + 1)
            + k * math.log(p) + (r - k) * math.log1p(-p))

def binom_cdf(u, r, p):
    if u >= r: return 1.0
    return min(1.0, sum(math.exp(log_binom_pmf(k, r, p)) for k in range(0, u + 1)))

def p_eps_delta(n, r, u, eps, delta):
    g = 1 / (1 + math.exp(eps))
    total, d = 0.0, 0
    while d <= n:
        w = math.exp(log_binom_pmf(d, n, delta)) if delta > 0 else (1.0 if d == 0 else 0.0)
        total += w * binom_cdf(u, max(0, r - d), g)
        if d > n * delta + 50: break
        d += 1
    return min(1.0, total)

def sf(x):  # P[N(0,1) > x]
    return 0.5 * math.erfc(x / math.sqrt(2))

def p_gauss(n, r, u, mu, steps=20000):
    # V = tail mass above the cut ~ Beta(r + 1, n - r); V = sf(a - mu/2) + sf(a + mu/2);
    # |dV/da| = phi(a - mu/2) + phi(a + mu/2); mean error above the cut = sf(a + mu/2) / V.
    if u >= r: return 1.0
    if r == n: return binom_cdf(u, r, sf(mu / 2))
    lb = math.lgamma(r + 1) + math.lgamma(n - r) - math.lgamma(n + 1)
    a_hi = mu / 2 + 40
    h = a_hi / steps
    total = 0.0
    for i in range(steps + 1):
        a = i * h
        v = sf(a - mu / 2) + sf(a + mu / 2)
        if v <= 0 or v >= 1: continue
        dens = N.pdf(a - mu / 2) + N.pdf(a + mu / 2)
        logf = r * math.log(v) + (n - r - 1) * math.log1p(-v) - lb
        g = sf(a + mu / 2) / v
        c = binom_cdf(u, r, g)
        wgt = 1 if i in (0, steps) else (4 if i % 2 else 2)
        total += wgt * math.exp(logf) * dens * c
    return min(1.0, total * h / 3)

if __name__ == "__main__":
    for (n, r, u, eps, delta) in [(1000, 100, 0, 3.0, 1e-5), (1000, 100, 2, 3.0, 1e-5), (1000, 200, 5, 2.5, 1e-5),
                                  (100000, 1000, 10, 4.0, 1e-5), (100000, 1000, 10, 4.0, 1e-3),
                                  (1000, 1000, 300, 1.0, 1e-5)]:
        print("eps-delta", n, r, u, eps, delta, repr(p_eps_delta(n, r, u, eps, delta)))
    for (n, r, u, eps) in [(1000, 100, 5, 4.0), (1000, 100, 5, 6.0), (1000, 500, 60, 5.0), (10000, 1000, 20, 6.0),
                           (200, 20, 3, 2.0)]:
        mu = gauss_mu(eps, 1e-5)
        print("gauss", n, r, u, eps, repr(mu), repr(p_gauss(n, r, u, mu)))
