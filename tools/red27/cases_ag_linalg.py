# ruff: noqa: E501, E402, BLE001
"""Programs in the spirit of HIPS/autograd tests/test_linalg.py, rewritten."""
import numpy as np
from harness import Case

R = np.random.default_rng(9)
B8 = R.standard_normal((5, 4))
B1 = R.standard_normal(5)
A6 = R.standard_normal((4, 4)) + 4 * np.eye(4)
B33 = R.standard_normal((3, 4))
B333 = R.standard_normal((3, 4, 2))
Z = R.standard_normal(5)


def sym(A):
    L = np.tril(A)
    return (L + np.swapaxes(L, -1, -2)) / 2.0


def psd(r, d, k=None):
    m = r.standard_normal((d, d)) if k is None else r.standard_normal((k, d, d))
    return m @ np.swapaxes(m, -1, -2) + d * np.eye(d)


def inv_(x):
    return np.linalg.inv(x)


def solve_a(a):
    return np.linalg.solve(a, B8)


def solve_a1(a):
    return np.linalg.solve(a, B1)


def solve_b(b):
    return np.linalg.solve(A6, b)


def solve_batch(a):
    return np.linalg.solve(a, B33[..., None])[..., 0]


def solve_batch_mat(a):
    return np.linalg.solve(a, B333)


def det_(x):
    return np.linalg.det(x)


def slogdet_(x):
    sign, logdet = np.linalg.slogdet(x)
    return logdet


def slogdet_batch(x):
    return np.sum(np.linalg.slogdet(x)[1])


def norm2(x):
    return np.linalg.norm(x)


def norm_axes01(x):
    return np.linalg.norm(x, axis=(0, 1))


def norm_ord3(x):
    return np.linalg.norm(x, ord=3)


def norm_ord4(x):
    return np.linalg.norm(x, ord=4)


def norm_ax2(x):
    return np.linalg.norm(x, axis=2)


def norm_inf(x):
    return np.linalg.norm(x, ord=np.inf)


def norm_nuc(x):
    return np.linalg.norm(x, ord='nuc')


def norm_two_mat(x):
    return np.linalg.norm(x, ord=2)


def eigh_sym(x):
    w, v = np.linalg.eigh(sym(x))
    return w, v * v


def eigh_vals(x):
    w, v = np.linalg.eigh(sym(x))
    return w ** 2


def eigh_direct(x):
    w, v = np.linalg.eigh(x)
    return w * np.arange(1.0, 5.0)


def eigvalsh_direct(x):
    return np.linalg.eigvalsh(x) * np.arange(1.0, 5.0)


def eigh_upper(x):
    w, v = np.linalg.eigh(x, 'U')
    return w * np.arange(1.0, 5.0)


def chol_sym(x):
    return np.linalg.cholesky(sym(x))


def chol_direct(x):
    return np.linalg.cholesky(x)


def chol_upper(x):
    return np.linalg.cholesky(x, upper=True)


def chol_reparam(A):
    z = np.dot(np.linalg.cholesky(sym(A)), Z)
    return np.linalg.norm(z)


def svd_wide(x):
    u, s, v = np.linalg.svd(x, full_matrices=False)
    return s, np.abs(u[:, 0]) * 0 + u[:, 0] ** 2, v[0] ** 2


def svd_s(x):
    return np.linalg.svd(x, compute_uv=False)


def svd_full(x):
    u, s, v = np.linalg.svd(x)
    return s * np.arange(1.0, 1.0 + s.size)


def pinv_(x):
    return np.linalg.pinv(x)


def lstsq_(a, b):
    return np.linalg.lstsq(a, b, rcond=None)[0]


def matrix_power_(x):
    return np.linalg.matrix_power(x, 3)


def qr_(x):
    q, r = np.linalg.qr(x)
    return r * r, q * q


def eig_gen(x):
    w = np.linalg.eigvals(x)
    return np.real(w)


def multi_dot_(a, b, c):
    return np.linalg.multi_dot([a, b, c])


def trace_inv_quad(L, y):
    K = L @ L.T + np.eye(4)
    alpha = np.linalg.solve(K, y)
    return 0.5 * y @ alpha + 0.5 * np.linalg.slogdet(K)[1]


def chol_solve_gp(L, y):
    K = L @ L.T + 0.5 * np.eye(4)
    C = np.linalg.cholesky(K)
    a = np.linalg.solve(C, y)
    return 0.5 * np.sum(a ** 2) + np.sum(np.log(np.diag(C)))


def cond_(x):
    return np.linalg.cond(x)


def matrix_rank_used(x):
    r = np.linalg.matrix_rank(x)
    return x * r


def kron_inv(x):
    return np.linalg.inv(np.kron(x, np.eye(2)) + 3 * np.eye(6))


def tensorsolve_(a):
    return np.linalg.tensorsolve(a, B1[:4].reshape(2, 2))


def inv_batch(x):
    return np.linalg.inv(x)


def det_batch(x):
    return np.linalg.det(x)


