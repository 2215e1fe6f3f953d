#!/usr/bin/python3
"""Independent reference values from POT (Debian's python3-pot) for the OT tests.

usage: pot_reference.py DIR
Reads DIR/u.txt, DIR/v.txt (1-D samples) and DIR/X.txt, DIR/Y.txt, DIR/theta.txt (k x d directions)
and prints JSON: w1d = ot.wasserstein_1d(u, v, p=2) (the squared W2), sw2sq = the square of
ot.sliced_wasserstein_distance(X, Y, projections=theta.T, p=2) (which returns the root), the POT version.
"""
import json
import sys

import numpy as np
import ot

d = sys.argv[1]
u = np.loadtxt(f"{d}/u.txt", ndmin=1)
v = np.loadtxt(f"{d}/v.txt", ndmin=1)
X = np.loadtxt(f"{d}/X.txt", ndmin=2)
Y = np.loadtxt(f"{d}/Y.txt", ndmin=2)
theta = np.loadtxt(f"{d}/theta.txt", ndmin=2)
w1d = float(ot.wasserstein_1d(u, v, p=2))
# POT 0.8.2 divides by its n_projections argument even when projections are given: pass k.
sw = float(ot.sliced_wasserstein_distance(X, Y, n_projections=theta.shape[0], projections=theta.T, p=2))
print(json.dumps({"w1d": w1d, "sw2sq": sw * sw, "pot_version": ot.__version__}))
