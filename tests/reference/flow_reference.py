#!/usr/bin/python3
"""Independent numpy reference for one sliced-Wasserstein flow drift ([DPSWFlow], reference section 2).

usage: flow_reference.py DIR P
Reads DIR/X.txt (particles n x d), DIR/Y.txt (data m x d), DIR/theta.txt (k x d) and, if present,
DIR/noiseX.txt (k x n) and DIR/noiseY.txt (k x m) added to the projections. Prints JSON {"drift": n x d}
with, per direction, F = np.interp(p, np.quantile(p, u), u), T = np.interp(F, u, np.quantile(t, u)),
drift = mean over directions of (p - T) theta, u = np.linspace(0, 1, P).
"""
import json
import os
import sys

import numpy as np

d, P = sys.argv[1], int(sys.argv[2])
X = np.loadtxt(f"{d}/X.txt", ndmin=2)
Y = np.loadtxt(f"{d}/Y.txt", ndmin=2)
theta = np.loadtxt(f"{d}/theta.txt", ndmin=2)
p = theta @ X.T
t = theta @ Y.T
if os.path.exists(f"{d}/noiseX.txt"):
    p = p + np.loadtxt(f"{d}/noiseX.txt", ndmin=2)
    t = t + np.loadtxt(f"{d}/noiseY.txt", ndmin=2)
u = np.linspace(0, 1, P)
drift = np.zeros_like(X)
for j in range(theta.shape[0]):
    qp = np.quantile(p[j], u)
    qt = np.quantile(t[j], u)
    F = np.interp(p[j], qp, u)
    T = np.interp(F, u, qt)
    drift += np.outer(p[j] - T, theta[j])
drift /= theta.shape[0]
print(json.dumps({"drift": drift.tolist()}))
