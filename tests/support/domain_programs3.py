"""Realistic programs (third set): optimal transport, Gaussian processes, dynamic programming
in log space, contrastive and focal losses, Monte Carlo paths, chaotic integrators, graph
assembly, PDE stencils with rotating buffers, iterative solvers, value iteration, rolling
statistics (tests/compat/test_domain_programs.py)."""

import numpy as np
from scipy.special import logsumexp


def sinkhorn_log(a, b, C, eps=0.5, tol=1e-10):
    f = np.zeros_like(a)
    g = np.zeros_like(b)
    err = 1.0
    it = 0
    while err > tol and it < 500:
        f_new = eps * np.log(a) - eps * logsumexp((g[None, :] - C) / eps, axis=1)
        g = eps * np.log(b) - eps * logsumexp((f_new[:, None] - C) / eps, axis=0)
        err = np.max(np.abs(f_new - f))
        f = f_new
        it += 1
    P = np.exp((f[:, None] + g[None, :] - C) / eps)
    return np.sum(P * C)


def gp_neg_log_lik(X, y, ell, sf, sn):
    d2 = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    K = sf ** 2 * np.exp(-0.5 * d2 / ell ** 2) + sn ** 2 * np.eye(len(y))
    L = np.linalg.cholesky(K)
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return 0.5 * y @ alpha + np.sum(np.log(np.diag(L))) + 0.5 * len(y) * np.log(2 * np.pi)


def soft_dtw(x, y, gamma=0.5):
    n, m = len(x), len(y)
    R = np.full((n + 1, m + 1), np.inf)
    R[0, 0] = 0.0
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            cost = (x[i - 1] - y[j - 1]) ** 2
            prev = np.array([R[i - 1, j - 1], R[i - 1, j], R[i, j - 1]])
            mn = np.min(prev)
            softmin = mn - gamma * np.log(np.sum(np.exp(-(prev - mn) / gamma)))
            R[i, j] = cost + softmin
    return R[n, m]


def hmm_log_forward(log_pi, log_A, log_B, obs):
    alpha = log_pi + log_B[:, obs[0]]
    for t in range(1, len(obs)):
        alpha = np.logaddexp.reduce(alpha[:, None] + log_A, axis=0) + log_B[:, obs[t]]
    return logsumexp(alpha)


def info_nce(Z1, Z2, tau=0.2):
    Z1 = Z1 / np.linalg.norm(Z1, axis=1, keepdims=True)
    Z2 = Z2 / np.linalg.norm(Z2, axis=1, keepdims=True)
    S = Z1 @ Z2.T / tau
    idx = np.arange(S.shape[0])
    return -np.mean(S[idx, idx] - logsumexp(S, axis=1))


def focal_loss(logits, labels, gamma=2.0, alpha=0.25):
    p = 1.0 / (1.0 + np.exp(-logits))
    pt = np.where(labels == 1, p, 1 - p)
    at = np.where(labels == 1, alpha, 1 - alpha)
    return -np.sum(at * (1 - pt) ** gamma * np.log(pt))


def label_smoothing_xent(logits, labels, smooth=0.1):
    n, k = logits.shape
    target = np.full((n, k), smooth / (k - 1))
    target[np.arange(n), labels] = 1.0 - smooth
    logp = logits - logsumexp(logits, axis=1, keepdims=True)
    return -np.sum(target * logp) / n


def asian_option_mc(S0, sigma, Z, r=0.02, T=1.0, K=100.0):
    n = Z.shape[1]
    dt = T / n
    increments = (r - 0.5 * sigma ** 2) * dt + sigma * np.sqrt(dt) * Z
    paths = S0 * np.exp(np.cumsum(increments, axis=1))
    payoff = np.maximum(paths.mean(axis=1) - K, 0.0)
    return np.exp(-r * T) * payoff.mean()


def lorenz_euler(state0, sigma, rho, beta, dt=0.005, steps=30):
    s = state0.copy()
    for _ in range(steps):
        x, y, z = s
        ds = np.array([sigma * (y - x), x * (rho - z) - y, x * y - beta * z])
        s[:] = s + dt * ds
    return np.sum(s ** 2)


def graph_laplacian_energy(x, edges, w):
    n = x.shape[0]
    L = np.zeros((n, n))
    i, j = edges[:, 0], edges[:, 1]
    np.add.at(L, (i, j), -w)
    np.add.at(L, (j, i), -w)
    np.add.at(L, (i, i), w)
    np.add.at(L, (j, j), w)
    return x @ L @ x + np.sum(w ** 2)


def adam_inner_loop(w0, X, y, lr=0.05, steps=5):
    w = w0.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, steps + 1):
        g = X.T @ (X @ w - y) / len(y)
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        mhat = m / (1 - 0.9 ** t)
        vhat = v / (1 - 0.999 ** t)
        w -= lr * mhat / (np.sqrt(vhat) + 1e-8)
    return np.sum((X @ w - y) ** 2)


