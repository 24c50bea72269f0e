# ruff: noqa: E501, E402, BLE001
"""Programs in the spirit of HIPS/autograd tests/test_numpy.py, rewritten."""
import numpy as np
from harness import Case

R = np.random.default_rng(5)
MASK = R.standard_normal((4, 5)) > 0
CONST32 = R.standard_normal((3, 2))
CONST10 = R.standard_normal(10)
BLOCK = R.standard_normal((5, 6, 4))
SHIFTS = np.array([0.0, 1.5, -2.0, 0.25])


def n(*shape):
    return lambda r: (r.standard_normal(shape),)


def dot2(x, y):
    return np.dot(x, y)


def outer2(x, y):
    return np.outer(x, y)


def max_all(x):
    return np.max(x)


def max_ax1(x):
    return np.max(x, axis=1)


def max_ax1_keep(x):
    return np.max(x, axis=1, keepdims=True)


def min_all(x):
    return np.min(x)


def min_ax1(x):
    return np.min(x, axis=1)


def min_ax1_keep(x):
    return np.min(x, axis=1, keepdims=True)


def amax_method(x):
    return x.max(axis=0) * x.min(axis=-1).sum()


def sum_ax0(x):
    return np.sum(x, axis=0)


def sum_ax0_keep(x):
    return np.sum(x, axis=0, keepdims=True) * x


def sum_axes12(x):
    return np.sum(x, axis=(1, 2)) ** 2


def flip_ud(x):
    return np.flipud(x) * np.arange(x.shape[0])[:, None]


def flip_lr(x):
    return np.fliplr(x) * np.arange(x.shape[1])


def rotate(x):
    return np.rot90(x) * np.arange(x.shape[0])


def cumsum0(x):
    return np.cumsum(x, axis=0) ** 2


def cumsum1(x):
    return np.cumsum(x, axis=1) ** 2


def cumsum_flat(x):
    return np.cumsum(x) ** 2


def builtin_sum(x, y):
    return sum([x, y]) ** 2


def mean0(x):
    return np.mean(x, axis=0) ** 2


def mean0_keep(x):
    return np.mean(x, axis=0, keepdims=True) * x


def int_index(x):
    return x[3, 0, 1] ** 2


def slice_index(x):
    return x[::-1, 2:4, :] * np.arange(4)


def list_index(x):
    return x[[0, 1, 2], :, :] ** 2


def mixed_index(x):
    return x[3, 2:, [1, 3]] ** 2


def fanout_slices(x):
    y = x[::-1, 2:4, :]
    z = x[::-1, 3:5, :]
    return (y + z) ** 2


def slice_of_slice(x):
    y = x[2:6]
    z = y[1:3]
    return z ** 2


def reshape_method(x):
    return x.reshape((5 * 4, 6)) * np.arange(6)


def reshape_fn(x):
    return np.reshape(x, (5 * 4, 6)) * np.arange(6)


def reshape_args(x):
    return x.reshape(5 * 4, 6) * np.arange(6)


def ravel_m(x):
    return x.ravel() ** 2


def ravel_f(x):
    return np.ravel(x) ** 2


def flatten_m(x):
    return x.flatten() ** 2


def append_two(a, b):
    return np.append(a, b) ** 2


def concat_const(x):
    return np.concatenate((BLOCK, x)) ** 2


def concat_sandwich(x):
    return np.concatenate((BLOCK, x, BLOCK)) ** 2


def concat_axis1(x):
    return np.concatenate((BLOCK, x, BLOCK), axis=1) ** 2


def concat_axis1_pos(x):
    return np.concatenate((BLOCK, x, BLOCK), 1) ** 2


def trace_off(x):
    return np.trace(x, offset=2) ** 2


def trace_neg(x):
    return np.trace(x, offset=-3) ** 2


def split_first(x):
    return np.split(x, 2)[0] ** 2


def trace_4d(x):
    return np.trace(x, offset=1) ** 2


def diag_of(x):
    return np.diag(x) ** 2


def diag_make(x):
    return np.diag(x) * np.arange(16).reshape(4, 4)


def transpose_attr(x):
    return x.T * np.arange(8)


def roll2(x):
    return np.roll(x, 2, axis=1) * np.arange(5)


