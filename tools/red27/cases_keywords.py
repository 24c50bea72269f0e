# ruff: noqa: E501, E402, BLE001
"""Keyword variants a rule could ignore (jax lax_numpy_test's parameter sweeps,
autograd's combo_check over keyword values), rewritten."""
import numpy as np
from harness import Case

M = np.array([[True, False, True, True], [False, True, True, False], [True, True, False, True]])
NANS = np.array([0.0, np.nan, 0.0, 0.0, np.nan])
XP = np.array([-2.0, -0.5, 1.0, 2.5])


def v(*shape):
    return lambda r: (r.standard_normal(shape),)


def sum_where(x):
    return np.sum(x ** 2, where=M)


def mean_where(x):
    return np.mean(x * 3.0, where=M, axis=1)


def max_where(x):
    return np.max(x, where=M, initial=-10.0, axis=0)


def sum_initial(x):
    return np.sum(x, initial=5.0) ** 2


def max_initial(x):
    return np.max(x, initial=0.5, axis=0)


def prod_where(x):
    return np.prod(x, where=M)


def percentile_lower(x):
    return np.percentile(x, 30.0, method='lower')


def percentile_nearest(x):
    return np.percentile(x, 42.0, method='nearest')


def percentile_midpoint(x):
    return np.percentile(x, 30.0, method='midpoint')


def percentile_higher(x):
    return np.quantile(x, 0.3, method='higher')


def quantile_weibull(x):
    return np.quantile(x, 0.3, method='weibull')


def quantile_axis_list(x):
    return np.quantile(x, [0.1, 0.8], axis=0)


def median_keep(x):
    return np.median(x, axis=1, keepdims=True) * x


def linspace_noend(x, y):
    return np.linspace(x, y, 4, endpoint=False) ** 2


def linspace_step(x, y):
    a, step = np.linspace(x, y, 5, retstep=True)
    return np.sum(a ** 2) + step ** 3


def logspace_(x, y):
    return np.logspace(x, y, 4)


def geomspace_(x, y):
    return np.geomspace(x, y, 4)


def interp_lr(x):
    return np.interp(x, XP, np.array([1.0, 2.0, 0.5, 3.0]), left=-1.0, right=7.0)


def interp_fp_lr(fp, lo):
    return np.interp(np.array([-3.0, 0.0, 3.0]), XP, fp, left=lo, right=lo * 2)


def interp_period(x):
    return np.interp(x, np.array([0.0, 1.0, 2.0]), np.array([1.0, 3.0, 2.0]), period=3.0)


def convolve_same(x, y):
    return np.convolve(x, y, mode='same') ** 2


def convolve_valid(x, y):
    return np.convolve(x, y, mode='valid') ** 2


def correlate_same(x, y):
    return np.correlate(x, y, mode='same') ** 2


def diff_prepend(x):
    return np.diff(x, prepend=0.5, append=x[0]) ** 2


def gradient_(x):
    return np.gradient(x) ** 2


def gradient_spacing(x):
    return np.gradient(x, 0.5, edge_order=2) ** 2


def gradient_2d(x):
    gx, gy = np.gradient(x)
    return gx ** 2 + gy


def trapz_(y, xs):
    return np.trapezoid(y, xs)


def ediff(x):
    return np.ediff1d(x, to_begin=1.0) ** 2


def polyval_(p, x):
    return np.polyval(p, x)


def meshgrid_ij(x, y):
    a, b = np.meshgrid(x, y, indexing='ij')
    return a * b ** 2


def outer_2d(x, y):
    return np.outer(x, y) * np.arange(24.0).reshape(4, 6)


def dot_3d(x, y):
    return np.dot(x, y) ** 2


def einsum_implicit_t(x):
    return np.einsum('ba', x) * np.arange(6.0).reshape(3, 2)


def einsum_implicit(x, y):
    return np.einsum('kj,ji', x, y) * np.arange(4.0).reshape(2, 2)


def einsum_sum_all(x):
    return np.einsum('ij->', x) ** 2 + np.einsum('i,i', x[0], x[1])


def sum_neg_axes(x):
    return np.sum(x, axis=(0, -1)) ** 2


def moveaxis_lists(x):
    return np.moveaxis(x, [0, 1], [-1, -2]) * np.arange(4.0).reshape(4, 1, 1)


