"""Python-breadth cases, part 6: outsiders' idioms at a function's edges.

Input normalisation (np.asarray(x, dtype=float), astype, atleast_1d, tolist), arrays
built from scalars and lists, context managers (np.errstate), asserts and raises on
unused paths, shape-based branches, trip counts from float values, helpers with early
returns called in loops. ``CASES`` are ``(function, argument tuples, wrt or None)``.
"""

import math

import numpy as np


def asarray_float(x):
    x = np.asarray(x, dtype=float)
    return np.sum(x ** 2) * 0.5


def astype_float(x):
    y = x.astype(float)
    return np.sum(np.sin(y))


def atleast_1d_input(x):
    x = np.atleast_1d(x)
    return np.sum(x ** 3)


def tolist_loop(x):
    s = 0.0
    for v in x.tolist():
        s = s + v * v
    return s


def list_mean(xs):
    return sum(xs) / len(xs) + max(xs) * 0.1


def array_from_scalars(a, b, c):
    v = np.array([a, b * a, c])
    return np.sum(v ** 2)


def matrix_from_scalars(a, b):
    m = np.array([[a, b], [-b, a * a]])
    return np.sum(m @ m)


def array_from_appended(x):
    vals = []
    for k in range(3):
        vals.append(x * k + x ** 2)
    return np.sum(np.array(vals) ** 2)


def errstate_block(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        y = np.log(x) * x
    return np.sum(y)


def assert_values(x):
    assert np.all(x > 0), "positive inputs"
    assert x.ndim == 1
    return np.sum(np.sqrt(x))


def raise_unused(x):
    if x.shape[0] == 0:
        raise ValueError("empty")
    return np.sum(x * x[0])


def ndim_branch(x):
    if x.ndim == 1:
        x = x[None, :]
    return np.sum(x @ x.T)


def float_trip_count(x, t):
    steps = int(t * 4)
    y = x
    for _ in range(steps):
        y = y * 0.9 + 0.1
    return y


def float_index(x, pos):
    i = int(pos)
    return x[i] * x[-1 - i]


def helper_early_return(v):
    if v < 0:
        return 0.0
    for k in range(5):
        if v * k > 2.0:
            return v * k
    return v


def helper_in_loop(xs):
    s = 0.0
    for v in xs:
        s = s + helper_early_return(v)
    return s


def outer_differences(x):
    d = x[:, None] - x[None, :]
    return np.sum(d ** 2 * np.exp(-d ** 2))


def ellipsis_store(m):
    y = np.zeros_like(m)
    y[...] = m * 2.0
    y[..., 0] = m[..., 1] ** 2
    return np.sum(y * m)


def fromiter_generator(x):
    v = np.fromiter((x * k for k in range(3)), dtype=float)
    return np.sum(v ** 2)


def math_on_converted(x):
    s = float(np.sum(x))
    return math.exp(-s * s) + math.log1p(s * s)


def float_of_zero_d(x):
    return float(x) ** 2 + np.float64(x) * 3.0


def while_counter_continue(x):
    k = 0
    s = 0.0
    while k < 6:
        k += 1
        if k % 2 == 0:
            continue
        s = s + x ** k
    return s


def nested_while_break(x):
    s = 0.0
    i = 0
    while i < 3:
        j = 0
        while True:
            s = s + x * (i + j)
            j += 1
            if j >= i:
                break
        i += 1
    return s * x


def for_else_with_return(xs, target):
    for v in xs:
        if v > target:
            break
    else:
        return np.sum(xs) * 0.0 + xs[0]
    return v * v


def shapes_from_args(x, n):
    out = np.zeros((n, x.shape[0]))
    for i in range(n):
        out[i] = x * (i + 1)
    return np.sum(out ** 2)


def normalize_then_loop(w):
    w = np.asarray(w, dtype=float)
    w = w / np.linalg.norm(w)
    s = 0.0
    for i, wi in enumerate(w):
        s += wi * (i + 1)
    return s


CASES = [
    (asarray_float, [(np.array([0.5, -1.0, 2.0]),), ([0.5, -1.0, 2.0],), ((0.5, 2.0),),
                     (np.array([0.5, 2.0], dtype=np.float32),), (0.7,)], (0,)),
    (astype_float, [(np.array([0.5, -1.0, 2.0]),)], (0,)),
    (atleast_1d_input, [(0.7,), (np.array(0.7),), (np.array([0.5, 2.0]),)], (0,)),
    (tolist_loop, [(np.array([0.5, -1.0, 2.0]),)], (0,)),
    (list_mean, [([0.5, -1.0, 2.0],), ((0.5, 2.0),)], (0,)),
    (array_from_scalars, [(0.5, -1.0, 2.0), (np.float64(0.5), np.array(2.0), 1.0)], None),
    (matrix_from_scalars, [(0.5, -1.0)], None),
    (array_from_appended, [(0.7,)], None),
    (errstate_block, [(np.array([0.5, 1.5, 2.0]),)], None),
    (assert_values, [(np.array([0.5, 1.5, 2.0]),)], None),
    (raise_unused, [(np.array([0.5, 1.5, 2.0]),)], None),
    (ndim_branch, [(np.array([0.5, 1.5, 2.0]),), (np.arange(6.0).reshape(2, 3) * 0.1,)], None),
    (float_trip_count, [(0.7, 1.3), (0.7, 0.1)], (0,)),
    (float_index, [(np.array([0.5, 1.5, 2.0]), 1.0)], (0,)),
    (helper_in_loop, [(np.array([0.45, -1.5, 2.3, 0.1]),)], None),
    (outer_differences, [(np.array([0.5, 1.5, 2.0]),)], None),
    (ellipsis_store, [(np.arange(6.0).reshape(2, 3) * 0.1,)], None),
    (fromiter_generator, [(0.7,)], None),
    (math_on_converted, [(np.array([0.5, -1.5, 0.3]),)], None),
    (float_of_zero_d, [(np.array(0.7),), (0.7,)], None),
    (while_counter_continue, [(0.7,)], None),
    (nested_while_break, [(0.7,)], None),
    (for_else_with_return, [(np.array([0.5, 1.5, 2.0]), 1.0), (np.array([0.5, 1.5]), 3.0)],
     (0,)),
    (shapes_from_args, [(np.array([0.5, 1.5, 2.0]), 3), (np.array([0.5]), 0)], (0,)),
    (normalize_then_loop, [(np.array([0.5, 1.5, 2.0]),), ([0.5, 1.5],)], (0,)),
]
