# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: keyword/positional variants and in-place idioms inside realistic code."""
import functools

import numpy as np
import scipy.linalg as sla
import scipy.special as sps
from harness import Case


def array_of_floats(a, b):
    M = np.array([[a, b], [b, 2 * a]])
    v = np.asarray([a, b * b, 1.0])
    return np.linalg.det(M) + np.sum(v ** 2) + float(np.sum(M))


def rows_scaled(A):
    B = A.copy()
    for row in B:
        row *= 2.0
    for i, row in enumerate(B):
        B[i] = row / row.sum()
    return np.sum(B ** 2)


def swap_cols(A):
    B = A.copy()
    B[:, [0, 2]] = B[:, [2, 0]]
    B[[0, 1]] = B[[1, 0]] * 2
    return np.sum(B * np.arange(B.size).reshape(B.shape))


def fib_swap(a, b):
    for _ in range(5):
        a, b = b, a + 0.5 * b
    return a * b


def transpose_store(A):
    B = A.copy()
    T = B.T
    T[0] = 1.0
    return np.sum(B ** 2) + np.sum(T[1] * 3)


def sort_method(x):
    y = x.copy()
    y.sort()
    return np.sum(y * np.arange(y.size))


def reduce_map(mats, v):
    P = functools.reduce(np.dot, mats)
    hs = list(map(np.tanh, mats))
    return v @ P @ v + sum(np.sum(h) for h in hs)


def positional_axes(x):
    return (np.sum(x.sum(0) ** 2) + np.sum(x.mean(-1) ** 2) + np.sum(np.sum(x, 1) ** 3) + np.sum(np.linalg.norm(x, 2, 1))
            + np.sum(np.std(x, 0, None, None, 1)) + np.sum(np.cumsum(x, None) * 0.1) + np.sum(np.max(x, 0)))


def clip_kw(x):
    return np.sum(np.clip(x, a_min=None, a_max=1.0) ** 2) + np.sum(np.clip(x, 0, None)) + np.sum(x.clip(-0.5, 0.5) ** 3)


def concat_kw(a, b):
    c = np.concatenate([a, b], axis=None)
    s = np.stack([a, b], axis=-1)
    p, q, r = np.split(a, [1, 3], axis=1)
    return np.sum(c ** 2 * np.arange(c.size)) + np.sum(s[..., 0] * s[..., 1]) + np.sum(p) + np.sum(q ** 2) + np.sum(r ** 3)


def roll_tuple_flip(x):
    r = np.roll(x, (1, 2), axis=(0, 1))
    f = np.flip(x, axis=(0, 1))
    g = np.rot90(x, k=1)
    h = np.fliplr(x)
    return np.sum(r * np.arange(x.size).reshape(x.shape)) + np.sum(f * x) + np.sum(g[0] ** 2) + np.sum(h[:, 0] * 2)


def diff_append(x, y):
    return np.sum(np.diff(x, append=y[:1]) ** 2) + np.sum(np.diff(x, prepend=y[-2:]) ** 2)


def pad_exotic(x):
    return (np.sum(np.pad(x, ((1, 0), (0, 1)), mode='linear_ramp', end_values=0.3) ** 2)
            + np.sum(np.pad(x, 1, mode='maximum') * 1.5) + np.sum(np.pad(x, 2, mode='mean') ** 2))


def gradient_coords(y, t):
    a = np.gradient(y, t)
    b = np.gradient(y, t, edge_order=2)
    return np.sum(a ** 2) + np.sum(b)


def gradient_axes(u):
    gx = np.gradient(u, 0.1, axis=1)
    g0, g1 = np.gradient(u, 0.1, 0.2)
    return np.sum(gx ** 2) + np.sum(g0 * g1)


def trapz_2d(y, t):
    return np.sum(np.trapezoid(y, t, axis=0) ** 2) + np.trapezoid(y[0], dx=0.2)


def average_2d(a, w):
    return np.sum(np.average(a, axis=0, weights=w) ** 2) + np.average(a, weights=w)


