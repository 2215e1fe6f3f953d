"""Sliced W2 with dpwlab vs POT: same points, same directions, same value, and the time of each.

    PYTHONPATH=build/python python3 examples/python/sw_vs_pot.py

X ~ N(0, I_d), Y ~ N(1, I_d), n points each, k directions from dpwlab.random_directions (passed to
POT as `projections`, with n_projections=k: POT divides by that argument). Both return the same
SW2^2 (POT returns its square root); the table is a markdown table of median times in this process.
"""
import statistics
import time

import numpy as np

import _common
import dpwlab

try:
    import ot
except ImportError:
    ot = None


def median_time(f, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        value = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), value


def main():
    args = _common.parse_args(__doc__.splitlines()[0], repeat=(3, "timed calls per cell (median)"))
    cases = [(1_000, 2, 50), (10_000, 8, 500), (10_000, 64, 200), (100_000, 8, 100)]
    rows = []
    print(f"dpwlab {dpwlab.__version__} ({dpwlab.build_flavour}), POT {ot.__version__ if ot else 'missing'}")
    print("| n = m | d | k | SW2² (dpwlab) | dpwlab | POT | speed-up |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n, d, k in cases:
        rng = np.random.default_rng(0)
        x = rng.standard_normal((n, d))
        y = rng.standard_normal((n, d)) + 1.0
        theta = dpwlab.random_directions(k, d, seed=0)
        dpwlab.sliced_wasserstein(x, y, directions=theta)  # warm-up (thread pool)
        t_ours, ours = median_time(lambda: dpwlab.sliced_wasserstein(x, y, directions=theta), args.repeat)
        if ot is not None:
            t_pot, pot = median_time(
                lambda: ot.sliced_wasserstein_distance(x, y, n_projections=k, projections=theta.T) ** 2, 1)
            assert abs(ours - pot) <= 1e-9 * pot, (ours, pot)
            rows.append((n, d, k, t_ours, t_pot))
            print(f"| {n} | {d} | {k} | {ours:.4f} | {t_ours * 1e3:.1f} ms | {t_pot * 1e3:.0f} ms | "
                  f"{t_pot / t_ours:.0f}x |")
        else:
            print(f"| {n} | {d} | {k} | {ours:.4f} | {t_ours * 1e3:.1f} ms | - | - |")
    plt = _common.pyplot()
    if plt and rows:
        fig, ax = plt.subplots(figsize=(7, 3.5))
        labels = [f"n={n}\nd={d}, k={k}" for n, d, k, _, _ in rows]
        pos = np.arange(len(rows))
        ax.bar(pos - 0.2, [r[3] for r in rows], 0.4, label="dpwlab")
        ax.bar(pos + 0.2, [r[4] for r in rows], 0.4, label="POT")
        ax.set_xticks(pos, labels)
        ax.set_yscale("log")
        ax.set_ylabel("seconds (median)")
        ax.set_title("Sliced W2², same points and directions")
        ax.legend()
        _common.save(fig, args.out, "sw_vs_pot.png")


if __name__ == "__main__":
    main()
