# ruff: noqa: E501, E731, BLE001, F841, E701, E702
"""red37's probes (not part of the test suite).

    PYTHONPATH=. python tools/red37/probes.py [NAME ...]

Each probe is (name, fn, args, wrt); the harness (oracles and outcomes) is red36's `run`:
the function itself, the reference pipeline, central differences in float64, forward mode.
"""
import importlib.util
import math
import pathlib
import sys

import numpy as np

_spec = importlib.util.spec_from_file_location(
    "red36_probes", pathlib.Path(__file__).resolve().parents[1] / "red36" / "probes.py")
_red36 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_red36)
run = _red36.run

PROBES = []  # (name, fn, args, wrt)


def probe(*args, wrt=0):
    return lambda fn: PROBES.append((fn.__name__, fn, args, wrt)) or fn


M = np.array([[0.5, -0.2, 0.9], [1.3, 0.4, -0.6]])
X = M[0].copy() * np.array([0.6, 3.5, 1.1 / 0.9])
T = np.arange(24, dtype=float).reshape(2, 3, 4) * 0.1 - 1.0
S = np.array([[1.2, 0.3, -0.4], [0.3, 0.8, 0.1], [-0.4, 0.1, 1.5]])

# -- axes and keepdims


@probe(T)
def sum_tuple_axes(x):
    return np.sum(np.sum(x, axis=(0, 2)) ** 2)


@probe(T)
def sum_neg_tuple_axes_keepdims(x):
    s = np.sum(x, axis=(-1, 0), keepdims=True)
    return np.sum(s * x)


@probe(T)
def max_tuple_axes(x):
    return np.sum(np.max(x, axis=(0, -1)) ** 2)


@probe(T)
def max_keepdims_neg(x):
    return np.sum(x - np.max(x, axis=-2, keepdims=True))


@probe(T)
def mean_tuple_keepdims(x):
    return np.sum((x - np.mean(x, axis=(1, 2), keepdims=True)) ** 2)


@probe(T)
def std_axis_tuple(x):
    return np.sum(np.std(x, axis=(0, 2)))


@probe(T)
def var_ddof_keepdims(x):
    return np.sum(np.var(x, axis=-1, ddof=1, keepdims=True) * x)


@probe(T)
def cumsum_neg_axis(x):
    return np.sum(np.cumsum(x, axis=-2) ** 2)


@probe(T)
def cumprod_axis(x):
    return np.sum(np.cumprod(x, axis=1))


@probe(M)
def take_along_axis_neg(x):
    idx = np.argsort(x, axis=-1)
    return np.sum(np.take_along_axis(x, idx, axis=-1) * np.array([1.0, 2.0, 3.0]))


@probe(T)
def moveaxis_tuple(x):
    y = np.moveaxis(x, (0, 1), (-1, 0))
    return np.sum(y * np.arange(y.size).reshape(y.shape))


@probe(X)
def expand_dims_tuple(x):
    y = np.expand_dims(x, axis=(0, 2))
    return np.sum(y * np.ones((2, 3, 4)))


@probe(X.reshape(1, 3, 1))
def squeeze_axis(x):
    return np.sum(np.squeeze(x, axis=-1) * np.array([[1.0, 2.0, 3.0]]))


@probe(X.reshape(1, 3, 1))
def squeeze_axis_not_one(x):
    return np.sum(np.squeeze(x, axis=1))


@probe(M)
def norm_ord_axis(x):
    return np.sum(np.linalg.norm(x, ord=1, axis=1)) + np.sum(np.linalg.norm(x, ord=np.inf, axis=0))


@probe(M)
def norm_fro(x):
    return np.linalg.norm(x, ord="fro")


@probe(M)
def norm_nuc(x):
    return np.linalg.norm(x, ord="nuc")


@probe(M)
def norm_ord2_matrix(x):
    return np.linalg.norm(x, ord=2)


@probe(M)
def norm_keepdims(x):
    return np.sum(x / np.linalg.norm(x, axis=-1, keepdims=True))


