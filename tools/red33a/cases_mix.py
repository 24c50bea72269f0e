# ruff: noqa: E501, E402, BLE001, E741
"""red33a: small whole programs mixing the idioms (a scientist's script turned function)."""
import math

import numpy as np
from harness import Case


def implicit_euler_newton(k, y0):
    """Stiff decay y' = -k (y - cos t) by implicit Euler; each step solves with Newton and a while."""
    y, t, h = y0, 0.0, 0.1
    for _ in range(8):
        t += h
        z = y
        r = 1.0
        while abs(r) > 1e-13:
            r = z - y + h * k * (z - math.cos(t))
            z -= r / (1 + h * k)
        y = z
    return y


def lu_doolittle(A, b):
    """Doolittle LU without pivoting written with element loops, then the two solves."""
    n = b.size
    M = A + n * np.eye(n)
    L = np.eye(n)
    U = np.zeros((n, n))
    for i in range(n):
        for j in range(i, n):
            U[i, j] = M[i, j] - L[i, :i] @ U[:i, j]
        for j in range(i + 1, n):
            L[j, i] = (M[j, i] - L[j, :i] @ U[:i, i]) / U[i, i]
    y = np.zeros(n)
    for i in range(n):
        y[i] = b[i] - L[i, :i] @ y[:i]
    x = np.zeros(n)
    for i in reversed(range(n)):
        x[i] = (y[i] - U[i, i + 1:] @ x[i + 1:]) / U[i, i]
    return np.sum(x ** 2)


def thomas_tridiagonal(a, d):
    """Thomas algorithm with lists for the modified coefficients."""
    n = d.size
    b = 4.0 + a ** 2
    c = [0.0] * n
    e = [0.0] * n
    c[0] = -1.0 / b[0]
    e[0] = d[0] / b[0]
    for i in range(1, n):
        m = b[i] + c[i - 1]
        c[i] = -1.0 / m
        e[i] = (d[i] + e[i - 1]) / m
    x = [0.0] * n
    x[-1] = e[-1]
    for i in range(n - 2, -1, -1):
        x[i] = e[i] - c[i] * x[i + 1]
    return sum(xi * xi for xi in x)


def cholesky_manual(A):
    """Cholesky by hand with math.sqrt on the diagonal; log-determinant out."""
    n = A.shape[0]
    S = A @ A.T + n * np.eye(n)
    L = np.zeros_like(S)
    for j in range(n):
        L[j, j] = math.sqrt(S[j, j] - np.dot(L[j, :j], L[j, :j]))
        for i in range(j + 1, n):
            L[i, j] = (S[i, j] - np.dot(L[i, :j], L[j, :j])) / L[j, j]
    return 2 * sum(math.log(L[i, i]) for i in range(n))


def logistic_map_lyapunov(r):
    """Lyapunov-like average of log|f'(x)| along a logistic-map orbit (r in a regular window)."""
    x = 0.3
    acc = 0.0
    for i in range(60):
        x = r * x * (1 - x)
        if i >= 20:
            acc += math.log(abs(r * (1 - 2 * x)))
    return acc / 40


def newton_system_2d(p):
    """Newton on a 2x2 nonlinear system, np.linalg.solve per step, stop on the step norm."""
    x = np.array([1.0, 1.0])
    for _ in range(30):
        F = np.array([x[0] ** 2 + x[1] ** 2 - p[0], x[0] - x[1] ** 3 - p[1]])
        J = np.array([[2 * x[0], 2 * x[1]], [1.0, -3 * x[1] ** 2]])
        dx = np.linalg.solve(J, F)
        x = x - dx
        if np.linalg.norm(dx) < 1e-14:
            break
    return x[0] * 2 + x[1]


def gradient_descent_history(w0, X, y):
    """A training loop keeping a history list and returning the best loss seen (min builtin)."""
    w = w0.copy()
    hist = []
    for step in range(6):
        r = X @ w - y
        loss = float(r @ r) / len(y)
        hist.append(loss)
        w -= 0.1 * 2 * X.T @ r / len(y)
    return min(hist) + 0.1 * hist[-1]


def markov_stationary(logits):
    """Stationary distribution of a row-softmax transition matrix by repeated squaring."""
    P = np.exp(logits)
    P /= P.sum(axis=1, keepdims=True)
    Q = P.copy()
    for _ in range(6):
        Q = Q @ Q
    pi = Q[0]
    return np.sum(pi * np.arange(1, pi.size + 1))


def ewma_dict_state(prices, alpha):
    """A state dict updated in a loop (mean and variance of an EWMA)."""
    state = {"m": prices[0], "v": 0.0}
    for p in prices[1:]:
        diff = p - state["m"]
        incr = alpha * diff
        state["m"] = state["m"] + incr
        state["v"] = (1 - alpha) * (state["v"] + diff * incr)
    return state["m"] + math.sqrt(state["v"])


def spline_eval_manual(ys, x):
    """Natural cubic spline on a uniform grid: second derivatives by a hand tridiagonal solve,
    evaluation with np.searchsorted-free floor indexing."""
    n = ys.size
    h = 1.0 / (n - 1)
    rhs = 6 * (ys[2:] - 2 * ys[1:-1] + ys[:-2]) / h ** 2
    Mint = np.linalg.solve(4 * np.eye(n - 2) + np.eye(n - 2, k=1) + np.eye(n - 2, k=-1), rhs)
    M = np.concatenate([[0.0], Mint, [0.0]])
    i = np.minimum((x / h).astype(int), n - 2)
    t = x - i * h
    a = (M[i + 1] - M[i]) / (6 * h)
    b = M[i] / 2
    c = (ys[i + 1] - ys[i]) / h - h * (2 * M[i] + M[i + 1]) / 6
    return np.sum(ys[i] + t * (c + t * (b + t * a)))


