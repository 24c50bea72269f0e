"""Parameters annotated ``float`` and ``int``: the command line compiles them as sd.grad
compiles for a float or an int argument, and the written module checks them at entry
(srcdiff/cli/annotations.py; tests/cli/test_annotations.py)."""

import numpy as np

SRCDIFF_TARGETS = {"decay": ("x", "s"), "scaled": "x"}


def decay(x, s: float):
    p = {"w": s, "b": 0.5}
    for i in range(len(x)):
        p["w"] -= 0.1 * x[i]
    return p["w"] * s + np.sum(x)


def scaled(x, n: int):
    return np.sum(x[:n] ** 2) * n


RNG = np.random.default_rng(3)
SRCDIFF_EXAMPLES = {
    "decay": (RNG.normal(size=(3, 2)), 1.25),
    "scaled": (RNG.normal(size=5), 3),
}