def squeeze_axes(x):
    return np.squeeze(x, axis=(0, 2)) * np.arange(3.0)


def expand_axes(x):
    return np.expand_dims(x, (0, 2)) * np.arange(3.0)


def reshape_F(x):
    return x.reshape((3, 2), order='F') * np.arange(6.0).reshape(3, 2)


def reshape_F_fn(x):
    return np.reshape(x, (6,), order='F') * np.arange(6.0)


def ravel_F(x):
    return np.ravel(x, order='F') * np.arange(6.0)


def flatten_F(x):
    return x.flatten('F') * np.arange(6.0)


def ravel_method_F(x):
    return x.ravel(order='F') * np.arange(6.0)


def resize_(x):
    return np.resize(x, (7,)) * np.arange(7.0)


def append_axis(x, y):
    return np.append(x, y, axis=0) * np.arange(3.0)


def insert_(x, y):
    return np.insert(x, 1, y) * np.arange(5.0)


def delete_(x):
    return np.delete(x, [0, 2]) * np.arange(2.0)


def repeat_arr(x):
    return np.repeat(x, [1, 2, 3]) * np.arange(6.0)


def rot90_k3(x):
    return np.rot90(x, k=3, axes=(1, 0)) * np.arange(6.0).reshape(3, 2)


def triu_neg(x):
    return np.triu(x, -1) ** 2


def block_(x, y):
    return np.block([[x, y], [y, x]]) * np.arange(16.0).reshape(4, 4)


def column_stack_(x, y):
    return np.column_stack([x, y]) * np.arange(6.0).reshape(3, 2)


def dstack_(x, y):
    return np.dstack([x, y]) * np.arange(12.0).reshape(1, 6, 2)


def concat_none(x, y):
    return np.concatenate([x, y], axis=None) * np.arange(10.0)


def stack_last(x, y):
    return np.stack([x, y], axis=-1) * np.arange(6.0).reshape(3, 2)


def split_idx(x):
    a, b, c = np.split(x, [1, 3], axis=1)
    return np.sum(a) + np.sum(b ** 2) + np.sum(c ** 3)


def sum_keep_none(x):
    return np.sum(x, axis=None, keepdims=True) * x


def max_axes(x):
    return np.max(x, axis=(0, 1)) ** 2


def norm_ord2_axis(x):
    return np.linalg.norm(x, ord=2, axis=1, keepdims=True) * x


def norm_neg(x):
    return np.linalg.norm(x, ord=-np.inf) + np.linalg.norm(x, ord=-1) * 0.0 + np.linalg.norm(x, ord=1)


def norm_mat_neg(x):
    return np.linalg.norm(x, ord=-2) + np.linalg.norm(x, ord=-1)


def norm_ord0(x):
    return np.linalg.norm(x, ord=0) * np.sum(x)


def norm_ord_half(x):
    return np.linalg.norm(x, ord=0.5)


def cov_(x):
    return np.cov(x)


def cov_opts(x):
    return np.cov(x, rowvar=False, bias=True)


def cov_ddof(x):
    return np.cov(x, ddof=0)


def corrcoef_(x):
    return np.corrcoef(x)


def round_dec(x):
    return np.round(x, 1) * x


def clip_method_min(x):
    return x.clip(min=0.0) ** 2


def clip_swapped(x):
    return np.clip(x, 1.0, -1.0) * x


def cumsum_none_2d(x):
    return np.cumsum(x, axis=None) * np.arange(6.0)


def nanmean_(x):
    return np.nanmean(x + NANS)


def nanmax_(x):
    return np.nanmax(x + NANS) + np.nanmin(x + NANS) + np.nanstd(x + NANS)


def nansum_axis(x):
    return np.nansum(x + NANS) + np.nanprod(x + NANS)


def nan_to_num_opts(x):
    return np.nan_to_num(np.log(x), nan=0.5, neginf=-3.0) * x


def average_returned(x, w):
    a, s = np.average(x, weights=w, returned=True)
    return a * s


def average_axis(x, w):
    return np.average(x, axis=1, weights=w)


def angle_(x):
    return np.angle(x) * x


def ldexp_(x):
    return np.ldexp(x, 2) ** 2


def partition_(x):
    return np.sum(np.partition(x, 2)[:2]) + np.partition(x, 2)[2] * 3.0


