"""Small functions of index tricks and keyword arguments (tests/soundness/test_index_tricks.py).

Each is ``(fn, argsets)``: float arrays are the differentiated arguments, integer arrays and
booleans constants. Duplicate indices matter: ``x[idx] += v`` with a repeated index writes
once (NumPy's last write wins), ``np.add.at`` accumulates, a read ``x[idx]`` accumulates in
the gradient.
"""

import numpy as np
from scipy.special import logsumexp, softmax

R = np.random.default_rng(47)
A1 = R.normal(size=6)
A2 = R.normal(size=(4, 5))
A3 = R.normal(size=(3, 4, 2))
P1 = R.uniform(0.5, 2.0, size=6)
DUP = np.array([0, 2, 2, 5, 0])
NEG = np.array([-1, -3, 0, -1])


# ---- slices, newaxis, ellipsis
def rev(x):
    return np.sum(x[::-1] * np.arange(6.0))
def rev_step2(x):
    return np.sum(x[::-2] ** 2 * np.array([1.0, 2.0, 3.0]))
def tail3(x):
    return np.sum(x[-3:] * x[:3])
def ellipsis_none(x):
    return np.sum(x[..., None] * np.ones((1, 3)) * np.arange(3.0))
def none_colon_none(x):
    return np.sum((x[None, :, None] ** 2) * np.arange(2.0).reshape(1, 1, 2))
def ellipsis_zero(x):
    return np.sum(x[..., 0] ** 3)
def ellipsis_mid(x):
    return np.sum(x[1, ..., 1] * x[..., 0][0])


# ---- integer arrays
def dup_read(x, idx):
    return np.sum(x[idx] ** 2)
def dup_aug(x, v, idx):
    y = x.copy()
    y[idx] += v
    return np.sum(y ** 2)
def dup_store(x, v, idx):
    y = x * 1.0
    y[idx] = v
    return np.sum(y ** 3)
def dup_aug_mul(x, v, idx):
    y = x.copy()
    y[idx] *= v
    return np.sum(y)
def add_at(x, v, idx):
    y = np.zeros(6)
    np.add.at(y, idx, v * x[:5])
    return np.sum(y ** 2)
def neg_int_array(x, idx):
    return np.sum(x[idx] * np.arange(1.0, 5.0))
def two_index_arrays(x):
    i = np.array([[0], [2], [3]])
    j = np.array([1, 4])
    return np.sum(x[i, j] ** 2)
def colon_2d_idx(x):
    idx = np.array([[0, 4], [4, 1]])
    return np.sum(x[:, idx] ** 2 * np.arange(2.0))
def chained_fancy(x):
    return np.sum(x[[0, 2]][:, [1]] * 3.0 + x[[0, 2]][:, [1, 1]] ** 2)
def fancy_then_slice_store(x, v):
    y = x.copy()
    y[[0, 3], 1:3] = v
    return np.sum(y ** 2)


# ---- boolean masks
def mask_read(x):
    return np.sum(x[x > 0] ** 2)
def mask_write(x, v):
    y = x.copy()
    y[x > 0] = v * 2.0
    return np.sum(y ** 2)
def mask_aug(x):
    y = x.copy()
    y[y < 0] *= 3.0
    return np.sum(y ** 2)
def mask_2d(x):
    m = x > 0.1
    return np.sum(x[m] * 2.0) + np.sum(x[~m] ** 2)
def mask_rows_cols(x):
    rows = np.array([True, False, True, True])
    return np.sum(x[rows, 1:] ** 2)
def mask_3d_write(x):
    y = x.copy()
    y[y > 0.5] = 0.5
    return np.sum(y * x)
def mask_axis1(x):
    cols = np.array([True, False, False, True, True])
    return np.sum(x[:, cols] ** 2)


# ---- take, put, choose, where, nonzero
def take_axis(x):
    return np.sum(np.take(x, [3, 0, 3], axis=1) ** 2)
def take_wrap(x):
    return np.sum(np.take(x, [7, -8, 1], mode="wrap") * np.array([1.0, 2.0, 3.0]))
def take_clip(x):
    return np.sum(np.take(x, [9, -2, 1, 1], mode="clip") ** 2)
def take_along(x):
    idx = np.argsort(x, axis=1)
    return np.sum(np.take_along_axis(x, idx, axis=1) * np.arange(5.0))
def take_along_dup(x):
    idx = np.array([[0, 0], [1, 4], [2, 2], [3, 0]])
    return np.sum(np.take_along_axis(x, idx, axis=1) ** 2)
def put_dup(x, v):
    y = x.copy()
    np.put(y, [1, 1, 4], v[:3])
    return np.sum(y ** 2)
def choose(x):
    c = np.array([0, 1, 1, 0, 1, 0])
    return np.sum(np.choose(c, [x, x ** 2]))
def where_one_arg(x):
    (i,) = np.where(x > 0)
    return np.sum(x[i] ** 2)
def nonzero_index(x):
    i, j = np.nonzero(x > 0)
    return np.sum(x[i, j] * x[j % 4, i])
