"""np.r_ / np.c_ (supported: concatenations), other index tricks (refused): front/test_refusals."""

import numpy as np


def f(x):
    return np.sum(np.r_[x, 2.0 * x] ** 2)
def g(x):
    return np.sum(np.c_[x, 2.0 * x] * np.array([[1.0, 3.0]]))
def h(x):
    return np.sum(np.r_[1.0, x, x[0]] ** 2)
def ranged(x):
    return np.sum(np.r_[x, 1:4] * np.r_[x[:2], -3:5:2])
def bad(x):
    return np.sum(np.mgrid[0:3] * x)
def complex_step(x):
    return np.sum(np.r_[x, 0:1:5j])