def roll_flat(x):
    return np.roll(x, 3) * np.arange(20).reshape(4, 5)


def upper(x):
    return np.triu(x, k=2) ** 2


def lower(x):
    return np.tril(x, k=-1) ** 2


def clipped(x):
    return np.clip(x, a_min=0.1, a_max=1.1) ** 2


def prod_all(x):
    return np.prod(x)


def prod_ax0(x):
    return np.prod(x, axis=0)


def prod_ax0_keep(x):
    return np.prod(x, axis=0, keepdims=True) * x


def array_1d(x):
    return np.array([x, x * 1.0, x + 2.5]) ** 2


def array_2d(x):
    return np.array([[x, x * 1.0, x + 2.5], [x ** 2, x, x / 2.0]]) ** 2


def array_fanout(x):
    A = np.array([[x, x * 1.0, x + 2.5], [x ** 2, x, x / 2.0]])
    return (A + A) ** 2


def array_of_scalar(x):
    return np.array(x) ** 3


def array_of_arrays(x):
    return np.array([x, x]) * np.arange(2)[:, None, None]


def array_of_arrays2(x):
    return np.array([[2 * x, x + 1], [x, x]]) ** 2


def with_len(x):
    assert len(x) == 3
    return x ** 2


def r_one(x):
    return np.r_[x] ** 2


def r_two(x):
    return np.r_[x, x] ** 2


def const_out(x):
    return CONST32


def r_const_mix(x):
    return np.r_[x, CONST32, x] ** 2


def r_slice(x):
    return np.r_[x, CONST10, 1:10] ** 2


def c_mix(x):
    return np.c_[x, CONST32, x] ** 2


def var_all(x):
    return np.var(x)


def var_ddof1(x):
    return np.var(x, ddof=1)


def var_ax1_keep(x):
    return np.var(x, axis=1, keepdims=True, ddof=2)


def std_all(x):
    return np.std(x)


def std_ddof1_keep(x):
    return np.std(x, ddof=1, keepdims=True)


def std_ax1(x):
    return np.std(x, axis=1, ddof=2)


def where_mask(x, y):
    return np.where(MASK, x, y) ** 2


def squeeze_f(x):
    return np.squeeze(x) ** 2


def squeeze_m(x):
    return x.squeeze() ** 2


def repeat1(x):
    return np.repeat(x, 2, axis=1) ** 2


def repeat0(x):
    return np.repeat(x, 2, axis=0) ** 2


def repeat_flat(x):
    return np.repeat(x, 3) ** 2


def expand(x):
    return np.expand_dims(x, 2) ** 2


def tensordot_pos(x):
    return np.tensordot(x * np.ones((2, 2)), x * np.ones((2, 2)), 2)


def tensordot_axes(x, y):
    return np.tensordot(x, y, axes=([1, 2], [0, 1])) ** 2


def repeated_index(x):
    return np.sum(x[[0, 0]] ** 2)


def repeated_index2(x):
    return np.sum(x[[0, 1, 0]] ** 2)


def dot_slices(x):
    return np.dot(x[:2], x[2:])


def int_cast_index(W):
    inds = W[:, -1].astype(np.int64)
    core = W[:, :-1]
    return (core[inds] ** 2).sum()


def diagonal_last(D):
    return np.diagonal(D, axis1=-1, axis2=-2) ** 2


def nan_num(x):
    return np.sum(np.sin(np.nan_to_num(x + SHIFTS)))


def max_ties(x):
    return np.max(np.array([x, x]))


def max_ties_2d(x):
    return np.max(np.array([[x, x], [x, 0.5]]), axis=1)


def min_three_way(x):
    return np.min(np.array([[x, x, x], [x, 0.5, 0.5], [0.5, 0.5, 0.5], [x, x, 0.5]]), axis=0)


def maximum_self(x):
    return np.maximum(x, x)


def minimum_self(x):
    return np.minimum(x, x)


def maximum_ties_2d(x):
    return np.maximum(np.array([x, x, 0.5]), np.array([[x, 0.5, x], [x, x, 0.5]]))


def lin(x, y):
    return np.linspace(x, y, 5) ** 2


def lin1(x, y):
    return np.linspace(x, y, 1) ** 2


def astype_sum(x):
    return np.sum(np.sin(x.astype('float64')))


