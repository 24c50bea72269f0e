"""Variational autoencoder loss for a batch of 128 binary-ish images of 64 pixels: a tanh
encoder (32 hidden units) to the mean and log-variance of an 8-dimensional Gaussian, the
reparameterised sample with fixed noise, a sigmoid decoder, Bernoulli cross-entropy
written with log(p) and log(1 - p), plus the closed-form Gaussian KL; per-example mean.
Differentiated: all eight weights and biases."""
import numpy as np

from . import _common

WRT = (0, 1, 2, 3, 4, 5, 6, 7)
B, D, H, Z = 128, 64, 32, 8


def make_inputs(rng):
    We = rng.standard_normal((D, H)) / np.sqrt(D)
    be = 0.1 * rng.standard_normal(H)
    Wm = rng.standard_normal((H, Z)) / np.sqrt(H)
    bm = 0.1 * rng.standard_normal(Z)
    Wv = 0.5 * rng.standard_normal((H, Z)) / np.sqrt(H)
    bv = 0.1 * rng.standard_normal(Z)
    Wd = rng.standard_normal((Z, D)) / np.sqrt(Z)
    bd = 0.1 * rng.standard_normal(D)
    X = rng.uniform(0.05, 0.95, (B, D))
    eps = rng.standard_normal((B, Z))
    return We, be, Wm, bm, Wv, bv, Wd, bd, X, eps


def primal(We, be, Wm, bm, Wv, bv, Wd, bd, X, eps):
    h = np.tanh(X @ We + be)
    mu = h @ Wm + bm
    logvar = h @ Wv + bv
    z = mu + np.exp(0.5 * logvar) * eps
    p = 1.0 / (1.0 + np.exp(-(z @ Wd + bd)))
    recon = -np.sum(X * np.log(p) + (1 - X) * np.log(1 - p))
    kl = -0.5 * np.sum(1 + logvar - mu ** 2 - np.exp(logvar))
    return (recon + kl) / B


def hand_grad(We, be, Wm, bm, Wv, bv, Wd, bd, X, eps):
    h = np.tanh(X @ We + be)
    mu = h @ Wm + bm
    logvar = h @ Wv + bv
    std = np.exp(0.5 * logvar)
    z = mu + std * eps
    p = 1.0 / (1.0 + np.exp(-(z @ Wd + bd)))
    gl = (p - X) / B                            # d loss / d logits
    gz = gl @ Wd.T
    gmu = gz + mu / B
    glv = 0.5 * gz * eps * std + 0.5 * (std * std - 1.0) / B
    ga = (gmu @ Wm.T + glv @ Wv.T) * (1.0 - h * h)
    return (X.T @ ga, ga.sum(axis=0), h.T @ gmu, gmu.sum(axis=0), h.T @ glv,
            glv.sum(axis=0), z.T @ gl, gl.sum(axis=0))


def _generic_loss(xp, We, be, Wm, bm, Wv, bv, Wd, bd, X, eps):
    h = xp.tanh(X @ We + be)
    mu = h @ Wm + bm
    logvar = h @ Wv + bv
    z = mu + xp.exp(0.5 * logvar) * eps
    p = 1.0 / (1.0 + xp.exp(-(z @ Wd + bd)))
    recon = -xp.sum(X * xp.log(p) + (1 - X) * xp.log(1 - p))
    kl = -0.5 * xp.sum(1 + logvar - mu ** 2 - xp.exp(logvar))
    return (recon + kl) / B


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
