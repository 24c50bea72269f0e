"""Views, copies and computed indices (tests/soundness/test_index_tricks.py): stores through
a copy (``y[[0, 1]][0] = ...`` changes nothing), views changed in place (rows of a loop,
unpacked rows, ``np.split``), overlapping stores (``y[1:] = y[:-1]``), duplicate indices
computed at run time, ``np.ix_``, ``np.nonzero`` and ``np.where`` as indices."""

import numpy as np


def scalar_dup_aug(x, s):
    y = x.copy()
    y[[0, 2, 2, 0]] += s
    return np.sum(y ** 2)
def scalar_dup_store(x, s):
    y = x.copy()
    y[[1, 1, 3]] = s
    return np.sum(y ** 2)
def scalar_add_at(x, s):
    y = x.copy()
    np.add.at(y, [1, 1, 3], s)
    return np.sum(y ** 2)
def self_dup_aug(x):
    y = x.copy()
    y[[0, 2, 2]] += y[[1, 3, 4]]
    return np.sum(y ** 2)
def fancy_copy_write(x):
    y = x.copy()
    y[[0, 1]][0] = 5.0
    return np.sum(y ** 2)
def mask_copy_write(x):
    y = x.copy()
    y[y > 0][0] = 5.0
    return np.sum(y ** 2)
def view_then_fancy(x):
    y = x.copy()
    y[1:][[0, 2]] = 5.0
    return np.sum(y ** 2)
def fancy_then_view(x):
    y = x.copy()
    y[[0, 1, 2]][1:] = 5.0
    return np.sum(y ** 2)
def fancy_copy_aug(x):
    y = x.copy()
    v = y[[0, 1]]
    v *= 2.0
    return np.sum(y ** 2) + np.sum(v)
def mask_copy_aug(x):
    y = x.copy()
    v = y[y > 0]
    v[0] = 9.0
    return np.sum(y ** 2) + np.sum(v)
def row_loop(x):
    y = x.copy()
    for row in y:
        row *= 2.0
    return np.sum(y ** 2)
def row_loop_store(x):
    y = x.copy()
    for i, row in enumerate(y):
        row[0] = row[1] * i
    return np.sum(y ** 2)
def unpack_rows(x):
    y = x.copy()
    a, b, c, d = y
    a += 1.0
    return np.sum(y ** 2) + np.sum(b)
def split_views(x):
    y = x.copy()
    a, b = np.split(y, 2)
    a *= 3.0
    return np.sum(y ** 2)
def row_view(x):
    y = x.copy()
    r = y[1]
    r += 1.0
    return np.sum(y ** 2)
def transposed_store(x):
    y = x.copy()
    t = y.T
    t[0] = 1.0
    return np.sum(y ** 2)
def astype_nocopy(x):
    y = x.copy()
    z = y.astype(np.float64, copy=False)
    z[0] = 3.0
    return np.sum(y ** 2)
def asarray_same(x):
    y = x.copy()
    z = np.asarray(y)
    z[0] = 3.0
    return np.sum(y ** 2)
def array_copy(x):
    y = x.copy()
    z = np.array(y)
    z[0] = 3.0
    return np.sum(y ** 2) + np.sum(z)
def array_copy_false(x):
    y = x.copy()
    z = np.array(y, copy=False)
    z[0] = 3.0
    return np.sum(y ** 2)
def atleast(x):
    y = x.copy()
    z = np.atleast_1d(y)
    z[0] = 3.0
    return np.sum(y ** 2)
def fortran_reshape_copy(x):
    y = x.copy()
    z = y.reshape(-1, order="F")
    z[0] = 3.0
    return np.sum(y ** 2) + np.sum(z * x.ravel())
def ellipsis_view(x):
    y = x.copy()
    z = y[...]
    z *= 2.0
    return np.sum(y ** 2)
def none_view(x):
    y = x.copy()
    z = y[None]
    z[0, 1] = 7.0
    return np.sum(y ** 2)
def squeeze_view(x):
    y = x[:, :1].copy()
    z = np.squeeze(y)
    z[0] = 7.0
    return np.sum(y ** 2)
def dup_store_array_self(x):
    y = x.copy()
    y[[0, 0, 1]] = y[[3, 4, 5]] * 2.0
    return np.sum(y ** 2)
def dup_2d_rows(x, v):
    y = x.copy()
    y[[0, 0, 2]] += v
    return np.sum(y ** 2)
def mask_scalar_store(x, s):
    y = x.copy()
    y[x > 0] = s
    return np.sum(y ** 2)
def real_view(x):
    y = x.copy()
    z = y.real
    z[0] = 3.0
    return np.sum(y ** 2)
def broadcast_arrays_views(x):
    a, b = np.broadcast_arrays(x, np.ones((2, 6)))
    return np.sum(a * b * x)
def swap_idiom(x):
    y = x.copy()
    y[[0, 1]] = y[[1, 0]]
    return np.sum(y * np.arange(6.0))