def sort_sq(x):
    return np.sort(x, axis=1) * np.arange(5)


def abs_sq(x):
    return np.abs(x) ** 3


def fmax_fmin(x, y):
    return np.fmax(x, y) * 2.0 + np.fmin(x, y) * 3.0


def hypot_arct(x, y):
    return np.hypot(x, y) + np.arctan2(x, y)


def logsumexp_own(x):
    m = np.max(x, axis=1, keepdims=True)
    return m + np.log(np.sum(np.exp(x - m), axis=1, keepdims=True))


def einsum_ij(x, y):
    return np.einsum('ij,jk->ik', x, y) ** 2


def einsum_trace(x):
    return np.einsum('ii', x) ** 2


def einsum_batch(x, y):
    return np.einsum('bij,bjk->bik', x, y) ** 2


def stack_ax1(x, y):
    return np.stack([x, y * 2, x * y], axis=1) ** 2


def vstack_h(x, y):
    return np.vstack([x, y]) ** 2 + np.hstack([x, y]).sum()


def swap(x):
    return np.swapaxes(x, 0, 2) * np.arange(5)


def moveax(x):
    return np.moveaxis(x, 0, -1) * np.arange(5)


def transpose_perm(x):
    return np.transpose(x, (2, 0, 1)) * np.arange(4)


def broadcast_to_sum(x):
    return np.broadcast_to(x, (3, 4)) * np.arange(12).reshape(3, 4)


def tile_it(x):
    return np.tile(x, (2, 3)) * np.arange(24).reshape(4, 6)


def kron_it(x, y):
    return np.kron(x, y) ** 2


def diff_it(x):
    return np.diff(x, axis=0) ** 2 + np.diff(x, n=2, axis=1).sum()


def pad_it(x):
    return np.pad(x, ((1, 2), (0, 1))) * np.arange(28).reshape(7, 4)


def cross_it(x, y):
    return np.cross(x, y) ** 2


def atleast(x):
    return np.atleast_2d(x) ** 2


def matmul_batch(x, y):
    return (x @ y) ** 2


def inner_it(x, y):
    return np.inner(x, y) ** 2


def vdot_it(x, y):
    return np.vdot(x, y) ** 2


def average_w(x):
    return np.average(x, axis=0, weights=np.arange(1.0, 5.0))


def real_imag(x):
    return np.real(x) + np.imag(x) + np.conj(x)


def sinc_f(x):
    return np.sinc(x)


def logaddexp_it(x, y):
    return np.logaddexp(x, y) + np.logaddexp2(x, y)


def expm1_log1p(x):
    return np.expm1(x) * np.log1p(x * x)


def cbrt_sq(x):
    return np.cbrt(x) + np.square(x) + np.reciprocal(x)


def deg_rad(x):
    return np.deg2rad(x) * np.rad2deg(x) + np.radians(x)


def trig_all(x):
    return (np.sin(x) + np.cos(x) + np.tan(x) + np.arcsin(x / 3) + np.arccos(x / 3) + np.arctan(x)
            + np.sinh(x) + np.cosh(x) + np.tanh(x) + np.arcsinh(x) + np.arctanh(x / 3))


def exps(x):
    return np.exp2(x) + np.log2(x) + np.log10(x) + np.arccosh(x + 1)


def norm_vec(x):
    return np.linalg.norm(x)


def norm_ax(x):
    return np.linalg.norm(x, axis=1)


def norm_ord1(x):
    return np.linalg.norm(x, ord=1)


def norm_fro(x):
    return np.linalg.norm(x, 'fro')


def cumprod_it(x):
    return np.cumprod(x, axis=1)


def fabs_sign(x):
    return np.fabs(x) * np.sign(x) * x


def mod_it(x):
    return np.mod(x, 0.7) + np.remainder(x, 1.3) + np.fmod(x, 0.9)


def floor_ceil(x):
    return np.floor(x) * x + np.ceil(x) * x + np.round(x) * x


def true_divide(x, y):
    return np.true_divide(x, y) + np.divide(x, y) + np.power(np.abs(x), y)


def ptp_it(x):
    return np.ptp(x, axis=1)


def median_it(x):
    return np.median(x, axis=0)


def percentile_it(x):
    return np.percentile(x, 30.0)