def sort_desc(x):
    return np.sort(x)[::-1] * np.arange(5.0)


def sort_axis_none(x):
    return np.sort(x, axis=None) * np.arange(6.0)


def cross_axis(x, y):
    return np.cross(x, y, axisa=0, axisb=0) ** 2


def tensordot1(x, y):
    return np.tensordot(x, y, axes=1) ** 2


def matmul_1d(x, y):
    return np.matmul(x, y) ** 2


def sum_dtype32(x):
    return np.sum(x.astype(np.float32)).astype(np.float64) * 1.0


def var_where(x):
    return np.var(x, where=M)


def std_mean_axis_neg(x):
    return np.std(x, axis=-1) + np.mean(x, axis=-2)


def cumprod_axis_neg(x):
    return np.cumprod(x, axis=-1)


def take_axis_none(x):
    return np.take(x, [5, 0, 3]) ** 2


def take_clip(x):
    return np.take(x, [0, 9, -9], mode='clip') ** 2


def fliplr_axis(x):
    return np.flip(x, axis=(0, 1)) * np.arange(6.0).reshape(2, 3)


def diag_k(x):
    return np.diag(x, k=1) * np.arange(16.0).reshape(4, 4)


def diag_k_read(x):
    return np.diag(x, k=-1) ** 2


def diagflat_(x):
    return np.diagflat(x, 1) * np.arange(16.0).reshape(4, 4)


def tril_k(x):
    return np.tril(x, 1) ** 2


def pad_modes(x):
    return (np.pad(x, 2, mode='reflect') * np.arange(9.0)).sum() + (np.pad(x, (1, 2), mode='edge') ** 2).sum()


def pad_constant(x):
    return np.pad(x, 1, constant_values=2.0) ** 2


def pad_wrap(x):
    return np.pad(x, (2, 1), mode='wrap') * np.arange(8.0)


def pad_symmetric(x):
    return np.pad(x, 2, mode='symmetric') * np.arange(9.0)


def roll_neg_axis(x):
    return np.roll(x, -1, axis=-1) * np.arange(6.0).reshape(2, 3)


def arange_dep(x):
    return np.arange(3) * x


def full_dep(x):
    return np.full((3,), x) * np.arange(3.0)


def zeros_like_dep(x):
    return np.zeros_like(x) + x ** 2


def eye_k(x):
    return np.sum(np.eye(3, k=1) * x)


def where_scalar_branch(x):
    return np.where(x > 0, 1.0, x) * x


