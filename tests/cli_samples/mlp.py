"""A small network: the command line's main sample (tests/test_cli.py, tests/test_golden_cli.py)."""

import math

import numpy as np

import srcdiff as sd

LEAK = 0.01
SCALE = 0.5

SRCDIFF_TARGETS = {"loss": ("w", "b"), "energy": "x"}


def loss(w, b, x, y):
    h = np.tanh(x @ w + b)
    h = np.maximum(h, LEAK * h)
    err = h - y
    baseline = sd.stop_gradient(np.mean(h))
    return SCALE * np.mean(err ** 2) + math.pi * np.sum((h - baseline) ** 2) / 100.0


def energy(x):
    e = 0.0
    for i in range(x.shape[0] - 1):
        d = x[i + 1] - x[i]
        e = e + d * d + math.cos(1.0) * np.sin(x[i])
    return e


RNG = np.random.default_rng(0)
SRCDIFF_EXAMPLES = {
    "loss": (RNG.normal(size=(3, 2)), RNG.normal(size=2), RNG.normal(size=(4, 3)),
             RNG.normal(size=(4, 2))),
    "energy": (RNG.normal(size=5),),
}
