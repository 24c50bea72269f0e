"""lax_autodiff_test.py's structural gradient tests, each as the NumPy a user would write.

clamp (``np.clip`` with the operand in each of its three places, as JAX's test does, so
that some calls have ``a_min > a_max``), concatenate, split, dot and dot_general
(``np.dot``, ``np.tensordot``, ``np.einsum``), broadcast and broadcast_in_dim
(``np.broadcast_to``), reshape (after a transpose), pad (``np.pad``, the padding value
differentiated too), rev (``np.flip``), select (``np.where``), slice (basic slices with
strides), dynamic_update_slice (assignment into a copy), transpose, reduce over axis
tuples (including ``axis=()``), reduce_window (``sliding_window_view``), sort, sort by key
(``argsort`` and ``take_along_axis``), top_k, index_take (fancy indexing, negative indices),
gather (``np.take`` with ``mode="clip"`` and out-of-range indices), scatter-add
(``np.add.at`` with repeated indices), scatter (assignment at distinct indices), the
zero-update scatter of jax issue 1901 and take_along_axis of jax issue 1521.
Each case: ``(name, plain, xs, consts)``; the weighted form calls ``plain``.
"""

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from jax_numpy_check import Case, weighted_of

RNG = np.random.default_rng(43)


def _u(*shape, lo=-2.0, hi=2.0):
    return RNG.uniform(lo, hi, shape)


def _distinct(*shape):
    """Well-separated distinct values (sort, max: no ties within a difference step)."""
    n = int(np.prod(shape))
    return (RNG.permutation(n) * 0.37 + RNG.uniform(-0.05, 0.05, n)).reshape(shape)


# ------------------------------------------------------------------ the functions


def clip_operand_first(x, lo, hi):
    return np.clip(x, lo, hi)


def clip_operand_middle(lo, x, hi):
    return np.clip(lo, x, hi)


def clip_operand_last(lo, hi, x):
    return np.clip(lo, hi, x)


def concat0(a, b, c):
    return np.concatenate([a, b, c], axis=0)


def concat_last(a, b, c):
    return np.concatenate((a, b, c), axis=-1)


def split_three(x):
    first, second, third = np.split(x, [1, 3], axis=-1)
    return first * 2.0 + second[..., :1] * third[..., :1]


def dot(a, b):
    return np.dot(a, b)


def tensordot_contract(a, b):
    return np.tensordot(a, b, axes=([1], [1]))


def batched_einsum(a, b):
    return np.einsum("bij,bjk->bik", a, b)


def batched_matmul(a, b):
    return a @ b


def broadcast(x):
    return np.broadcast_to(x, (2, 3) + np.shape(x))


def broadcast_in_dim(x):
    return np.broadcast_to(x[:, None], (2, 3))


def reshape_transposed(x):
    return np.reshape(np.transpose(x, (2, 0, 1)), (2, 8))


def pad_constant(x):
    return np.pad(x, ((1, 2), (0, 1)))


def pad_value(x, v):
    return np.pad(x, ((1, 2), (0, 1)), constant_values=v)


def pad_edge(x):
    return np.pad(x, ((1, 0), (2, 1)), mode="edge")


def rev_both(x):
    return np.flip(x, (0, 1))


def select(pred, on_true, on_false):
    return np.where(pred, on_true, on_false)


def strided_slice(x):
    return x[1:5:2, 1:3]


def dynamic_update_slice(x, y):
    out = x.copy()
    out[1:4, 1:2] = y
    return out


def transpose3(x):
    return np.transpose(x, (1, 0, 2))


def reduce_axes(x):
    return np.sum(x, axis=(0, 2)) + np.max(x, axis=())[0, :, 0] + np.prod(x[:1], axis=(1, 2))


def reduce_empty_axes(x):
    return np.sum(x, axis=())


def window_sum(x):
    return np.sum(sliding_window_view(x, (2, 1)), axis=(-2, -1))


def window_max(x):
    return np.max(sliding_window_view(x, (2, 3))[::2, ::1], axis=(-2, -1))


def sort_last(x):
    return np.sort(x, axis=-1)


def sort_by_key(keys, values):
    order = np.argsort(keys, axis=-1)
    return np.take_along_axis(values, order, axis=-1)


def top_k(x):
    return np.flip(np.sort(x, axis=-1), axis=-1)[..., :3]


def index_take(x, idx):
    return x[idx]


def index_take2(x, i, j):
    return x[i, :, j]


def gather_clip(x, idx):
    return np.take(x, idx, axis=0, mode="clip")


def gather_wrap(x, idx):
    return np.take(x, idx, mode="wrap")


def scatter_add(x, y, idx):
    out = x.copy()
    np.add.at(out, idx, y)
    return out


def scatter(x, y, idx):
    out = x.copy()
    out[idx] = y
    return out


def diag_scatter(x):
    out = x.copy()
    n = x.shape[0]
    out[np.diag_indices(n)] = np.arange(n, dtype=float)
    return out


def take_along_issue_1521(x, idx):
    y = x * np.arange(3.0).reshape((1, 3))
    return np.take_along_axis(y, idx, -1)


