# ruff: noqa: E501, E731
"""red32: functions for bad32.py (bad inputs: layouts, read-only arrays, NaN/inf, wrong types)."""
import math

import numpy as np

W12 = np.arange(1.0, 13.0)


def ravel_a(x):
    return np.sum(W12[:x.size] * x.ravel(order="A"))


def ravel_k(x):
    return np.sum(W12[:x.size] * np.ravel(x, order="K"))


def flatten_a(x):
    return np.sum(W12[:x.size] * x.flatten("A") ** 2)


def reshape_a(x):
    return np.sum(np.arange(1.0, 1.0 + x.size).reshape(2, -1) * x.reshape(2, -1, order="A"))


def reshape_f(x):
    return np.sum(np.arange(1.0, 1.0 + x.size).reshape(2, -1) * np.reshape(x, (2, -1), order="F"))


def copy_k_then_ravel(x):
    y = np.copy(x, order="K")
    return np.sum(W12[:x.size] * y.ravel(order="K"))


def asfortran_ravel(x):
    y = np.asfortranarray(x)
    return np.sum(W12[:x.size] * y.ravel("A"))


def plain_weighted(x):
    return np.sum(np.arange(1.0, 1.0 + x.size).reshape(x.shape) * np.sin(x))


def writes_argument(x):
    x[0] = x[0] * 3.0
    x *= 2.0
    return np.sum(x * x)


def nansum_sq(x):
    return np.nansum(x ** 2)


def nanmean_nanmax(x):
    return np.nanmean(x) + np.nanmax(x) + np.nanmin(x) * 2.0


def fmax_fmin_nan(x, y):
    return np.sum(np.fmax(x, y) * 2.0 + np.fmin(x, y))


def where_isfinite(x):
    return np.sum(np.where(np.isfinite(x), x, 0.0) ** 2)


def where_sqrt(x):
    return np.sum(np.where(x > 0, np.sqrt(np.abs(x)), 0.0))


def where_sqrt_unsafe(x):
    return np.sum(np.where(x > 0, np.sqrt(x), 0.0))


def nan_to_num_sq(x):
    return np.sum(np.nan_to_num(x, nan=0.0, posinf=5.0, neginf=-5.0) * np.arange(1.0, 1.0 + x.size))


def sort_with_nan(x):
    s = np.sort(x)
    return np.nansum(s * np.arange(1.0, 1.0 + x.size))


def exp_minus_inf(x):
    return np.sum(np.exp(x)) + np.sum(np.clip(x, -1.0, 1.0))


def norm_at_zero(x):
    return np.linalg.norm(x)


def abs_max_kinks(x):
    return np.sum(np.abs(x)) + np.max(x) + np.sum(np.maximum(x, 1.0))


def math_floats(a, b):
    return math.hypot(a, b) + math.copysign(a, b) + math.fmod(a, b)


def depth(x, n):
    if n == 0:
        return x
    return depth(x * 1.0001, n - 1) + 0.0


def two_args(x, y):
    return np.sum(x * y)


def gen_fn(x):
    yield x * 2.0


class NotCallable:
    pass


class Model:
    def __init__(self):
        self.w = np.ones(3)

    def loss(self, x):
        return np.sum(self.w * x ** 2)


def unused_product_raises(x, y):
    unused = x @ y  # noqa: F841  (raises for these shapes; nothing reads it)
    return np.sum(x ** 2)


def unused_index_raises(x, i):
    t = x[i]  # noqa: F841
    return np.sum(x ** 2)
