"""Ordinary least squares with an intercept by numpy.linalg.lstsq (SVD), for DPW Lab's tests.

usage: least_squares_reference.py X.txt y.txt   (numpy.loadtxt text files)
prints {"intercept": b0, "coefficients": [...], "fit_mse": ...} as JSON.
"""
import json
import sys

import numpy as np

X = np.atleast_2d(np.loadtxt(sys.argv[1]))
y = np.loadtxt(sys.argv[2])
A = np.hstack([np.ones((X.shape[0], 1)), X])
beta, *_ = np.linalg.lstsq(A, y, rcond=None)
print(json.dumps({"intercept": float(beta[0]), "coefficients": [float(b) for b in beta[1:]],
                  "fit_mse": float(np.mean((A @ beta - y) ** 2))}))
