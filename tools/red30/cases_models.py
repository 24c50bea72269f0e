# ruff: noqa: E501, E402, BLE001, W293, E741, F401
"""red30: whole small models as a scientist writes them (docstrings, helpers, loops)."""
import math

import numpy as np
import scipy.special as sps
from harness import Case


def kalman_loglik(q, r, ys):
    """Log-likelihood of a local-level model by the Kalman filter.

    Parameters
    ----------
    q, r : float
        Process and observation noise variances.
    """
    m, P, phi = 0.0, 1.0, 0.9  # an AR(1) state: x_t = phi x_{t-1} + noise
    ll = 0.0
    for t, y in enumerate(ys):
        m, P = phi * m, phi ** 2 * P + q
        S = P + r
        v = y - m
        ll -= 0.5 * (math.log(2 * math.pi * S) + v ** 2 / S)
        m += P / S * v
        P *= r / S
    return ll


def gp_marginal(log_ell, log_sf, X, y):
    """GP regression negative log marginal likelihood (RBF kernel)."""
    ell = np.exp(log_ell)
    sf2 = np.exp(2 * log_sf)
    d2 = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    K = sf2 * np.exp(-0.5 * d2 / ell ** 2) + 0.1 * np.eye(len(y))
    L = np.linalg.cholesky(K)
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return 0.5 * y @ alpha + np.sum(np.log(np.diag(L))) + 0.5 * len(y) * np.log(2 * np.pi)


def crank_nicolson(u0, kappa):
    """Heat equation, Crank-Nicolson, Dirichlet ends."""
    n = u0.size
    r = kappa * 0.5
    A = (1 + 2 * r) * np.eye(n) - r * np.eye(n, k=1) - r * np.eye(n, k=-1)
    B = (1 - 2 * r) * np.eye(n) + r * np.eye(n, k=1) + r * np.eye(n, k=-1)
    u = u0
    for _ in range(4):
        u = np.linalg.solve(A, B @ u)
    return np.sum(u ** 2)


def hmc_leapfrog(q0, p0, eps=0.1):
    """Leapfrog for a Gaussian-times-quartic potential; returns the Hamiltonian error."""
    def grad_U(q):
        return q + 0.1 * q ** 3

    def H(q, p):
        return np.sum(0.5 * q ** 2 + 0.025 * q ** 4) + 0.5 * p @ p
    q, p = q0.copy(), p0.copy()
    p = p - 0.5 * eps * grad_U(q)
    for i in range(5):
        q = q + eps * p
        if i != 4:
            p = p - eps * grad_U(q)
    p = p - 0.5 * eps * grad_U(q)
    return H(q, p) - H(q0, p0)


def gmm_loglik(X, means, log_w, log_s):
    """Log-likelihood of a 1-d Gaussian mixture."""
    w = log_w - sps.logsumexp(log_w)
    s = np.exp(log_s)
    z = (X[:, None] - means[None, :]) / s
    comp = w - 0.5 * z ** 2 - np.log(s) - 0.5 * np.log(2 * np.pi)
    return np.sum(sps.logsumexp(comp, axis=1))


def lotka_volterra(theta, x0):
    """Forward Euler for predator-prey; loss against a fixed target."""
    a, b, c, d = theta
    x, y = x0
    traj = []
    dt = 0.05
    for _ in range(20):
        dx = a * x - b * x * y
        dy = d * x * y - c * y
        x, y = x + dt * dx, y + dt * dy
        traj.append([x, y])
    T = np.array(traj)
    return np.sum((T - 1.0) ** 2)


def logistic_newton(w0, X, y):
    """Three Newton steps of logistic regression, then the loss."""
    w = w0
    for _ in range(3):
        p = sps.expit(X @ w)
        g = X.T @ (p - y) + 0.1 * w
        H = (X.T * (p * (1 - p))) @ X + 0.1 * np.eye(len(w))
        w = w - np.linalg.solve(H, g)
    p = sps.expit(X @ w)
    return -np.sum(y * np.log(p) + (1 - y) * np.log(1 - p))


class SpringChain:
    """Masses on springs.

    The energy is a sum over neighbours.
    """

    def __init__(self, k, rest):
        self.k = k
        self.rest = rest

    def energy(self, pos):
        """Spring energy.

        Uses np.diff along the chain.
        """
        d = np.linalg.norm(np.diff(pos, axis=0), axis=1)
        return 0.5 * self.k * np.sum((d - self.rest) ** 2)

    def relax(self, pos, steps=5, lr=0.05):
        for _ in range(steps):
            d = np.diff(pos, axis=0)
            n = np.linalg.norm(d, axis=1, keepdims=True)
            f = self.k * (n - self.rest) * d / n
            g = np.zeros_like(pos)
            g[:-1] -= f
            g[1:] += f
            pos = pos - lr * g
        return self.energy(pos)


CHAIN = SpringChain(2.0, 0.8)


def chain_energy(pos):
    return CHAIN.energy(pos)


def chain_relax(pos):
    return CHAIN.relax(pos)


def ray_sphere(o, d, c, rad=1.0):
    """Distance to a sphere along a ray, smooth branch only."""
    d = d / np.linalg.norm(d)
    oc = o - c
    b = oc @ d
    disc = b * b - (oc @ oc - rad ** 2)
    t = -b - np.sqrt(disc)
    hit = o + t * d
    n = (hit - c) / rad
    return t + np.sum(n * np.array([0.3, 0.5, 0.8]))


CASES = [
    Case(kalman_loglik, lambda r: (float(r.uniform(.1, .5)), float(r.uniform(.2, .8)), r.standard_normal(6)), wrt=(0, 1, 2), loops=True),
    Case(gp_marginal, lambda r: (float(r.uniform(-.3, .3)), float(r.uniform(-.3, .3)), r.standard_normal((5, 2)), r.standard_normal(5))),
    Case(crank_nicolson, lambda r: (r.standard_normal(6), 0.4), loops=True),
    Case(hmc_leapfrog, lambda r: (r.standard_normal(3), r.standard_normal(3)), loops=True),
    Case(gmm_loglik, lambda r: (r.standard_normal(6), np.array([-1.0, 0.0, 1.5]) + r.uniform(-.1, .1, 3), r.standard_normal(3) * .3, r.standard_normal(3) * .2)),
    Case(lotka_volterra, lambda r: (r.uniform(.5, 1.5, 4), r.uniform(.5, 1.5, 2)), loops=True),
    Case(logistic_newton, lambda r: (r.standard_normal(3) * .1, r.standard_normal((8, 3)), np.array([0., 1, 1, 0, 1, 0, 0, 1])), wrt=(0, 1), loops=True),
    Case(chain_energy, lambda r: (np.cumsum(r.uniform(.5, 1.2, (5, 2)), axis=0),)),
    Case(chain_relax, lambda r: (np.cumsum(r.uniform(.5, 1.2, (5, 2)), axis=0),), loops=True),
    Case(ray_sphere, lambda r: (np.array([0.0, 0.0, -5.0]) + r.uniform(-.1, .1, 3), np.array([0.05, 0.02, 1.0]) + r.uniform(-.02, .02, 3), r.uniform(-.2, .2, 3))),
]
