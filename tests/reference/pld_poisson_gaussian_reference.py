#!/usr/bin/python3
"""Independent reference for the "pld" accountant: two-sided bounds on the epsilon of T compositions of the
Poisson-subsampled Gaussian mechanism (add/remove, sensitivity 1, noise multiplier sigma, rate q), written for
DPW Lab's tests with numpy/scipy, by another discretisation than the engine's connect-the-dots.

usage: pld_poisson_gaussian_reference.py SIGMA Q T DELTA [INTERVAL]
Prints JSON {"eps_upper": .., "eps_lower": .., "interval": h}: the true epsilon lies in [eps_lower, eps_upper].

Method (privacy-loss buckets with exact rounding, as in Meiser & Mohammadi 2018 / Koskela et al. 2020):
for each adjacency the privacy loss L(x) = ln(mu_upper(x)/mu_lower(x)) is monotone in x, so the mass of
X ~ mu_upper whose loss lies in [l_j, l_{j+1}) is a difference of normal CDFs at the closed-form preimages
x(l_j), x(l_{j+1}). Put on l_{j+1} (rounded up) it gives a PLD that dominates the true one (an upper bound on
delta(eps) after any number of compositions); put on l_j, one that is dominated (a lower bound). Each is composed
T times by one FFT on a periodic window wide enough that the mass wrapping around is below 1e-30, and
delta(eps) = P(inf) + sum_l p_l (1 - e^{eps - l})_+ is inverted by bisection. epsilon is the larger of the two
adjacencies. Losses:
  REMOVE: mu_upper = (1-q) N(0,s^2) + q N(-1,s^2), mu_lower = N(0,s^2): L(x) = ln(1 - q + q e^{-(2x+1)/(2 s^2)})
  ADD:    mu_upper = N(0,s^2), mu_lower = (1-q) N(0,s^2) + q N(1,s^2):  L(x) = -ln(1 - q + q e^{(2x-1)/(2 s^2)})
"""
import json
import math
import sys

import numpy as np
from scipy.special import log_ndtr, ndtr

WINDOW = 40.0  # composed losses live in [-WINDOW/2, WINDOW/2) (periodic); far beyond eps at the tests' settings


def bucket_masses(sigma, q, adjacency, h):
    """Returns (grid indices j, mass of mu_upper with loss in [j h, (j+1) h)), and the mass of loss > top."""
    s2 = sigma * sigma
    edge = WINDOW / 2 - 1  # one step's losses beyond +-edge carry mass far below 1e-30 at the tests' settings
    lmin = math.log1p(-q) if adjacency == "remove" else -edge  # REMOVE's losses stay above ln(1 - q)
    lmax = edge if adjacency == "remove" else -math.log1p(-q)  # ADD's stay below -ln(1 - q)
    j0, j1 = math.floor(lmin / h), math.ceil(lmax / h)
    l = np.arange(j0, j1 + 1) * h
    if adjacency == "remove":
        # x(l) = -s^2 ln((e^l - (1 - q))/q) - 1/2, decreasing in l; F(x) = P(X <= x) under the mixture.
        arg = (np.expm1(l) + q) / q
        x = np.where(arg > 0, -s2 * np.log(np.maximum(arg, 1e-300)) - 0.5, np.inf)
        cdf = (1 - q) * ndtr(x / sigma) + q * ndtr((x + 1) / sigma)
    else:
        # x(l) = s^2 ln((e^{-l} - (1 - q))/q) + 1/2, decreasing in l; X ~ N(0, s^2).
        arg = (np.expm1(-l) + q) / q
        x = np.where(arg > 0, s2 * np.log(np.maximum(arg, 1e-300)) + 0.5, -np.inf)
        cdf = ndtr(x / sigma)
    # P(L >= l_j) = P(X <= x(l_j)) = cdf[j]; mass with loss in [l_j, l_{j+1}) = cdf[j] - cdf[j+1].
    mass = cdf[:-1] - cdf[1:]
    above = cdf[-1]  # loss >= lmax (REMOVE: below e^{-50}-ish; ADD: 0)
    below = 1.0 - cdf[0]  # loss < lmin (ADD: < 1e-300 relative; REMOVE: 0)
    return np.arange(j0, j1), np.maximum(mass, 0.0), above, below


def composed_delta_curve(idx, probs, inf_mass, T, h):
    n = int(round(WINDOW / h))
    n += n % 2
    arr = np.zeros(n)
    np.add.at(arr, np.mod(idx, n), probs)
    spec = np.fft.rfft(arr) ** T
    out = np.fft.irfft(spec, n)
    k = np.arange(n)
    k = np.where(k >= n // 2, k - n, k)  # indices of the window [-n/2, n/2)
    losses = k * h
    inf_T = -math.expm1(T * math.log1p(-inf_mass)) if inf_mass > 0 else 0.0
    keep = losses > 0  # delta(eps) for eps >= 0 reads only positive losses
    return losses[keep], np.maximum(out[keep], 0.0), inf_T


def delta_at(losses, probs, inf_T, eps):
    sel = losses > eps
    return inf_T + float(np.sum(probs[sel] * -np.expm1(eps - losses[sel])))


def epsilon_for(losses, probs, inf_T, delta):
    if delta_at(losses, probs, inf_T, 0.0) <= delta:
        return 0.0
    lo, hi = 0.0, WINDOW / 2
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        if delta_at(losses, probs, inf_T, mid) > delta:
            lo = mid
        else:
            hi = mid
    return hi


def main():
    sigma, q, T, delta = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    h = float(sys.argv[5]) if len(sys.argv) > 5 else 1e-5
    upper, lower = 0.0, 0.0
    for adjacency in ("remove", "add"):
        j, mass, above, below = bucket_masses(sigma, q, adjacency, h)
        # Upper: loss rounded up (mass of [l_j, l_{j+1}) on l_{j+1}), loss above the grid to +inf, loss below it
        # onto the first grid point. Lower: rounded down, above-grid mass onto the top point, below-grid dropped.
        up = composed_delta_curve(np.concatenate([[j[0]], j + 1]), np.concatenate([[below], mass]), above, T, h)
        lo = composed_delta_curve(np.concatenate([j, [j[-1] + 1]]), np.concatenate([mass, [above]]), 0.0, T, h)
        upper = max(upper, epsilon_for(*up, delta))
        lower = max(lower, epsilon_for(*lo, delta))
    print(json.dumps({"eps_upper": upper, "eps_lower": lower, "interval": h}))


if __name__ == "__main__":
    main()
