# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: realistic physics/PDE and linear-algebra programs."""
import math

import numpy as np
from harness import Case


# ---------------- physics / PDE
def heat_roll(u0, kappa, steps=5):
    u = u0.copy()
    for _ in range(steps):
        lap = np.roll(u, 1) + np.roll(u, -1) - 2 * u
        u = u + kappa * lap
    return np.sum(u ** 2)


def heat_2d_roll(u0, kappa):
    u = u0
    for _ in range(3):
        lap = (np.roll(u, 1, axis=0) + np.roll(u, -1, axis=0) + np.roll(u, shift=1, axis=1)
               + np.roll(u, shift=-1, axis=1) - 4 * u)
        u = u + kappa * lap
    return np.sum(u * u0)


def heat_inplace(u0, kappa):
    u = u0.copy()
    for _ in range(4):
        un = u.copy()
        u[1:-1] = un[1:-1] + kappa * (un[2:] - 2 * un[1:-1] + un[:-2])
        u[0] = u[1]
        u[-1] = u[-2]
    return np.sum(u ** 3)


def wave_leapfrog(u0, v0, c=0.5):
    up = u0 - v0 * 0.1
    u = u0.copy()
    for _ in range(4):
        p = np.pad(u, 1, mode='edge')
        un = 2 * u - up + c ** 2 * (p[2:] - 2 * p[1:-1] + p[:-2])
        up, u = u, un
    return np.sum(u ** 2) + 0.5 * np.sum(up)


def pad_modes(a):
    return (np.sum(np.pad(a, 2, mode='reflect') ** 2) + np.sum(np.pad(a, (1, 2), mode='wrap') * 1.5)
            + np.sum(np.pad(a, ((0, 1),), mode='constant', constant_values=0.5) ** 3)
            + np.sum(np.pad(a, 1, mode='symmetric')[::-1] * np.arange(a.size + 2)))


def pad_2d(u):
    p = np.pad(u, ((1, 1), (0, 2)), mode='edge')
    return np.sum(p[:-2, :] * p[2:, :])


def neg_step(a):
    b = a[::-1]
    c = a[-1:0:-2]
    d = a[5:1:-1]
    return np.sum(b * a) + np.sum(c ** 2) + np.sum(d * a[:4])


def diff_n(a):
    return np.sum(np.diff(a, n=2, axis=0) ** 2) + np.sum(np.diff(a, axis=-1) ** 2) + np.sum(np.diff(a[0], prepend=0.0) ** 2)


def newton_sqrt(a, tol=1e-12):
    x = a
    while abs(x * x - a) > tol:
        x = 0.5 * (x + a / x)
    return x


def fixed_point_vec(b, A):
    x = np.zeros_like(b)
    for it in range(100):
        xn = A @ x + b
        if np.linalg.norm(xn - x) < 1e-12:
            break
        x = xn
    return np.sum(x ** 2)


def norms(a, v):
    return (np.linalg.norm(a) + np.linalg.norm(a, ord='fro') + np.linalg.norm(a, axis=1).sum()
            + np.linalg.norm(v, ord=1) + np.linalg.norm(v, ord=3) + np.linalg.norm(a, ord=2)
            + np.linalg.norm(a, axis=0, keepdims=True).sum() + np.linalg.norm(v, np.inf))


def nbody_energy(pos, m):
    n = pos.shape[0]
    ke = 0.0
    pe = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            r = np.linalg.norm(pos[i] - pos[j])
            pe -= m[i] * m[j] / r
    ke += 0.5 * np.sum(m[:, None] * pos ** 2)
    return ke + pe


def nbody_vec(pos, m):
    d = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(d ** 2, axis=-1) + np.eye(pos.shape[0])
    inv = 1.0 / np.sqrt(r2)
    np.fill_diagonal(inv, 0.0)
    return -0.5 * np.einsum('i,j,ij->', m, m, inv)


def verlet(x0, v0, k, dt=0.05):
    x, v = x0, v0
    a = -k * np.sin(x)
    for _ in range(6):
        x = x + v * dt + 0.5 * a * dt ** 2
        an = -k * np.sin(x)
        v = v + 0.5 * (a + an) * dt
        a = an
    return np.sum(x) + np.sum(v ** 2)


def rk4_decay(y0, k):
    def f(y):
        return -k * y + np.sin(y)
    y = y0
    h = 0.1
    for _ in range(5):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return np.sum(y ** 2)


def ising_mf(J, h):
    m = np.full(J.shape[0], 0.1)
    for _ in range(20):
        m = np.tanh(J @ m + h)
    return np.sum(m)


# ---------------- linear algebra
def solve_lstsq(A, b):
    x = np.linalg.solve(A @ A.T + np.eye(3), b)
    y, *_ = np.linalg.lstsq(A, b, rcond=None)
    return np.sum(x ** 2) + np.sum(y)


def pinv_fit(X, y):
    w = np.linalg.pinv(X) @ y
    return np.sum((X @ w - y) ** 2) + np.sum(w ** 2)


def eigh_uplo(A):
    S = A + A.T
    w, V = np.linalg.eigh(S, UPLO='U')
    w2 = np.linalg.eigvalsh(np.triu(S), UPLO='U')
    return w[-1] + np.sum(V[:, 0] ** 4) + w2.sum() * 0.5


def svd_thin(A):
    U, s, Vt = np.linalg.svd(A, full_matrices=False)
    r = (U[:, :2] * s[:2]) @ Vt[:2]
    return np.sum(s ** 2) + np.sum((A - r) ** 2) + s[0]


def qr_det_inv(A):
    Q, R = np.linalg.qr(A)
    d = np.linalg.det(A)
    Ai = np.linalg.inv(A)
    return np.sum(np.abs(np.diag(R))) + d + np.trace(Ai) + np.sum(Q[:, 0] ** 2 * np.arange(3))


