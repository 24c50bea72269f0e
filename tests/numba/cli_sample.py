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


def kalman(a, q, ys, n):
    m = 0.0
    P = 1.0
    nll = 0.0
    for t in range(n):
        m = a * m
        P = a * a * P + q
        v = ys[t] - m
        nll = nll + 0.5 * (math.log(2 * math.pi * (P + 0.5)) + v * v / (P + 0.5))
        K = P / (P + 0.5)
        m = m + K * v
        P = (1.0 - K) * P
    return nll


def calls_another(a, x):
    return scalar_loop(a, x, 3)


def reads_a_list(a, x):
    return a * TABLE[0] * x


TABLE = [1.0, 2.0]


def writes_its_argument(a, xs):
    xs[0] = a * xs[0]
    return np.sum(xs * xs)
