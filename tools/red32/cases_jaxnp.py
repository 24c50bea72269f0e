# ruff: noqa: E501, E731
"""red32: JAX lax_numpy gradient tests' style. Each differentiable NumPy op over the shapes
JAX sweeps (0-d, (1,), empty (0,) and (3, 0), broadcasting (3, 1) with (4,), (2, 3)),
reductions with axis tuples / negative axes / keepdims / where=, cumulative ops, sorting,
linalg, FFT and indexing. Every case returns an array (jacobian and vjp check each entry)."""
import numpy as np
from harness import Case

SHAPES = {"0d": (), "1": (1,), "0": (0,), "3x0": (3, 0), "2x3": (2, 3)}


def uni(lo, hi, shape):
    return lambda rng: (rng.uniform(lo, hi, shape),)


def bin_(lo, hi, s1, s2):
    return lambda rng: (rng.uniform(lo, hi, s1), rng.uniform(lo, hi, s2))


def u_arccos(x):
    return np.arccos(x)


def u_arcsinh(x):
    return np.arcsinh(x) * 2.0


def u_arctanh(x):
    return np.arctanh(x)


def u_log1p_expm1(x):
    return np.log1p(x) + np.expm1(x)


def u_sinc(x):
    return np.sinc(x)


def u_deg_rad(x):
    return np.deg2rad(x) * np.rad2deg(x) + np.radians(x)


def u_cbrt(x):
    return np.cbrt(x)


def u_exp2_log2_log10(x):
    return np.exp2(x) + np.log2(x) - np.log10(x)


def u_reciprocal_square(x):
    return np.reciprocal(x) + np.square(x) + np.positive(x) - np.negative(x)


def u_trig(x):
    return np.tan(x) + np.arctan(x) + np.arcsin(x * 0.5) + np.sinh(x) * np.cosh(x)


def b_logaddexp(x, y):
    return np.logaddexp(x, y)


def b_logaddexp2(x, y):
    return np.logaddexp2(x, y)


def b_hypot(x, y):
    return np.hypot(x, y)


def b_fmax_fmin(x, y):
    return np.fmax(x, y) * 2.0 + np.fmin(x, y)


def b_copysign(x, y):
    return np.copysign(x, y)


def b_float_power(x, y):
    return np.float_power(x, y)


def b_arctan2(x, y):
    return np.arctan2(x, y)


def b_power_divide(x, y):
    return np.power(x, y) + np.true_divide(x, y) - np.subtract(y, x)


def b_fmod_remainder(x, y):
    return np.fmod(x, y) + np.remainder(x, y)


def r_axis_tuple(x):
    return np.sum(x ** 2, axis=(0, 2)) + np.mean(x, axis=(-1, -3))


def r_neg_keepdims(x):
    return x / np.max(x, axis=-1, keepdims=True) + np.std(x, axis=-2, keepdims=True)


def r_where(x):
    m = x > 0.3
    return np.sum(x * x, axis=1, where=m) + np.prod(x, axis=-1, where=~m)


def r_minmax_where(x):
    m = x > 0.2
    return np.max(x, axis=0, where=m, initial=-5.0) + np.min(x, axis=0, where=m, initial=5.0)


def r_var_ddof(x):
    return np.var(x, axis=(0, 1), ddof=1) + np.nanvar(x, axis=-1).sum()


def r_empty_reductions(x):
    return np.sum(x, axis=1) + np.prod(x, axis=1) + np.sum(np.mean(x, axis=0)) + np.var(x, axis=0).sum()


def r_logsumexp_manual(x):
    m = np.max(x, axis=-1, keepdims=True)
    return np.squeeze(m, -1) + np.log(np.sum(np.exp(x - m), axis=-1))


def c_cumsum_axes(x):
    return np.cumsum(x, axis=0) * np.cumsum(x[::-1], axis=-1)


def c_cumprod_zeros(x):
    y = x.copy()
    y[1] = 0.0
    return np.concatenate([np.cumprod(y), np.cumprod(x, axis=0).ravel(), np.cumprod(x[::-1], axis=-1).ravel()])


def c_prod_zero_entries(x):
    y = x.copy()
    y[0, 1] = 0.0
    z = x.copy()
    z[1, 0] = 0.0
    z[1, 2] = 0.0
    return np.prod(y, axis=1) + np.prod(z, axis=-1) + np.prod(y)


def s_sort_axes(x):
    return np.sort(x, axis=0) * np.arange(1.0, 1.0 + x.shape[1]) + np.sort(x, axis=-1)[:, ::-1]


def s_partition(x):
    p = np.partition(x, 2)
    return p[:2] * 3.0 + p[2]


def s_argsort_take(x, y):
    idx = np.argsort(x)
    return np.take_along_axis(y, idx, axis=0) * np.sort(x)


