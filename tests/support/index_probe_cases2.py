"""More index tricks and keywords (tests/soundness/test_index_tricks.py): compound stores
with repeated indices, newer NumPy keywords and aliases."""

import numpy as np
from scipy.special import logsumexp

from index_probe_cases import A1, A2, A3, DUP, P1


def dup_sub(x, v, idx):
    y = x.copy()
    y[idx] -= v ** 2
    return np.sum(y ** 2)
def dup_div(x, v, idx):
    y = x.copy()
    y[idx] /= v
    return np.sum(y ** 2)
def dup_pairs_aug(x, v):
    y = x.copy()
    y[[0, 1, 0], [2, 3, 2]] += v
    return np.sum(y ** 2)
def mask_aug_array(x, v):
    y = x.copy()
    y[x > 0] += v[x > 0]
    return np.sum(y ** 2)
def add_at_2d(x, v):
    y = x.copy()
    np.add.at(y, ([0, 0, 3], [1, 1, 4]), v[:3])
    return np.sum(y ** 2)
def multiply_at(x, v):
    y = x.copy()
    np.multiply.at(y, [1, 1, 2], v[:3])
    return np.sum(y)
def sum_where_axis(x):
    return np.sum(np.sum(x ** 2, axis=0, where=x > 0) * np.arange(5.0))
def mean_where_axis(x):
    return np.sum(np.mean(x ** 2, axis=1, where=x > -0.5))
def max_where(x):
    return (np.max(x, where=x < 0.5, initial=-9.0)
            + np.sum(np.min(x, axis=0, where=x > 0, initial=9.0)))
def prod_where(x):
    return np.prod(x, where=np.array([True, False, True, True, False, True]), initial=2.0)
def cumsum_none(x):
    return np.sum(np.cumsum(x) * np.arange(20.0)) + np.sum(np.cumsum(x, axis=None)[:3])
def norm_negative_ord(x):
    return np.linalg.norm(x, ord=-np.inf) + np.linalg.norm(x, ord=-1) + np.linalg.norm(x, ord=0.5)
def norm_matrix_ords(x):
    return np.linalg.norm(x, ord=1) + np.linalg.norm(x, ord=np.inf) + np.linalg.norm(x, "nuc")
def norm_matrix_2(x):
    return np.linalg.norm(x, ord=2) + np.linalg.norm(x, ord=-2)
def norm_axis_pair(x):
    return np.sum(np.linalg.norm(x, axis=(0, 2)))
def vector_norm(x):
    return np.sum(np.linalg.vector_norm(x, ord=3, axis=1, keepdims=True) * x)
def matrix_norm(x):
    return np.linalg.matrix_norm(x, ord="fro") + np.linalg.matrix_norm(x, ord=1)
def var_mean_kw(x):
    m = np.mean(x, axis=1, keepdims=True)
    return np.sum(np.var(x, axis=1, mean=m))
def std_mean_kw(x):
    return np.sum(np.std(x, axis=0, keepdims=True, mean=np.mean(x, axis=0, keepdims=True)))
def clip_min_max(x):
    return np.sum(np.clip(x, min=-0.4, max=0.6) ** 2)
def clip_method(x):
    return np.sum(x.clip(max=0.3) ** 2) + np.sum(x.clip(-0.2) ** 2)
def cumulative_sum(x):
    return np.sum(np.cumulative_sum(x, include_initial=True) ** 2)
def cumulative_prod(x):
    return np.sum(np.cumulative_prod(x, axis=0, include_initial=True))
def sort_stable(x):
    return np.sum(np.sort(x, stable=True) * np.arange(6.0))
def sort_axis0(x):
    return np.sum(np.sort(x, axis=0)[0] ** 2) + np.sum(np.sort(x, axis=-1)[:, -1])
def concat_alias(x):
    return np.sum(np.concat([x, 2 * x], axis=1) * np.arange(10.0))
def permute_dims(x):
    return np.sum(np.permute_dims(x, (1, 0, 2))[0] ** 2)
