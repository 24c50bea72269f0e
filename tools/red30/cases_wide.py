# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: a wider API surface (special functions, index tricks, stores, less common NumPy calls)."""
import math

import numpy as np
import scipy.linalg as sla
import scipy.special as sps
from harness import Case

IDX = np.array([0, 2, 2, 4, 1])


def special_zoo(x):
    return np.sum(sps.gammaln(x) + sps.digamma(x) + sps.xlogy(x, x + 1) + sps.betaln(x, 2.0) + sps.log_ndtr(x - 1)
                  + sps.erfc(x) + sps.logit(x / 4) + sps.log_expit(x) + sps.entr(x) + sps.rel_entr(x, 1.5) + sps.xlog1py(x, x))


def special_softmax(z):
    return np.sum(sps.softmax(z, axis=1) * np.arange(z.shape[1])) + np.sum(sps.log_softmax(z, axis=0)[0])


def math_zoo(a, b):
    return (math.gamma(a) + math.lgamma(b) + math.erfc(a - b) + math.log10(a) + math.log2(b) + math.copysign(a, -1.0)
            + math.atan(a) + math.asinh(b) + math.tanh(a) + math.cosh(a / 3) + math.log1p(a) + math.expm1(b / 4) + math.degrees(a) + math.fabs(a - b)
            + math.prod([a, b, 2.0]) + math.dist((a, b), (0.0, 1.0)))


def scipy_la(A, b):
    L = np.tril(A) + 3 * np.eye(3)
    x = sla.solve_triangular(L, b, lower=True)
    S = A @ A.T + np.eye(3)
    c, low = sla.cho_factor(S)
    y = sla.cho_solve((c, low), b)
    E = sla.expm(0.3 * A)
    return np.sum(x ** 2) + np.sum(y) + np.sum(E) + sla.det(S)


def add_at_bincount(x, w):
    acc = np.zeros(5)
    np.add.at(acc, IDX, x)
    b = np.bincount(IDX, weights=w, minlength=5)
    return np.sum(acc ** 2) + np.sum(b * acc)


def mask_index(x):
    pos = x[x > 0]
    x2 = x.copy()
    x2[x2 < 0] = 0.0
    x3 = np.where(x > 0)[0]
    return np.sum(pos ** 2) + np.sum(x2 * x) + np.sum(x[x3])


def triu_indices_pairs(X):
    D = np.sum((X[:, None] - X[None]) ** 2, axis=-1)
    iu = np.triu_indices(X.shape[0], k=1)
    return np.sum(np.sqrt(D[iu]))


def meshgrid_ix(a, b):
    A, B = np.meshgrid(a, b, indexing='ij')
    C, D = np.meshgrid(a, b)
    M = np.outer(a, b)
    sub = M[np.ix_([0, 2], [1, 2])]
    return np.sum(A * B) + np.sum(C ** 2 * D) + np.sum(sub)


def put_along(x):
    y = x.copy()
    i = np.argmax(x, axis=1)[:, None]
    np.put_along_axis(y, i, 0.0, axis=1)
    return np.sum(y ** 2) + np.sum(np.take_along_axis(x, i, axis=1))


def out_kw(a, b):
    c = np.empty_like(a)
    np.multiply(a, b, out=c)
    np.add(c, 1.0, out=c)
    d = np.exp(a, out=np.empty_like(a))
    return np.sum(c ** 2) + np.sum(d)


def reverse_cumsum(x):
    r = np.cumsum(x[::-1])[::-1]
    p = np.cumprod(x, axis=0)
    return np.sum(r * x) + np.sum(p)


def neg_step_store(x):
    y = np.zeros(6)
    y[::-1] = x
    y[1::2] += x[:3] * 2
    y[4:0:-2] *= 3.0
    return np.sum(y ** 2)


def fft_misc(x):
    F = np.fft.fft(x)
    s = np.fft.fftshift(np.abs(F))
    g = np.fft.ifft(F * np.conj(F)).real
    h = np.real(np.fft.ifft(np.fft.fft(x, axis=0)))
    return np.sum(s * np.arange(x.size)) + np.sum(g[:3]) + np.sum(h * x)