def select_rows(x):
    return np.take(x, [2, 0, 2], axis=0) ** 2


def take_along(x):
    idx = np.argsort(x, axis=1)
    return np.take_along_axis(x, idx, axis=1) * np.arange(5)


def argmax_pick(x):
    i = np.argmax(x)
    return x.ravel()[i] * 3.0


def nansum_it(x):
    return np.nansum(x ** 2) + np.nanmean(x) + np.nanmax(x)


def triu_idx(x):
    iu = np.triu_indices(4, 1)
    return x[iu] ** 2


def eye_mul(x):
    return (np.eye(4) * x).sum(axis=0) ** 2


def full_like_it(x):
    return (np.full_like(x, 2.0) + np.ones_like(x) * x) ** 2


def outer_sub(x):
    return np.subtract.outer(x, x) ** 2 + np.multiply.outer(x, x)


def interp_it(x):
    return np.interp(x, np.array([-3.0, 0.0, 3.0]), np.array([1.0, 2.0, 0.5]))


def interp_fp(fp):
    return np.interp(np.array([-1.0, 0.5, 2.2]), np.array([-3.0, 0.0, 3.0]), fp)


def convolve_it(x, y):
    return np.convolve(x, y) ** 2


def correlate_it(x, y):
    return np.correlate(x, y, mode='full') ** 2


def where_one(x):
    return np.where(x > 0, x ** 2, -x)


def heaviside_min(x):
    return np.minimum(x, 0.3) + np.maximum(x, -0.2) ** 2


def float_power(x):
    return np.float_power(np.abs(x) + 1, 1.5)


def sum_dtype(x):
    return np.sum(x, dtype=np.float64) + np.mean(x, dtype=np.float64)


def cumsum_rev(x):
    return np.cumsum(x[::-1])[::-1] ** 2


def tri_mask(x):
    return np.sum(x * np.tri(4, 4, -1))


def fill_copy(x):
    y = x.copy()
    y[1:3] = 0.0
    return y ** 2


def packbits_like(x):
    return np.asarray(x, dtype=float).sum() + np.ascontiguousarray(x).sum() ** 2


