# ruff: noqa: E501, E402, BLE001, E731
"""Loop programs for backend="numba" (flat loops, as numba users write them) (red28)."""
import math

import numpy as np
from harness import Case


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def n_step_range(x):
    s = 0.0
    for i in range(0, x.shape[0], 2):
        s = s * 0.5 + x[i] * x[i + 1]
    return s


def n_reverse_range(x):
    s = 0.0
    for i in range(x.shape[0] - 1, -1, -1):
        s = np.sin(s) + x[i]
    return s


def n_array_update(x):
    y = np.zeros_like(x)
    for i in range(x.shape[0]):
        y[i] = x[i] ** 2 + (y[i - 1] if i > 0 else 0.0)
    return np.sum(y * x)


def n_two_arrays(x, w):
    h = np.zeros(x.shape[0])
    acc = 0.0
    for t in range(x.shape[0]):
        acc = math.tanh(w[0] * acc + w[1] * x[t])
        h[t] = acc
    return np.sum(h ** 2)


def n_matrix_rows(a):
    s = np.zeros(a.shape[1])
    for i in range(a.shape[0]):
        s = s * 0.9 + a[i] ** 2
    return np.sum(s)


def n_matrix_elems(a):
    s = 0.0
    n = a.shape[0]
    for k in range(n * n):
        i = k // n
        j = k % n
        s += a[i, j] * a[j, i]
    return s


def n_inplace_shift(x):
    y = x.copy()
    for i in range(1, y.shape[0]):
        y[i] = y[i] + 0.5 * y[i - 1] * y[i]
    return np.sum(y)


def n_overwrite_scalar(x):
    a = 1.0
    b = 0.0
    for i in range(x.shape[0]):
        a, b = b + x[i], a * x[i]
    return a * b


def n_math_funcs(x):
    s = 0.0
    for i in range(x.shape[0]):
        s += math.exp(-x[i] ** 2) + math.log(1.0 + x[i] ** 2) + math.sqrt(2.0 + x[i])
    return s


def n_int_counter(x):
    s = 0.0
    k = 0
    for i in range(x.shape[0]):
        k = k + 2
        s = s + x[i] * k
    return s * s


def n_pow_abs(x):
    s = 0.0
    for i in range(x.shape[0]):
        s = s + abs(x[i]) ** 3 + x[i] ** 2
    return s


def n_min_max(x):
    s = 0.0
    for i in range(x.shape[0]):
        s = max(s, x[i]) + min(x[i], 0.5) * 0.1
    return s


def n_division(x):
    s = 1.0
    for i in range(x.shape[0]):
        s = s / (1.0 + x[i] ** 2) + x[i]
    return s


def n_cumulative_arr(x):
    out = np.empty(x.shape[0])
    out[0] = x[0]
    for i in range(1, x.shape[0]):
        out[i] = out[i - 1] * 0.8 + x[i] ** 2
    return out


def n_stencil_2(x):
    y = x.copy()
    for i in range(1, x.shape[0] - 1):
        y[i] = 0.25 * y[i - 1] + 0.5 * y[i] + 0.25 * y[i + 1]
    return np.sum(y ** 2)


def n_params(x, a, b):
    s = 0.0
    for i in range(x.shape[0]):
        s = a * s + b * x[i]
    return s * s


def n_vector_ops(x):
    v_ = np.ones(3)
    for i in range(x.shape[0]):
        v_ = v_ * x[i] + np.array([1.0, 0.5, 0.25])
    return np.sum(v_ ** 2)


def n_dot_loop(x):
    m = x.reshape(3, 3)
    v_ = np.ones(3)
    for i in range(4):
        v_ = m @ v_ / 3.0
    return np.sum(v_)


CASES = [
    Case(n_step_range, v(6), loops=True),
    Case(n_reverse_range, v(5), loops=True),
    Case(n_array_update, v(5), loops=True),
    Case(n_two_arrays, lambda r: (r.standard_normal(5), r.standard_normal(2)), loops=True),
    Case(n_matrix_rows, v(4, 3), loops=True),
    Case(n_matrix_elems, v(3, 3), loops=True),
    Case(n_inplace_shift, v(5), loops=True),
    Case(n_overwrite_scalar, v(5), loops=True),
    Case(n_math_funcs, v(5), loops=True),
    Case(n_int_counter, v(5), loops=True),
    Case(n_pow_abs, lambda r: (r.uniform(0.3, 1.0, 5) * r.choice([-1, 1], 5),), loops=True),
    Case(n_min_max, lambda r: (np.array([0.9, 0.2, -0.4, 1.3, 0.1]) + 0.01 * r.standard_normal(5),), loops=True),
    Case(n_division, v(5), loops=True),
    Case(n_cumulative_arr, v(5), loops=True),
    Case(n_stencil_2, v(6), loops=True),
    Case(n_params, lambda r: (r.standard_normal(5), float(r.uniform(0.2, 0.8)), float(r.standard_normal())), loops=True),
    Case(n_vector_ops, v(4), loops=True),
    Case(n_dot_loop, v(9), loops=True),
]
