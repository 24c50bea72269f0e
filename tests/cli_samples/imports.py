"""Names a standalone module must re-import or write out: aliases, from-imports, constants."""

import math as m
from math import exp as mexp

import numpy as onp
from numpy import tanh

EPS = onp.float32(1e-3)
SHAPE = (2, 3)
LABEL = "xy"
BIG = float("inf")
FLAGS = (True, None, 2.5)

SRCDIFF_TARGETS = {"mixed": "x", "branches": ("a", "b")}


def mixed(x):
    y = tanh(x.reshape(SHAPE)) * EPS
    z = y * mexp(0.5) + m.sqrt(2.0) * len(LABEL)
    return onp.sum(z * z) + min(BIG, 3.0) * onp.sum(x) * FLAGS[2]


def branches(a, b):
    if a > 0:
        c = a * b
    else:
        c = a - b
    while c < 10.0:
        c = c * 2.0 + b
    return c


SRCDIFF_EXAMPLES = {
    "mixed": (onp.linspace(-1.0, 1.0, 6),),
    "branches": (0.7, 1.3),
}
