"""POT's sliced and 1-D Wasserstein functions with POT's names, signatures and meaning (``import dpwlab.ot as ot``
in a POT script), on numpy arrays:

    sliced_wasserstein_distance(X_s, X_t, a=None, b=None, n_projections=50, p=2, projections=None, seed=None,
                                log=False)   -> SW_p (not squared), or (SW_p, {"projections", "projected_emds"})
    get_random_projections(d, n_projections, seed=None)   -> d x k, unit columns
    wasserstein_1d(u_values, v_values, u_weights=None, v_weights=None, p=1, require_sort=True)   -> W_p^p

Uniform weights and p = 2 (POT's defaults for the sliced distance) run on the engine's radix-sort SW₂² (the
fast dpwlab.sliced_wasserstein); weights or p ≠ 2 run the weighted quantile coupling in numpy, as POT does.
Seeds: None (fresh directions each call), an int (the directions POT draws for that seed:
numpy.random.RandomState(seed).randn(d, k), normalised), a numpy RandomState or Generator.

Checked where POT is silent: projections must be d x k with unit columns (| ||θ|| − 1 | ≤ 1e-6); a k x d matrix
(dpwlab's own layout) raises ValueError naming the transpose; weights must be non-negative, finite and sum to 1
(to 1e-6).

    >>> import numpy as np, dpwlab.ot as ot
    >>> rng = np.random.default_rng(0)
    >>> xs, xt = rng.standard_normal((500, 3)), rng.standard_normal((400, 3)) + 1
    >>> sw = ot.sliced_wasserstein_distance(xs, xt, n_projections=200, seed=0)
    >>> 0.8 < sw ** 2 < 1.2          # SW2² ≈ E(θ·1)² = ‖1‖²/3 = 1
    True
    >>> ot.wasserstein_1d(np.array([0.0, 1.0]), np.array([0.5, 1.5]), p=1)
    0.5
"""
import math

import numpy as np

from ._dpwlab import sliced_wasserstein as _sliced_w2

__all__ = ["sliced_wasserstein_distance", "get_random_projections", "wasserstein_1d"]

_UNIT_TOLERANCE = 1e-6  # as the engine's directions check (module.cpp: kUnitTolerance)


def _random_state(seed):
    """(draw(d, k) -> normals d x k) for POT's seed argument."""
    if seed is None:
        g = np.random.default_rng()
        return lambda d, k: g.standard_normal((d, k))
    if isinstance(seed, np.random.RandomState):
        return lambda d, k: seed.randn(d, k)
    if isinstance(seed, np.random.Generator):
        return lambda d, k: seed.standard_normal((d, k))
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be None, an int, a numpy RandomState or Generator, got a {type(seed).__name__}")
    if not 0 <= int(seed) < 2 ** 32:
        raise ValueError(f"seed must lie in [0, 2^32) (numpy's RandomState), got {int(seed)}")
    return lambda d, k: np.random.RandomState(int(seed)).randn(d, k)


def _positive_size(value, name, limit):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, got a {type(value).__name__}")
    if not 1 <= int(value) <= limit:
        raise ValueError(f"{name} must lie in [1, {limit}], got {int(value)}")
    return int(value)


def _memory_limit_values():
    try:
        import os
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 8
    except (ValueError, OSError, AttributeError):
        return 2 ** 40


def get_random_projections(d, n_projections, seed=None):
    """n_projections directions uniform on the unit sphere of R^d, as the columns of a d x n_projections array
    (POT's ot.sliced.get_random_projections; an int seed gives POT's own directions for that seed)."""
    d = _positive_size(d, "d", 2 ** 31)
    k = _positive_size(n_projections, "n_projections", 2 ** 62)
    if d * k > _memory_limit_values():
        raise ValueError(f"the d x n_projections directions would need {d * k * 8 / 1e9:.3g} GB, more than this "
                         "machine's memory")
    p = _random_state(seed)(d, k)
    return p / np.sqrt(np.sum(p ** 2, axis=0, keepdims=True))