CASES = [
    Case(dot2, lambda r: (r.standard_normal((4, 5)), r.standard_normal(5))),
    Case(dot2, lambda r: (r.standard_normal((4, 5)), r.standard_normal((5, 3)))),
    Case(dot2, lambda r: (r.standard_normal(4), r.standard_normal((4, 5)))),
    Case(dot2, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(dot2, lambda r: (r.standard_normal((4, 5)), float(r.standard_normal()))),
    Case(dot2, lambda r: (float(r.standard_normal()), r.standard_normal((4, 5)))),
    Case(dot2, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((4, 2))), note="nd"),
    Case(outer2, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(max_all, n(4, 5)), Case(max_ax1, n(3, 4, 5)), Case(max_ax1_keep, n(3, 4, 5)),
    Case(min_all, n(4, 5)), Case(min_ax1, n(3, 4, 5)), Case(min_ax1_keep, n(3, 4, 5)),
    Case(amax_method, n(3, 4)),
    Case(sum_ax0, n(4, 5)), Case(sum_ax0_keep, n(4, 5)), Case(sum_axes12, n(3, 4, 2)),
    Case(flip_ud, n(4, 5)), Case(flip_lr, n(4, 5)), Case(rotate, n(4, 5)),
    Case(cumsum0, n(4, 5)), Case(cumsum1, n(4, 5)), Case(cumsum_flat, n(4, 5)),
    Case(builtin_sum, lambda r: (r.standard_normal((3, 2)), r.standard_normal((3, 2)))),
    Case(mean0, n(4, 5)), Case(mean0_keep, n(4, 5)),
    Case(int_index, n(5, 6, 4)), Case(slice_index, n(5, 6, 4)), Case(list_index, n(5, 6, 4)),
    Case(mixed_index, n(5, 6, 4)), Case(fanout_slices, n(5, 6, 4)), Case(slice_of_slice, n(7)),
    Case(reshape_method, n(5, 6, 4)), Case(reshape_fn, n(5, 6, 4)), Case(reshape_args, n(5, 6, 4)),
    Case(ravel_m, n(2, 3)), Case(ravel_f, n(2, 3)), Case(flatten_m, n(2, 3)),
    Case(append_two, lambda r: (r.standard_normal(3), float(r.standard_normal()))),
    Case(append_two, lambda r: ([1.0, 2.0, 3.0], 4.0), note="list", points=1),
    Case(concat_const, n(4, 6, 4)), Case(concat_sandwich, n(5, 6, 4)), Case(concat_axis1, n(5, 6, 4)),
    Case(concat_axis1_pos, n(5, 6, 4)),
    Case(trace_off, n(5, 6)), Case(trace_neg, n(6, 5)), Case(split_first, n(10)), Case(trace_4d, n(4, 5, 2, 3)),
    Case(diag_of, n(5, 5)), Case(diag_of, n(4, 6), note="rect"), Case(diag_make, n(4)),
    Case(transpose_attr, n(8, 8)), Case(roll2, n(4, 5)), Case(roll_flat, n(4, 5)),
    Case(upper, n(5, 5)), Case(lower, n(5, 5)), Case(clipped, n(5, 5)),
    Case(prod_all, lambda r: (r.standard_normal((2, 3)) ** 2 / 10 + 0.1,)),
    Case(prod_ax0, lambda r: (r.standard_normal((2, 3)) ** 2 + 0.1,)),
    Case(prod_ax0_keep, lambda r: (r.standard_normal((2, 3)) ** 2 + 0.1,)),
    Case(prod_all, lambda r: (r.standard_normal(7),), note="signed"),
    Case(array_1d, lambda r: (3.0 + r.standard_normal(),)),
    Case(array_2d, lambda r: (3.0 + r.standard_normal(),)),
    Case(array_fanout, lambda r: (3.0 + r.standard_normal(),)),
    Case(array_of_scalar, lambda r: (3.0 + r.standard_normal(),)),
    Case(array_of_arrays, n(3, 2)), Case(array_of_arrays2, n(3, 2)), Case(with_len, n(3, 2)),
    Case(r_one, n(3, 2)), Case(r_two, n(3, 2)), Case(const_out, n(3, 2)), Case(r_const_mix, n(3, 2)),
    Case(r_slice, n(10)), Case(c_mix, n(3, 2)),
    Case(var_all, n(3, 4)), Case(var_ddof1, n(3)), Case(var_ax1_keep, n(3, 4)),
    Case(std_all, n(3, 4)), Case(std_ddof1_keep, n(1, 3)), Case(std_ax1, n(3, 4)),
    Case(where_mask, lambda r: (r.standard_normal((4, 5)), r.standard_normal((4, 5)))),
    Case(squeeze_f, n(5, 1, 4)), Case(squeeze_m, n(5, 1, 4)),
    Case(repeat1, n(5, 3, 4)), Case(repeat0, n(5, 3)), Case(repeat0, n(5), note="1d"), Case(repeat_flat, n(2, 3)),
    Case(expand, n(5, 1, 4)),
    Case(tensordot_pos, lambda r: (1.0 + r.standard_normal(),)),
    Case(tensordot_axes, lambda r: (r.standard_normal((3, 4, 5)), r.standard_normal((4, 5, 2)))),
    Case(repeated_index, n(3)), Case(repeated_index2, n(3)), Case(dot_slices, n(4)),
    Case(int_cast_index, lambda r: (np.concatenate([r.standard_normal((5, 9)),
                                                    r.integers(0, 5, (5, 1)) + 0.5], axis=1),)),
    Case(diagonal_last, n(4, 4)), Case(diagonal_last, n(3, 4, 4), note="batched"),
    Case(nan_num, n(4)),
    Case(max_ties, lambda r: (1.0,), points=1), Case(max_ties_2d, lambda r: (1.0,), points=1),
    Case(max_ties_2d, lambda r: (-1.0,), points=1, note="neg"),
    Case(min_three_way, lambda r: (-1.0,), points=1), Case(min_three_way, lambda r: (1.0,), points=1, note="pos"),
    Case(maximum_self, lambda r: (1.0,), points=1), Case(minimum_self, lambda r: (1.0,), points=1),
    Case(maximum_self, n(3), note="array"),
    Case(maximum_ties_2d, lambda r: (1.0,), points=1), Case(maximum_ties_2d, lambda r: (-1.0,), points=1, note="neg"),
    Case(maximum_ties_2d, lambda r: (2.0,), points=1, note="two"),
    Case(lin, lambda r: (1.2 + r.standard_normal(), -3.4 + r.standard_normal())),
    Case(lin1, lambda r: (1.2 + r.standard_normal(), -3.4 + r.standard_normal())),
    Case(astype_sum, n(3)),
    Case(sort_sq, n(3, 5)), Case(abs_sq, n(3, 5)),
    Case(fmax_fmin, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(hypot_arct, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(logsumexp_own, n(3, 5)),
    Case(einsum_ij, lambda r: (r.standard_normal((3, 4)), r.standard_normal((4, 2)))),
    Case(einsum_trace, n(4, 4)),
    Case(einsum_batch, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((2, 4, 2)))),
    Case(stack_ax1, lambda r: (r.standard_normal((3, 2)), r.standard_normal((3, 2)))),
    Case(vstack_h, lambda r: (r.standard_normal((3, 2)), r.standard_normal((3, 2)))),
    Case(swap, n(5, 3, 4)), Case(moveax, n(5, 3, 4)), Case(transpose_perm, n(3, 4, 2)),
    Case(broadcast_to_sum, n(4)), Case(broadcast_to_sum, n(1, 4), note="2d"), Case(tile_it, n(2, 2)),
    Case(kron_it, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 2)))),
    Case(diff_it, n(4, 5)), Case(pad_it, n(4, 3)),
    Case(cross_it, lambda r: (r.standard_normal((4, 3)), r.standard_normal((4, 3)))),
    Case(atleast, n(3)),
    Case(matmul_batch, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((4, 2)))),
    Case(matmul_batch, lambda r: (r.standard_normal(4), r.standard_normal((2, 4, 3))), note="vec@batch"),
    Case(inner_it, lambda r: (r.standard_normal((2, 3)), r.standard_normal((4, 3)))),
    Case(vdot_it, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)))),
    Case(average_w, n(4, 3)), Case(real_imag, n(4)), Case(sinc_f, n(4)),
    Case(logaddexp_it, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(expm1_log1p, n(5)), Case(cbrt_sq, lambda r: (r.uniform(0.5, 2, 5),)), Case(deg_rad, n(5)),
    Case(trig_all, lambda r: (r.uniform(-0.9, 0.9, 5),)), Case(exps, lambda r: (r.uniform(0.5, 2, 5),)),
    Case(norm_vec, n(5)), Case(norm_ax, n(3, 4)), Case(norm_ord1, n(5)), Case(norm_fro, n(3, 4)),
    Case(norm_vec, n(3, 4), note="matrix"),
    Case(cumprod_it, n(3, 4)), Case(fabs_sign, n(5)),
    Case(mod_it, lambda r: (r.uniform(0.05, 0.6, 5),)),
    Case(floor_ceil, lambda r: (r.uniform(0.1, 0.4, 5) + np.arange(5),)),
    Case(true_divide, lambda r: (r.standard_normal(5), r.uniform(0.5, 2, 5))),
    Case(ptp_it, n(3, 5)), Case(median_it, n(5, 3)), Case(median_it, n(4, 3), note="even"),
    Case(percentile_it, n(7)),
    Case(select_rows, n(4, 3)), Case(take_along, n(3, 5)), Case(argmax_pick, n(3, 4)),
    Case(nansum_it, n(3, 4)), Case(triu_idx, n(4, 4)), Case(eye_mul, n(4)), Case(eye_mul, n(4, 4), note="2d"),
    Case(full_like_it, n(3)), Case(outer_sub, n(3)),
    Case(interp_it, lambda r: (r.uniform(-2.5, 2.5, 6),)), Case(interp_fp, n(3)),
    Case(convolve_it, lambda r: (r.standard_normal(5), r.standard_normal(3))),
    Case(correlate_it, lambda r: (r.standard_normal(5), r.standard_normal(3))),
    Case(where_one, n(6)), Case(heaviside_min, n(6)), Case(float_power, n(4)), Case(sum_dtype, n(4)),
    Case(cumsum_rev, n(5)), Case(tri_mask, n(4, 4)), Case(fill_copy, n(5)), Case(packbits_like, n(4)),
]
