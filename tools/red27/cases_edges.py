# ruff: noqa: E501, E402, BLE001
"""Exact points where a formula's rule divides by zero but the function is smooth
(PyTorch test_autograd: prod/cumprod with zeros, det of singular matrices; JAX: where-NaN,
pow at zero, sinc at zero)."""
import numpy as np
from harness import Case


def prod_all(x):
    return np.prod(x)


def prod_ax(x):
    return np.prod(x, axis=1)


def prod_method(x):
    return x.prod(axis=0) * np.arange(1.0, 4.0)


def cumprod_(x):
    return np.cumprod(x) * np.arange(1.0, 6.0)


def cumprod_ax(x):
    return np.cumprod(x, axis=1) * np.arange(1.0, 5.0)


def det_(x):
    return np.linalg.det(x)


def det_batch(x):
    return np.linalg.det(x) * np.arange(1.0, 3.0)


def where_sqrt(x):
    return np.where(x > 0, np.sqrt(np.abs(x) * (x > 0) + 0.0), 0.0)


def where_log(x):
    return np.where(x > 0, np.log(x), 0.0)


def where_div(x):
    return np.where(x != 0, np.sin(x) / x, 1.0)


def pow_y_at_zero(x, y):
    return x ** y


def pow_zero_exp(x):
    return x ** 0


def pow_zero_exp_f(x):
    return np.power(x, 0.0)


def pow_one(x):
    return x ** 1.0


def sinc_(x):
    return np.sinc(x)


def eigh_vals_only(x):
    w, v = np.linalg.eigh(x)
    return w * np.arange(1.0, 4.0)


def eigh_sum(x):
    w, v = np.linalg.eigh(x)
    return np.sum(w)


def eigvalsh_(x):
    return np.linalg.eigvalsh(x) * np.arange(1.0, 4.0)


def svd_s_only(x):
    u, s, vt = np.linalg.svd(x)
    return np.sum(s ** 2)


def svd_s_nouv(x):
    return np.sum(np.linalg.svd(x, compute_uv=False) ** 2)


def norm_nuc_(x):
    return np.linalg.norm(x, 'nuc') ** 2


def xlogx(x):
    return np.where(x > 0, x * np.log(np.where(x > 0, x, 1.0)), 0.0)


def norm_sq(x):
    return np.linalg.norm(x) ** 2


def lin_norm_sq(x):
    return np.sum(np.abs(x) ** 2)


def abs_pow3(x):
    return np.abs(x) ** 3


def sqrt_sq(x):
    return np.sqrt(x ** 2 + 0.0) ** 2


def cbrt_cube(x):
    return np.cbrt(x ** 3)


def maximum_zero(x):
    return np.maximum(x, 0.0) ** 2


def inv_det_mix(x):
    return np.linalg.det(x) * x


def logsumexp_inf(x):
    z = np.concatenate([x, np.array([-np.inf])])
    m = np.max(z)
    return m + np.log(np.sum(np.exp(z - m)))


def mean_empty_axis(x):
    return np.sum(np.mean(x, axis=0) ** 2)


def arctan2_same(x):
    return np.arctan2(x, x + 1.0)


def power_neg_base_int(x):
    return np.power(x, 3.0)


def power_neg_base_int2(x):
    return x ** 2.0 + x ** 3


def matrix_power_neg(x):
    return np.linalg.matrix_power(x, -2)


def var_single(x):
    return np.var(x, axis=1) + np.std(x, axis=0)