def cov_two(x, y, w):
    C = np.cov(x, y)
    D = np.cov(np.vstack([x, y]), aweights=w)
    E = np.cov(np.vstack([x, y]), fweights=np.array([1, 2, 1, 3, 1]))
    R = np.corrcoef(x, y)
    return np.sum(C ** 2) + np.sum(D) + np.sum(E ** 2) + R[0, 1]


def quantile_axis(x):
    return (np.sum(np.quantile(x, [0.25, 0.75], axis=1, method='midpoint') ** 2)
            + np.sum(np.percentile(x, 50, axis=0, keepdims=True) * x) + np.sum(np.var(x, axis=0, ddof=1, keepdims=True) * x))


def lse_tuple_axis(a):
    return sps.logsumexp(a, axis=(0, 1)) + np.sum(sps.logsumexp(a, axis=-1) ** 2)


def einsum_more(a, A):
    return (np.einsum('i,i->', a, a) + np.sum(np.einsum('ij->ji', A) * np.arange(9).reshape(3, 3))
            + np.sum(np.einsum('...i,...i', A, A)) + np.sum(np.tensordot(a, a, axes=0) ** 2) + np.einsum('ij,ij', A, A.T))


def linalg_batch(A, B):
    M = A + 3 * np.eye(3)
    X = np.linalg.solve(M[0], B)
    I = np.linalg.inv(M)
    s, ld = np.linalg.slogdet(M - 6 * np.eye(3))
    sv = np.linalg.svd(M[1], compute_uv=False)
    R = np.linalg.qr(M[0], mode='r')
    Q2, R2 = np.linalg.qr(M[1], mode='complete')
    return np.sum(X ** 2) + np.sum(I) + np.sum(s * ld) + np.sum(sv) + np.sum(np.abs(np.diag(R))) + np.sum(np.abs(np.diag(R2)))


def eigh_nonsym(A):
    w, V = np.linalg.eigh(A)
    w2 = np.linalg.eigvalsh(A, UPLO='U')
    return w[-1] + w[0] * 2 + np.sum(w2 ** 2) + np.sum(V[:, -1] ** 4)


def chol_nonsym(A):
    L = np.linalg.cholesky(A + 4 * np.eye(3))
    return np.sum(L ** 2 * np.arange(9).reshape(3, 3))


def scipy_chol_nonsym(A):
    L = sla.cholesky(A + 4 * np.eye(3), lower=True)
    c, low = sla.cho_factor(A + 4 * np.eye(3), lower=True)
    U = sla.cholesky(A + 4 * np.eye(3))
    return np.sum(L ** 2 * np.arange(9).reshape(3, 3)) + np.sum(U * 1.5) + np.sum(np.tril(c) ** 2)


def scipy_eigh_nonsym(A):
    w = sla.eigh(A, eigvals_only=True)
    w2, V = sla.eigh(A, lower=False)
    return np.sum(w * np.arange(3)) + w2[0] + np.sum(V[:, 0] ** 4)


def sym_from_triu(A):
    T = np.triu(A, 1)
    S = T + T.T + np.diag(np.diag(A))
    return np.sum(np.linalg.eigvalsh(S) ** 3)


def inplace_arg(x, w):
    x = x * 1.0
    x -= 0.1 * w
    x /= np.linalg.norm(x)
    return np.sum(x * w)


def broadcast_none(x, y):
    d = x[None, :, None] - y[:, None, None]
    return np.sum(np.exp(-d ** 2)) + np.sum(x[:, np.newaxis] * y)


def mean_keep_inplace(x):
    m = np.mean(x, axis=0, keepdims=True)
    m *= 2.0
    s = x.std(axis=1, keepdims=True)
    s += 1.0
    return np.sum((x - m) / s)


def where_tuple(x):
    i, j = np.where(x > 0.3)
    return np.sum(x[i, j] ** 2) + np.sum(x[np.nonzero(x < -0.3)])


def chain_assign(x):
    a = b = x * 2
    b = b + 1
    c = d = np.zeros(3)
    c[0] = x[0]
    return np.sum(a * b) + np.sum(d ** 2)


