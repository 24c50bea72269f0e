"""Two-layer perceptron regression with layer normalisation before the tanh: a batch of
256 inputs of 32 features, 128 hidden units, 8 outputs, mean squared error.
Differentiated: W1, b1, gamma, beta, W2, b2."""
import numpy as np

from . import _common

WRT = (0, 1, 2, 3, 4, 5)
B, DIN, H, DOUT = 256, 32, 128, 8
EPS = 1e-5


def make_inputs(rng):
    W1 = rng.standard_normal((DIN, H)) / np.sqrt(DIN)
    b1 = 0.1 * rng.standard_normal(H)
    gamma = 1.0 + 0.1 * rng.standard_normal(H)
    beta = 0.1 * rng.standard_normal(H)
    W2 = rng.standard_normal((H, DOUT)) / np.sqrt(H)
    b2 = 0.1 * rng.standard_normal(DOUT)
    X = rng.standard_normal((B, DIN))
    Y = rng.standard_normal((B, DOUT))
    return W1, b1, gamma, beta, W2, b2, X, Y


def primal(W1, b1, gamma, beta, W2, b2, X, Y):
    a = X @ W1 + b1
    mu = a.mean(axis=1, keepdims=True)
    var = a.var(axis=1, keepdims=True)
    an = (a - mu) / np.sqrt(var + EPS)
    h = np.tanh(gamma * an + beta)
    out = h @ W2 + b2
    return np.mean((out - Y) ** 2)


def hand_grad(W1, b1, gamma, beta, W2, b2, X, Y):
    a = X @ W1 + b1
    ac = a - a.mean(axis=1, keepdims=True)
    rstd = 1.0 / np.sqrt((ac * ac).mean(axis=1, keepdims=True) + EPS)
    an = ac * rstd
    h = np.tanh(gamma * an + beta)
    out = h @ W2 + b2
    gout = (2.0 / out.size) * (out - Y)
    gW2 = h.T @ gout
    gb2 = gout.sum(axis=0)
    gz = (gout @ W2.T) * (1.0 - h * h)
    ggamma = (gz * an).sum(axis=0)
    gbeta = gz.sum(axis=0)
    gan = gz * gamma
    ga = rstd * (gan - gan.mean(axis=1, keepdims=True)
                 - an * (gan * an).mean(axis=1, keepdims=True))
    return X.T @ ga, ga.sum(axis=0), ggamma, gbeta, gW2, gb2


def _generic_loss(xp, W1, b1, gamma, beta, W2, b2, X, Y):
    a = X @ W1 + b1
    mu = xp.mean(a, axis=1, keepdims=True)
    var = xp.mean((a - mu) ** 2, axis=1, keepdims=True)
    an = (a - mu) / xp.sqrt(var + EPS)
    h = xp.tanh(gamma * an + beta)
    out = h @ W2 + b2
    return xp.mean((out - Y) ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