@probe(X)
def norm_ord_3(x):
    return np.linalg.norm(x, ord=3)


@probe(X)
def norm_ord_0(x):
    return np.linalg.norm(x, ord=0) * np.sum(x)


@probe(X)
def norm_ord_neg_inf(x):
    return np.linalg.norm(x, ord=-np.inf)


@probe(np.array([0.3, -0.7, 1.1, 2.0, 0.4]))
def diff_n2_prepend(x):
    return np.sum(np.diff(x, n=2, prepend=0.5) ** 2)


@probe(M)
def diff_append_axis0(x):
    return np.sum(np.diff(x, axis=0, append=x[:1]) ** 2)


@probe(M)
def roll_tuple(x):
    return np.sum(np.roll(x, (1, -1), axis=(0, 1)) * np.arange(6.0).reshape(2, 3))


@probe(M)
def roll_flat(x):
    return np.sum(np.roll(x, 2) * np.arange(6.0).reshape(2, 3))


@probe(M)
def pad_reflect(x):
    return np.sum(np.pad(x, 1, mode="reflect") * np.arange(20.0).reshape(4, 5))


@probe(M)
def pad_edge(x):
    return np.sum(np.pad(x, ((0, 1), (2, 0)), mode="edge") * np.arange(15.0).reshape(3, 5))


@probe(M)
def pad_wrap(x):
    return np.sum(np.pad(x, 1, mode="wrap") * np.arange(20.0).reshape(4, 5))


@probe(M)
def pad_constant_values(x):
    return np.sum(np.pad(x, 1, constant_values=x[0, 0]) ** 2)


@probe(M, np.array([0.0, 0.0, 0.0]), wrt=(0, 1))
def clip_array_bounds(x, lo):
    return np.sum(np.clip(x, lo, None) ** 2)


@probe(M)
def clip_none_lower(x):
    return np.sum(np.clip(x, None, 0.45) ** 2)


@probe(M)
def where_one_arg(x):
    r, c = np.where(x > 0)
    return np.sum(x[r, c] ** 2)


@probe(S)
def einsum_diag(x):
    return np.sum(np.einsum("ii->i", x) * np.array([1.0, 2.0, 3.0]))


@probe(S)
def einsum_trace(x):
    return np.einsum("ii", x) ** 2


@probe(T)
def einsum_ellipsis(x):
    return np.sum(np.einsum("...ij->...", x) ** 2)


@probe(T)
def einsum_ellipsis_transpose(x):
    return np.sum(np.einsum("...ij->...ji", x) * np.arange(24.0).reshape(2, 4, 3))


@probe(T, np.ones((4, 3)) * 0.5, wrt=(0, 1))
def tensordot_int(x, y):
    return np.sum(np.tensordot(x, y, axes=2) ** 2)


@probe(T, np.arange(6.0).reshape(3, 2), wrt=(0, 1))
def tensordot_pairs(x, y):
    return np.sum(np.tensordot(x, y, axes=([1], [0])) ** 2)


@probe(T, np.arange(8.0).reshape(2, 4), wrt=(0, 1))
def tensordot_pairs_two(x, y):
    return np.sum(np.tensordot(x, y, axes=([0, 2], [0, 1])) ** 2)


@probe(np.array([0.3, 1.7, 2.2]), np.array([1.0, 2.0, 3.0]))
def interp_x(x, xp):
    return np.sum(np.interp(x, xp, np.array([0.0, 2.0, -1.0])) ** 2)


@probe(np.array([0.0, 2.0, -1.0]))
def interp_fp(fp):
    return np.sum(np.interp(np.array([0.3, 1.7, 2.2]), np.array([1.0, 2.0, 3.0]), fp) ** 2)


@probe(X)
def sort_then_weights(x):
    return np.sum(np.sort(x) * np.array([1.0, 2.0, 3.0]))


@probe(M)
def sort_axis0(x):
    return np.sum(np.sort(x, axis=0) * np.arange(6.0).reshape(2, 3))


