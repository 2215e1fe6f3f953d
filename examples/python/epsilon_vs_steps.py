"""ε after T steps of DP-SGD (subsampled Gaussian, q = 0.01, σ = 1.1, δ = 1e-5) for every accountant.

    PYTHONPATH=build/python python3 examples/python/epsilon_vs_steps.py [--sigma 1.1 --q 0.01]

The same engine calls as `dpwlab-cli account`; prints a table and writes epsilon_vs_steps.png.
"wdp" is Wasserstein DP ([WDP] Yang, Qi & Zhou, AAAI 2024, μ = 16, β = 32, unit gradient distances): another
privacy notion whose ε is not comparable with the (ε, δ)-DP of the others; it is drawn dashed.
"""
import math

import numpy as np

import _common
import dpwlab


def main():
    args = _common.parse_args(__doc__.splitlines()[0], q=(0.01, "sampling rate"), sigma=(1.1, "noise multiplier"),
                              delta=(1e-5, "delta"))
    steps = [int(s) for s in np.unique(np.round(np.logspace(0, 4, 9)))]
    curves = {}
    for acc in dpwlab.accountants():
        curves[acc] = [dpwlab.account(acc, q=args.q, sigma=args.sigma, steps=t, delta=args.delta) for t in steps]
    print("steps      " + " ".join(f"{a:>12}" for a in curves))
    for i, t in enumerate(steps):
        print(f"{t:<10} " + " ".join(f"{curves[a][i]:12.4f}" for a in curves))
    plt = _common.pyplot()
    if plt:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for acc, eps in curves.items():
            finite = [(t, e) for t, e in zip(steps, eps) if math.isfinite(e)]
            ax.plot(*zip(*finite), "--" if acc == "wdp" else "-", marker="o", ms=3,
                    label=acc + (" (Wasserstein DP)" if acc == "wdp" else ""))
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("steps T")
        ax.set_ylabel(f"ε at δ = {args.delta:g}")
        ax.set_title(f"Subsampled Gaussian, q = {args.q:g}, σ = {args.sigma:g}")
        ax.legend()
        _common.save(fig, args.out, "epsilon_vs_steps.png")


if __name__ == "__main__":
    main()
