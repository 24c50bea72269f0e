"""Keywords given by position or computed from the differentiated inputs
(tests/soundness/test_index_tricks.py): ``np.std(x, None, None, None, 1)`` is ``ddof=1``,
``np.sum(x, initial=x[0])`` differentiates ``initial``, ufunc methods (reduce, accumulate,
outer, at) and ``out=``/``where=``; each modelled exactly or refused."""

import numpy as np
from scipy.special import logsumexp, softmax


def pos_std_ddof(x):
    return np.std(x, None, None, None, 1) + np.var(x, 0, None, None, 2)[1]
def pos_sum_keepdims(x):
    return np.sum(np.sum(x, 1, None, None, True) * x)
def pos_mean_keepdims(x):
    return np.sum(np.mean(x, 0, None, None, True) * x)
def pos_max_keepdims(x):
    return np.sum(np.max(x, 1, None, True) * x)
def pos_max_initial(x):
    return np.max(x, None, None, False, 5.0) + np.min(x, 0, None, False, -7.0)[0]
def pos_prod_keepdims(x):
    return np.sum(np.prod(x, 0, None, None, True) * x)
def pos_norm(x):
    return np.sum(np.linalg.norm(x, 1, 0)) + np.sum(np.linalg.norm(x, 3, 1, True) * x)
def pos_round(x):
    return np.sum(np.round(x, 1) * x) + np.sum(np.around(x, 2) * x)
def pos_take(x):
    return (np.sum(np.take(x, [7, -9, 2], None, None, "wrap") ** 2)
            + np.sum(np.take(x, [9, 1], None, None, "clip")))
def pos_cumsum(x):
    return np.sum(np.cumsum(x, 0) * np.arange(20.0).reshape(4, 5))
def pos_sort(x):
    return np.sum(np.sort(x, 0, "stable")[0] ** 2)
def pos_concat(x):
    return np.sum(np.concatenate([x, x ** 2], 1) * np.arange(40.0).reshape(4, 10))
def pos_diagonal(x):
    return np.sum(np.diagonal(x, 1, 1, 0) ** 2) + np.trace(x, 1, 1, 0)
def pos_roll(x):
    return np.sum(np.roll(x, 1, 1)[0] ** 2)
def pos_linspace(x):
    return np.sum(np.linspace(x[0], x[1], 5, False) ** 2)
def pos_interp(x):
    return np.sum(np.interp([-1.0, 0.5, 9.0], [0.0, 1.0, 2.0], x[:3], 2.0, 3.0))
def pos_repeat(x):
    return np.sum(np.repeat(x, 2, 1) * np.arange(40.0).reshape(4, 10))
def pos_percentile(x):
    return np.sum(np.percentile(x, 30, 0) ** 2)
def pos_average(x):
    return np.sum(np.average(x, 0, np.arange(1.0, 5.0)) ** 2)
def pos_diff(x):
    return np.sum(np.diff(x, 1, 0) ** 2)
def pos_flip(x):
    return np.sum(np.flip(x, 1)[0] * np.arange(5.0))
def pos_clip(x):
    return np.sum(np.clip(x, -0.3, 0.4) ** 2)
def pos_clip_out(x):
    y = np.empty(6)
    np.clip(x, -0.3, 0.4, y)
    return np.sum(y ** 2)
def ufunc_out_where(x):
    y = x.copy() * 3.0
    np.exp(x, out=y, where=x > 0)
    return np.sum(y ** 2)
def ufunc_out_pos(x):
    y = np.zeros(6)
    np.sin(x, y)
    return np.sum(y ** 2)
def ufunc_add_where_out(x):
    y = x ** 2
    np.add(x, 1.0, out=y, where=x < 0)
    return np.sum(y ** 2)
def add_reduce(x):
    return np.sum(np.add.reduce(x, axis=0) ** 2) + np.multiply.reduce(x[0])
def reduce_keep_where(x):
    return np.sum(np.add.reduce(x, axis=1, keepdims=True, where=x > 0) * x)
