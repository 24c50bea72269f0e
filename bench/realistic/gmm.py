"""Log-likelihood of a diagonal Gaussian mixture (8 components, 4-d, 1000 points), with the
usual max-shifted log-sum-exp.  Differentiated: means, log standard deviations, logits."""
import numpy as np

from . import _common

WRT = (0, 1, 2)
N, D, K = 1000, 4, 8


def make_inputs(rng):
    mu = rng.standard_normal((K, D))
    log_s = 0.2 * rng.standard_normal((K, D))
    logits = 0.3 * rng.standard_normal(K)
    X = rng.standard_normal((N, D)) * 1.5
    return mu, log_s, logits, X


def primal(mu, log_s, logits, X):
    log_pi = logits - np.max(logits)
    log_pi = log_pi - np.log(np.sum(np.exp(log_pi)))
    s = np.exp(log_s)
    z = (X[:, None, :] - mu[None, :, :]) / s[None, :, :]         # (N, K, D)
    comp = -0.5 * np.sum(z ** 2, axis=-1) - np.sum(log_s, axis=-1) - 0.5 * D * np.log(2 * np.pi)
    a = log_pi + comp                                            # (N, K)
    amax = np.max(a, axis=1, keepdims=True)
    ll = amax[:, 0] + np.log(np.sum(np.exp(a - amax), axis=1))
    return -np.mean(ll)


def hand_grad(mu, log_s, logits, X):
    pi = np.exp(logits - logits.max())
    pi /= pi.sum()
    inv_s = np.exp(-log_s)
    z = (X[:, None, :] - mu) * inv_s                              # (N, K, D)
    a = np.log(pi) - 0.5 * np.einsum('nkd,nkd->nk', z, z) - log_s.sum(axis=1)
    r = np.exp(a - a.max(axis=1, keepdims=True))
    r /= r.sum(axis=1, keepdims=True)                            # responsibilities
    r /= -N                                                      # d loss / d a
    rz = r[:, :, None] * z
    g_mu = rz.sum(axis=0) * inv_s
    g_log_s = np.einsum('nkd,nkd->kd', rz, z) - r.sum(axis=0)[:, None]
    rk = r.sum(axis=0)
    g_logits = rk - pi * rk.sum()
    return g_mu, g_log_s, g_logits


def _generic_loss(xp, mu, log_s, logits, X):
    log_pi = logits - xp.max(logits)
    log_pi = log_pi - xp.log(xp.sum(xp.exp(log_pi)))
    s = xp.exp(log_s)
    z = (X[:, None, :] - mu[None, :, :]) / s[None, :, :]
    comp = -0.5 * xp.sum(z ** 2, axis=-1) - xp.sum(log_s, axis=-1) - 0.5 * D * np.log(2 * np.pi)
    a = log_pi + comp
    amax = xp.max(a, axis=1, keepdims=True)
    ll = amax[:, 0] + xp.log(xp.sum(xp.exp(a - amax), axis=1))
    return -xp.mean(ll)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
