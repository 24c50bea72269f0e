"""Realistic programs that write through views, ``out=`` arguments and in-place methods, use
Python's numeric operators on floats, and keep state in objects and closures
(tests/compat/test_outsider_programs.py)."""

import math
import operator

import numpy as np


def sgd_in_place(params, X, y, lr=0.1, steps=3):
    w = params["w"].copy()
    b = params["b"]
    for _ in range(steps):
        r = X @ w + b - y
        w -= lr * X.T @ r / len(y)
        b -= lr * r.mean()
    return np.sum((X @ w + b - y) ** 2)


def asarray_then_store(x):
    x = np.array(x, dtype=float)
    x[0] = x[0] * 3
    return np.sum(x ** 2)


def list_to_array_store(xs):
    xs = np.array(xs, dtype=float)  # the parameter (a list) and the array share a name
    xs[0] = xs[0] * 3
    return np.sum(xs ** 2)


def out_arguments(x):
    buf = np.empty_like(x)
    np.multiply(x, x, out=buf)
    np.exp(buf, out=buf)
    y = np.zeros_like(x)
    np.add(buf, x, out=y)
    return y.sum()


def reshape_view_store(x):
    A = np.zeros(6)
    A[:] = x
    B = A.reshape(2, 3)
    C = B * 2.0
    C[0, 1] = x[0] ** 2
    return np.sum(C ** 2) + np.sum(B)


def fill_diagonal_kernel(x, noise=0.3):
    K = np.exp(-0.5 * (x[:, None] - x[None, :]) ** 2)
    np.fill_diagonal(K, 1.0 + noise)
    L = np.linalg.cholesky(K)
    return np.sum(np.log(np.diag(L))) + np.sum(K)


def diag_indices_add(A, d):
    B = A.copy()
    B[np.diag_indices(len(d))] += d ** 2
    return np.sum(B ** 2)


def ix_block_update(A, u):
    B = A.copy()
    rows, cols = [0, 2], [1, 2]
    B[np.ix_(rows, cols)] += np.outer(u, u)
    return np.sum(np.tanh(B))


def reversed_slice_store(x):
    y = np.zeros(len(x))
    y[::-1] = np.cumsum(x)
    y[1::2] -= x[::2] * 0.5 if len(x) % 2 == 0 else 0.0
    return np.sum(y ** 2 * np.arange(1.0, len(x) + 1))


def mod_floor_ops(x):
    frac = x % 1.0
    whole = x // 1.0
    q, r = divmod(x * 2.5, 1.0)
    return np.sum(frac ** 2 + whole * x + r * q)


def sum_with_start(xs):
    total = sum((v ** 2 for v in xs), np.zeros(2))
    prods = math.prod([1.0 + 0.1 * v[0] for v in xs])
    return np.sum(total) + prods + sum(map(operator.mul, [v[1] for v in xs], [1.0, 2.0, 3.0]))


def sorted_with_key(xs):
    ranked = sorted(xs, key=lambda v: -v)
    weights = [1.0 / (k + 1) for k in range(len(ranked))]
    return sum(w * r ** 2 for w, r in zip(weights, ranked))


def try_except_fallback(K, y):
    try:
        L = np.linalg.cholesky(K)
        z = np.linalg.solve(L, y)
        return z @ z
    except np.linalg.LinAlgError:
        return y @ np.linalg.solve(K, y)


def errstate_and_assert(x):
    assert x.ndim == 1, "expects a vector"
    with np.errstate(divide="ignore", invalid="ignore"):
        r = np.where(x != 0, np.sin(x) / x, 1.0)
    return np.sum(r ** 2)


class Counter:
    def __init__(self):
        self.calls = 0
        self.scale = 2.0

    def __call__(self, x):
        self.calls += 1
        return self.scale * np.sum(x ** 2)


_COUNTER = Counter()


def stateful_object(x):
    a = _COUNTER(x)
    b = _COUNTER(2 * x)
    return a + b


def nonlocal_accumulator(x):
    total = 0.0

    def add(v):
        nonlocal total
        total = total + v ** 2

    for v in x:
        add(v)
    return total * x[0]


def generator_helper(x):
    def pairs(arr):
        for i in range(len(arr) - 1):
            yield arr[i], arr[i + 1]

    return sum(a * b for a, b in pairs(x))


def chained_comparisons(x):
    acc = 0.0
    for v in x:
        if 0 < v < 1:
            acc += v ** 3
        elif -1 <= v <= 0:
            acc -= v
        else:
            acc += 0.5 * v
    return acc


def isinstance_dispatch(p):
    def norm2(v):
        if isinstance(v, dict):
            return sum(norm2(u) for u in v.values())
        if isinstance(v, (list, tuple)):
            return sum(norm2(u) for u in v)
        return np.sum(np.asarray(v) ** 2)

    return norm2(p)


def ellipsis_and_newaxis(x):
    y = np.zeros((2,) + x.shape)
    y[...] = x
    y[1, ...] *= 2.0
    z = x[np.newaxis, :, None]
    return np.sum(y ** 2) + np.sum(z ** 3)


def mutable_default(x, cache={}):  # noqa: B006 - as users write it
    key = len(x)
    if key not in cache:
        cache[key] = np.arange(1.0, key + 1)
    return np.sum(cache[key] * x ** 2)


def unbound_methods(x):
    return np.ndarray.sum(x ** 2) + float.__mul__(2.0, 3.0) * np.ndarray.mean(x)


def lambdas_in_loop(w):
    fs = [lambda z, k=k: w[k] * z for k in range(3)]
    gs = [lambda z: w[k] * z for k in range(3)]
    return sum(f(1.5) for f in fs) + sum(g(2.0) for g in gs)


def sort_in_place(x):
    y = x.copy()
    y.sort()
    return np.sum(y * np.arange(len(y)))


def fill_and_copyto(x):
    y = np.empty(3)
    y.fill(0.5)
    np.copyto(y, x * 2, where=x > 0)
    return np.sum(y ** 2)


def ravel_view_store(A):
    B = A.copy()
    flat = B.ravel()
    out = flat * 1.0
    out[0] = 7.0
    return np.sum(out * A.ravel()) + np.sum(B.T[0] ** 2)


def string_formatting(x, tag="run"):
    name = f"{tag}-{len(x)}"
    scales = {"run-3": 2.0, "run-4": 3.0}
    return scales.get(name, 1.0) * np.sum(x ** 2)


def integer_powers_and_abs(x):
    return np.sum(np.abs(x) ** 3 + x ** -2 + np.sign(x) * x ** 2) + abs(x[0]) ** 0.5


def groupby_means(x, labels):
    sums = np.bincount(labels, weights=x, minlength=3)
    counts = np.bincount(labels, minlength=3)
    means = sums / np.maximum(counts, 1)
    big = np.extract(x > 0, x)
    return np.sum((x - means[labels]) ** 2) + np.sum(big ** 3)