def max_reduce(x):
    return np.sum(np.maximum.reduce(x, axis=1) ** 2)
def accumulate(x):
    return np.sum(np.add.accumulate(x, axis=1) ** 2) + np.sum(np.maximum.accumulate(x[0]))
def outer(x):
    return np.sum(np.subtract.outer(x, x[:3]) ** 2) + np.sum(np.multiply.outer(x, x))
def reduceat(x):
    return np.sum(np.add.reduceat(x, [0, 2, 5]) ** 2)
def minimum_at(x, v):
    y = x.copy()
    np.minimum.at(y, [0, 0, 2], v[:3])
    return np.sum(y ** 2)
def logaddexp_reduce(x):
    return np.logaddexp.reduce(x)
def einsum_out(x):
    y = np.zeros(4)
    np.einsum("ij->i", x, out=y)
    return np.sum(y ** 2)
def sum_out(x):
    y = np.zeros(5)
    np.sum(x, axis=0, out=y)
    return np.sum(y ** 2)
def cumsum_out(x):
    y = np.zeros(6)
    np.cumsum(x, out=y)
    return np.sum(y ** 2)
def argsort_kind(x):
    return np.sum(x[np.argsort(x, kind="stable")] * np.arange(6.0))
def cross_axes(x):
    return np.sum(np.cross(x[:, :3], x[:, 2:], axisa=1, axisb=1) ** 2)
def gradient_spacing(x):
    return np.sum(np.gradient(x, 0.5) ** 2) + np.sum(np.gradient(x, edge_order=2) ** 2)
def gradient_axis(x):
    return np.sum(np.gradient(x, axis=1) ** 2)
def convolve_mode(x):
    return (np.sum(np.convolve(x, np.array([1.0, 2.0, 0.5]), mode="same") ** 2)
            + np.sum(np.convolve(x, x, "valid")))
def correlate_mode(x):
    return np.sum(np.correlate(x, np.array([1.0, -1.0, 2.0]), "full") ** 2)
def pad_kw(x):
    return (np.sum(np.pad(x, (1, 2), constant_values=3.0) ** 2)
            + np.sum(np.pad(x, 2, mode="reflect") * np.arange(10.0)))
def pad_edge(x):
    return np.sum(np.pad(x, ((1, 0), (0, 2)), mode="edge") ** 2)
def max_axis_neg(x):
    return np.sum(np.max(x, axis=-2) ** 2) + np.sum(np.argmax(x, axis=-1) * 1.0)
def std_axis_tuple(x):
    return np.sum(np.std(x, axis=(0, 2), ddof=1) ** 2)
def median_keep(x):
    return np.sum(np.median(x, axis=0, keepdims=True) * x)
def ptp_axis(x):
    return np.sum(np.ptp(x, axis=1) ** 2)
def sum_bool_axis_kw(x):
    keep = np.array([True, False, True, True, True])
    return np.sum(x, axis=1, keepdims=False, initial=0.5, where=keep)[2]
def split_sections(x):
    a, b, c = np.split(x, [1, 4])
    return np.sum(a) + np.sum(b ** 2) + np.sum(c ** 3)
def array_split_axis(x):
    parts = np.array_split(x, 3, axis=1)
    return np.sum(parts[0] ** 2) + np.sum(parts[2])
def pos_initial_computed(x):
    return np.sum(x ** 2, None, None, None, False, x[0]) + np.max(x, None, None, False, x[1] * 9.0)
def initial_computed(x):
    return (np.sum(x ** 2, initial=x[0]) * np.prod(x[:3], initial=x[1])
            + np.min(x, initial=x[2] - 5.0))
def pad_pair_computed(x):
    return np.sum(np.pad(x, (1, 2), constant_values=(x[0], x[1] * 2.0)) * np.arange(9.0))
def pad_pos_mode(x):
    return np.sum(np.pad(x, 1, "constant", constant_values=x[0]) * np.arange(8.0))
