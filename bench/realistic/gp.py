"""Negative log marginal likelihood of a Gaussian process with a squared-exponential kernel
(200 points in 2-d), by Cholesky factorisation.  Differentiated: log length scale, log
signal and log noise standard deviations (floats)."""
import numpy as np

from . import _common

WRT = (0, 1, 2)
N, DIM = 200, 2


def make_inputs(rng):
    X = rng.uniform(-2.0, 2.0, (N, DIM))
    y = np.sin(X[:, 0]) * np.cos(X[:, 1]) + 0.1 * rng.standard_normal(N)
    return -0.2, 0.1, -1.5, X, y


def primal(log_ell, log_sf, log_sn, X, y):
    d2 = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    K = np.exp(2 * log_sf) * np.exp(-0.5 * d2 / np.exp(2 * log_ell))
    K = K + np.exp(2 * log_sn) * np.eye(N)
    L = np.linalg.cholesky(K)
    alpha = np.linalg.solve(L.T, np.linalg.solve(L, y))
    return (0.5 * np.dot(y, alpha) + np.sum(np.log(np.diag(L)))
            + 0.5 * N * np.log(2 * np.pi))


def hand_grad(log_ell, log_sf, log_sn, X, y):
    d2 = np.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    E = np.exp(2 * log_sf) * np.exp(-0.5 * d2 / np.exp(2 * log_ell))
    K = E + np.exp(2 * log_sn) * np.eye(N)
    L = np.linalg.cholesky(K)
    Linv = np.linalg.inv(L)
    Kinv = Linv.T @ Linv
    alpha = Kinv @ y
    W = 0.5 * (Kinv - np.outer(alpha, alpha))     # d nll / d K
    g_ell = np.sum(W * E * d2) / np.exp(2 * log_ell)
    g_sf = 2.0 * np.sum(W * E)
    g_sn = 2.0 * np.exp(2 * log_sn) * np.trace(W)
    return g_ell, g_sf, g_sn


def _generic_loss(xp, log_ell, log_sf, log_sn, X, y):
    d2 = xp.sum((X[:, None, :] - X[None, :, :]) ** 2, axis=-1)
    K = xp.exp(2 * log_sf) * xp.exp(-0.5 * d2 / xp.exp(2 * log_ell))
    K = K + xp.exp(2 * log_sn) * xp.eye(N)
    L = xp.linalg.cholesky(K)
    alpha = xp.linalg.solve(L.T, xp.linalg.solve(L, y))
    return (0.5 * xp.sum(y * alpha) + xp.sum(xp.log(xp.diag(L)))
            + 0.5 * N * np.log(2 * np.pi))


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