def swap_slices(x):
    y = x.copy()
    y[0], y[1] = y[1], y[0]
    return np.sum(y * np.arange(6.0))
def swap_rows_views(x):
    y = x.copy()
    y[0], y[1] = y[1], y[0]   # views: both end as old y[1]
    return np.sum(y * np.arange(20.0).reshape(4, 5))
def overlap_slice_store(x):
    y = x.copy()
    y[1:] = y[:-1]
    return np.sum(y * np.arange(6.0))
def overlap_slice_aug(x):
    y = x.copy()
    y[1:] += y[:-1]
    return np.sum(y * np.arange(6.0))
def overlap_reversed(x):
    y = x.copy()
    y[:] = y[::-1]
    return np.sum(y * np.arange(6.0))
def overlap_reversed_aug(x):
    y = x.copy()
    y += y[::-1]
    return np.sum(y * np.arange(6.0))
def overlap_T_aug(x):
    y = x[:4, :4].copy()
    y += y.T
    return np.sum(y * np.arange(16.0).reshape(4, 4))
def overlap_matmul_out(x):
    y = x[:4, :4].copy()
    y[:] = y @ y
    return np.sum(y * np.arange(16.0).reshape(4, 4))
def dyn_dup_aug(x, v):
    idx = (np.abs(x) * 3.0).astype(int) % 6
    y = x.copy()
    y[idx] += v
    return np.sum(y ** 2)
def dyn_dup_store(x, v):
    idx = (x > 0).astype(int)
    y = x * 2.0
    y[idx] = v
    return np.sum(y ** 3)
def dyn_dup_read(x):
    idx = (x > 0).astype(np.intp)
    return np.sum(x[idx] ** 2)
def tuple_arg_index(x, t):
    return x[t] ** 2
def tuple_of_arrays_arg(x, t):
    return np.sum(x[t] ** 2)
def list_arg_index(x, t):
    return np.sum(x[t] ** 2)
def bool_list_index(x):
    return np.sum(x[[True, False, True, True]] ** 2)
def s_underscore(x):
    return np.sum(x[np.s_[::2]] * np.arange(3.0)) + np.sum(x[np.index_exp[1:3]] ** 2)
def out_of_range_slices(x):
    return (np.sum(x[10:-10:-1] * np.arange(6.0)) + np.sum(x[-100:2] ** 2) + np.sum(x[5:2])
            + np.sum(x[:-1:-1]))
def double_reverse(x):
    return np.sum(x[::-1][::-1] * np.arange(6.0)) + np.sum(x[1::-1] * np.array([3.0, 5.0]))
def step_neg_bounds(x):
    return np.sum(x[-2:0:-2] * np.array([1.0, 4.0])) + np.sum(x[4:-7:-3] ** 2)
def dyn_slice_bounds(x):
    n = int(np.sum(x > 0))
    return np.sum(x[n:] ** 2) + np.sum(x[: -n or None : 2])
def dyn_step_store(x):
    k = 1 + int(x[0] > 0)
    y = x.copy()
    y[::k] = y[::k] ** 2
    return np.sum(y * np.arange(6.0))
def uint_index(x):
    idx = np.array([3, 3, 1], dtype=np.uint8)
    y = x.copy()
    y[idx] += 1.0 + x[idx]
    return np.sum(y ** 2)
def int_scalar_arr(x):
    i = np.array(2)
    return x[i] ** 2 + np.sum(x[np.array([i, i])])
def mixed_scalar_array(x):
    return np.sum(x[1, [0, 0, 3]] ** 2) + np.sum(x[[1, 1], 2:4] ** 2)
def separated_adv(x):
    return np.sum(x[[0, 1], :, [1, 0]] * np.arange(8.0).reshape(2, 4))
def separated_adv_store(x, v):
    y = x.copy()
    y[[0, 0], :, [1, 1]] += v
    return np.sum(y ** 2)
def adv_with_none(x):
    return np.sum(x[None, [0, 2], 1:] * np.arange(8.0).reshape(1, 2, 4))
def adv_ellipsis(x):
    return np.sum(x[..., [1, 1, 0]] ** 2)
def mask_full_shape_store(x):
    y = x.copy()
    m = np.zeros((4, 5), dtype=bool)
    m[1, 2] = True
    m[3, 0] = True
    y[m] = y[m] ** 2 + 1.0
    return np.sum(y * x)
def mask_rows_store(x, v):
    y = x.copy()
    y[np.array([True, False, True, False])] = v
    return np.sum(y ** 2)
def mask_scalar_and_arr(x):
    y = x.copy()
    y[np.array([True, False, True, False]), 1] *= 3.0
    return np.sum(y ** 2)
def where_nonzero_store(x):
    y = x.copy()
    y[np.nonzero(x > 0)] = 0.0
    return np.sum(y * x)
def where_tuple_store(x):
    y = x.copy()
    y[np.where(x < 0)] *= -2.0
    return np.sum(y * x)
def argwhere_index(x):
    ij = np.argwhere(x > 0)
    return np.sum(x[ij[:, 0], ij[:, 1]] ** 2)