def diff_pos_prepend(x):
    return np.sum(np.diff(x, 1, -1, x[0] * 3.0) ** 2)
def clip_computed(x):
    return np.sum(np.clip(x, x[0] - 0.1, x[1] + 0.2) ** 2)
def full_computed(x):
    return np.sum(np.full(3, x[0]) * x[:3]) + np.sum(np.full_like(x, x[1]) ** 2)
def nan_to_num_kw(x):
    y = np.where(x > 1.0, np.nan, x)
    return np.sum(np.nan_to_num(y, nan=x[0] * 2.0) ** 2)
def nan_to_num_inf(x):
    y = np.where(x > 1.0, np.inf, x)
    return np.sum(np.nan_to_num(y, posinf=x[1]) ** 2)
def fill_diag_computed(x):
    y = x.copy()
    np.fill_diagonal(y, x[0, 0] * 3.0)
    return np.sum(y ** 2)
def quantile_q_computed(x):
    return np.quantile(x[1:], np.clip(x[0], 0.1, 0.9))
def heaviside_computed(x):
    return np.sum(np.heaviside(x - x[0], x[1]) * x)
def trapezoid_dx(x):
    return np.trapezoid(x ** 2, dx=x[0] ** 2)
def trapezoid_x(x):
    return np.trapezoid(x[:3] ** 2, x=np.cumsum(np.exp(x[3:])))
def gradient_spacing_computed(x):
    return np.sum(np.gradient(x ** 2, x[0] ** 2 + 1.0) ** 2)
def gradient_coords_computed(x):
    return np.sum(np.gradient(x[:3] ** 2, np.cumsum(np.exp(x[3:]))) ** 2)
def polyval_both(x):
    return np.sum(np.polyval(x[:3], x[3:]))
def arange_computed(x):
    return np.sum(np.arange(x[0], x[0] + 2.5) * x[1:4])
def logspace_base(x):
    return np.sum(np.logspace(0.0, 2.0, 3, base=x[0] ** 2 + 1.0))
def logsumexp_b_computed(x):
    return logsumexp(x, b=x ** 2)
def logsumexp_axis_b(x):
    return np.sum(logsumexp(x, axis=0, b=np.abs(x) + 0.5, keepdims=True) * x)
def logsumexp_sign_neg(x):
    v, s = logsumexp(x, b=np.array([1.0, -0.1, 0.5, -3.0, -3.0, 1.0]), return_sign=True)
    return v * s
def softmax_axis_none(x):
    return np.sum(softmax(x) * np.arange(20.0).reshape(4, 5)) + np.sum(softmax(x, axis=(0, 1)) * x)
def interp_xp_computed(x):
    return np.sum(np.interp([0.5, 1.5], np.cumsum(np.exp(x[:3])), x[3:]))
def nan_to_num_inplace(x):
    y = np.where(x > 1.0, np.nan, x)
    np.nan_to_num(y, copy=False, nan=0.5)
    return np.sum(y ** 2)
def clip_out_self(x):
    y = x * 2.0
    np.clip(y, -0.3, 0.4, out=y)
    return np.sum(y ** 2)
def where_scalar_computed(x):
    return np.sum(np.where(x > 0, x, x[0] ** 2))
def std_where(x):
    return np.std(x, where=x > -0.5) + np.var(x, where=x < 0.5, ddof=1)
def average_weights_computed(x):
    return np.average(x, weights=x ** 2)
def cov_kws(x):
    return (np.sum(np.cov(x, ddof=0)) + np.sum(np.cov(x, rowvar=False, bias=True))
            + np.sum(np.cov(x, aweights=np.arange(1.0, 6.0))))
def cov_fweights(x):
    return np.sum(np.cov(x, fweights=np.array([1, 2, 1, 3, 1]), ddof=2))
def bincount_weights(x):
    return np.sum(np.bincount(np.array([0, 2, 2, 1, 0, 4]), weights=x, minlength=7) ** 2)