def mpow_kron(A, B):
    P = np.linalg.matrix_power(A, 3)
    K = np.kron(A, B)
    return np.sum(P) + np.sum(K ** 2) + np.sum(np.outer(A[0], B[:, 1]))


def einsum_tricks(A, B, v):
    t = np.einsum('ii->', A)
    d = np.einsum('ii->i', A)
    e = np.einsum('...ij,...jk->...ik', B, A)
    f = np.einsum('ij,j', A, v)
    g = np.einsum('bij,bij->b', B, B)
    return t + d @ v + np.sum(e ** 2) + f.sum() + g.sum()


def tensordot_axes(A, T):
    a = np.tensordot(A, T, axes=([0, 1], [1, 2]))
    b = np.tensordot(A, A, axes=2)
    c = np.tensordot(T, A.T, axes=1)
    return np.sum(a ** 2) + b + np.sum(c)


def matmul_1d(A, v, w):
    return v @ A @ w + (A @ v) @ w + np.sum(v @ A) + w @ w


def trace_offsets(A):
    return (np.trace(A, offset=1) + np.trace(A, offset=-1) + np.sum(np.diagonal(A, offset=1) ** 2)
            + np.sum(np.triu(A, k=1) ** 2) + np.sum(np.tril(A, k=-1)) + np.sum(np.diag(A, k=-1) * 2))


def cholesky_solve(L, b):
    S = L @ L.T + 3 * np.eye(L.shape[0])
    C = np.linalg.cholesky(S)
    z = np.linalg.solve(C, b)
    return z @ z + 2 * np.sum(np.log(np.diag(C)))


def power_iteration(A, v0):
    S = A @ A.T
    v = v0 / np.linalg.norm(v0)
    for _ in range(30):
        w = S @ v
        v = w / np.linalg.norm(w)
    return v @ S @ v


def gram_schmidt(A):
    Q = []
    for j in range(A.shape[1]):
        v = A[:, j]
        for q in Q:
            v = v - (q @ A[:, j]) * q
        Q.append(v / np.linalg.norm(v))
    Q = np.stack(Q, axis=1)
    return np.sum(Q * np.arange(1.0, 1.0 + Q.size).reshape(Q.shape))


def batched_solve(A, b):
    M = A + 4 * np.eye(3)
    x = np.linalg.solve(M, b[..., None])[..., 0]
    return np.sum(x ** 2) + np.sum(np.linalg.det(M))


def sq(*shape):
    return lambda r: (r.standard_normal(shape),)


CASES = [
    Case(heat_roll, lambda r: (r.standard_normal(8), 0.2), loops=True),
    Case(heat_2d_roll, lambda r: (r.standard_normal((4, 5)), 0.1), loops=True),
    Case(heat_inplace, lambda r: (r.standard_normal(7), 0.2), loops=True),
    Case(wave_leapfrog, lambda r: (r.standard_normal(6), r.standard_normal(6)), loops=True),
    Case(pad_modes, sq(5)),
    Case(pad_2d, sq(3, 4)),
    Case(neg_step, sq(6)),
    Case(diff_n, sq(4, 5)),
    Case(newton_sqrt, lambda r: (float(r.uniform(1, 4)),), loops=True),
    Case(fixed_point_vec, lambda r: (r.standard_normal(3), r.standard_normal((3, 3)) * 0.2), loops=True),
    Case(norms, lambda r: (r.standard_normal((3, 4)), r.standard_normal(5))),
    Case(nbody_energy, lambda r: (r.standard_normal((4, 3)), r.uniform(.5, 2, 4)), loops=True),
    Case(nbody_vec, lambda r: (r.standard_normal((4, 3)), r.uniform(.5, 2, 4))),
    Case(verlet, lambda r: (r.standard_normal(3), r.standard_normal(3), 1.5), loops=True),
    Case(rk4_decay, lambda r: (r.standard_normal(3), 0.7), loops=True),
    Case(ising_mf, lambda r: (r.standard_normal((4, 4)) * 0.3, r.standard_normal(4) * 0.3), loops=True),
    Case(solve_lstsq, lambda r: (r.standard_normal((3, 4)), r.standard_normal(3))),
    Case(pinv_fit, lambda r: (r.standard_normal((5, 3)), r.standard_normal(5))),
    Case(eigh_uplo, sq(4, 4)),
    Case(svd_thin, sq(4, 3)),
    Case(qr_det_inv, lambda r: (r.standard_normal((3, 3)) + 2 * np.eye(3),)),
    Case(mpow_kron, lambda r: (r.standard_normal((2, 2)), r.standard_normal((2, 3)))),
    Case(einsum_tricks, lambda r: (r.standard_normal((3, 3)), r.standard_normal((2, 3, 3)), r.standard_normal(3))),
    Case(tensordot_axes, lambda r: (r.standard_normal((2, 3)), r.standard_normal((4, 2, 3)))),
    Case(matmul_1d, lambda r: (r.standard_normal((3, 3)), r.standard_normal(3), r.standard_normal(3))),
    Case(trace_offsets, sq(4, 4)),
    Case(cholesky_solve, lambda r: (r.standard_normal((3, 3)), r.standard_normal(3))),
    Case(power_iteration, lambda r: (np.diag([3.0, 1.0, 0.5]) + 0.1 * r.standard_normal((3, 3)), r.uniform(.5, 1, 3)), loops=True),
    Case(gram_schmidt, lambda r: (r.standard_normal((4, 3)),), loops=True),
    Case(batched_solve, lambda r: (r.standard_normal((2, 3, 3)), r.standard_normal((2, 3)))),
]
