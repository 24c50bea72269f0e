# ruff: noqa: E501, E402, BLE001, E731
"""Session 31 (me): index tricks."""
import numpy as np
from harness import Case

IDX = np.array([2, 0, 2, 1])


def r_concat(x):
    return np.sum(np.r_[x[:2], 0.5, x[1:] * 2.0] ** 2)


def c_stack(x):
    return np.sum(np.c_[x, x * x] @ np.array([1.0, 2.0]))


def ix_read(A):
    return np.sum(A[np.ix_([0, 2], [1, 0, 1])] ** 2)


def ix_write(A):
    B = A.copy()
    B[np.ix_([0, 2], [1, 2])] = A[:2, :2] * 3.0
    return np.sum(B * A)


def s_slice(x):
    sl = np.s_[1:4:2]
    return np.sum(x[sl] ** 2)


def put_along(A):
    B = A.copy()
    idx = np.argmax(A, axis=1)[:, None]
    np.put_along_axis(B, idx, 0.0, axis=1)
    return np.sum(B * A)


def take_along(A):
    idx = np.argsort(A, axis=1)
    return np.sum(np.take_along_axis(A, idx, axis=1) * np.arange(A.shape[1]))


def dup_read_write(x):
    y = x.copy()
    y[IDX] = y[IDX] * 2.0
    return np.sum(y * x)


def dup_iadd(x):
    y = x.copy()
    y[IDX] += x[:4]
    return np.sum(y * y)


def add_at_dup(x):
    y = np.zeros(3)
    np.add.at(y, IDX, x[:4])
    return np.sum(y * y)


def mask_write_broadcast(A):
    B = A.copy()
    B[A > 0] = 0.5
    return np.sum(B * A)


def mask_iadd(x):
    y = x.copy()
    y[y > 0] *= 3.0
    return np.sum(y * x)


def neg_step_write(x):
    y = x.copy()
    y[::-2] = x[:3] * 2.0
    return np.sum(y * x)


def ellipsis_newaxis(A):
    return np.sum(A[..., None, 1:] * A[None, ..., :-1])


def nonzero_gather(x):
    idx = np.nonzero(x > 0)[0]
    return np.sum(x[idx] ** 2)


def unravel(A):
    i, j = np.unravel_index(np.argmax(A), A.shape)
    return A[i, j] * A[j, i]


def mgrid_use(x):
    g = np.mgrid[0:3, 0:2]
    return np.sum(x[:3, None] * g[0] + x[:2][None, :] * g[1])


def diag_indices_write(A):
    B = A.copy()
    di = np.diag_indices(3)
    B[di] = B[di] ** 2
    return np.sum(B * A)


def tril_indices_read(A):
    i, j = np.tril_indices(3, -1)
    return np.sum(A[i, j] ** 2) + np.sum(A[j, i])


def list_index_read(x):
    return np.sum(x[[0, 0, 3]] * np.array([1.0, 2.0, 3.0]))


def bool_list_index(x):
    return np.sum(x[[True, False, True, False, True]] ** 2)


def tuple_index_2d(A):
    return A[(1, 2)] * A[1][2] + np.sum(A[(slice(None), 0)])


def chained_fancy_write(A):
    B = A.copy()
    B[[0, 2]][:, 1] = 100.0  # (a copy: no change of B)
    return np.sum(B * A)


def view_then_fancy(A):
    B = A.copy()
    v = B[1]
    v[[0, 2]] = A[0, :2]
    return np.sum(B * A)


V = lambda r: (r.uniform(-1, 1, 5),)
M = lambda r: (r.standard_normal((3, 3)),)
CASES = [Case(f, M if f.__name__ in ("ix_read", "ix_write", "put_along", "take_along", "mask_write_broadcast",
                                      "ellipsis_newaxis", "unravel", "diag_indices_write", "tril_indices_read",
                                      "tuple_index_2d", "chained_fancy_write", "view_then_fancy") else V)
         for f in (r_concat, c_stack, ix_read, ix_write, s_slice, put_along, take_along, dup_read_write,
                   dup_iadd, add_at_dup, mask_write_broadcast, mask_iadd, neg_step_write, ellipsis_newaxis,
                   nonzero_gather, unravel, mgrid_use, diag_indices_write, tril_indices_read,
                   list_index_read, bool_list_index, tuple_index_2d, chained_fancy_write, view_then_fancy)]