def _structural():
    lo_hi = _u(2, 3)
    rows = np.array([[0], [2], [1]])
    return [
        ("clip[x,lo,hi]", clip_operand_first, (lo_hi, lo_hi - 10, lo_hi + 10), ()),
        ("clip[lo,x,hi]", clip_operand_middle, (lo_hi - 10, lo_hi, lo_hi + 10), ()),
        ("clip[lo,hi,x]", clip_operand_last, (lo_hi - 10, lo_hi + 10, lo_hi), ()),
        ("clip[scalar]", clip_operand_first, (0.3, -9.7, 10.3), ()),
        ("concatenate[0]", concat0, (_u(3, 4), _u(1, 4), _u(4, 4)), ()),
        ("concatenate[-1]", concat_last, (_u(2, 3, 3), _u(2, 3, 1), _u(2, 3, 4)), ()),
        ("split", split_three, (_u(3, 5),), ()),
        ("dot[vec,vec]", dot, (_u(2), _u(2)), ()),
        ("dot[mat,mat]", dot, (_u(3, 2), _u(2, 4)), ()),
        ("dot[mat,vec]", dot, (_u(3, 2), _u(2)), ()),
        ("tensordot", tensordot_contract, (_u(3, 5), _u(2, 5)), ()),
        ("einsum[batch]", batched_einsum, (_u(3, 3, 2), _u(3, 2, 4)), ()),
        ("matmul[batch]", batched_matmul, (_u(3, 3, 2), _u(3, 2, 4)), ()),
        ("broadcast[()]", broadcast, (0.5,), ()),
        ("broadcast[(2,3)]", broadcast, (_u(2, 3),), ()),
        ("broadcast_in_dim", broadcast_in_dim, (_u(2),), ()),
        ("reshape", reshape_transposed, (_u(2, 2, 4),), ()),
        ("pad", pad_constant, (_u(2, 3),), ()),
        ("pad[value]", pad_value, (_u(2, 3), 0.4), ()),
        ("pad[edge]", pad_edge, (_u(2, 3),), ()),
        ("rev", rev_both, (_u(2, 3),), ()),
        ("select[()]", select, (_u(), _u()), (True,)),
        ("select[(2,3)]", select, (_u(2, 3), _u(2, 3)), (RNG.random((2, 3)) < 0.5,)),
        ("slice", strided_slice, (_u(5, 3),), ()),
        ("dynamic_update_slice", dynamic_update_slice, (_u(5, 3), _u(3, 1)), ()),
        ("transpose", transpose3, (_u(3, 4, 5),), ()),
        ("reduce[axes]", reduce_axes, (_distinct(3, 4, 5) / 20.0,), ()),
        ("reduce[axis=()]", reduce_empty_axes, (_u(3, 4),), ()),
        ("reduce_window[sum]", window_sum, (_u(4, 6),), ()),
        ("reduce_window[max]", window_max, (_distinct(4, 6),), ()),
        ("sort[(5,)]", sort_last, (_distinct(5),), ()),
        ("sort[(4,9,3)]", sort_last, (_distinct(4, 9, 3),), ()),
        ("sort[(0,)]", sort_last, (np.zeros(0),), ()),
        ("sort_key_val", sort_by_key, (_distinct(5, 3), _u(5, 3)), ()),
        ("top_k", top_k, (_distinct(3, 1, 4),), ()),
        ("index_take", index_take, (_u(3, 4, 5),), (np.array([0, 2, 1]),)),
        ("index_take[negative]", index_take, (_u(3, 4, 5),), (np.array([-1, -2]),)),
        ("index_take[two axes]", index_take2, (_u(3, 4, 5),),
         (np.array([0, 2]), np.array([1, 3]))),
        ("gather[clip]", gather_clip, (_u(10, 5),), (np.array([[0], [12], [-3]]),)),
        ("gather[wrap]", gather_wrap, (_u(5),), (np.array([0, 7, -2, 2]),)),
        ("scatter_add", scatter_add, (_u(10, 5), _u(3, 5)), (np.array([0, 0, 2]),)),
        ("scatter_add[rows]", scatter_add, (_u(5), _u(2)), (np.array([0, 2]),)),
        ("scatter", scatter, (_u(10, 5), _u(3, 5)), (np.array([4, 0, 2]),)),
        ("scatter[zero update]", diag_scatter, (_u(5, 5),), ()),
        ("take_along_axis[1521]", take_along_issue_1521, (1.0,),
         (np.repeat(np.arange(3), 10).reshape((30, 1)),)),
        ("take_along_axis[rows]", take_along_issue_1521, (_u(3, 3),), (rows,)),
    ]


def structural_cases():
    """Every structural test as a check (xs first, then the constants, as ``plain`` takes
    them; ``select`` takes its mask first and is wrapped to take it last)."""
    cases = []
    for name, plain, xs, consts in _structural():
        if plain is select:
            plain = _select_last
        rng = np.random.default_rng(len(name))
        value = plain(*xs, *consts)
        w = float(rng.standard_normal()) if np.ndim(value) == 0 else rng.standard_normal(
            np.shape(value))
        weighted = weighted_of(plain, len(xs) + len(consts))
        cases.append(Case(name, weighted, plain, xs, consts, w, 2, 1e-5, 1e-6))
    return cases


def _select_last(on_true, on_false, pred):
    return np.where(pred, on_true, on_false)


__all__ = ["structural_cases"]