def welford_variance(x):
    mean = 0.0
    m2 = 0.0
    for k, v in enumerate(x, start=1):
        delta = v - mean
        mean += delta / k
        m2 += delta * (v - mean)
    return m2 / (len(x) - 1) + mean ** 2


def conv1d_valid_relu(x, kernel, bias):
    out = np.convolve(x, kernel[::-1], mode="valid") + bias
    h = np.where(out > 0, out, 0.01 * out)
    return np.sum(h ** 2)


def yield_curve_discount(rates, times, cashflows, grid):
    r = np.interp(times, grid, rates)
    return np.sum(cashflows * np.exp(-r * times))


def pca_top_eigen(X):
    Xc = X - X.mean(axis=0)
    C = Xc.T @ Xc / (X.shape[0] - 1)
    w, V = np.linalg.eigh(C)
    return w[-1] + w[-2] * 0.5


def wave_pingpong(u0, c=0.3, steps=6):
    u_prev = u0.copy()
    u = u0.copy()
    u_next = np.zeros_like(u0)
    for _ in range(steps):
        u_next[1:-1] = 2 * u[1:-1] - u_prev[1:-1] + c * (u[2:] - 2 * u[1:-1] + u[:-2])
        u_prev, u, u_next = u, u_next, u_prev
    return np.sum(u ** 2) + np.sum(u_prev)


def heat2d_inplace(T0, k=0.1, steps=4):
    T = T0.copy()
    for _ in range(steps):
        lap = T[2:, 1:-1] + T[:-2, 1:-1] + T[1:-1, 2:] + T[1:-1, :-2] - 4 * T[1:-1, 1:-1]
        T[1:-1, 1:-1] += k * lap
    return np.sum(T ** 2)


def pairwise_forces_scatter(pos, q, pairs):  # (np.subtract.at: since hunt46)
    F = np.zeros_like(pos)
    d = pos[pairs[:, 0]] - pos[pairs[:, 1]]
    r2 = np.sum(d ** 2, axis=1, keepdims=True) + 0.1
    f = q[pairs[:, 0], None] * q[pairs[:, 1], None] * d / r2 ** 1.5
    np.add.at(F, pairs[:, 0], f)
    np.subtract.at(F, pairs[:, 1], f)
    return np.sum(F ** 2)


def upwind_advection(u0, v, steps=5, dx=0.1, dt=0.02):
    u = u0.copy()
    for _ in range(steps):
        flux = np.where(v > 0, v * u, v * np.roll(u, -1))
        u = u - dt / dx * (flux - np.roll(flux, 1))
    return np.sum(u ** 2)


def jacobi_poisson(f, iters=10):
    n = f.shape[0]
    u = np.zeros(n + 2)
    for _ in range(iters):
        u_new = u.copy()
        u_new[1:-1] = 0.5 * (u[:-2] + u[2:] + 0.01 * f)
        u = u_new
    return np.sum(u ** 2)


def gauss_seidel(f, iters=6):
    n = f.shape[0]
    u = np.zeros(n + 2)
    for _ in range(iters):
        for i in range(1, n + 1):
            u[i] = 0.5 * (u[i - 1] + u[i + 1] + 0.01 * f[i - 1])
    return np.sum(u ** 3)


def value_iteration(R, P, gamma=0.9, iters=15):
    V = np.zeros(R.shape[0])
    for _ in range(iters):
        Q = R + gamma * P @ V
        V = np.max(Q, axis=1)
    return np.sum(V)


def cg_solve(A0, b, iters=2):  # (3 steps solve a 3x3 system: then 0 / 0)
    A = A0 @ A0.T + np.eye(len(b))
    x = np.zeros_like(b)
    r = b - A @ x
    p = r.copy()
    rs = r @ r
    for _ in range(iters):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        p = r + (rs_new / rs) * p
        rs = rs_new
    return np.sum(x ** 2)


def cumulative_max_drawdown(p):
    peak = np.maximum.accumulate(p)
    return np.max((peak - p) / peak)


def rolling_mean_stride(x, w=3):
    c = np.cumsum(np.concatenate([[0.0], x]))
    r = (c[w:] - c[:-w]) / w
    return np.sum(r ** 2)


def ewma_vectorized(x, alpha):
    n = len(x)
    wts = (1 - alpha) ** np.arange(n)[::-1]
    return np.sum(wts * x) / np.sum(wts)


def histogram_soft(x, centers, bw=0.5):
    w = np.exp(-0.5 * ((x[:, None] - centers[None]) / bw) ** 2)
    h = w.sum(0) / w.sum()
    return -np.sum(h * np.log(h + 1e-12))