def meshgrid_ij(x):
    a, b = np.meshgrid(x[0, :2], x[1, 2:5], indexing="ij")
    return np.sum(a * b * np.arange(6.0).reshape(2, 3))
def meshgrid_sparse(x):
    a, b = np.meshgrid(x[0, :2], x[1, 2:5], sparse=True)
    return np.sum(a * b)
def vander_kw(x):
    return np.sum(np.vander(x[:3], N=4, increasing=True) * np.arange(12.0).reshape(3, 4))
def maximum_accumulate_axis(x):
    return np.sum(np.maximum.accumulate(x, axis=1) * np.arange(20.0).reshape(4, 5))
def corrcoef_y(x):
    return np.sum(np.corrcoef(x[0], x[1]) ** 2)


R = np.random.default_rng(6)
A1 = R.normal(size=6)
A2 = R.normal(size=(4, 5))
A3 = R.normal(size=(3, 4, 2))
S, M, T = (A1,), (A2,), (A3,)
CASES = [
    (pos_std_ddof, [M]), (pos_sum_keepdims, [M]), (pos_mean_keepdims, [M]),
    (pos_max_keepdims, [M]), (pos_max_initial, [M]), (pos_prod_keepdims, [M]), (pos_norm, [M]),
    (pos_cumsum, [M]), (pos_sort, [M]), (pos_concat, [M]), (pos_diagonal, [M]), (pos_roll, [M]),
    (pos_repeat, [M]), (pos_percentile, [M]), (pos_average, [M]), (pos_diff, [M]),
    (pos_flip, [M]), (add_reduce, [M]), (reduce_keep_where, [M]), (max_reduce, [M]),
    (accumulate, [M]), (einsum_out, [M]), (sum_out, [M]), (cross_axes, [M]),
    (gradient_axis, [M]), (pad_edge, [M]), (max_axis_neg, [M]), (median_keep, [M]),
    (ptp_axis, [M]), (sum_bool_axis_kw, [M]), (array_split_axis, [M]), (pos_round, [S]),
    (pos_take, [S]), (pos_linspace, [S]), (pos_interp, [S]), (pos_clip, [S]),
    (pos_clip_out, [S]), (ufunc_out_where, [S]), (ufunc_out_pos, [S]),
    (ufunc_add_where_out, [S]), (outer, [S]), (reduceat, [S]), (logaddexp_reduce, [S]),
    (cumsum_out, [S]), (argsort_kind, [S]), (gradient_spacing, [S]), (convolve_mode, [S]),
    (correlate_mode, [S]), (pad_kw, [S]), (split_sections, [S]),
    (minimum_at, [(A1, np.array([0.1, -5.0, 0.2]))]), (std_axis_tuple, [T]),
    (pos_initial_computed, [S]), (initial_computed, [S]), (pad_pair_computed, [S]),
    (pad_pos_mode, [S]), (diff_pos_prepend, [S]), (clip_computed, [S]), (full_computed, [S]),
    (nan_to_num_kw, [S]), (nan_to_num_inf, [S]), (quantile_q_computed, [S]),
    (heaviside_computed, [S]), (trapezoid_dx, [S]), (trapezoid_x, [S]),
    (gradient_spacing_computed, [S]), (gradient_coords_computed, [S]), (polyval_both, [S]),
    (arange_computed, [S]), (logspace_base, [S]), (logsumexp_b_computed, [S]),
    (logsumexp_axis_b, [S]), (logsumexp_sign_neg, [S]), (interp_xp_computed, [S]),
    (nan_to_num_inplace, [S]), (clip_out_self, [S]), (where_scalar_computed, [S]),
    (std_where, [S]), (average_weights_computed, [S]), (fill_diag_computed, [M]),
    (softmax_axis_none, [M]), (cov_kws, [M]), (cov_fweights, [M]), (meshgrid_ij, [M]),
    (meshgrid_sparse, [M]), (maximum_accumulate_axis, [M]), (corrcoef_y, [M]),
    (bincount_weights, [S]), (vander_kw, [S]),
]
