# ruff: noqa: E501, E402, BLE001, E741
"""red33a: more idioms (helpers with their own while loops, callable objects, recursion on
slices, reduce over matrices, in-place power and division on arrays, dict counters)."""
import functools
import math

import numpy as np
from harness import Case


def _implicit_root(a, x0):
    """Solve t + a * tanh(t) = x0 for t by Newton (a helper with its own while)."""
    t = x0
    step = 1.0
    while abs(step) > 1e-14:
        f = t + a * math.tanh(t) - x0
        step = f / (1 + a * (1 - math.tanh(t) ** 2))
        t -= step
    return t


def helper_with_while(a, xs):
    total = 0.0
    for x in xs:
        total += _implicit_root(a, x) ** 2
    return total


class Spring:
    """A callable object with its constants on self, differentiated by sd.grad(obj)."""

    def __init__(self, k, rest):
        self.k = k
        self.rest = np.asarray(rest, dtype=float)

    def __call__(self, pos):
        d = np.linalg.norm(np.diff(pos, axis=0), axis=1)
        return 0.5 * self.k * np.sum((d - self.rest) ** 2)


SPRING = Spring(3.0, [1.0, 1.2])
SPRING.__name__ = "spring_object"  # (red30's runner prints a case's __name__)


def _split_sum(v):
    """Pairwise summation by recursion on halves of an array."""
    if v.size <= 2:
        return np.sum(v ** 2)
    m = v.size // 2
    return _split_sum(v[:m]) + _split_sum(v[m:])


def recursion_on_slices(x):
    return _split_sum(x)


def reduce_matmul(A, B, C):
    P = functools.reduce(np.dot, [A, B, C])
    return np.trace(P) + np.einsum("ij,jk,ki->", A, B, C)


def inplace_pow_div(x):
    y = x.copy()
    for _ in range(3):
        y **= 2
        y /= np.linalg.norm(y)
    return np.sum(y * x)


def dict_counter_weights(x):
    """Counts in a dict of ints used as constant weights."""
    labels = ["a", "b", "a", "c", "b", "a"]
    counts = {}
    for lab in labels:
        counts[lab] = counts.get(lab, 0) + 1
    return sum(counts[lab] * x[i] ** 2 for i, lab in enumerate(labels))


def fsum_listcomp(x):
    return math.fsum([math.exp(-v * v) for v in x]) + math.fsum(v for v in x if v > 0)


def reversed_enumerate(xs):
    acc = 0.0
    for i, v in enumerate(reversed(xs)):
        acc = acc * 0.5 + (i + 1) * v
    return acc


def where_indices(x):
    idx = np.where(x > 0)[0]
    neg = np.nonzero(x <= 0)[0]
    return np.sum(x[idx] ** 2) - np.sum(np.take(x, neg, axis=0)) + np.sum(x[idx[:1]])


def reverse_cumsum_views(x):
    tail = x[::-1].cumsum()[::-1]
    return np.sum(tail * x) + np.cumsum(x ** 2, axis=0)[-1]


def polyval_coeffs(c, x):
    return np.sum(np.polyval(c, x) ** 2) + np.polyval(c[::-1], 0.5)


def eigh_2x2_param(t):
    M = np.array([[2.0 + t[0], t[1]], [t[1], 1.0 - t[0]]])
    w, V = np.linalg.eigh(M)
    return w[1] - w[0] + V[0, 1] ** 2


def min_key_abs(a, b, c):
    small = min(a, b, c, key=abs)
    big = max([a, b, c], key=lambda v: v * v)
    return small * 2.0 + big


class Chain:
    """A method calling another method of self recursively (constants on self)."""

    def __init__(self, decay):
        self.decay = decay

    def value(self, x, n):
        if n == 0:
            return np.sum(x)
        return self.decay * self.value(np.sin(x), n - 1) + np.sum(x ** 2)


CHAIN = Chain(0.7)


def method_recursion(x):
    return CHAIN.value(x, 3)


def batched_solve_sum(A, b):
    S = A @ np.swapaxes(A, -1, -2) + np.eye(3)
    x = np.linalg.solve(S, b[..., None])[..., 0]
    return np.sum(x ** 2)


def float_branch(x):
    s = float(np.sum(x))
    if s > 0.5:
        return s * np.sum(np.exp(-x))
    return s ** 2


def sorted_pairs(a, b):
    """sorted of zipped pairs (tuples compared by their first entry)."""
    pairs = sorted(zip(a, b), key=lambda p: p[0])
    return sum(i * p[1] for i, p in enumerate(pairs)) + pairs[0][0]


def clip_grad_norm_loop(w, X, y):
    """SGD with gradient clipping by the norm (an `if` on the norm)."""
    for _ in range(4):
        g = X.T @ (X @ w - y)
        n = np.linalg.norm(g)
        if n > 1.0:
            g = g / n
        w = w - 0.2 * g
    return np.sum((X @ w - y) ** 2)


CASES = [
    Case(helper_with_while, lambda r: (float(r.uniform(0.2, 1.5)), [float(v) for v in r.standard_normal(3)]), loops=True),
    Case(SPRING, lambda r: (np.cumsum(r.uniform(0.8, 1.4, (3, 2)), axis=0),)),
    Case(recursion_on_slices, lambda r: (r.standard_normal(7),)),
    Case(reduce_matmul, lambda r: (r.standard_normal((3, 3)), r.standard_normal((3, 3)), r.standard_normal((3, 3)))),
    Case(inplace_pow_div, lambda r: (r.uniform(0.5, 1.5, 4),), loops=True),
    Case(dict_counter_weights, lambda r: (r.standard_normal(6),), loops=True),
    Case(fsum_listcomp, lambda r: (r.standard_normal(5),)),
    Case(reversed_enumerate, lambda r: ([float(v) for v in r.standard_normal(4)],), loops=True),
    Case(where_indices, lambda r: (r.standard_normal(6),)),
    Case(reverse_cumsum_views, lambda r: (r.standard_normal(5),)),
    Case(polyval_coeffs, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(eigh_2x2_param, lambda r: (r.uniform(-0.5, 0.5, 2),)),
    Case(min_key_abs, lambda r: tuple(float(v) for v in r.uniform(-2, 2, 3))),
    Case(method_recursion, lambda r: (r.standard_normal(3),)),
    Case(batched_solve_sum, lambda r: (r.standard_normal((2, 3, 3)), r.standard_normal((2, 3)))),
    Case(float_branch, lambda r: (r.uniform(0, 1, 3),)),
    Case(sorted_pairs, lambda r: (r.standard_normal(4), r.standard_normal(4))),
    Case(clip_grad_norm_loop, lambda r: (r.standard_normal(2), r.standard_normal((5, 2)) * 2, r.standard_normal(5)), loops=True),
]