def matrix_transpose(x):
    return np.sum(np.matrix_transpose(x)[0] ** 2)
def vecdot(x):
    return np.sum(np.vecdot(x, x[::-1], axis=0))
def pow_alias(x):
    return np.sum(np.pow(x, 3))
def astype_fn(x):
    return np.sum(np.astype(x, np.float64) ** 2)
def diff_kw(x):
    return np.sum(np.diff(x, n=2, prepend=x[0], append=0.0) ** 2)
def trace_offset(x):
    return np.trace(x, offset=1) + np.trace(x, -1) * 2.0
def einsum_diag(x):
    return np.sum(np.einsum("ii->i", x[:, :4]) ** 2) + np.einsum("ii", x[:, 1:])
def einsum_triple(x):
    return np.einsum("i,i,i->", x, x, x[::-1])
def repeat_arr(x):
    return np.sum(np.repeat(x, [1, 0, 2, 1, 3, 1]) ** 2)
def repeat_axis(x):
    return np.sum(np.repeat(x, 2, axis=1) * np.arange(10.0))
def tile(x):
    return np.sum(np.tile(x, (2, 1)) * np.arange(12.0).reshape(2, 6))
def flip_axes(x):
    return np.sum(np.flip(x, axis=(0, 2))[0] * np.arange(8.0).reshape(4, 2))
def rot90(x):
    return np.sum(np.rot90(x, k=3, axes=(1, 0))[0] * np.arange(4.0))
def put_wrap(x, v):
    y = x.copy()
    np.put(y, [7, -1], v[:2], mode="wrap")
    return np.sum(y ** 2)
def putmask(x):
    y = x.copy()
    np.putmask(y, y > 0, y ** 2)
    return np.sum(y)
def copyto_where(x, v):
    y = x.copy()
    np.copyto(y, v, where=x > 0)
    return np.sum(y ** 2)
def place(x, v):
    y = x.copy()
    np.place(y, y > 0, v[:2])
    return np.sum(y ** 2)
def partition(x):
    return np.sum(np.partition(x, 2)[:3] ** 2)
def average_weights(x):
    a, w = np.average(x, axis=0, weights=np.arange(1.0, 5.0), returned=True)
    return np.sum(a * w)
def average_keepdims(x):
    return np.sum(np.average(x, axis=1, keepdims=True) * x)
def nan_reductions(x):
    y = np.where(x > 1.0, np.nan, x)
    return np.nansum(y ** 2) + np.nanmean(y) + np.nanmax(y)
def quantile_method(x):
    return np.quantile(x, 0.3, method="linear") + np.percentile(x, 70, method="lower")
def dot_out_kw(x):
    out = np.empty((4, 4))
    np.dot(x, x.T, out=out)
    return np.sum(out ** 2)
def tensordot_axes(x):
    return np.sum(np.tensordot(x, x, axes=([0], [0])) ** 2) + np.tensordot(x, x, axes=2)
def squeeze_axis(x):
    return np.sum(np.squeeze(x[:, :1, None], axis=(1, 2)) ** 2)
def expand_dims_tuple(x):
    return np.sum(np.expand_dims(x, axis=(0, 2)) * np.ones((1, 4, 3, 5)))
def broadcast_to(x):
    return np.sum(np.broadcast_to(x[:, None], (6, 3)) * np.arange(18.0).reshape(6, 3))
def method_keywords(x):
    return (x.sum(axis=1, keepdims=True).max() + x.std(ddof=1) + x.max(initial=5.0)
            + x.mean(where=x > 0))
def method_round(x):
    return np.sum(x.round(1) * x) + np.sum(np.around(x, -1) * x)
def cumsum_dtype(x):
    return np.sum(np.cumsum(x, dtype=np.float64) ** 2)
def logsumexp_axis(x):
    return np.sum(logsumexp(x, axis=1, keepdims=True) * x)
def where_three(x):
    return np.sum(np.where(x > 0, x ** 2, -x))