def simpson_vector(a, b):
    """Composite Simpson's rule with slices (odd/even weights)."""
    n = 10
    t = np.linspace(0.0, b, n + 1)
    f = np.exp(-a * t) * np.sin(3 * t)
    hh = b / n
    return hh / 3 * (f[0] + 4 * np.sum(f[1:-1:2]) + 2 * np.sum(f[2:-1:2]) + f[-1])


def particle_bounce(v0, g):
    """A ball bouncing: `if` on the sign of the height, velocity flipped and damped."""
    y, v = 1.0, v0
    dt = 0.01
    for _ in range(150):
        v -= g * dt
        y += v * dt
        if y < 0:
            y = -y
            v = -0.8 * v
    return y + 0.1 * v


def em_gaussian_mixture(x, mu0):
    """EM for a two-component 1-D mixture (equal variances), a fixed number of steps."""
    mu = mu0.copy()
    pi = np.array([0.5, 0.5])
    for _ in range(5):
        logp = -0.5 * (x[:, None] - mu[None, :]) ** 2 + np.log(pi)
        logp -= logp.max(axis=1, keepdims=True)
        r = np.exp(logp)
        r /= r.sum(axis=1, keepdims=True)
        nk = r.sum(axis=0)
        mu = (r * x[:, None]).sum(axis=0) / nk
        pi = nk / x.size
    return np.sum(mu ** 2) + pi[0]


def knn_soft_regression(Xtr, ytr, xq):
    """Kernel regression with the k nearest points chosen by argsort (indices constant)."""
    d2 = np.sum((Xtr - xq) ** 2, axis=1)
    nn = np.argsort(d2)[:3]
    w = np.exp(-d2[nn])
    return np.sum(w * ytr[nn]) / np.sum(w)


def cg_solver(A, b):
    """Conjugate gradients on an SPD matrix, a fixed number of iterations (n)."""
    S = A @ A.T + np.eye(b.size)
    x = np.zeros_like(b)
    r = b - S @ x
    p = r.copy()
    rs = r @ r
    for _ in range(b.size):
        Ap = S @ p
        alpha = rs / (p @ Ap)
        x += alpha * p
        r -= alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        rs = rs_new
    return np.sum(x * b)


def tuple_state_integrator(params):
    """A SIR epidemic integrated with a state tuple and unpacking each step."""
    beta, gamma = params
    S, I, R = 0.99, 0.01, 0.0
    dt = 0.5
    peak = 0.0
    for _ in range(40):
        dS = -beta * S * I
        dI = beta * S * I - gamma * I
        S, I, R = S + dt * dS, I + dt * dI, R + dt * gamma * I
        peak = max(peak, I)
    return R + peak


CASES = [
    Case(implicit_euler_newton, lambda r: (float(r.uniform(1, 20)), float(r.uniform(0, 2))), loops=True),
    Case(lu_doolittle, lambda r: (r.standard_normal((4, 4)), r.standard_normal(4)), loops=True),
    Case(thomas_tridiagonal, lambda r: (r.standard_normal(5), r.standard_normal(5)), loops=True),
    Case(cholesky_manual, lambda r: (r.standard_normal((3, 3)),), loops=True),
    Case(logistic_map_lyapunov, lambda r: (float(r.uniform(3.2, 3.4)),), loops=True, tol=1e-4),
    Case(newton_system_2d, lambda r: (np.array([2.0, 0.2]) + r.uniform(-.1, .1, 2),), loops=True, tol=1e-4),
    Case(gradient_descent_history, lambda r: (r.standard_normal(2), r.standard_normal((6, 2)), r.standard_normal(6)), loops=True),
    Case(markov_stationary, lambda r: (r.standard_normal((3, 3)),), loops=True, tol=1e-4),
    Case(ewma_dict_state, lambda r: (r.uniform(90, 110, 6), float(r.uniform(0.1, 0.5))), loops=True),
    Case(spline_eval_manual, lambda r: (r.standard_normal(6), r.uniform(0.01, 0.99, 5))),
    Case(simpson_vector, lambda r: (float(r.uniform(0.5, 2)), float(r.uniform(1, 3)))),
    Case(particle_bounce, lambda r: (float(r.uniform(-1, 1)), float(r.uniform(8, 11))), loops=True, tol=1e-4),
    Case(em_gaussian_mixture, lambda r: (np.concatenate([r.normal(-1, .5, 4), r.normal(1.5, .5, 4)]), np.array([-0.5, 0.5])), loops=True),
    Case(knn_soft_regression, lambda r: (r.standard_normal((6, 2)), r.standard_normal(6), r.standard_normal(2))),
    Case(cg_solver, lambda r: (r.standard_normal((4, 4)), r.standard_normal(4)), loops=True, tol=1e-4),
    Case(tuple_state_integrator, lambda r: (np.array([0.5, 0.1]) + r.uniform(-.05, .05, 2),), loops=True),
]
