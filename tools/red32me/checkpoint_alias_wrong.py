import numpy as np


def f(x, s, k):
    w = np.tanh(x * s)
    b = 1.0
    v = w
    for e1 in v:
        v[1:] += 0.5 * v[:-1]
    for i5 in range(3):
        for e6 in v:
            b += s * e6
            v = np.tanh(v[::-1])
            v[0] += 0.3
    return 0.5 * b + np.sum(v)
