"""PyTorch's OpInfo reference cases where the op has a NumPy reference, in our words.

torch/testing/_internal/common_methods_invocations.py and opinfo/definitions/linalg.py give
many ops ``ref=np.xxx`` (or a reference built on NumPy); their ``sample_inputs_*`` functions
draw shapes and keyword arguments: ``dim`` (one, several, negative, none), ``keepdim``,
``correction``/``unbiased`` (NumPy's ``ddof``), the ``ord``/``p`` of vector and matrix
norms, ``offset``/``dim1``/``dim2`` of diagonal and trace, ``n``/``prepend``/``append`` of
diff, ``diagonal`` of tril/triu, ``q`` and ``interpolation`` of quantile, ``rowvar`` and
weights of cov. Here those samples are applied to the NumPy function itself, in a small
user function ending in a weighted sum with a fixed random weight. Some cases take the
keyword values as (integer, boolean, string, tuple) arguments, constants for srcdiff.
"""

import numpy as np

_rng = np.random.default_rng(1207)


def R(*shape):
    return _rng.standard_normal(shape)


def distinct(*shape):
    """Values with no ties (max, median, quantile, sort are smooth there)."""
    n = int(np.prod(shape))
    return (_rng.permutation(n) * 0.37 + 0.05 * _rng.standard_normal(n)).reshape(shape) - n / 6


def weighted(y):
    """A fixed random weight of ``y``'s shape (drawn from the shape: the same every call)."""
    w = np.cos(np.arange(np.size(y)) * 1.7 + 0.3).reshape(np.shape(y))
    return np.sum(y * w)


# ------------------------------------------------------------------ reductions


def sum_dim(x, dim, keepdim):
    return weighted(np.sum(x, axis=dim, keepdims=keepdim))


def mean_dim(x, dim, keepdim):
    return weighted(np.mean(x, axis=dim, keepdims=keepdim))


def prod_dim(x, dim, keepdim):
    return weighted(np.prod(x, axis=dim, keepdims=keepdim))


def var_correction(x, dim, correction, keepdim):
    return weighted(np.var(x, axis=dim, ddof=correction, keepdims=keepdim))


def std_correction(x, dim, correction, keepdim):
    return weighted(np.std(x, axis=dim, ddof=correction, keepdims=keepdim))


def var_mean(x, dim):
    return weighted(np.var(x, axis=dim)) + weighted(np.mean(x, axis=dim) ** 2)


def amax_dim(x, dim, keepdim):
    return weighted(np.amax(x, axis=dim, keepdims=keepdim))


def amin_dim(x, dim, keepdim):
    return weighted(np.amin(x, axis=dim, keepdims=keepdim))


def aminmax(x, dim):
    return weighted(np.min(x, axis=dim) * np.max(x, axis=dim))


def logsumexp_dim(x, dim, keepdim):
    m = np.max(x, axis=dim, keepdims=True)
    s = np.log(np.sum(np.exp(x - m), axis=dim, keepdims=True)) + m
    return weighted(s if keepdim else np.squeeze(s, axis=dim))


def median_all(x):
    return np.median(x) * 1.3


def median_dim(x, dim, keepdim):
    return weighted(np.median(x, axis=dim, keepdims=keepdim))


METHODS = ("linear", "lower", "higher", "midpoint", "nearest")


def quantile(x, q, dim, keepdim, method):
    return weighted(np.quantile(x, q, axis=dim, keepdims=keepdim, method=METHODS[method]))


def quantile_discrete(x, q, dim, keepdim, method):
    return weighted(np.quantile(x, q, axis=dim, keepdims=keepdim, method=METHODS[method]))


def quantile_all(x, q):
    return weighted(np.quantile(x, q))


def nanmedian_dim(x, dim):
    return weighted(np.nanmedian(x, axis=dim))


def count_nonzero_scaled(x):
    return np.sum(x * np.count_nonzero(x > 0, axis=0))


# ------------------------------------------------------------------ norms


def vector_norm(x, ord, dim, keepdim):
    return weighted(np.linalg.norm(x, ord=ord, axis=dim, keepdims=keepdim))