def _points(x, name):
    a = np.asarray(x, dtype=np.float64)
    if a.ndim == 1:
        a = a[:, None]
    if a.ndim != 2 or a.shape[0] == 0:
        raise ValueError(f"{name} must be a non-empty n x d array, got shape {np.shape(x)}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite")
    return a


def _weights(w, n, name):
    if w is None:
        return None
    w = np.asarray(w, dtype=np.float64)
    if w.ndim != 1 or w.shape[0] != n:
        raise ValueError(f"{name} must hold one weight per point ({n}), got shape {w.shape}")
    if not np.all(np.isfinite(w)) or np.any(w < 0):
        raise ValueError(f"{name} must be finite and non-negative")
    if abs(w.sum() - 1) > 1e-6:
        raise ValueError(f"{name} must sum to 1 (to 1e-6), got {w.sum():.9g}")
    return w


def _projections(projections, d):
    P = np.asarray(projections, dtype=np.float64)
    if P.ndim != 2:
        raise ValueError(f"projections must be a d x k array, got {P.ndim} dimension(s)")
    if P.shape[0] != d:
        if P.shape[1] == d:
            raise ValueError(f"projections must be d x k (d = {d}, one direction per column, POT's layout), got "
                             f"{P.shape[0]} x {P.shape[1]}: this is the k x d layout of dpwlab.random_directions; "
                             "pass its transpose .T")
        raise ValueError(f"projections must be d x k with d = {d} (the points' dimension), got "
                         f"{P.shape[0]} x {P.shape[1]}")
    if not np.all(np.isfinite(P)):
        raise ValueError("projections must be finite")
    col = np.linalg.norm(P, axis=0)
    if np.max(np.abs(col - 1)) > _UNIT_TOLERANCE:
        if np.max(np.abs(np.linalg.norm(P, axis=1) - 1)) <= _UNIT_TOLERANCE:
            raise ValueError(f"projections ({P.shape[0]} x {P.shape[1]}) has unit rows but not unit columns: this "
                             "is the k x d layout of dpwlab.random_directions; POT's projections are d x k: pass .T")
        raise ValueError(f"projections must have unit columns (| ||theta|| - 1 | <= 1e-6); the norms range over "
                         f"[{col.min():.6g}, {col.max():.6g}]")
    return P


def _quantile(qs, cws, xs):
    """xs[i] at the first i with cws[i] >= q, per column (POT's quantile_function, side='left')."""
    n = xs.shape[0]
    if xs.ndim == 1:
        idx = np.searchsorted(cws, qs, side="left")
        return xs[np.clip(idx, 0, n - 1)]
    idx = np.empty(qs.shape, dtype=np.int64)
    for j in range(xs.shape[1]):
        idx[:, j] = np.searchsorted(cws[:, j], qs[:, j], side="left")
    return np.take_along_axis(xs, np.clip(idx, 0, n - 1), axis=0)


