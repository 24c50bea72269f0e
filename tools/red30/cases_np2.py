# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: NumPy 2 array-API names used as people start to write them."""
import numpy as np
from harness import Case


def vnorm(x):
    return (np.sum(np.linalg.vector_norm(x, axis=1)) + np.linalg.vector_norm(x, ord=1) + np.linalg.vector_norm(x, ord=np.inf)
            + np.sum(np.linalg.vector_norm(x, ord=3, axis=0, keepdims=True) * x) + np.linalg.vector_norm(x, axis=(0, 1)))


def mnorm(A):
    return np.linalg.matrix_norm(A) + np.linalg.matrix_norm(A, ord='nuc') + np.linalg.matrix_norm(A, ord=2) + np.linalg.matrix_norm(A, ord=1, keepdims=True).sum()


def vecdots(a, b):
    return np.sum(np.vecdot(a, b)) + np.sum(np.linalg.vecdot(a, b, axis=0) ** 2) + np.sum(np.vecdot(a, b, axis=-1) * 2)


def cumulative(x):
    s = np.cumulative_sum(x, axis=1, include_initial=True)
    p = np.cumulative_prod(x[0])
    return np.sum(s ** 2) + np.sum(p) + np.sum(np.cumulative_sum(x[1], include_initial=False))


def api_aliases(a, b):
    c = np.concat([a, b], axis=0)
    d = np.permute_dims(c, (1, 0))
    e = np.matrix_transpose(a)
    f = np.pow(np.abs(a) + 1.0, 1.5)
    g = np.acos(np.tanh(b) * 0.5) + np.atan2(a, b + 3.0) + np.asinh(a)
    return np.sum(d ** 2 * np.arange(d.size).reshape(d.shape)) + np.sum(e * a.T) + np.sum(f) + np.sum(g)


def linalg_ns(A, v, w):
    return (np.linalg.trace(A, offset=1) + np.sum(np.linalg.diagonal(A, offset=-1) ** 2) + np.sum(np.linalg.outer(v, w) ** 2)
            + np.sum(np.linalg.cross(v, w) ** 2) + np.sum(np.linalg.svdvals(A)) + np.sum(np.linalg.matmul(A, v))
            + np.sum(np.linalg.tensordot(A, A, axes=1)) + np.sum(np.linalg.matrix_transpose(A)[0] * v))


def var_correction(x):
    m = x.mean(axis=0, keepdims=True)
    return np.sum(np.var(x, axis=0, correction=1)) + np.std(x, correction=1.5) + np.sum(np.var(x, axis=0, mean=m, keepdims=True))


def sort_stable_unstack(x):
    s = np.sort(x, axis=1, stable=True)
    a, b = np.unstack(x, axis=0)[:2]
    return np.sum(s * np.arange(s.shape[1])) + np.sum(a * b)


def astype_fn(x):
    return np.sum(np.astype(x, np.float64) ** 2) + np.sum(x.astype(np.float64, copy=False) * 3)


CASES = [
    Case(vnorm, lambda r: (r.standard_normal((3, 4)),)),
    Case(mnorm, lambda r: (r.standard_normal((3, 3)),)),
    Case(vecdots, lambda r: (r.standard_normal((3, 4)), r.standard_normal((3, 4)))),
    Case(cumulative, lambda r: (r.uniform(.5, 1.5, (2, 4)),)),
    Case(api_aliases, lambda r: (r.standard_normal((2, 3)), r.standard_normal((2, 3)))),
    Case(linalg_ns, lambda r: (r.standard_normal((3, 3)), r.standard_normal(3), r.standard_normal(3))),
    Case(var_correction, lambda r: (r.standard_normal((4, 3)),)),
    Case(sort_stable_unstack, lambda r: (r.permutation(np.linspace(-1, 1, 12)).reshape(3, 4),)),
    Case(astype_fn, lambda r: (r.standard_normal(4),)),
]
