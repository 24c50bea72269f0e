# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): NumPy 2 keywords and less common keyword spellings."""
import numpy as np
from harness import Case


def std_correction(x):
    return np.std(x, correction=1) + np.var(x, correction=1.5)


def var_mean_kw(x):
    m = np.mean(x, keepdims=True)
    return np.var(x, mean=m)


def sum_dtype32(x):
    return float(np.sum(x * x, dtype=np.float64)) + np.mean(x, dtype=np.float64)


def cumsum_dtype(x):
    return np.sum(np.cumsum(x, dtype=np.float64) * np.arange(x.size))


def norm_keepdims(A):
    return np.sum(np.linalg.norm(A, axis=1, keepdims=True) * A)


def norm_ord(A):
    return np.linalg.norm(A, ord=1) + np.linalg.norm(A, ord=-np.inf) + np.linalg.norm(A, "nuc")


def vecnorm(A):
    return np.sum(np.linalg.vector_norm(A, ord=3, axis=0)) + np.linalg.matrix_norm(A, ord="fro")


def unique_values(x):
    return np.sum(np.unique_values(np.round(x, 1)) * 0.0) + np.sum(x)


def clip_min_max_kw(x):
    return np.sum(np.clip(x, min=-0.2, max=0.3) * x)


def round_decimals(x):
    return np.sum(np.round(x * 3.0, decimals=1) * x)


def astype_kw(x):
    return np.sum(np.astype(x * 2.0, np.float64) * x)


def pow_fn(x):
    return np.sum(np.pow(x, 3) + np.atan2(x, 2.0) + np.acos(x * 0.5) + np.permute_dims(np.outer(x, x), (1, 0))[0])


def concat_axis_none(A):
    return np.sum(np.concatenate([A, A * 2.0], axis=None) * np.arange(2 * A.size))


def cumulative_sum(x):
    return np.sum(np.cumulative_sum(x, include_initial=True) * np.arange(x.size + 1))


def mean_where_kw(A):
    return np.sum(np.mean(A, axis=1, where=A > 0))


def max_where(A):
    return np.max(A, initial=-10.0, where=A < 0.5) + np.sum(np.amax(A, axis=0))


def average_weights(x):
    w = np.arange(1.0, x.size + 1)
    return np.average(x * x, weights=w) + np.average(x, returned=True)[0]


def median_axis(A):
    return np.sum(np.median(A, axis=0, keepdims=True) * A)


def ptp_kw(A):
    return np.sum(np.ptp(A, axis=1))


def percentile_method(x):
    return np.percentile(x, 30, method="lower") + np.quantile(x, 0.7, method="nearest") + np.quantile(x, 0.4, method="linear")


def diff_prepend(x):
    return np.sum(np.diff(x, n=2, prepend=0.5, append=x[0]) ** 2)


def gradient_fn(x):
    return np.sum(np.gradient(x * x, 0.5, edge_order=2) * np.arange(x.size))


def trapezoid_fn(x):
    return np.trapezoid(x * x, dx=0.3) + np.trapezoid(x, x=np.linspace(0, 1, x.size))


def sort_descending(x):
    return np.sum(np.sort(x, descending=True) * np.arange(x.size)) if np.__version__ >= "2.2" else np.sum(np.sort(x)[::-1] * np.arange(x.size))


V = lambda r: (r.uniform(-0.9, 0.9, 6),)
M = lambda r: (r.standard_normal((3, 3)) * 0.5,)
MATS = {"norm_keepdims", "norm_ord", "vecnorm", "concat_axis_none", "mean_where_kw", "max_where", "median_axis", "ptp_kw"}
CASES = [Case(f, M if f.__name__ in MATS else V)
         for f in (std_correction, var_mean_kw, sum_dtype32, cumsum_dtype, norm_keepdims, norm_ord, vecnorm,
                   unique_values, clip_min_max_kw, round_decimals, astype_kw, pow_fn, concat_axis_none,
                   cumulative_sum, mean_where_kw, max_where, average_weights, median_axis, ptp_kw,
                   percentile_method, diff_prepend, gradient_fn, trapezoid_fn, sort_descending)]