def interp_kw(x, yp):
    xp = np.array([0.0, 0.5, 1.0, 1.5])
    a = np.interp(x, xp, yp, left=0.0, right=2.0)
    b = np.interp(x, xp, yp, period=2.0)
    return np.sum(a ** 2) + np.sum(b)


def poly_vander(c, x):
    v = np.polyval(c, x)
    V = np.vander(x, 3)
    w = np.polynomial.polynomial.polyval(x, c)
    return np.sum(v ** 2) + np.sum(V @ c) + np.sum(w)


def nan_funcs(x):
    y = np.where(np.arange(x.size) % 3 == 0, np.nan, x)
    return np.nansum(y ** 2) + np.nanmean(y) + np.nanmax(y) + np.sum(np.nan_to_num(y, nan=0.5) * x)


def methods_kw(a, b):
    return (a.clip(min=-0.5).sum() + a.cumsum(axis=1)[:, -1].sum() + a.dot(b).sum() + a.prod(axis=0).sum()
            + a.std(ddof=1) + a.max(axis=1, keepdims=True).sum() + a.flatten()[2] + a.trace() + a.mean(axis=(0, 1)))


def arith_int(x):
    k = np.arange(x.size)
    return np.sum(x * k + x % 1.0 + (x // 1.0) * x + x ** k + np.float_power(x, 2.5) + np.cbrt(x) + np.hypot(x, k) + np.arctan2(x, k + 1))


def dots(a, b, M):
    return np.inner(a, b) + np.vdot(a, b) + np.sum(np.cross(a, b) ** 2) + np.linalg.multi_dot([M, M.T, M]).sum() + np.dot(M, a).sum()


def shapes_misc(a, v):
    b = np.atleast_2d(v)
    c = np.broadcast_to(v, (3, v.size))
    blk = np.block([[a, a], [a, 2 * a]])
    d = np.diagflat(v)
    e = np.diag(v) @ c.T
    return np.sum(b ** 2) + np.sum(c * a[:, :v.size]) + np.sum(blk ** 2) + np.sum(d) + np.sum(e ** 2)


def select_piece(x):
    s = np.select([x < -0.5, x > 0.5], [x ** 2, np.sin(x)], default=x)
    p = np.piecewise(x, [x < 0, x >= 0], [lambda t: -t, lambda t: t ** 3])
    return np.sum(s) + np.sum(p)


def sort_axis0(x):
    s = np.sort(x, axis=0)
    t = np.sort(x, axis=None)
    u = np.partition(x.ravel(), 3)[3]
    return np.sum(s * np.arange(s.shape[0])[:, None]) + np.sum(t[-2:]) + u


def argmax_index(x, W):
    i = np.argmax(x)
    j = int(np.argmin(x))
    return np.sum(W[i] ** 2) + W[j, 0] * x[i] + x.max() * x[j]


def sum_axes_tuple(a):
    return np.sum(np.sum(a, axis=(0, 2)) ** 2) + np.sum(np.prod(a, axis=1, keepdims=True)) + np.sum(np.max(a, axis=(1, 2)))


def einsum_opt(A, B, C):
    return np.einsum('ij,jk,kl->il', A, B, C, optimize=True).sum() + np.einsum('ij,ij->', A, A, optimize='greedy')


def copyto_fill(a, b):
    c = np.zeros_like(a)
    np.copyto(c, b)
    c[0].fill(0.5)
    d = np.full_like(a, 2.0) * a
    return np.sum(c * a) + np.sum(d ** 2)


def linalg_more(A):
    S = A @ A.T + np.eye(3)
    n1 = np.linalg.norm(A, ord='nuc')
    n2 = np.linalg.norm(A, ord=-np.inf)
    n3 = np.linalg.norm(A, ord=1)
    c = np.linalg.cond(S)
    ev = np.linalg.eigvals(S).real
    return n1 + n2 + n3 + c + np.sum(ev ** 2)


def pairwise_loop(X):
    n = len(X)
    total = 0.0
    for i in range(n):
        for j in range(n):
            if i != j:
                total += 1.0 / np.linalg.norm(X[i] - X[j])
    return total


def stencil_2d_inplace(u0):
    u = u0.copy()
    for _ in range(3):
        u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    return np.sum(u ** 2)


def matrix_inplace_ops(A):
    B = A.copy()
    B += B.T
    B[np.diag_indices(3)] += 1.0
    B[:, 0] /= 2.0
    B[1] -= B[0]
    B **= 2
    return np.sum(B)


def while_tol(x0):
    x = x0
    it = 0
    while True:
        xn = np.cos(x)
        it += 1
        if np.max(np.abs(xn - x)) < 1e-13 or it > 200:
            break
        x = xn
    return np.sum(xn)


def complex_ops(x, y):
    z = x + 1j * y
    w = z * z + np.exp(z)
    return np.sum(np.abs(w) ** 2) + np.sum(np.angle(z)) + np.sum(w.real) + np.sum(np.imag(w))


CASES = [
    Case(special_zoo, lambda r: (r.uniform(.5, 3, 5),)),
    Case(special_softmax, lambda r: (r.standard_normal((3, 4)),)),
    Case(math_zoo, lambda r: (float(r.uniform(1, 2)), float(r.uniform(2.5, 3.5)))),
    Case(scipy_la, lambda r: (r.standard_normal((3, 3)) * .5, r.standard_normal(3))),
    Case(add_at_bincount, lambda r: (r.standard_normal(5), r.standard_normal(5))),
    Case(mask_index, lambda r: (np.array([0.5, -1.0, 1.5, -0.3, 0.8, 2.0]) + r.uniform(-.05, .05, 6),)),
    Case(triu_indices_pairs, lambda r: (r.standard_normal((4, 2)),)),
    Case(meshgrid_ix, lambda r: (r.standard_normal(3), r.standard_normal(3))),
    Case(put_along, lambda r: (np.array([[1.0, 3.0, 2.0], [4.0, 0.0, 1.0]]) + r.uniform(-.1, .1, (2, 3)),)),
    Case(out_kw, lambda r: (r.standard_normal(4), r.standard_normal(4))),
    Case(reverse_cumsum, lambda r: (r.standard_normal(5),)),
    Case(neg_step_store, lambda r: (r.standard_normal(6),)),
    Case(fft_misc, lambda r: (r.standard_normal(8),)),
    Case(interp_kw, lambda r: (np.array([-0.3, 0.2, 0.7, 1.3, 1.7]) + r.uniform(-.05, .05, 5), r.standard_normal(4))),
    Case(poly_vander, lambda r: (r.standard_normal(3), r.standard_normal(4))),
    Case(nan_funcs, lambda r: (np.array([0.1, 0.5, 3.0, 0.2, -1.0, 0.3]) + r.uniform(-.05, .05, 6),)),
    Case(methods_kw, lambda r: (r.standard_normal((3, 3)), r.standard_normal((3, 2)))),
    Case(arith_int, lambda r: (r.uniform(1.1, 1.9, 5),)),
    Case(dots, lambda r: (r.standard_normal(3), r.standard_normal(3), r.standard_normal((3, 3)))),
    Case(shapes_misc, lambda r: (r.standard_normal((3, 3)), r.standard_normal(2))),
    Case(select_piece, lambda r: (np.array([-1.0, -0.3, 0.2, 0.9, 1.4]) + r.uniform(-.05, .05, 5),)),
    Case(sort_axis0, lambda r: (r.permutation(np.linspace(-2, 2, 12)).reshape(4, 3),)),
    Case(argmax_index, lambda r: (np.array([0.1, 2.0, -1.0, 0.5]) + r.uniform(-.05, .05, 4), r.standard_normal((4, 3)))),
    Case(sum_axes_tuple, lambda r: (r.uniform(.5, 1.5, (2, 3, 4)),)),
    Case(einsum_opt, lambda r: (r.standard_normal((2, 3)), r.standard_normal((3, 4)), r.standard_normal((4, 2)))),
    Case(copyto_fill, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)))),
    Case(linalg_more, lambda r: (r.standard_normal((3, 3)),)),
    Case(pairwise_loop, lambda r: (r.standard_normal((4, 2)),), loops=True),
    Case(stencil_2d_inplace, lambda r: (r.standard_normal((5, 5)),), loops=True),
    Case(matrix_inplace_ops, lambda r: (r.standard_normal((3, 3)),)),
    Case(while_tol, lambda r: (r.uniform(0, 1, 3),), loops=True),
    Case(complex_ops, lambda r: (r.standard_normal(3), r.standard_normal(3))),
]
