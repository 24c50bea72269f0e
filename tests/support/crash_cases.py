"""Inputs that once crashed srcdiff with a raw exception (tests/front/test_refusals.py)."""

import numpy as np


def pad(x):
    return np.sum(np.pad(x, (3,), 'constant') ** 2)
def ein(a, b):
    return np.sum(np.einsum('...ij,...jk->...ik', a, b))
def ang(x):
    return np.sum(np.angle(x) * x)
def nested(p):
    return np.sum(p[0][0] * p[1] ** 2)
def lit(a):
    b = [1, a * a, 2]
    return np.sum(b)
def star(*xs):
    return xs[0] * xs[1]