def wasserstein_1d(u_values, v_values, u_weights=None, v_weights=None, p=1, require_sort=True):
    """W_p^p between two weighted empirical measures on the line (POT's ot.wasserstein_1d): the quantile
    coupling, Σ over the merged cumulative weights of (F_u⁻¹ − F_v⁻¹)^p. Arrays of shape (n,) or (n, k) (one
    distance per column); weights (n,) or like the values, uniform when None. Returns a float or a (k,) array.

    >>> round(wasserstein_1d([0.0, 1.0, 3.0], [1.0, 2.0], p=2), 12)   # 1/3·1 + 1/6·0 + 1/6·1 + 1/3·1
    0.833333333333
    """
    u = np.asarray(u_values, dtype=np.float64)
    v = np.asarray(v_values, dtype=np.float64)
    if u.ndim not in (1, 2) or v.ndim != u.ndim or u.shape[0] == 0 or v.shape[0] == 0 or u.shape[1:] != v.shape[1:]:
        raise ValueError(f"u_values and v_values must be non-empty arrays of shape (n,) and (m,), or (n, k) and "
                         f"(m, k), got {u.shape} and {v.shape}")
    if not (np.all(np.isfinite(u)) and np.all(np.isfinite(v))):
        raise ValueError("u_values and v_values must be finite")
    p = float(p)
    if not p >= 1 or not math.isfinite(p):
        raise ValueError(f"p must be a finite number >= 1, got {p:g}")
    n, m = u.shape[0], v.shape[0]

    def weights(w, x, count, name):
        if w is None:
            return np.full(x.shape, 1.0 / count)
        w = np.asarray(w, dtype=np.float64)
        if w.ndim == 1 and x.ndim == 2:
            _weights(w, count, name)
            w = np.repeat(w[:, None], x.shape[1], axis=1)
        elif w.shape != x.shape:
            raise ValueError(f"{name} must have shape {x.shape[:1]} or {x.shape}, got {w.shape}")
        else:
            for col in (w.T if w.ndim == 2 else [w]):
                _weights(col, count, name)
        return w

    uw, vw = weights(u_weights, u, n, "u_weights"), weights(v_weights, v, m, "v_weights")
    if require_sort:
        us, vs = np.argsort(u, axis=0, kind="stable"), np.argsort(v, axis=0, kind="stable")
        u, v = np.take_along_axis(u, us, 0), np.take_along_axis(v, vs, 0)
        uw, vw = np.take_along_axis(uw, us, 0), np.take_along_axis(vw, vs, 0)
    ucw, vcw = np.cumsum(uw, axis=0), np.cumsum(vw, axis=0)
    qs = np.sort(np.concatenate((ucw, vcw), axis=0), axis=0)
    uq, vq = _quantile(qs, ucw, u), _quantile(qs, vcw, v)
    dq = np.diff(np.concatenate((np.zeros((1,) + qs.shape[1:]), qs), axis=0), axis=0)
    diff = np.abs(uq - vq)
    out = np.sum(dq * (diff if p == 1 else diff ** p), axis=0)
    return float(out) if out.ndim == 0 else out


def sliced_wasserstein_distance(X_s, X_t, a=None, b=None, n_projections=50, p=2, projections=None, seed=None,
                                log=False):
    """SW_p(X_s, X_t) = (mean over the k directions of W_p^p of the projections)^(1/p), POT's
    ot.sliced_wasserstein_distance: samples X_s (n x d), X_t (m x d) with weights a, b (uniform when None);
    directions get_random_projections(d, n_projections, seed), or ``projections`` (d x k, unit columns; then
    k = projections.shape[1], as POT ≥ 0.9). log=True also returns {"projections": d x k,
    "projected_emds": the k values W_p^p}.

    Uniform weights, p = 2 and log=False run on the engine (dpwlab.sliced_wasserstein, the same value to ~1e-13).
    """
    xs, xt = _points(X_s, "X_s"), _points(X_t, "X_t")
    if xs.shape[1] != xt.shape[1]:
        raise ValueError(f"X_s and X_t must have the same dimension, got {xs.shape[1]} and {xt.shape[1]}")
    d = xs.shape[1]
    a, b = _weights(a, xs.shape[0], "a"), _weights(b, xt.shape[0], "b")
    p = float(p)
    if not p >= 1 or not math.isfinite(p):
        raise ValueError(f"p must be a finite number >= 1, got {p:g}")
    if projections is None:
        projections = get_random_projections(d, n_projections, seed)
    else:
        projections = _projections(projections, d)
    k = projections.shape[1]
    uniform = (a is None or np.all(a == a[0])) and (b is None or np.all(b == b[0]))
    if uniform and p == 2 and not log:
        return math.sqrt(max(_sliced_w2(xs, xt, directions=np.ascontiguousarray(projections.T)), 0.0))
    emds = wasserstein_1d(xs @ projections, xt @ projections, a, b, p=p)
    res = (np.sum(emds) / k) ** (1.0 / p)
    if log:
        return float(res), {"projections": projections, "projected_emds": emds}
    return float(res)