def ravel_view_store(A):
    B = A.copy()
    v = B.reshape(-1)
    v[::2] *= 2.0
    B.ravel()[1] = 0.0
    return np.sum(B ** 2)


CASES = [
    Case(array_of_floats, lambda r: (float(r.uniform(1, 2)), float(r.uniform(0.2, 0.5)))),
    Case(rows_scaled, lambda r: (r.uniform(.5, 1.5, (3, 4)),)),
    Case(swap_cols, lambda r: (r.standard_normal((3, 3)),)),
    Case(fib_swap, lambda r: (float(r.uniform(.5, 1)), float(r.uniform(.5, 1))), loops=True),
    Case(transpose_store, lambda r: (r.standard_normal((3, 2)),)),
    Case(sort_method, lambda r: (r.permutation(np.linspace(-1, 1, 6)) + r.uniform(-.01, .01, 6),)),
    Case(reduce_map, lambda r: ([r.standard_normal((2, 2)) for _ in range(3)], r.standard_normal(2))),
    Case(positional_axes, lambda r: (r.standard_normal((3, 4)),)),
    Case(clip_kw, lambda r: (np.array([-0.8, -0.2, 0.3, 0.7, 1.4]) + r.uniform(-.05, .05, 5),)),
    Case(concat_kw, lambda r: (r.standard_normal((2, 4)), r.standard_normal((2, 4)))),
    Case(roll_tuple_flip, lambda r: (r.standard_normal((3, 4)),)),
    Case(diff_append, lambda r: (r.standard_normal(5), r.standard_normal(3))),
    Case(pad_exotic, lambda r: (np.array([[0.1, 0.9, -0.4], [0.5, -1.2, 0.3]]) + r.uniform(-.02, .02, (2, 3)),)),
    Case(gradient_coords, lambda r: (r.standard_normal(6), np.cumsum(r.uniform(.2, .6, 6)))),
    Case(gradient_axes, lambda r: (r.standard_normal((4, 5)),)),
    Case(trapz_2d, lambda r: (r.standard_normal((5, 3)), np.cumsum(r.uniform(.2, .6, 5))), wrt=0),
    Case(average_2d, lambda r: (r.standard_normal((3, 4)), r.uniform(.5, 2, (3, 4)))),
    Case(cov_two, lambda r: (r.standard_normal(5), r.standard_normal(5), r.uniform(.5, 2, 5))),
    Case(quantile_axis, lambda r: (r.permutation(np.linspace(-2, 2, 12)).reshape(3, 4) + r.uniform(-.01, .01, (3, 4)),)),
    Case(lse_tuple_axis, lambda r: (r.standard_normal((2, 3)),)),
    Case(einsum_more, lambda r: (r.standard_normal(3), r.standard_normal((3, 3)))),
    Case(linalg_batch, lambda r: (r.standard_normal((2, 3, 3)) * .5, r.standard_normal((3, 2)))),
    Case(eigh_nonsym, lambda r: (r.standard_normal((3, 3)),)),
    Case(chol_nonsym, lambda r: (r.standard_normal((3, 3)),)),
    Case(scipy_chol_nonsym, lambda r: (r.standard_normal((3, 3)),)),
    Case(scipy_eigh_nonsym, lambda r: (r.standard_normal((3, 3)),)),
    Case(sym_from_triu, lambda r: (r.standard_normal((3, 3)),)),
    Case(inplace_arg, lambda r: (r.standard_normal(4), r.standard_normal(4))),
    Case(broadcast_none, lambda r: (r.standard_normal(3), r.standard_normal(2))),
    Case(mean_keep_inplace, lambda r: (r.standard_normal((3, 4)),)),
    Case(where_tuple, lambda r: (np.array([[0.5, -0.8, 0.1], [0.9, 0.0, -0.5]]) + r.uniform(-.05, .05, (2, 3)),)),
    Case(chain_assign, lambda r: (r.standard_normal(3),)),
    Case(ravel_view_store, lambda r: (r.standard_normal((2, 3)),)),
]
