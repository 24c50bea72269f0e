# ruff: noqa: E501
"""red32: functions evaluated at kinks, ties and singular points (kinks32.py)."""
import math

import numpy as np
from scipy import special


def abs_relu(x):
    return np.sum(np.abs(x) * 2.0 + np.maximum(x, 0.0))


def max_ties(x):
    return np.max(x) * 3.0 + np.sum(np.max(x.reshape(2, 2), axis=1, keepdims=True))


def maximum_ties(x, y):
    return np.sum(np.maximum(x, y) * 2.0 + np.minimum(x, y) + np.fmax(x, y))


def clip_bounds(x):
    return np.sum(np.clip(x, -1.0, 1.0) * np.arange(1.0, 1.0 + x.size))


def round_floor(x):
    return np.sum(np.floor(x) + np.round(x) + np.ceil(x) + np.trunc(x) + x)


def sort_ties(x):
    return np.sum(np.sort(x) * np.arange(1.0, 1.0 + x.size))


def median_ties(x):
    return np.median(x) + np.percentile(x, 30.0)


def power_zero_base(x, y):
    return np.sum(x ** y)


def power_zero_exponent(x):
    return np.sum(x ** 0.0 + x ** 0 + x ** 1.0 + x ** 2)


def float_power_zero(x, y):
    return np.sum(np.float_power(x, y))


def math_pow_zero(x, y):
    return math.pow(x, y) + x ** y


def sinc_at_integers(x):
    return np.sum(np.sinc(x))


def sqrt_of_square(x):
    return np.sum(np.sqrt(x * x + 1.0) + np.hypot(x, 1.0))


def det_singular(a):
    return np.linalg.det(a)


def eigvalsh_repeated(a):
    s = a + a.T
    return np.sum(np.linalg.eigvalsh(s) ** 2)


def eigh_values_repeated(a):
    s = a + a.T
    w, v = np.linalg.eigh(s)
    return np.sum(w ** 2)


def svd_values_repeated(a):
    return np.sum(np.linalg.svd(a, compute_uv=False))


def norm_zero_rows(a):
    return np.sum(np.linalg.norm(a, axis=1))


def std_constant(x):
    return np.std(x) + np.std(x.reshape(2, 2), axis=0).sum()


def sign_heaviside(x):
    return np.sum(np.sign(x) * x + np.heaviside(x, 0.5) * x)


def fmod_multiples(x):
    return np.sum(np.fmod(x, 1.0) + np.remainder(x, 2.0) + np.mod(x, 1.0))


def where_ge_zero(x):
    return np.sum(np.where(x >= 0.0, x ** 2, -x))


def logaddexp_equal(x, y):
    return np.sum(np.logaddexp(x, y) + np.logaddexp2(x, y))


def arccos_edge(x):
    return np.sum(np.arccos(np.clip(x, -1.0, 1.0)))


def xlogx_zero(x):
    return np.sum(np.where(x > 0, x * np.log(np.where(x > 0, x, 1.0)), 0.0))


def entropy_special(x):
    from scipy.special import xlogy
    return np.sum(xlogy(x, x))


def entropy_special_global(x):
    return np.sum(special.xlogy(x, x))
