"""Negative binomial regression (log link, dispersion r = exp(log_r)) on 2000 counts with
20 covariates, the log-likelihood written with scipy.special.gammaln, plus a ridge
penalty.  Differentiated: the coefficients beta (array) and log_r (a float)."""
import numpy as np
from scipy.special import digamma, gammaln

from . import _common

WRT = (0, 1)
N, D = 2000, 20
LAM = 1e-1


def make_inputs(rng):
    X = rng.standard_normal((N, D)) / np.sqrt(D)
    true = rng.standard_normal(D)
    mu = np.exp(0.5 + X @ true)
    y = rng.negative_binomial(3.0, 3.0 / (3.0 + mu)).astype(np.float64)
    beta = 0.5 * rng.standard_normal(D)
    return beta, 0.7, X, y


def primal(beta, log_r, X, y):
    mu = np.exp(X @ beta)
    r = np.exp(log_r)
    ll = (gammaln(y + r) - gammaln(r) - gammaln(y + 1)
          + r * np.log(r / (r + mu)) + y * np.log(mu / (r + mu)))
    return -np.sum(ll) + 0.5 * LAM * np.sum(beta ** 2)


def hand_grad(beta, log_r, X, y):
    mu = np.exp(X @ beta)
    r = np.exp(log_r)
    rmu = r + mu
    g_eta = r * (y - mu) / rmu                  # d ll / d (X beta)
    g_r = np.sum(digamma(y + r) + np.log(r / rmu) + (mu - y) / rmu) - N * digamma(r)
    return LAM * beta - X.T @ g_eta, -r * g_r


def _gammaln(xp):
    if hasattr(xp, "t"):                        # the torch facade
        return xp.t.lgamma
    if xp.__name__.startswith("autograd"):
        from autograd.scipy.special import gammaln as fn
    else:
        from jax.scipy.special import gammaln as fn
    return fn


def _generic_loss(xp, beta, log_r, X, y):
    lg = _gammaln(xp)
    mu = xp.exp(X @ beta)
    r = xp.exp(log_r)
    ll = (lg(y + r) - lg(r) - lg(y + 1)
          + r * xp.log(r / (r + mu)) + y * xp.log(mu / (r + mu)))
    return -xp.sum(ll) + 0.5 * LAM * xp.sum(beta ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