def s_topk_by_argpartition(x):
    i = np.argpartition(-x, 2)[:2]
    return x[i] ** 2


def la_det_slogdet(a):
    s, ld = np.linalg.slogdet(a)
    return np.array([np.linalg.det(a), s * ld])


def la_inv_solve(a, b):
    return np.linalg.inv(a) @ b + np.linalg.solve(a, b)


def la_norms(a):
    return np.array([np.linalg.norm(a), np.linalg.norm(a, 'fro'), np.linalg.norm(a, 'nuc'), np.linalg.norm(a, 2), np.linalg.norm(a, -2), np.linalg.norm(a, 1), np.linalg.norm(a, np.inf), np.linalg.norm(a, -np.inf)])


def la_vec_norms(v):
    return np.array([np.linalg.norm(v, 3), np.linalg.norm(v, 0.5), np.linalg.norm(v, np.inf), np.linalg.norm(v, -np.inf), np.linalg.norm(v, 1), np.linalg.norm(v, -1)])


def la_norm_axis(a):
    return np.linalg.norm(a, axis=-1, keepdims=True) * np.linalg.norm(a, ord=1, axis=0)


def la_cholesky_eigh(a):
    s = a @ a.T + 4.0 * np.eye(a.shape[0])
    w, v = np.linalg.eigh(s)
    return np.linalg.cholesky(s).sum(axis=0) + w + np.abs(v[0]) ** 2


def la_qr_svd(a):
    q, r = np.linalg.qr(a)
    s = np.linalg.svd(a, compute_uv=False)
    return np.abs(np.diag(r)) + s + np.sum(q * q, axis=0)


def la_pinv_matrix_power(a):
    return np.linalg.pinv(a).sum(axis=1) + np.linalg.matrix_power(a, 3).sum(axis=0)


def fft_rfft_irfft_odd(x):
    f = np.fft.rfft(x)
    return np.fft.irfft(f * np.exp(-np.arange(f.size) * 0.3), n=x.size) + np.abs(f).sum()


def fft_irfft_n_even_odd(x):
    f = np.fft.rfft(x)
    return np.concatenate([np.fft.irfft(f, n=6), np.fft.irfft(f, n=7), np.fft.irfft(f)])


def fft_fft2_shift(x):
    f = np.fft.fftshift(np.fft.fft2(x))
    return np.real(f) * np.imag(f) + np.abs(np.fft.ifft(x, axis=0))


def fft_hfft_norm(x):
    return np.fft.rfft(x, norm="ortho").real + np.fft.rfftn(x.reshape(2, -1), norm="forward").imag.ravel()


def ix_negative_repeat(x):
    return x[[0, -1, 0, 2, 2]] * np.reshape([1.0, 2.0, 3.0, 4.0, 5.0], (5,) + (1,) * (x.ndim - 1))


def ix_bool_ellipsis_none(x):
    m = x[..., 0] > 0.5
    return np.concatenate([x[m].ravel(), x[None, ..., 1].ravel(), x[:, np.newaxis, -1].ravel()])


def ix_ix_grid(x):
    return x[np.ix_([0, 2, 2], [1, 0])] ** 2


def ix_take_put_where(x):
    y = np.take(x, [3, 1, 3], mode="clip")
    z = np.where(x > 0.5, x ** 2, -x)
    return np.concatenate([y, z, np.compress(x > 0.3, x)])


def ix_negative_step_slices(x):
    return x[::-2, -1:0:-1] * 2.0 + x[-1::-2, :-1]


def bc_outer_ops(x, y):
    return x * y + np.maximum(x, y) - np.arctan2(x, y) + np.hypot(x, y)


CASES = []
for fn, lo, hi, shapes in (
    (u_arccos, -0.9, 0.9, ("0d", "1", "0", "2x3")),
    (u_arcsinh, -2.0, 2.0, ("0d", "3x0", "2x3")),
    (u_arctanh, -0.9, 0.9, ("0d", "1", "2x3")),
    (u_log1p_expm1, -0.5, 1.5, ("0d", "0", "2x3")),
    (u_sinc, -2.0, 2.0, ("0d", "1", "2x3")),
    (u_deg_rad, -3.0, 3.0, ("0d", "3x0", "2x3")),
    (u_cbrt, 0.3, 2.0, ("0d", "1", "2x3")),
    (u_exp2_log2_log10, 0.3, 2.0, ("0d", "0", "2x3")),
    (u_reciprocal_square, 0.5, 2.0, ("0d", "1", "2x3")),
    (u_trig, -1.0, 1.0, ("0d", "3x0", "2x3")),
):
    for s in shapes:
        CASES.append(Case(fn, uni(lo, hi, SHAPES[s]), note=s))
