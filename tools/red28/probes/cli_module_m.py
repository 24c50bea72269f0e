# ruff: noqa
import numpy as np


def f(x, ws):
    w2 = ws.copy()
    w2[0] *= x
    return np.sum(ws[0] * x)


def g(x):
    d = {"a": x * 2.0}
    d2 = d.copy()
    d2["a"] *= x
    return np.sum(d["a"])


def k(x):
    base = x * 1.0
    d = {i: base for i in range(2)}
    d[0] *= x
    return np.sum(d[1] * x)
