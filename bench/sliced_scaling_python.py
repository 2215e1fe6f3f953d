"""Sliced W2 at scale from Python (issue #22 item 4): one dpwlab.sliced_wasserstein call on n x 8 numpy
arrays, N(0, I) against N(1, I), k directions; prints wall and CPU seconds and the process's peak memory.
Run one process per size so the peak memory is that size's:
  for a in "1e5 500" "1e6 500" "1e7 50"; do
    OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive PYTHONPATH=build/python /usr/bin/python3 bench/sliced_scaling_python.py $a
  done
The floor for the same problem: build/app/dpwlab-cli sw --n N --k K --floor (the same engine function)."""
import resource
import sys
import time

import numpy as np

import dpwlab

n, k = int(float(sys.argv[1])), int(sys.argv[2])
rng = np.random.default_rng(0)
x = rng.standard_normal((n, 8))
y = rng.standard_normal((n, 8)) + 1.0
t0, c0 = time.perf_counter(), time.process_time()
value = dpwlab.sliced_wasserstein(x, y, n_projections=k, seed=1)
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
peak_gb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6  # Linux: kilobytes
print(f"n={n} k={k} sw2_squared={value:.12g} wall_s={wall:.2f} cpu_s={cpu:.2f} peak_rss_gb={peak_gb:.2f}")