@probe(M)
def sort_axis_none(x):
    return np.sum(np.sort(x, axis=None) * np.arange(6.0))


@probe(M)
def argsort_gather_flat(x):
    i = np.argsort(x, axis=None)
    return np.sum(x.ravel()[i] * np.arange(6.0))


@probe(M)
def maximum_reduce(x):
    return np.sum(np.maximum.reduce(x, axis=0) ** 2)


@probe(M)
def add_reduce_none(x):
    return np.add.reduce(x, axis=None) ** 2


@probe(M)
def add_accumulate(x):
    return np.sum(np.add.accumulate(x, axis=1) ** 2)


@probe(M)
def multiply_accumulate(x):
    return np.sum(np.multiply.accumulate(x, axis=0) ** 2)


@probe(M)
def maximum_accumulate(x):
    return np.sum(np.maximum.accumulate(x, axis=1) * np.arange(6.0).reshape(2, 3))


@probe(np.array([0.3, 0.0, 1.1]))
def prod_one_zero(x):
    return np.prod(x)


@probe(np.array([0.0, 0.0, 1.1]))
def prod_two_zeros(x):
    return np.prod(x)


@probe(np.array([[0.3, 0.0, 1.1], [0.2, 0.4, 0.0]]))
def prod_zero_axis(x):
    return np.sum(np.prod(x, axis=1, keepdims=True) * x)


@probe(np.array([[1.0, 2.0], [2.0, 4.0]]))
def det_singular(x):
    return np.linalg.det(x)


@probe(np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.5, 0.1, 0.2]]))
def det_singular_rank2(x):
    return np.linalg.det(x)


@probe(np.array([[0.0, 1.0], [1.0, 0.3]]))
def slogdet_negative(x):
    sign, logdet = np.linalg.slogdet(x)
    return sign * logdet


@probe(S)
def trace_offset(x):
    return np.trace(x, offset=1) ** 2 + np.trace(x, offset=-1)


@probe(S)
def tril_k(x):
    return np.sum(np.tril(x, k=-1) ** 2) + np.sum(np.triu(x, k=1) * 3.0)


@probe(M, X, wrt=(0, 1))
def kron(a, b):
    return np.sum(np.kron(a, b) * np.arange(18.0).reshape(2, 9))


@probe(M, S, wrt=(0, 1))
def block(a, b):
    z = np.block([[a], [b]])
    return np.sum(z * np.arange(15.0).reshape(5, 3))


@probe(X, X[::-1] * 1.0, wrt=(0, 1))
def stack_neg_axis(a, b):
    return np.sum(np.stack([a, b], axis=-1) * np.arange(6.0).reshape(3, 2))


@probe(np.arange(7.0) * 0.3)
def array_split_uneven(x):
    a, b, c = np.array_split(x, 3)
    return np.sum(a * 1.0) + np.sum(b * 2.0) + np.sum(c * 3.0)


@probe(np.arange(6.0) * 0.3)
def split_indices(x):
    a, b, c = np.split(x, [1, 4])
    return np.sum(a) + 2.0 * np.sum(b ** 2) + 3.0 * np.sum(c)


@probe(M)
def split_axis1_uneven(x):
    a, b = np.split(x, 2, axis=1)
    return np.sum(a)


# -- values and dtypes


@probe(np.array([0.3, -0.7, 1.1], dtype=np.float32))
def float32_mixed(x):
    return np.sum(x * np.float64(1.5) + x ** 2)


@probe(np.array([0.0, -0.7, 1.1]))
def int_power_at_zero(x):
    return np.sum(x ** 2) + np.sum(x ** 3)


@probe(np.array([0.0, 0.7, 1.1]))
def float_power_at_zero(x):
    return np.sum(x ** 2.0)


@probe(np.array([-0.5, 0.7, 1.1]))
def float_power_negative_base(x):
    return np.sum(x ** 2.0)


