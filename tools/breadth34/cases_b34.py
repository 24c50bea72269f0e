# ruff: noqa: E501, E402, BLE001, E741
"""breadth34: the ordinary programs session 33's sweep (tools/red33a) found refused and
session 34 made supported, in several spellings, checked by red27's harness in every mode:

    PYTHONPATH=.:tools/breadth34:tools/red33a python tools/red30/run30.py cases_b34 [CASE ...]
"""
import collections
import functools
from functools import partial

import numpy as np
from cases_mix import thomas_tridiagonal
from cases_struct import Params, namedtuple_params, partial_helpers  # (keeps a NamedTuple's class)
from harness import Case


def thomas_vector(a, b, c, d):
    """Thomas algorithm returning the solution: `[None] * n` and `n * [0.0]` lists, the
    sweep's factor kept per row, the back substitution over `reversed(range(n - 1))`."""
    n = d.shape[0]
    w = [None] * n
    g = n * [0.0]
    f = n * [0.0]
    w[0] = b[0]
    g[0] = d[0]
    for i in range(1, n):
        f[i] = a[i] / w[i - 1]
        w[i] = b[i] - f[i] * c[i - 1]
        g[i] = d[i] - f[i] * g[i - 1]
    x = [0.0] * n
    x[-1] = g[-1] / w[-1]
    for i in reversed(range(n - 1)):
        x[i] = (g[i] - c[i] * x[i + 1]) / w[i]
    return np.array(x)


def lists_none_and_comprehension(a, d):
    """`[0.0 for _ in range(n)]`, `[None] * n` filled, `[x0] * n` of a differentiable x0."""
    n = d.shape[0]
    c = [0.0 for _ in range(n)]
    e = [None] * n
    v = [a[0] * 0.5] * n
    c[0] = a[0]
    e[0] = d[0]
    for i in range(1, n):
        c[i] = a[i] * c[i - 1] + 1.0
        e[i] = e[i - 1] * 0.5 * c[i] + d[i]
        v[i] = v[i - 1] * d[i] + e[i]
    return sum(e) + sum(v)


Pair = collections.namedtuple("Pair", ["w", "c"])


def namedtuple_nested_loop(p, x):
    """collections.namedtuple given to a nested def called in a loop."""
    def step(q, h):
        return h + 0.1 * np.sin(q.w * h) * q.c
    for _ in range(3):
        x = step(p, x)
    return np.sum(x)


def _loss(x, scale=1.0, shift=0.0):
    return scale * np.sum((x - shift) ** 2)


def partial_keyword_and_axis(x):
    """`partial(loss, scale=2.0)` and `partial(np.sum, axis=0)` made inside, both called."""
    total = functools.partial(np.sum, axis=0)
    scaled = partial(_loss, scale=2.0)
    return scaled(np.tanh(total(x))) + scaled(x[0], shift=0.5)


def partial_held_values(x, a):
    """Leading arguments and a keyword bound from values computed inside, overridden once."""
    f = functools.partial(_loss, x * a, shift=a)
    return f() + f(scale=3.0) * a


CASES = [
    Case(thomas_tridiagonal, lambda r: (r.standard_normal(5), r.standard_normal(5)), loops=True),
    Case(thomas_vector, lambda r: (r.standard_normal(5) * .3, 4.0 + r.uniform(0, 1, 5), r.standard_normal(5) * .3, r.standard_normal(5)), loops=True),
    Case(lists_none_and_comprehension, lambda r: (r.standard_normal(4) * .5, r.standard_normal(4) * .5), loops=True),
    Case(namedtuple_params, lambda r: (Params(r.standard_normal((3, 3)) * .5, r.standard_normal(3) * .1, 1.3), r.standard_normal(3))),
    Case(namedtuple_nested_loop, lambda r: (Pair(r.standard_normal(3), 0.7), r.standard_normal(3)), loops=True),
    Case(partial_helpers, lambda r: (r.standard_normal(3), float(r.uniform(0.5, 2)))),
    Case(partial_keyword_and_axis, lambda r: (r.standard_normal((3, 2)),)),
    Case(partial_held_values, lambda r: (r.standard_normal(3), float(r.uniform(0.5, 2)))),
]
