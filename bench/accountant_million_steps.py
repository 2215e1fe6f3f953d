#!/usr/bin/python3
"""10^6 heterogeneous DP-SGD steps composed by dpwlab.PrivacyAccountant (issue #38, "Must show"): a schedule whose
noise multiplier and sampling rate change every step, cycling through KINDS (a warm-up/decay schedule as a training
loop would record it, one compose() call per step), then the lower and upper ε at δ = 1e-5 (the optimistic and
pessimistic PLDs of the same events) and δ at ε = the upper bound.

Prints JSON: the time of the 10^6 compose() calls, of the first ε question (the PLD compositions), the bounds and
their gap, per value_discretization_interval, and for PrivacyAccountant(epsilon_gap=1e-3) (the grid chosen from the
gap); wall and CPU seconds (process_time: on a shared machine the wall time counts the other jobs too). Not a test:
the goal (under 1 s, gap ≤ 1e-3) is read from it; bench/bench_accountants.cpp (millionSteps) times the engine part.

Usage: PYTHONPATH=build/python OMP_NUM_THREADS=2 /usr/bin/python3 bench/accountant_million_steps.py
       [--steps 1000000] [--intervals 1e-4,5e-5]
"""
import argparse
import json
import time

import dpwlab
from dpwlab import GaussianDpEvent, PoissonSampledDpEvent

# (q, σ): a batch of 1% with three noise levels and a doubled batch with more noise (ε ≈ 10 after 10^6 steps).
KINDS = [(0.01, 4.0), (0.01, 5.0), (0.02, 6.0)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=1_000_000)
    ap.add_argument("--intervals", default="1e-4,5e-5")
    args = ap.parse_args()
    events = [PoissonSampledDpEvent(q, GaussianDpEvent(s)) for q, s in KINDS]
    for interval in list(map(float, args.intervals.split(","))) + ["gap"]:
        acc = (dpwlab.PrivacyAccountant(epsilon_gap=1e-3) if interval == "gap" else
               dpwlab.PrivacyAccountant(value_discretization_interval=interval))
        c0 = time.process_time()
        t0 = time.perf_counter()
        for i in range(args.steps):
            acc.compose(events[i % len(events)])
        t1 = time.perf_counter()
        c1 = time.process_time()
        b = acc.get_epsilon_bounds(1e-5)
        t2 = time.perf_counter()
        c2 = time.process_time()
        d = acc.get_delta_bounds(b.upper)
        t3 = time.perf_counter()
        # The same steps given as counts (how a schedule is usually recorded): compose() once per kind.
        acc2 = dpwlab.PrivacyAccountant(value_discretization_interval=acc.interval)
        t4 = time.perf_counter()
        for k, e in enumerate(events):
            acc2.compose(e, len(range(k, args.steps, len(events))))
        b2 = acc2.get_epsilon_bounds(1e-5)
        t5 = time.perf_counter()
        print(json.dumps({
            "steps": args.steps, "kinds": KINDS, "interval": acc.interval, "epsilon_gap": interval == "gap",
            "compose_calls_s": round(t1 - t0, 3), "first_epsilon_s": round(t2 - t1, 3),
            "compose_calls_cpu_s": round(c1 - c0, 3), "first_epsilon_cpu_s": round(c2 - c1, 3),
            "delta_s": round(t3 - t2, 3), "counts_total_s": round(t5 - t4, 3),
            "epsilon_lower": b.lower, "epsilon_upper": b.upper, "gap": b.upper - b.lower,
            "accountant": b.accountant, "note": b.note, "delta_lower": d.lower, "delta_upper": d.upper,
            "same_as_counts": abs(b2.upper - b.upper) <= 1e-9 * b.upper,
        }))


if __name__ == "__main__":
    main()