ORDS = ("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)


def matrix_norm(x, ord, keepdim):
    return weighted(np.linalg.norm(x, ord=ORDS[ord], axis=(-2, -1), keepdims=keepdim))


def norm_flat(x, ord):
    return np.linalg.norm(x.ravel(), ord) * 0.8


def dist(x, y, p):
    return np.linalg.norm((x - y).ravel(), ord=p) * 1.1


# ------------------------------------------------------------------ cumulative and shape


def cumsum_dim(x, dim):
    return weighted(np.cumsum(x, axis=dim))


def cumprod_dim(x, dim):
    return weighted(np.cumprod(x, axis=dim))


def cumprod_flat(x):
    return weighted(np.cumprod(x))


def diff(x, n, dim):
    return weighted(np.diff(x, n=n, axis=dim))


def diff_prepend_append(x, pre, app):
    return weighted(np.diff(x, axis=-1, prepend=pre, append=app))


def trace(x):
    return np.trace(x) * 1.7


def diagonal(x, offset, dim1, dim2):
    return weighted(np.diagonal(x, offset=offset, axis1=dim1, axis2=dim2))


def diag_embed_like(x):
    return weighted(np.diag(x)) + weighted(np.diag(np.diag(x, k=1), k=-1))


def tril_triu(x, diagonal):
    return weighted(np.tril(x, diagonal)) + weighted(np.triu(x, -diagonal) * x)


def flip(x, dims):
    return weighted(np.flip(x, axis=dims) * x)


def flip_all(x):
    return weighted(np.flip(x) * x)


def roll(x, shifts, dims):
    return weighted(np.roll(x, shifts, axis=dims) * x)


def roll_flat(x, shifts):
    return weighted(np.roll(x, shifts) * x)


def rot90(x, k, dims):
    return weighted(np.rot90(x, k, axes=dims))


def moveaxis_swapaxes(x):
    return weighted(np.moveaxis(x, 0, -1)) + weighted(np.swapaxes(x, 0, 1))


def take_along_dim(x, idx, dim):
    return weighted(np.take_along_axis(x, idx, axis=dim))


def stacks(a, b):
    return (weighted(np.hstack([a, b])) + weighted(np.vstack([a, b]))
            + weighted(np.dstack([a, b])) + weighted(np.column_stack([a, b])))


def atleast(x):
    return weighted(np.atleast_3d(x)) + weighted(np.atleast_2d(x) ** 2)


def sort_dim(x, dim):
    return weighted(np.sort(x, axis=dim))


def sort_flat(x):
    return weighted(np.sort(x, axis=None))


def msort_topk(x):
    s = np.sort(x, axis=0)
    return weighted(s[-2:])


# ------------------------------------------------------------------ binary and products


def kron(a, b):
    return weighted(np.kron(a, b))


def outer_inner(a, b):
    return weighted(np.outer(a, b)) + np.inner(a, b)


def tensordot(a, b, dims):
    return weighted(np.tensordot(a, b, axes=dims))


def cross(a, b, dim):
    return weighted(np.cross(a, b, axis=dim))


def hypot_copysign(x, y):
    return weighted(np.hypot(x, y)) + weighted(np.copysign(x, y))


def fmax_fmin(x, y):
    return weighted(np.fmax(x, y)) + weighted(np.fmin(x, y) * x)


def remainder(x, y):
    return weighted(np.remainder(x, y))


def float_power(x, y):
    return weighted(np.float_power(x, y))


def logaddexp2(x, y):
    return weighted(np.logaddexp2(x, y))


def sinc(x):
    return weighted(np.sinc(x))


def nan_to_num(x):
    return weighted(np.nan_to_num(np.log(x), nan=0.5, posinf=2.0, neginf=-3.0))


def ldexp(x, e):
    return weighted(np.ldexp(x, e))


def deg2rad_square(x):
    return weighted(np.deg2rad(x) + np.square(x))


def vander(x, n):
    return weighted(np.vander(x, n))


def vander_square(x):
    return weighted(np.vander(x, increasing=True))


def trapezoid(y, x):
    return np.trapezoid(y, x) * 1.4 + weighted(np.trapezoid(y, dx=0.5, axis=0))


# ------------------------------------------------------------------ statistics


def cov(x, rowvar, ddof):
    return weighted(np.cov(x, rowvar=rowvar, ddof=ddof))


def cov_weights(x, fw, aw):
    return weighted(np.cov(x, fweights=fw, aweights=aw))


def cov_aweights(x, aw):
    return weighted(np.cov(x, aweights=aw))


def corrcoef(x):
    return weighted(np.corrcoef(x))


# ------------------------------------------------------------------ linalg (ref=np.linalg.*)


def det_batched(a):
    return weighted(np.linalg.det(a))


def slogdet_batched(a):
    sign, logdet = np.linalg.slogdet(a)
    return weighted(logdet * sign)


def inv_batched(a):
    return weighted(np.linalg.inv(a))


def solve_batched(a, b):
    return weighted(np.linalg.solve(a, b))


def pinv_hermitian(a):
    return weighted(np.linalg.pinv(a @ a.T + np.eye(3)))


def multi_dot(a, b, c):
    return weighted(np.linalg.multi_dot([a, b, c]))


def matrix_power(a, n):
    return weighted(np.linalg.matrix_power(a, n))


def lstsq(a, b):
    return weighted(np.linalg.lstsq(a, b, rcond=None)[0])


def eigvalsh(a):
    return weighted(np.linalg.eigvalsh(a + np.swapaxes(a, -1, -2)))


def svdvals(a):
    return weighted(np.linalg.svd(a, compute_uv=False))


def cond(a):
    return np.linalg.cond(a) * 0.3


X234 = R(2, 3, 4)
X34 = distinct(3, 4)
DIMS = [((0, 1, 2), False), (0, False), (1, True), (-1, False), ((0, 2), True), ((-1, 0), False)]
SPD = R(2, 3, 3) @ np.swapaxes(R(2, 3, 3), -1, -2) + 3 * np.eye(3)

CASES = [
    (sum_dim, [(X234, d, k) for d, k in DIMS]),
    (mean_dim, [(X234, d, k) for d, k in DIMS]),
    (prod_dim, [(X234, d, k) for d, k in DIMS[:4]]
     + [(np.array([[1.0, 0.0, 2.0], [0.0, 0.0, 3.0]]), 1, False)]),
    (var_correction, [(X234, d, c, k) for (d, k) in DIMS for c in (0, 1, 2)]),
    (std_correction, [(X234, d, c, k) for (d, k) in DIMS for c in (0, 1)]),
    (var_mean, [(X234, (0, 1, 2)), (X234, 1)]),
    (amax_dim, [(distinct(2, 3, 4), d, k) for d, k in DIMS]),
    (amin_dim, [(distinct(2, 3, 4), d, k) for d, k in DIMS]),
    (aminmax, [(X34, 0), (X34, (0, 1))]),
    (logsumexp_dim, [(X234, 0, False), (X234, -1, True), (X234, (0, 1), False)]),
    (median_all, [(distinct(3, 5),), (distinct(4, 2),)]),
    (median_dim, [(distinct(3, 5), 1, False), (distinct(4, 3), 0, True)]),
    (quantile, [(distinct(3, 5), 0.3, 1, False, 0), (distinct(3, 5), 0.4, 1, False, 0),
                (distinct(3, 5), np.array([0.2, 0.9]), 0, True, 0)]),
    (quantile_discrete, [(distinct(3, 5), 0.4, 1, False, m) for m in (1, 2, 3, 4)]),
    (quantile_all, [(distinct(3, 5), 0.5), (distinct(3, 5), np.array([0.1, 0.75]))]),
    (nanmedian_dim, [(distinct(3, 5), 1), (np.where(np.eye(3, 5) > 0, np.nan, distinct(3, 5)), 1)]),
    (count_nonzero_scaled, [(R(3, 4),)]),
    (vector_norm, [(X234, o, d, k) for o in (1, 2, 3.5, np.inf, -np.inf, 0.5)
                   for d, k in [(0, False), (1, True), (-1, False)]]),
    (matrix_norm, [(R(2, 3, 4), o, k) for o in range(8)
                   for k in (False, True)]),
    (norm_flat, [(R(3, 4), o) for o in (1, 2, 3, np.inf, -np.inf, -1, -2)]),
    (dist, [(R(3, 4), R(3, 4), p) for p in (1, 2, 2.5, np.inf)]),
    (cumsum_dim, [(X234, 0), (X234, -1)]),
    (cumprod_flat, [(X234 * 0.5,)]),
    (cumprod_dim, [(X234, 1), (np.array([[1.0, 0.0, 2.0], [0.0, 3.0, 0.0]]), 1)]),
    (cumprod_flat, [(X234,), (np.array([[1.0, 0.0, 2.0], [0.5, 3.0, 0.0]]),)]),
    (diff, [(X234, 1, -1), (X234, 2, 0), (X234, 3, 2), (X234, 0, 1)]),
    (diff_prepend_append, [(R(3, 4), R(3, 1), R(3, 2)), (R(3, 4), 0.5, R(3, 1))]),
    (trace, [(R(3, 3),), (R(3, 5),)]),
    (diagonal, [(X234, o, d1, d2)
                for o, d1, d2 in [(0, 0, 1), (1, 1, 2), (-1, 0, 2), (2, -1, -2)]]),
    (diag_embed_like, [(R(4, 4),)]),
    (tril_triu, [(R(4, 5), d) for d in (-2, 0, 1, 3)]),
    (flip, [(X234, d) for d in (0, (1, 2), -1)]),
    (flip_all, [(X234,)]),
    (roll, [(X234, 1, 0), (X234, (2, -1), (1, 2))]),
    (roll_flat, [(X234, 3), (X234, -5)]),
    (rot90, [(R(3, 4), k, ax) for k in (-1, 1, 2, 3) for ax in ((0, 1), (1, 0))]),
    (moveaxis_swapaxes, [(X234,)]),
    (take_along_dim, [(R(3, 4), np.array([[0, 3], [1, 1], [2, 0]]), 1),
                      (R(3, 4), np.array([[2, 0, 1, 1]]), 0)]),
    (stacks, [(R(3, 2), R(3, 2))]),
    (atleast, [(R(3),), (R(2, 3),)]),
    (sort_dim, [(distinct(3, 4), 0), (distinct(3, 4), -1)]),
    (sort_flat, [(distinct(3, 4),)]),
    (msort_topk, [(distinct(4, 3),)]),
    (kron, [(R(2, 3), R(3, 2)), (R(3), R(2, 2))]),
    (outer_inner, [(R(4), R(4))]),
    (tensordot, [(X234, R(3, 4, 5), 2), (X234, R(4, 3), ([1, 2], [1, 0])), (R(3, 4), R(4, 3), 0)]),
    (cross, [(R(3, 4), R(3, 4), 0), (R(4, 3), R(4, 3), -1)]),
    (hypot_copysign, [(R(3, 4), 0.3 + np.abs(R(3, 4)))]),
    (fmax_fmin, [(R(3, 4), R(3, 4))]),
    (remainder, [(R(3, 4) * 5, np.abs(R(3, 4)) + 0.5)]),
    (float_power, [(np.abs(R(3, 4)) + 0.2, R(3, 4)), (np.abs(R(3, 4)) + 0.2, 3)]),
    (logaddexp2, [(R(3, 4), R(4))]),
    (sinc, [(R(3, 4),)]),
    (nan_to_num, [(R(3, 4),)]),
    (ldexp, [(R(3, 4), np.array([0, 1, -2, 3]))]),
    (deg2rad_square, [(R(3, 4),)]),
    (vander, [(R(4), 3), (R(3), 5)]),
    (vander_square, [(R(3),)]),
    (trapezoid, [(R(4, 3), np.sort(R(3)))]),
    (cov, [(R(3, 5), True, 1), (R(5, 3), False, 0), (R(3, 5), True, 2)]),
    (cov_weights, [(R(3, 5), np.array([1, 2, 1, 3, 1]), np.abs(R(5)) + 0.1)]),
    (cov_aweights, [(R(3, 5), np.abs(R(5)) + 0.1)]),
    (corrcoef, [(R(3, 5),)]),
    (det_batched, [(R(2, 3, 3),)]),
    (slogdet_batched, [(R(2, 3, 3),)]),
    (inv_batched, [(SPD,)]),
    (solve_batched, [(SPD, R(2, 3, 2)), (SPD, R(2, 3, 1))]),
    (pinv_hermitian, [(R(3, 3),)]),
    (multi_dot, [(R(2, 3), R(3, 4), R(4, 2)), (R(3), R(3, 4), R(4))]),
    (matrix_power, [(R(2, 3, 3), n) for n in (0, 1, 2, 3, -1, -2)]),
    (lstsq, [(R(5, 3), R(5, 2))]),
    (eigvalsh, [(R(2, 3, 3),)]),
    (svdvals, [(R(2, 3, 4),)]),
    (cond, [(R(3, 3),)]),
]

# the keyword values that are floats (an ord, a q, weights) are constants here, as in OpInfo
WRT = {vector_norm: (0,), matrix_norm: (0,), norm_flat: (0,), dist: (0, 1), quantile: (0,),
       quantile_discrete: (0,), quantile_all: (0,), cov_weights: (0,), cov_aweights: (0,)}