def einsum_quad(x, A):
    return np.einsum('i,ij,j->', x, A, x)


CASES = [
    Case(inv_, lambda r: (r.standard_normal((5, 5)) + 5 * np.eye(5),)),
    Case(inv_batch, lambda r: (r.standard_normal((3, 4, 4)) + 5 * np.eye(4),)),
    Case(solve_a, lambda r: (r.standard_normal((5, 5)) + 5 * np.eye(5),)),
    Case(solve_a1, lambda r: (r.standard_normal((5, 5)) + 5 * np.eye(5),)),
    Case(solve_b, lambda r: (r.standard_normal((4, 3)),)),
    Case(solve_b, lambda r: (r.standard_normal(4),), note="vec"),
    Case(solve_batch, lambda r: (r.standard_normal((3, 4, 4)) + 5 * np.eye(4),)),
    Case(solve_batch_mat, lambda r: (r.standard_normal((3, 4, 4)) + 5 * np.eye(4),)),
    Case(det_, lambda r: (r.standard_normal((4, 4)),)),
    Case(det_batch, lambda r: (r.standard_normal((3, 3, 3)),)),
    Case(slogdet_, lambda r: (r.standard_normal((4, 4)),)),
    Case(slogdet_batch, lambda r: (psd(r, 4, 3),)),
    Case(norm2, lambda r: (r.standard_normal(6),)), Case(norm2, lambda r: (r.standard_normal((4, 3)),), note="fro"),
    Case(norm_axes01, lambda r: (r.standard_normal((4, 3, 2)),)),
    Case(norm_ord3, lambda r: (r.standard_normal(6),)), Case(norm_ord4, lambda r: (r.standard_normal(6),)),
    Case(norm_ax2, lambda r: (r.standard_normal((4, 3, 2)),)),
    Case(norm_inf, lambda r: (r.standard_normal(6),)),
    Case(norm_inf, lambda r: (r.standard_normal((3, 4)),), note="matrix"),
    Case(norm_nuc, lambda r: (r.standard_normal((4, 3)),)),
    Case(norm_two_mat, lambda r: (r.standard_normal((4, 3)),)),
    Case(eigh_sym, lambda r: (psd(r, 4),)), Case(eigh_vals, lambda r: (psd(r, 4),)),
    Case(eigh_direct, lambda r: (psd(r, 4),)), Case(eigvalsh_direct, lambda r: (psd(r, 4),)),
    Case(eigh_direct, lambda r: (psd(r, 4) + np.triu(r.standard_normal((4, 4)), 1),), note="unsym"),
    Case(eigh_upper, lambda r: (psd(r, 4) + np.tril(r.standard_normal((4, 4)), -1),), note="unsym"),
    Case(chol_sym, lambda r: (psd(r, 4),)), Case(chol_direct, lambda r: (psd(r, 4),)),
    Case(chol_direct, lambda r: (psd(r, 4) + np.triu(r.standard_normal((4, 4)), 1),), note="unsym"),
    Case(chol_direct, lambda r: (psd(r, 3, 2),), note="batch"),
    Case(chol_upper, lambda r: (psd(r, 4),)),
    Case(chol_reparam, lambda r: (psd(r, 5),)),
    Case(svd_wide, lambda r: (r.standard_normal((3, 5)),)),
    Case(svd_wide, lambda r: (r.standard_normal((5, 3)),), note="tall"),
    Case(svd_s, lambda r: (r.standard_normal((5, 3)),)), Case(svd_s, lambda r: (r.standard_normal((2, 5, 3)),), note="batch"),
    Case(svd_full, lambda r: (r.standard_normal((5, 3)),)),
    Case(pinv_, lambda r: (r.standard_normal((5, 3)),)),
    Case(lstsq_, lambda r: (r.standard_normal((5, 3)), r.standard_normal(5))),
    Case(matrix_power_, lambda r: (r.standard_normal((3, 3)),)),
    Case(qr_, lambda r: (r.standard_normal((5, 3)),)),
    Case(eig_gen, lambda r: (r.standard_normal((3, 3)) + np.diag([1.0, 3.0, 5.0]),)),
    Case(multi_dot_, lambda r: (r.standard_normal((2, 3)), r.standard_normal((3, 4)), r.standard_normal((4, 2)))),
    Case(trace_inv_quad, lambda r: (r.standard_normal((4, 4)), r.standard_normal(4))),
    Case(chol_solve_gp, lambda r: (r.standard_normal((4, 4)), r.standard_normal(4))),
    Case(cond_, lambda r: (r.standard_normal((3, 3)) + 3 * np.eye(3),)),
    Case(matrix_rank_used, lambda r: (r.standard_normal((3, 3)),)),
    Case(kron_inv, lambda r: (r.standard_normal((3, 3)),)),
    Case(tensorsolve_, lambda r: (r.standard_normal((2, 2, 2, 2)) + 3 * np.eye(4).reshape(2, 2, 2, 2),)),
    Case(einsum_quad, lambda r: (r.standard_normal(3), r.standard_normal((3, 3)))),
]