CASES = [
    Case(sum_where, v(3, 4)), Case(mean_where, v(3, 4)), Case(max_where, v(3, 4)), Case(sum_initial, v(3)),
    Case(max_initial, v(3, 4)), Case(prod_where, v(3, 4)),
    Case(percentile_lower, v(7)), Case(percentile_nearest, v(7)), Case(percentile_midpoint, v(7)),
    Case(percentile_higher, v(7)), Case(quantile_weibull, v(7)), Case(quantile_axis_list, v(5, 3)),
    Case(median_keep, v(3, 4)),
    Case(linspace_noend, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(linspace_step, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(logspace_, lambda r: (float(r.standard_normal()), float(r.standard_normal()))),
    Case(geomspace_, lambda r: (float(r.uniform(0.5, 2)), float(r.uniform(2, 4)))),
    Case(interp_lr, lambda r: (r.uniform(-3, 3, 6),)), Case(interp_fp_lr, lambda r: (r.standard_normal(4), float(r.standard_normal()))),
    Case(interp_period, lambda r: (r.uniform(-4, 4, 6),)),
    Case(convolve_same, lambda r: (r.standard_normal(5), r.standard_normal(3))),
    Case(convolve_same, lambda r: (r.standard_normal(3), r.standard_normal(6)), note="short first"),
    Case(convolve_valid, lambda r: (r.standard_normal(5), r.standard_normal(3))),
    Case(correlate_same, lambda r: (r.standard_normal(5), r.standard_normal(2))),
    Case(diff_prepend, v(4)), Case(gradient_, v(5)), Case(gradient_spacing, v(5)), Case(gradient_2d, v(3, 4)),
    Case(trapz_, lambda r: (r.standard_normal(5), np.sort(r.standard_normal(5)))),
    Case(ediff, v(4)), Case(polyval_, lambda r: (r.standard_normal(4), r.standard_normal(3))),
    Case(meshgrid_ij, lambda r: (r.standard_normal(2), r.standard_normal(3))),
    Case(outer_2d, lambda r: (r.standard_normal((2, 2)), r.standard_normal((2, 3)))),
    Case(dot_3d, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((2, 4, 3)))),
    Case(einsum_implicit_t, v(2, 3)),
    Case(einsum_implicit, lambda r: (r.standard_normal((2, 3)), r.standard_normal((3, 2)))),
    Case(einsum_sum_all, v(2, 3)), Case(sum_neg_axes, v(2, 3, 4)), Case(moveaxis_lists, v(2, 3, 4)),
    Case(squeeze_axes, v(1, 3, 1)), Case(expand_axes, v(3)),
    Case(reshape_F, v(2, 3)), Case(reshape_F_fn, v(2, 3)), Case(ravel_F, v(2, 3)), Case(flatten_F, v(2, 3)),
    Case(ravel_method_F, v(2, 3)), Case(resize_, v(3)),
    Case(append_axis, lambda r: (r.standard_normal((2, 3)), r.standard_normal((1, 3)))),
    Case(insert_, lambda r: (r.standard_normal(4), float(r.standard_normal()))), Case(delete_, v(4)),
    Case(repeat_arr, v(3)), Case(rot90_k3, v(2, 3)), Case(triu_neg, v(3, 3)),
    Case(block_, lambda r: (r.standard_normal((2, 2)), r.standard_normal((2, 2)))),
    Case(column_stack_, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(dstack_, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)))),
    Case(concat_none, lambda r: (r.standard_normal((2, 3)), r.standard_normal(4))),
    Case(stack_last, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(split_idx, v(2, 5)), Case(sum_keep_none, v(2, 3)), Case(max_axes, v(2, 3, 2)),
    Case(norm_ord2_axis, v(3, 4)), Case(norm_neg, v(5)), Case(norm_mat_neg, v(3, 3)), Case(norm_ord0, v(4)),
    Case(norm_ord_half, v(4)),
    Case(cov_, v(3, 5)), Case(cov_opts, v(5, 3)), Case(cov_ddof, v(3, 5)), Case(corrcoef_, v(3, 5)),
    Case(round_dec, v(4)), Case(clip_method_min, v(5)), Case(clip_swapped, v(5)), Case(cumsum_none_2d, v(2, 3)),
    Case(nanmean_, v(5)), Case(nanmax_, v(5)), Case(nansum_axis, v(5)),
    Case(nan_to_num_opts, lambda r: (r.uniform(0.1, 2, 4),)),
    Case(average_returned, lambda r: (r.standard_normal(4), r.uniform(0.5, 2, 4))),
    Case(average_axis, lambda r: (r.standard_normal((3, 4)), r.uniform(0.5, 2, 4))),
    Case(angle_, v(4)), Case(ldexp_, v(4)), Case(partition_, v(5)), Case(sort_desc, v(5)), Case(sort_axis_none, v(2, 3)),
    Case(cross_axis, lambda r: (r.standard_normal((3, 2)), r.standard_normal((3, 2)))),
    Case(tensordot1, lambda r: (r.standard_normal((2, 3)), r.standard_normal((3, 4)))),
    Case(matmul_1d, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(sum_dtype32, v(4), tol=1e-3), Case(var_where, v(3, 4)), Case(std_mean_axis_neg, v(3, 4)),
    Case(cumprod_axis_neg, v(3, 4)), Case(take_axis_none, v(2, 3)), Case(take_clip, v(4)), Case(fliplr_axis, v(2, 3)),
    Case(diag_k, v(3)), Case(diag_k_read, v(4, 4)), Case(diagflat_, v(3)), Case(tril_k, v(3, 3)),
    Case(pad_modes, v(5)), Case(pad_constant, v(3)), Case(pad_wrap, v(5)), Case(pad_symmetric, v(5)),
    Case(roll_neg_axis, v(2, 3)), Case(arange_dep, v(3)), Case(full_dep, lambda r: (float(r.standard_normal()),)),
    Case(zeros_like_dep, v(3)), Case(eye_k, v(3, 3)), Case(where_scalar_branch, v(5)),
]