CASES = [
    Case(prod_all, lambda r: (np.array([0.0, 1.5, -2.0, 0.7]),), points=1),
    Case(prod_all, lambda r: (np.array([0.0, 1.5, 0.0, 0.7]),), points=1, note="two zeros"),
    Case(prod_ax, lambda r: (np.array([[0.0, 1.5, -2.0], [0.5, 0.25, 3.0]]),), points=1),
    Case(prod_method, lambda r: (np.array([[0.0, 1.5, -2.0], [0.5, 0.0, 3.0]]),), points=1),
    Case(cumprod_, lambda r: (np.array([1.5, 0.0, -2.0, 0.7, 1.1]),), points=1),
    Case(cumprod_ax, lambda r: (np.array([[1.5, 0.0, -2.0, 0.7], [1.0, 2.0, 0.0, 0.0]]),), points=1),
    Case(det_, lambda r: (np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.5, -1.0, 2.0]]),), points=1),
    Case(det_, lambda r: (np.zeros((3, 3)) + np.diag([1.0, 2.0, 0.0]),), points=1, note="diag zero"),
    Case(det_, lambda r: (np.zeros((1, 1)),), points=1, note="1x1 zero"),
    Case(det_batch, lambda r: (np.array([[[1.0, 2.0], [2.0, 4.0]], [[1.0, 0.5], [0.2, 3.0]]]),), points=1),
    Case(inv_det_mix, lambda r: (np.array([[1.0, 2.0], [2.0, 4.0]]),), points=1),
    Case(where_sqrt, lambda r: (np.array([-1.0, 0.5, -2.0, 3.0]),), points=1),
    Case(where_log, lambda r: (np.array([-1.0, 0.5, 0.0, 3.0]),), points=1),
    Case(where_div, lambda r: (np.array([0.0, 0.5, -1.0]),), points=1),
    Case(pow_y_at_zero, lambda r: (0.0, 2.0), points=1),
    Case(pow_y_at_zero, lambda r: (np.array([0.0, 1.5]), np.array([2.5, 2.0])), points=1, note="arrays"),
    Case(pow_zero_exp, lambda r: (np.array([0.0, 1.5]),), points=1),
    Case(pow_zero_exp_f, lambda r: (np.array([0.0, 1.5]),), points=1),
    Case(pow_one, lambda r: (np.array([0.0, 1.5]),), points=1),
    Case(power_neg_base_int, lambda r: (np.array([-1.5, 0.0, 2.0]),), points=1),
    Case(power_neg_base_int2, lambda r: (np.array([-1.5, 0.0, 2.0]),), points=1),
    Case(sinc_, lambda r: (np.array([0.0, 0.5, -1.2]),), points=1),
    Case(sinc_, lambda r: (0.0,), points=1, note="float"),
    Case(eigh_vals_only, lambda r: (np.diag([1.0, 1.0, 3.0]) + 0.0,), points=1),
    Case(eigh_sum, lambda r: (np.eye(3) * 2.0,), points=1),
    Case(eigvalsh_, lambda r: (np.diag([1.0, 1.0, 3.0]) + 0.0,), points=1),
    Case(svd_s_only, lambda r: (np.eye(3) * 2.0,), points=1),
    Case(svd_s_nouv, lambda r: (np.eye(3) * 2.0,), points=1),
    Case(svd_s_nouv, lambda r: (np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]),), points=1, note="tall"),
    Case(xlogx, lambda r: (np.array([0.0, 0.5, -1.0]),), points=1),
    Case(norm_sq, lambda r: (np.zeros(3),), points=1),
    Case(lin_norm_sq, lambda r: (np.array([0.0, 1.0]),), points=1),
    Case(abs_pow3, lambda r: (np.array([0.0, 1.0, -2.0]),), points=1),
    Case(maximum_zero, lambda r: (np.array([0.0, 1.0, -2.0]),), points=1),
    Case(logsumexp_inf, lambda r: (np.array([0.5, -1.0]),), points=1),
    Case(arctan2_same, lambda r: (np.array([0.5, -1.0]),), points=1),
    Case(matrix_power_neg, lambda r: (np.array([[2.0, 0.5], [0.1, 1.5]]),), points=1),
    Case(var_single, lambda r: (np.array([[1.0, 2.0, 0.5]]),), points=1, hvp=False),
]