def flat_read(x):
    return np.sum(x.flat[[1, 7, 7]] ** 2)
def flat_write(x):
    y = x.copy()
    y.flat[[1, 7]] = 2.0
    return np.sum(y ** 2)


# ---- diagonals, triangles, shapes
def diag_offset(x):
    return np.sum(np.diag(x, k=1) ** 2) + np.sum(np.diag(x, -2))
def diag_make(x):
    return np.sum(np.diag(x, k=-1) @ np.ones(7))
def diagonal_offset(x):
    return np.sum(np.diagonal(x, offset=2) ** 2)
def diagonal_axes(x):
    return np.sum(np.diagonal(x, 0, 1, 2) ** 2)
def triu_k(x):
    return np.sum(np.triu(x, k=1) ** 2) + np.sum(np.tril(x, -1))
def reshape_f(x):
    return np.sum(x.reshape(-1, 4, order="F") * np.arange(4.0))
def reshape_f_np(x):
    return np.sum(np.reshape(x, (2, -1), order="F")[0] ** 2)
def ravel_f(x):
    return np.sum(np.ravel(x, order="F")[:5] ** 2)
def transpose_axes(x):
    return np.sum(np.transpose(x, (2, 0, 1))[0] ** 2)
def transpose_method(x):
    return np.sum(x.transpose(1, 2, 0)[1] * 2.0)
def swapaxes(x):
    return np.sum(np.swapaxes(x, 0, 2)[0] ** 2)
def moveaxis(x):
    return np.sum(np.moveaxis(x, 0, -1)[..., 0] ** 2)
def roll_tuple(x):
    return np.sum(np.roll(x, (1, -2), axis=(0, 1))[0] ** 2)
def roll_flat(x):
    return np.sum(np.roll(x, 2)[:3] ** 2)


# ---- views changed in place
def view_scaled(x):
    y = x.copy()
    v = y[1:]
    v *= 2.0
    return np.sum(y ** 2)
def chained_views(x):
    y = x.copy()
    v = y[1:]
    w = v[::2]
    w += 1.0
    return np.sum(y ** 2)
def ravel_write(x):
    y = x.copy()
    r = y.ravel()
    r[0] = 5.0
    return np.sum(y ** 2)
def flatten_write(x):
    y = x.copy()
    r = y.flatten()
    r[0] = 5.0
    return np.sum(y ** 2) + np.sum(r)
def slice_of_copy(x):
    y = x.copy()
    y[1:3] *= y[0]
    return np.sum(y ** 2)
def reshape_view_write(x):
    y = x.copy()
    z = y.reshape(2, 3)
    z[0] = z[1] ** 2
    return np.sum(y * x)


# ---- keywords
def sum_axis_keepdims(x):
    return np.sum(x / np.sum(x ** 2, axis=1, keepdims=True))
def sum_where(x):
    return np.sum(x ** 2, where=x > 0)
def sum_initial(x):
    return np.sum(x ** 2, initial=3.0) * np.sum(x, axis=0, initial=1.0)[0]
def mean_where(x):
    return np.mean(x ** 2, where=np.array([True, False, True, True, False, True]))
def std_ddof(x):
    return np.std(x, ddof=1) + np.var(x, axis=0, ddof=2)[1]
def var_keepdims(x):
    return np.sum(np.var(x, axis=1, keepdims=True) * x)
def max_keepdims(x):
    return np.sum(x - np.max(x, axis=1, keepdims=True)) + np.min(x, initial=0.0)
def max_axis_tuple(x):
    return np.sum(np.amax(x, axis=(0, 2)) ** 2)
def prod_axis(x):
    return np.sum(np.prod(x, axis=0, keepdims=True) * x)
def cumsum_axis(x):
    return np.sum(np.cumsum(x, axis=1) ** 2) + np.sum(np.cumprod(x, axis=0))
def norm_ord(x):
    return np.linalg.norm(x, ord=1) + np.linalg.norm(x, ord=np.inf)
def norm_axis(x):
    return np.sum(np.linalg.norm(x, axis=1, keepdims=True) * x)
def norm_fro(x):
    return np.linalg.norm(x, "fro") + np.linalg.norm(x, ord=3, axis=0)[1]
def clip_kw(x):
    return np.sum(np.clip(x, a_min=-0.5, a_max=0.7) ** 2)
def concat_axis(x):
    return np.sum(np.concatenate([x, x ** 2], axis=None) * np.arange(40.0))
def stack_axis(x):
    return np.sum(np.stack([x, 2 * x], axis=-1)[..., 1] ** 2)
def einsum_opt(x):
    return np.einsum("ij,kj->", x, x ** 2, optimize=True)
def einsum_out_order(x):
    return np.sum(np.einsum("ij->ji", x)[0] ** 2)
def linspace_kw(x):
    return np.sum(np.linspace(x[0], x[1], num=5, endpoint=False) ** 2)
def interp_kw(x):
    return np.sum(np.interp([0.5, 1.5, 9.0], [0.0, 1.0, 2.0], x[:3], right=x[4]))