def where_scalar_branch(x):
    return np.sum(np.where(x > 0, 1.0, x) * x)
def linspace_axis(x):
    return np.sum(np.linspace(x[:2], x[2:4], num=4, axis=1) * np.arange(8.0).reshape(2, 4))
def linspace_retstep(x):
    v, step = np.linspace(0.0, x[0], 5, retstep=True)
    return np.sum(v ** 2) + step * x[1]
def interp_period(x):
    return np.sum(np.interp(x, [0.0, 1.0, 2.0], [1.0, 3.0, 2.0], period=2.0))
def interp_left(x):
    return np.sum(np.interp(x * 3.0, [0.0, 1.0, 2.0], [1.0, 3.0, 2.0], left=-1.0))
def ellipsis_store(x):
    y = x.copy()
    y[..., 1] = y[..., 0] ** 2
    return np.sum(y * x)
def newaxis_store(x, v):
    y = x.copy()
    y[None, 1:3] = v
    return np.sum(y ** 2)
def negative_step_store(x):
    y = x.copy()
    y[::-2] = y[:3] * 2.0
    return np.sum(y ** 2)
def negative_step_aug(x):
    y = x.copy()
    y[4::-2] += y[1::2]
    return np.sum(y ** 2)
def bool_scalar_index(x):
    return np.sum(x[True] ** 2) + np.sum(x[None][0] * 2.0)
def index_with_array_scalar(x):
    i = np.argmax(x)
    return x[i] ** 2 + x[np.int64(1)]


S = (A1,)
M = (A2,)
T = (A3,)
V5 = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
CASES = [
    (dup_sub, [(A1, V5, DUP)]), (dup_div, [(A1, V5, DUP)]),
    (dup_pairs_aug, [(A2, np.array([1.0, 2.0, 3.0]))]), (mask_aug_array, [(A1, P1)]),
    (add_at_2d, [(A2, V5)]), (multiply_at, [(A1, V5)]), (sum_where_axis, [M]),
    (mean_where_axis, [M]), (max_where, [M]), (prod_where, [(P1,)]), (cumsum_none, [M]),
    (norm_negative_ord, [S]), (norm_matrix_ords, [M]), (norm_matrix_2, [M]),
    (norm_axis_pair, [T]), (vector_norm, [M]), (matrix_norm, [M]), (var_mean_kw, [M]),
    (std_mean_kw, [M]), (clip_min_max, [S]), (clip_method, [S]), (cumulative_sum, [S]),
    (cumulative_prod, [M]), (sort_stable, [S]), (sort_axis0, [M]), (concat_alias, [M]),
    (permute_dims, [T]), (matrix_transpose, [T]), (vecdot, [M]), (pow_alias, [S]),
    (astype_fn, [S]), (diff_kw, [S]), (trace_offset, [M]), (einsum_diag, [M]),
    (einsum_triple, [S]), (repeat_arr, [S]), (repeat_axis, [M]), (tile, [S]), (flip_axes, [T]),
    (rot90, [M]), (put_wrap, [(A1, P1)]), (putmask, [S]), (copyto_where, [(A1, P1)]),
    (place, [(A1, P1)]), (partition, [S]), (average_weights, [M]), (average_keepdims, [M]),
    (nan_reductions, [S]), (quantile_method, [S]), (dot_out_kw, [M]), (tensordot_axes, [M]),
    (squeeze_axis, [M]), (expand_dims_tuple, [M]), (broadcast_to, [S]), (method_keywords, [M]),
    (method_round, [S]), (cumsum_dtype, [S]), (logsumexp_axis, [M]), (where_three, [M]),
    (where_scalar_branch, [S]), (linspace_axis, [S]), (linspace_retstep, [S]),
    (interp_period, [S]), (interp_left, [S]), (ellipsis_store, [M]),
    (newaxis_store, [(A1, np.array([0.5, -1.0]))]), (negative_step_store, [S]),
    (negative_step_aug, [S]), (bool_scalar_index, [S]), (index_with_array_scalar, [S]),
]
