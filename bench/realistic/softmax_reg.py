"""Multinomial logistic (softmax) regression with an L2 penalty: 512 samples, 64 features,
10 classes, integer labels; the cross-entropy through a max-shifted log-sum-exp and the
picked logits ``logits[np.arange(N), y]``.  Differentiated: the weights W and bias b."""
import numpy as np

from . import _common

WRT = (0, 1)
N, D, C = 512, 64, 10
LAM = 1e-2


def make_inputs(rng):
    W = 0.1 * rng.standard_normal((D, C))
    b = 0.1 * rng.standard_normal(C)
    X = rng.standard_normal((N, D))
    y = rng.integers(0, C, N)
    return W, b, X, y


def primal(W, b, X, y):
    logits = X @ W + b
    m = np.max(logits, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(logits - m), axis=1)) + m[:, 0]
    nll = np.mean(lse - logits[np.arange(N), y])
    return nll + 0.5 * LAM * np.sum(W ** 2)


def hand_grad(W, b, X, y):
    logits = X @ W + b
    logits -= logits.max(axis=1, keepdims=True)
    P = np.exp(logits)
    P /= P.sum(axis=1, keepdims=True)
    P[np.arange(N), y] -= 1.0
    P /= N
    return X.T @ P + LAM * W, P.sum(axis=0)


def _generic_loss(xp, W, b, X, y):
    logits = X @ W + b
    m = xp.max(logits, axis=1, keepdims=True)
    lse = xp.log(xp.sum(xp.exp(logits - m), axis=1)) + m[:, 0]
    nll = xp.mean(lse - logits[xp.arange(N), y])
    return nll + 0.5 * LAM * xp.sum(W ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
