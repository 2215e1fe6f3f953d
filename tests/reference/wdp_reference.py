#!/usr/bin/python3
"""Independent reference values for the WDP tests, by numerical integration (scipy.integrate.quad),
not by the hypergeometric closed form the engine uses.

usage: wdp_reference.py
Prints JSON: "moments": [[mean, variance, mu, E|Z|^mu], ...] for Z ~ N(mean, variance), and
"laplace_rdp": [[lambda, alpha, D_alpha(Lap(0, lambda) || Lap(1, lambda))], ...] by integrating the
Renyi divergence of the two Laplace densities.
"""
import json
import math

from scipy import integrate


def abs_moment(m, v, mu):
    s = math.sqrt(v)
    f = lambda z: abs(z) ** mu * math.exp(-(z - m) ** 2 / (2 * v)) / math.sqrt(2 * math.pi * v)
    lo, hi = m - 40 * s, m + 40 * s
    pts = [0.0] if lo < 0 < hi else None
    val, _ = integrate.quad(f, lo, hi, points=pts, limit=400, epsabs=0, epsrel=1e-12)
    return val


def laplace_rdp(lam, alpha):
    logp = lambda x: -abs(x) / lam - math.log(2 * lam)
    logq = lambda x: -abs(x - 1) / lam - math.log(2 * lam)
    f = lambda x: math.exp(alpha * logp(x) + (1 - alpha) * logq(x))
    val, _ = integrate.quad(f, -60 * lam - 1, 60 * lam + 2, points=[0.0, 1.0], limit=400, epsabs=0, epsrel=1e-12)
    return math.log(val) / (alpha - 1)


moments = []
for m, v, mu in [(0.01, 1.9802, 16), (0.0, 1.0, 1), (0.5, 2.0, 3), (2.0, 0.5, 2.5), (0.1, 0.02, 8), (1.0, 1.0, 16)]:
    moments.append([m, v, mu, abs_moment(m, v, mu)])
lap = []
for lam, alpha in [(1.0, 2.0), (0.5, 1.5), (2.0, 8.0), (1.0, 32.0)]:
    lap.append([lam, alpha, laplace_rdp(lam, alpha)])
print(json.dumps({"moments": moments, "laplace_rdp": lap}))
