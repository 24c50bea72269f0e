# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: batched linear algebra and broadcasting matmul/einsum (stacks of small problems)."""
import numpy as np
from harness import Case

I3 = np.eye(3)


def spd(A):
    return A @ np.swapaxes(A, -1, -2) + 3 * I3


def batched_solve_vec(A, b):
    x = np.linalg.solve(spd(A), b[..., None])[..., 0]
    y = np.linalg.solve(spd(A)[0], b[0])
    return np.sum(x ** 2) + np.sum(y)


def batched_inv_det(A):
    S = spd(A)
    return np.sum(np.linalg.inv(S)) + np.sum(np.log(np.linalg.det(S))) + np.sum(np.linalg.slogdet(S)[1] ** 2)


def batched_eigh(A):
    w, V = np.linalg.eigh(spd(A))
    return np.sum(w[..., -1]) + np.sum(V[..., 0] ** 4) + np.sum(np.linalg.eigvalsh(spd(A)) ** 2)


def batched_svd_qr(A):
    s = np.linalg.svd(A, compute_uv=False)
    U, s2, Vt = np.linalg.svd(A, full_matrices=False)
    Q, R = np.linalg.qr(A)
    return np.sum(s) + np.sum(s2 ** 2) + np.sum(np.abs(U[..., 0, :]) ** 3) + np.sum(np.abs(np.diagonal(R, axis1=-2, axis2=-1)))


def batched_chol_mpow(A):
    L = np.linalg.cholesky(spd(A))
    P = np.linalg.matrix_power(A, 2)
    return np.sum(L ** 2 * np.arange(9).reshape(3, 3)) + np.sum(P)


def batched_norms(A):
    return (np.sum(np.linalg.norm(A, axis=(1, 2))) + np.sum(np.linalg.norm(A, ord='nuc', axis=(-2, -1)))
            + np.sum(np.linalg.norm(A, ord=2, axis=(1, 2))) + np.sum(np.linalg.norm(A, ord=np.inf, axis=(1, 2))))


def batched_pinv(A):
    return np.sum(np.linalg.pinv(A) ** 2)


def bcast_matmul(A, B):
    C = A[:, None] @ B
    D = np.matmul(A, B[0])
    return np.sum(C ** 2) + np.sum(D)


def bcast_einsum(A, M, v):
    a = np.einsum('...ij,jk->...ik', A, M)
    b = np.einsum('bij,j->bi', A, v)
    c = np.einsum('bii->b', A)
    d = np.einsum('bij,bkj->bik', A, A)
    return np.sum(a ** 2) + np.sum(b) + np.sum(c ** 2) + np.sum(d)


def tensordot_lists(A, M):
    t = np.tensordot(A, M, axes=([2], [0]))
    u = np.tensordot(A, A, axes=([0, 2], [0, 2]))
    return np.sum(t ** 2) + np.trace(u)


CASES = [
    Case(batched_solve_vec, lambda r: (r.standard_normal((2, 3, 3)), r.standard_normal((2, 3)))),
    Case(batched_inv_det, lambda r: (r.standard_normal((2, 3, 3)),)),
    Case(batched_eigh, lambda r: (r.standard_normal((2, 3, 3)),)),
    Case(batched_svd_qr, lambda r: (r.standard_normal((2, 4, 3)),)),
    Case(batched_chol_mpow, lambda r: (r.standard_normal((2, 3, 3)),)),
    Case(batched_norms, lambda r: (r.standard_normal((2, 3, 3)),)),
    Case(batched_pinv, lambda r: (r.standard_normal((2, 4, 3)),)),
    Case(bcast_matmul, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((5, 4, 2)))),
    Case(bcast_einsum, lambda r: (r.standard_normal((2, 3, 3)), r.standard_normal((3, 2)), r.standard_normal(3))),
    Case(tensordot_lists, lambda r: (r.standard_normal((2, 3, 4)), r.standard_normal((4, 2)))),
]