@probe(np.array([-0.5, 0.7, 1.1]))
def power_one_half_negative(x):
    return np.nansum(x ** 0.5)


@probe(np.array([0.0, 0.7, 1.1]))
def where_sqrt_trap(x):
    return np.sum(np.where(x > 0, np.sqrt(x), 0.0))


@probe(np.array([0.0, 0.7, 1.1]))
def where_log_trap(x):
    return np.sum(np.where(x > 0, np.log(x), 0.0))


@probe(np.array([0.0, 0.7, 1.1]))
def zero_times_inf(x):
    return np.sum(x * np.inf * 0.0 + x)


@probe(X)
def floor_div_float(x):
    return np.sum(x // 0.5 + x % 0.5)


@probe(X)
def mod_float(x):
    return np.sum((x * 3.0) % 1.0)


@probe(X)
def fmod(x):
    return np.sum(np.fmod(x * 3.0, 1.0))


@probe(X)
def math_floor_item(x):
    return math.floor(x[2]) * x[0] + x[1]


@probe(X)
def int_of_value(x):
    return int(x[2] * 2) * x[0]


@probe(X)
def float_of_value(x):
    return float(x[2]) * x[0]


@probe(X)
def round_of_value(x):
    return round(x[2] * 2) * x[0] + round(float(x[1]), 1)


@probe(X)
def item_of_value(x):
    return x[2].item() * x[0]


# -- Python semantics


@probe(X)
def chained_compare_array(x):
    return np.sum(x) if 0 < x < 1 else 0.0


@probe(X)
def ifexp_array_cond(x):
    c = x > 0
    return np.sum(x if c else -x)


@probe(M)
def sum_builtin_rows(x):
    return np.sum(sum([x[0], x[1] * 2.0]))


@probe(M)
def max_builtin_arrays(x):
    return np.sum(max(x[0], x[1]))


@probe(M)
def tuple_unpack_rows(x):
    a, b = x
    return np.sum(a * b)


@probe(M)
def for_row_write_view(x):
    m = x * 1.0
    for row in m:
        row[0] = 0.0
    return np.sum(m * x)


@probe(M)
def for_row_iadd_view(x):
    m = x * 1.0
    for row in m:
        row += 1.0
    return np.sum(m * m)


@probe(M)
def enumerate_rows(x):
    t = 0.0
    for i, row in enumerate(x):
        t = t + (i + 1) * np.sum(row ** 2)
    return t


@probe(X, M, wrt=(0, 1))
def zip_unequal(a, b):
    t = 0.0
    for u, v in zip(a, b):
        t = t + u * np.sum(v)
    return t


@probe(M)
def star_unpack(x):
    a, *rest = x
    return np.sum(a) * 2.0 + np.sum(rest[0] ** 2)


@probe(X)
def list_slice_neg_step(x):
    xs = [x[0], x[1], x[2]]
    ys = xs[::-2]
    return ys[0] * 3.0 + ys[1]


@probe(X)
def list_slice_none(x):
    xs = [x[0], x[1], x[2]]
    ys = xs[None:2]
    return ys[0] * 3.0 + ys[1] ** 2


@probe(X)
def list_sort_key(x):
    xs = [x[0], x[1], x[2]]
    xs.sort(key=lambda v: -v)
    return xs[0] * 3.0 + xs[1]


@probe(M)
def reversed_array(x):
    t = 0.0
    k = 1.0
    for row in reversed(x):
        t = t + k * np.sum(row)
        k = k + 1.0
    return t


@probe(X)
def dict_get_default_array(x):
    d = {"a": x * 2.0}
    v = d.get("b", x ** 2)
    return np.sum(v)


@probe(X)
def abs_at_zero(x):
    return np.sum(np.abs(x - x[0]))


@probe(np.array([0.0, 0.0, 1.0]))
def maximum_tie(x):
    return np.sum(np.maximum(x, x[::-1] * 0.0))


@probe(np.array([0.0, 4.0]))
def sqrt_at_zero(x):
    return np.sum(np.sqrt(x))


# -- batch 2: less common keyword forms


@probe(M)
def max_initial_wins(x):
    return np.max(x, initial=1.0) + np.sum(np.max(x, axis=0, initial=0.6))


@probe(M)
def min_initial_wins(x):
    return np.sum(np.min(x, axis=1, initial=-0.1))


@probe(M)
def sum_initial(x):
    return np.sum(x, initial=2.0) ** 2


@probe(M)
def sum_where_mask(x):
    return np.sum(x ** 2, where=np.array([True, False, True]))


@probe(M)
def mean_where_mask(x):
    return np.sum(np.mean(x, axis=1, where=np.array([True, False, True])) ** 2)


@probe(M)
def max_where_initial(x):
    return np.max(x, where=np.array([[True, False, True], [False, False, True]]), initial=-5.0)


@probe(M)
def prod_where(x):
    return np.prod(x, where=np.array([True, False, True]))


@probe(M)
def sum_empty_axes(x):
    return np.sum(np.sum(x, axis=()) * np.arange(6.0).reshape(2, 3))


@probe(M)
def max_empty_axes(x):
    return np.sum(np.max(x, axis=()) * np.arange(6.0).reshape(2, 3))


@probe(M)
def mean_duplicate_axes(x):
    return np.sum(np.mean(x, axis=(0, 0)))


@probe(M)
def sum_axis_out_of_range(x):
    return np.sum(np.sum(x, axis=-3))


@probe(M)
def sum_dtype_float32(x):
    return np.sum(x, dtype=np.float32) * 1.0


@probe(M)
def sum_positional_keepdims(x):
    return np.sum(np.sum(x, 1, None, None, True) * x)


@probe(T)
def method_tuple_positional(x):
    return np.sum(x.mean((0, 2)) ** 2) + np.sum(x.max(-1) * 2.0) + np.sum(x.cumsum(-1) ** 2)


@probe(M)
def method_var_ddof_keepdims(x):
    return np.sum(x.var(0, ddof=1, keepdims=True) * x) + x.std(ddof=1)


@probe(M)
def ptp(x):
    return np.sum(np.ptp(x, axis=1) ** 2)


@probe(M, np.array([1.0, 2.0, 3.0]), wrt=(0, 1))
def average_weights(x, w):
    return np.sum(np.average(x, axis=1, weights=w) ** 2)


@probe(M)
def median_axis(x):
    return np.sum(np.median(x, axis=0) * np.array([1.0, 2.0, 3.0]))


@probe(np.array([0.5, -0.2, 0.9, 1.3, 0.4]))
def percentile(x):
    return np.percentile(x, 30.0)


@probe(M)
def clip_inverted_bounds(x):
    return np.sum(np.clip(x, 0.5, -0.5) ** 2)


@probe(M, np.array([0.6, 0.6, 0.6]), wrt=(0, 1))
def clip_inverted_array_bounds(x, lo):
    return np.sum(np.clip(x, lo, 0.0) ** 2)


@probe(M)
def minimum_maximum_inverted(x):
    return np.sum(np.minimum(np.maximum(x, 0.5), -0.5) ** 2)


@probe(S)
def einsum_repeated_sum(x):
    return np.einsum("ii->", x) * 2.0 + np.einsum("ij->", x)


@probe(T[:, :2, :2].copy())
def einsum_batch_diag(x):
    return np.sum(np.einsum("bii->bi", x) ** 2)


@probe(np.arange(8.0).reshape(2, 2, 2) * 0.1)
def einsum_iij(x):
    return np.sum(np.einsum("iij->ij", x) ** 2)


@probe(M)
def einsum_same_operand_twice(x):
    return np.einsum("ij,ij->", x, x)


@probe(M)
def einsum_implicit(x):
    return np.sum(np.einsum("ij,kj", x, x) ** 2)


@probe(M)
def einsum_sublist(x):
    return np.sum(np.einsum(x, [0, 1], [1]) ** 2)


@probe(M)
def einsum_optimize(x):
    return np.sum(np.einsum("ij,kj,kl->il", x, x, x, optimize=True))


@probe(X, X * 2.0, wrt=(0, 1))
def tensordot_zero(a, b):
    return np.sum(np.tensordot(a, b, axes=0) * np.arange(9.0).reshape(3, 3))


@probe(T, np.ones((4, 2)), wrt=(0, 1))
def tensordot_negative_axes(a, b):
    return np.sum(np.tensordot(a, b, axes=([-1], [-2])) ** 2)


@probe(np.array([1.0, 2.0, 2.5]))
def interp_at_knot(x):
    return np.sum(np.interp(x, np.array([1.0, 2.0, 3.0]), np.array([0.0, 2.0, -1.0])))


@probe(np.array([0.3, 3.7, 2.2]))
def interp_left_right(x):
    return np.sum(np.interp(x, np.array([1.0, 2.0, 3.0]), np.array([0.0, 2.0, -1.0]), left=x[0], right=5.0))


@probe(np.array([0.3, 3.7, 2.2]))
def interp_period(x):
    return np.sum(np.interp(x, np.array([0.0, 1.0, 2.0]), np.array([0.0, 2.0, -1.0]), period=3.0))


@probe(np.array([0.3, 1.7, 2.2]))
def interp_unsorted_xp(x):
    return np.sum(np.interp(x, np.array([3.0, 1.0, 2.0]), np.array([0.0, 2.0, -1.0])))


@probe(X)
def partition(x):
    return np.sum(np.partition(x, 1) * np.array([1.0, 2.0, 3.0]))


@probe(M)
def minimum_reduce_initial(x):
    return np.sum(np.minimum.reduce(x, axis=1, initial=0.0))


@probe(M)
def add_reduce_tuple(x):
    return np.add.reduce(x, axis=(0, 1)) ** 2


@probe(M)
def multiply_reduce(x):
    return np.sum(np.multiply.reduce(x, axis=1))


@probe(np.arange(6.0) * 0.3)
def add_reduceat(x):
    return np.sum(np.add.reduceat(x, [0, 2, 3]) ** 2)


@probe(np.array([0.5, 0.5, 0.2, 0.9]))
def maximum_accumulate_tie(x):
    return np.sum(np.maximum.accumulate(x) * np.arange(4.0))


@probe(T)
def trace_3d_axes(x):
    return np.sum(np.trace(x, axis1=1, axis2=2) ** 2) + np.sum(np.trace(x, offset=1, axis1=0, axis2=2))


@probe(T)
def tril_batched(x):
    return np.sum(np.tril(x, k=1) ** 2)


@probe(X, M, wrt=(0, 1))
def kron_ranks(a, b):
    return np.sum(np.kron(a, b) * np.arange(18.0).reshape(2, 9))


@probe(M)
def concatenate_axis_none(x):
    return np.sum(np.concatenate([x, x.T], axis=None) * np.arange(12.0))


@probe(np.arange(6.0) * 0.3)
def split_out_of_range(x):
    a, b, c = np.split(x, [4, 2])
    return np.sum(a) + 2.0 * np.sum(b) + 3.0 * np.sum(c)


@probe(np.arange(6.0) * 0.3)
def split_past_end(x):
    a, b = np.split(x, [9])
    return np.sum(a ** 2) + np.sum(b)


@probe(np.stack([S, S * 0.5 + np.eye(3)]))
def det_batch(x):
    return np.sum(np.linalg.det(x))


@probe(np.array([[1.0, 2.0], [2.0, 4.0]]))
def slogdet_singular(x):
    sign, _ = np.linalg.slogdet(x)
    return sign


@probe(X.reshape(1, 3, 1))
def squeeze_all(x):
    return np.sum(np.squeeze(x) * np.array([1.0, 2.0, 3.0]))


@probe(X)
def expand_dims_neg_tuple(x):
    return np.sum(np.expand_dims(x, (-1, 0)) * np.arange(3.0).reshape(1, 3, 1))


@probe(M)
def norm_matrix_ord1(x):
    return np.linalg.norm(x, ord=1) + np.linalg.norm(x, ord=-1) + np.linalg.norm(x, ord=np.inf)


@probe(M)
def norm_matrix_ord_neg2(x):
    return np.linalg.norm(x, ord=-2)


@probe(T)
def norm_axis_pair(x):
    return np.sum(np.linalg.norm(x, axis=(1, 2))) + np.sum(np.linalg.norm(x, ord=2, axis=(0, 2)))


@probe(M)
def norm_vector_ord_neg1(x):
    return np.sum(np.linalg.norm(x, ord=-1, axis=1))


@probe(np.array([0.3, -0.7, 1.1, 2.0]))
def diff_n_too_big(x):
    return np.sum(np.diff(x, n=5)) + np.sum(x)


@probe(X)
def diff_n0(x):
    return np.sum(np.diff(x, n=0) ** 2)


@probe(M)
def roll_array_shift(x):
    return np.sum(np.roll(x, np.array([1, 2]), axis=(0, 1)) * np.arange(6.0).reshape(2, 3))


@probe(M)
def roll_repeated_axis(x):
    return np.sum(np.roll(x, (1, 1), axis=(1, 1)) * np.arange(6.0).reshape(2, 3))


@probe(M)
def pad_symmetric(x):
    return np.sum(np.pad(x, ((1, 2), (2, 1)), mode="symmetric") * np.arange(30.0).reshape(5, 6))


@probe(M)
def pad_linear_ramp(x):
    return np.sum(np.pad(x, 2, mode="linear_ramp", end_values=0.5) * np.arange(42.0).reshape(6, 7))


@probe(M)
def pad_maximum(x):
    return np.sum(np.pad(x, 1, mode="maximum") * np.arange(20.0).reshape(4, 5))


@probe(M)
def pad_mean(x):
    return np.sum(np.pad(x, 1, mode="mean") * np.arange(20.0).reshape(4, 5))


@probe(M)
def pad_reflect_odd(x):
    return np.sum(np.pad(x, ((0, 0), (1, 2)), mode="reflect", reflect_type="odd") * np.arange(12.0).reshape(2, 6))


@probe(M)
def pad_reflect_wider(x):
    return np.sum(np.pad(x, ((3, 3), (0, 0)), mode="reflect") * np.arange(24.0).reshape(8, 3))



# -- batch 3: the uniform gradient through np.sum(x, axis) (wrong on main, fixed)


@probe(M)
def sum_axis_float(x):
    return np.sum(np.sum(x, axis=1.0))


@probe(M)
def sum_axis_bool(x):
    return np.sum(np.sum(x, axis=True))


@probe(M)
def sum_sum_sum_out_of_range(x):
    return np.sum(np.sum(np.sum(x, axis=0), axis=1))


@probe(M)
def sum_of_transpose_axis(x):
    return np.sum(np.sum(x.T, axis=2))


@probe(M)
def sum_keepdims_out_of_range(x):
    return np.sum(np.sum(x, axis=2, keepdims=True))


@probe([M, 2.0 * M])
def sum_axis_of_list_rows(xs):
    t = 0.0
    for y in xs:
        t = t + np.sum(np.sum(y * 2.0, axis=2))
    return t


def main(only):
    """Run the probes named in ``only`` (all when empty); print each outcome and the tally."""
    tally = {}
    for name, fn, args, wrt in (p for p in PROBES if not only or p[0] in only):
        try:
            outcome, why = run(name, fn, args, wrt)
        except Exception as e:
            outcome, why = "crash", f"harness: {type(e).__name__}: {e}"[:160]
        tally[outcome] = tally.get(outcome, 0) + 1
        print(f"{outcome:8} {name}: {why}", flush=True)
    print(tally)


if __name__ == "__main__":
    main(set(sys.argv[1:]))