for fn, lo, hi in (
    (b_logaddexp, -2.0, 2.0), (b_logaddexp2, -2.0, 2.0), (b_hypot, 0.3, 2.0), (b_fmax_fmin, -1.0, 1.0),
    (b_copysign, 0.2, 1.0), (b_float_power, 0.5, 2.0), (b_arctan2, 0.2, 2.0), (b_power_divide, 0.5, 2.0),
    (b_fmod_remainder, 0.3, 0.9),
):
    for s1, s2, note in (((3, 1), (4,), "3x1+4"), ((), (2, 3), "0d+2x3"), ((1,), (0,), "1+0")):
        CASES.append(Case(fn, bin_(lo, hi, s1, s2), note=note))
CASES.append(Case(b_copysign, lambda rng: (rng.uniform(-1, 1, (2, 3)), rng.uniform(-1, 1, (2, 3))), note="signs"))
CASES += [
    Case(r_axis_tuple, uni(-1.0, 1.0, (2, 3, 4))),
    Case(r_axis_tuple, uni(-1.0, 1.0, (2, 0, 4)), note="empty"),
    Case(r_neg_keepdims, uni(0.5, 2.0, (2, 3, 4))),
    Case(r_where, uni(0.0, 1.0, (3, 4))),
    Case(r_minmax_where, uni(0.0, 1.0, (4, 3))),
    Case(r_var_ddof, uni(-1.0, 1.0, (2, 3, 4))),
    Case(r_empty_reductions, uni(0.5, 1.5, (3, 0))),
    Case(r_logsumexp_manual, uni(-3.0, 3.0, (2, 5))),
    Case(r_logsumexp_manual, uni(-3.0, 3.0, (5,)), note="1d"),
    Case(c_cumsum_axes, uni(-1.0, 1.0, (3, 4))),
    Case(c_cumprod_zeros, uni(0.5, 1.5, (4, 3))),
    Case(c_prod_zero_entries, uni(0.5, 1.5, (2, 3))),
    Case(s_sort_axes, uni(-1.0, 1.0, (3, 4))),
    Case(s_partition, uni(-1.0, 1.0, (6,))),
    Case(s_argsort_take, bin_(-1.0, 1.0, (5,), (5,))),
    Case(s_topk_by_argpartition, uni(-1.0, 1.0, (6,))),
    Case(la_det_slogdet, lambda rng: (rng.standard_normal((3, 3)) + 3 * np.eye(3),)),
    Case(la_det_slogdet, lambda rng: (rng.standard_normal((1, 1)) + 2.0,), note="1x1"),
    Case(la_det_slogdet, lambda rng: (rng.standard_normal((3, 3)) - 5 * np.eye(3),), note="negdet"),
    Case(la_inv_solve, lambda rng: (rng.standard_normal((3, 3)) + 3 * np.eye(3), rng.standard_normal((3, 2)))),
    Case(la_inv_solve, lambda rng: (rng.standard_normal((2, 3, 3)) + 3 * np.eye(3), rng.standard_normal((2, 3, 1)))),
    Case(la_norms, lambda rng: (rng.standard_normal((3, 4)),)),
    Case(la_vec_norms, uni(0.3, 2.0, (5,))),
    Case(la_vec_norms, lambda rng: (rng.standard_normal(5),), note="signed"),
    Case(la_norm_axis, lambda rng: (rng.standard_normal((3, 4)),)),
    Case(la_cholesky_eigh, lambda rng: (rng.standard_normal((3, 3)),)),
    Case(la_qr_svd, lambda rng: (rng.standard_normal((4, 3)),)),
    Case(la_pinv_matrix_power, lambda rng: (rng.standard_normal((3, 3)) + 2 * np.eye(3),)),
    Case(fft_rfft_irfft_odd, uni(-1.0, 1.0, (7,)), note="odd"),
    Case(fft_rfft_irfft_odd, uni(-1.0, 1.0, (8,)), note="even"),
    Case(fft_irfft_n_even_odd, uni(-1.0, 1.0, (5,))),
    Case(fft_irfft_n_even_odd, uni(-1.0, 1.0, (6,)), note="6"),
    Case(fft_fft2_shift, uni(-1.0, 1.0, (3, 4))),
    Case(fft_hfft_norm, uni(-1.0, 1.0, (6,))),
    Case(ix_negative_repeat, uni(-1.0, 1.0, (4,))),
    Case(ix_negative_repeat, uni(-1.0, 1.0, (4, 2)), note="2d"),
    Case(ix_bool_ellipsis_none, uni(0.0, 1.0, (5, 3))),
    Case(ix_ix_grid, uni(-1.0, 1.0, (3, 2))),
    Case(ix_take_put_where, uni(0.0, 1.0, (5,))),
    Case(ix_negative_step_slices, uni(-1.0, 1.0, (5, 4))),
    Case(bc_outer_ops, bin_(0.2, 2.0, (3, 1), (4,))),
    Case(bc_outer_ops, bin_(0.2, 2.0, (1, 0), (3, 1)), note="1x0+3x1"),
]
