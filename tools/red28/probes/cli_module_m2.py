# ruff: noqa
import numpy as np


def f1(x, ws):
    a = ws[0]
    a *= x
    return np.sum(ws[0] * x)


def f2(x, ws):
    w2 = list(ws)
    w2[0] *= x
    return np.sum(ws[0] * x)


def f3(x, ws):
    w2 = ws.copy()
    w2[0] = w2[0] * x
    return np.sum(ws[0] * x + w2[0])


def f4(x, d):
    e = d.copy()
    e["a"] *= x
    return np.sum(d["a"] * x)


def f5(x, ws):
    w2 = ws[:]
    w2[0] *= x
    return np.sum(ws[0] * x)


def f6(x, ws):
    w2 = ws.copy()
    w2[0] *= x
    return np.sum(w2[0] * x)