def logsumexp_b(x):
    return logsumexp(x, b=np.array([1.0, 2.0, 0.5, 1.0, 3.0, 1.0]))
def logsumexp_sign(x):
    v, s = logsumexp(x, b=np.array([1.0, -0.1, 0.5, 1.0, 3.0, 1.0]), return_sign=True)
    return v * s
def softmax_axis(x):
    return np.sum(softmax(x, axis=0) * np.arange(20.0).reshape(4, 5))
def sort_kind(x):
    return np.sum(np.sort(x, kind="stable") * np.arange(6.0))
def sort_axis_none(x):
    return np.sum(np.sort(x, axis=None)[:4] ** 2)
def argmax_keepdims(x):
    i = np.argmax(x, axis=1, keepdims=True)
    return np.sum(np.take_along_axis(x, i, axis=1) ** 2)
def round_decimals(x):
    return np.sum(np.round(x, decimals=2) * x)
def power_dtype(x):
    return np.sum(np.power(x, 2, dtype=np.float64))
def ufunc_where(x):
    return np.sum(np.exp(x, where=x > 0, out=np.zeros(6)))
def ufunc_out(x):
    out = np.empty(6)
    np.multiply(x, x, out=out)
    return np.sum(out)
def ufunc_casting(x):
    return np.sum(np.add(x, 1.0, casting="same_kind") ** 2)
def ufunc_dtype(x):
    return np.sum(np.sin(x, dtype=np.float64))
def std_correction(x):
    return np.std(x, correction=1)
def mean_dtype(x):
    return np.mean(x, dtype=np.float64) + np.mean(x, axis=(0, 1))
def dot_out(x):
    return np.sum(np.dot(x, x.T) ** 2)
def matmul_kw(x):
    return np.sum(np.matmul(x, x.T, dtype=np.float64))


S = (A1,)
M = (A2,)
T = (A3,)
CASES = [
    (rev, [S]), (rev_step2, [S]), (tail3, [S]), (ellipsis_none, [S]),
    (none_colon_none, [S]), (ellipsis_zero, [M, T]), (ellipsis_mid, [T]),
    (dup_read, [(A1, DUP), (A1, NEG)]),
    (dup_aug, [(A1, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), DUP)]),
    (dup_store, [(A1, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), DUP)]),
    (dup_aug_mul, [(A1, np.array([1.5, 2.0, 3.0, 4.0, 5.0]), DUP)]),
    (add_at, [(A1, np.array([1.0, 2.0, 3.0, 4.0, 5.0]), DUP)]),
    (neg_int_array, [(A1, NEG)]), (two_index_arrays, [M]), (colon_2d_idx, [M]),
    (chained_fancy, [M]), (fancy_then_slice_store, [(A2, np.array([0.3, -0.7]))]),
    (mask_read, [S, M]), (mask_write, [(A1, 1.5)]), (mask_aug, [S, M]), (mask_2d, [M]),
    (mask_rows_cols, [M]), (mask_3d_write, [T]), (mask_axis1, [M]),
    (take_axis, [M]), (take_wrap, [S]), (take_clip, [S]), (take_along, [M]),
    (take_along_dup, [M]), (put_dup, [(A1, P1)]), (choose, [S]), (where_one_arg, [S]),
    (nonzero_index, [M]), (flat_read, [M]), (flat_write, [M]),
    (diag_offset, [M]), (diag_make, [S]), (diagonal_offset, [M]), (diagonal_axes, [T]),
    (triu_k, [M]), (reshape_f, [M, T]), (reshape_f_np, [M]), (ravel_f, [M, T]),
    (transpose_axes, [T]), (transpose_method, [T]), (swapaxes, [T]), (moveaxis, [T]),
    (roll_tuple, [M]), (roll_flat, [S, M]),
    (view_scaled, [S]), (chained_views, [S]), (ravel_write, [S]), (flatten_write, [S]),
    (slice_of_copy, [S]), (reshape_view_write, [S]),
    (sum_axis_keepdims, [M]), (sum_where, [S, M]), (sum_initial, [M]), (mean_where, [S]),
    (std_ddof, [M]), (var_keepdims, [M]), (max_keepdims, [M]), (max_axis_tuple, [T]),
    (prod_axis, [M]), (cumsum_axis, [M]), (norm_ord, [S, M]), (norm_axis, [M]),
    (norm_fro, [M]), (clip_kw, [S]), (concat_axis, [M]), (stack_axis, [M]),
    (einsum_opt, [M]), (einsum_out_order, [M]), (linspace_kw, [S]), (interp_kw, [S]),
    (logsumexp_b, [S]), (logsumexp_sign, [S]), (softmax_axis, [M]), (sort_kind, [S]),
    (sort_axis_none, [M]), (argmax_keepdims, [M]), (round_decimals, [S]),
    (power_dtype, [S]), (ufunc_where, [S]), (ufunc_out, [S]), (ufunc_casting, [S]),
    (ufunc_dtype, [S]), (std_correction, [S]), (mean_dtype, [M]), (dot_out, [M]),
    (matmul_kw, [M]),
]
