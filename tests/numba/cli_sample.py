"""Functions for tests/numba/test_cli_numba.py (`srcdiff --backend numba`)."""
import math

import numpy as np

SCALE = 0.1


def scalar_loop(a, x0, n):
    x = x0
    for i in range(n):
        x = a * np.sin(x) + SCALE * x * x
    return x


def recurrent(w, b, xs, n):
    h = np.zeros(3)
    s = 0.0
    for t in range(n):
        h = np.tanh(w * h + xs[t] + b)
        s = s + np.sum(h * h)
    return s


def kalman(alpha, s, ys, n):
    level = 0.0
    loss = 0.0
    for t in range(n):
        err = ys[t] - level
        loss = loss + math.log(s * s) + err * err / (2.0 * s * s)
        level = level + math.tanh(alpha) * err
    return loss


def calls_another(a, x):
    return scalar_loop(a, x, 3)


def reads_a_list(a, x):
    return a * TABLE[0] * x


TABLE = [1.0, 2.0]


def writes_its_argument(a, xs):
    xs[0] = a * xs[0]
    return np.sum(xs * xs)