def unravel(x):
    i, j = np.unravel_index(np.argmax(x), x.shape)
    return x[i, j] ** 2 + np.sum(x[i])
def ix_index(x):
    return np.sum(x[np.ix_([0, 2, 2], [1, 4])] ** 2)
def ix_store(x, v):
    y = x.copy()
    y[np.ix_([0, 2, 2], [1, 4])] += v
    return np.sum(y ** 2)
def diag_indices(x):
    y = x[:4, :4].copy()
    y[np.diag_indices(4)] = 1.0
    return np.sum(y * x[:4, :4])
def triu_indices(x):
    return np.sum(x[np.triu_indices(4, k=1)] ** 2) + np.sum(x[np.tril_indices(4, m=5)])
def fill_diagonal(x):
    y = x.copy()
    np.fill_diagonal(y, 2.0)
    return np.sum(y * x)
def select(x):
    return np.sum(np.select([x < -0.5, x > 0.5], [x ** 2, x * 3.0], default=1.0))
def piecewise(x):
    return np.sum(np.piecewise(x, [x < 0, x >= 0], [lambda t: t ** 2, lambda t: 3.0 * t]))
def extract(x):
    return np.sum(np.extract(x > 0, x) ** 2)
def compress_axis(x):
    return np.sum(np.compress([True, False, True], x, axis=1) ** 2)
def delete_insert(x):
    return (np.sum(np.delete(x, [1, 1, 3]) ** 2)
            + np.sum(np.insert(x, 2, x[0] * 3.0) * np.arange(7.0)))
def append_axis(x):
    return np.sum(np.append(x, x[:1] ** 2, axis=0) * np.arange(25.0).reshape(5, 5))


R = np.random.default_rng(7)
A1 = R.normal(size=6)
A2 = R.normal(size=(4, 5))
A3 = R.normal(size=(2, 4, 3))
V5 = R.normal(size=6)
S, M, T = (A1,), (A2,), (A3,)
CASES = [
    (scalar_dup_aug, [(A1, 0.7)]), (scalar_dup_store, [(A1, 0.7)]),
    (scalar_add_at, [(A1, 0.7)]), (self_dup_aug, [S]), (fancy_copy_write, [S]),
    (mask_copy_write, [S]), (view_then_fancy, [S]), (fancy_then_view, [S]),
    (fancy_copy_aug, [S]), (mask_copy_aug, [S]), (row_loop, [M]), (row_loop_store, [M]),
    (unpack_rows, [M]), (split_views, [S]), (row_view, [M]), (transposed_store, [M]),
    (astype_nocopy, [S]), (asarray_same, [S]), (array_copy, [S]), (array_copy_false, [S]),
    (atleast, [S]), (fortran_reshape_copy, [M]), (ellipsis_view, [S]), (none_view, [S]),
    (squeeze_view, [M]), (dup_store_array_self, [S]), (dup_2d_rows, [(A2, np.arange(5.0))]),
    (mask_scalar_store, [(A1, 0.3)]), (real_view, [S]), (broadcast_arrays_views, [S]),
    (swap_idiom, [S]), (swap_slices, [S]), (swap_rows_views, [M]), (overlap_slice_store, [S]),
    (overlap_slice_aug, [S]), (overlap_reversed, [S]), (overlap_reversed_aug, [S]),
    (overlap_T_aug, [M]), (overlap_matmul_out, [M]), (dyn_dup_aug, [(A1, V5)]),
    (dyn_dup_store, [(A1, V5)]), (dyn_dup_read, [S]),
    (tuple_arg_index, [(A2, (1, 2)), (A2, (-1, 0))]),
    (tuple_of_arrays_arg, [(A2, ([0, 0, 1], [2, 2, 3]))]),
    (list_arg_index, [(A1, [0, 0, 4]), (A2, [1, 1])]), (bool_list_index, [M]),
    (s_underscore, [S]), (out_of_range_slices, [S]), (double_reverse, [S]),
    (step_neg_bounds, [S]), (dyn_slice_bounds, [S]), (dyn_step_store, [S, (-A1,)]),
    (uint_index, [S]), (int_scalar_arr, [S]), (mixed_scalar_array, [M]), (separated_adv, [T]),
    (separated_adv_store, [(A3, np.arange(4.0))]), (adv_with_none, [M]), (adv_ellipsis, [T]),
    (mask_full_shape_store, [M]), (mask_rows_store, [(A2, np.arange(5.0))]),
    (mask_scalar_and_arr, [M]), (where_nonzero_store, [M]), (where_tuple_store, [M]),
    (argwhere_index, [M]), (unravel, [M]), (ix_index, [M]), (ix_store, [(A2, np.ones((3, 2)))]),
    (diag_indices, [M]), (triu_indices, [M]), (fill_diagonal, [M]), (select, [S]),
    (piecewise, [S]), (extract, [S]), (compress_axis, [T]), (delete_insert, [S]),
    (append_axis, [M]),
]
