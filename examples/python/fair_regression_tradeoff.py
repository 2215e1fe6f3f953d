"""Fair regression: risk vs unfairness as the fairness level α moves, for several privacy budgets ε,
by running the app's fair-regression method from Python (the scenario the app ships).

    PYTHONPATH=build/python python3 examples/python/fair_regression_tradeoff.py [--seeds 10]

dpwlab.run returns the same summary as `dpwlab-cli run` and every chart as numpy arrays; the
"tradeoff" chart holds one series per ε. Writes fair_regression_tradeoff.png.
"""
import os

import _common
import dpwlab

SCENARIO = os.path.join(os.path.dirname(__file__), "..", "..", "resources", "scenarios",
                        "fair-regression-synthetic.json")


def main():
    args = _common.parse_args(__doc__.splitlines()[0], seeds=(10, "repetitions averaged per point"),
                              epsilons=("inf, 1, 0.1", "privacy budgets, one curve each"))
    summary, frames = dpwlab.run(SCENARIO, seeds=args.seeds, epsilons=args.epsilons)
    print(summary["privacy_statement"])
    for key, value in sorted(summary["metrics"].items()):
        print(f"  {key} = {value:.6g}")
    tradeoff = frames["tradeoff"]
    for s in tradeoff["series"]:
        print(f"{s['name']}: {len(s['x'])} points, {tradeoff['x_label']} from {s['x'].min():.4g} to {s['x'].max():.4g}")
    plt = _common.pyplot()
    if plt:
        fig, ax = plt.subplots(figsize=(6.5, 4.5))
        for s in tradeoff["series"]:
            ax.plot(s["x"], s["y"], "--" if s["dashed"] else "-", marker="o", ms=3, label=s["name"])
        ax.set_xlabel(tradeoff["x_label"])
        ax.set_ylabel(tradeoff["y_label"])
        if tradeoff["log_x"]:
            ax.set_xscale("log")
        if tradeoff["log_y"]:
            ax.set_yscale("log")
        ax.set_title(tradeoff["title"] if "title" in tradeoff else "trade-off")
        ax.legend(fontsize=8)
        _common.save(fig, args.out, "fair_regression_tradeoff.png")


if __name__ == "__main__":
    main()
