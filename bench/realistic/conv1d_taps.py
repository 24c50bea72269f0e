"""Two-layer 1-D convolutional network on 8 signals of 4 channels and 256 samples, each
convolution ("valid", 7 taps) written as a loop over the kernel taps adding a channel
matmul of a shifted slice; tanh between, mean squared error against a target.
Differentiated: the kernels w1 (8x4x7), w2 (1x8x7) and the biases b1, b2."""
import numpy as np

from . import _common

WRT = (0, 1, 2, 3)
B, CIN, CH, L, K = 8, 4, 8, 256, 7
L1 = L - K + 1
L2 = L1 - K + 1


def make_inputs(rng):
    w1 = rng.standard_normal((CH, CIN, K)) / np.sqrt(CIN * K)
    b1 = 0.1 * rng.standard_normal(CH)
    w2 = rng.standard_normal((1, CH, K)) / np.sqrt(CH * K)
    b2 = 0.1 * rng.standard_normal(1)
    x = rng.standard_normal((B, CIN, L))
    target = rng.standard_normal((B, 1, L2))
    return w1, b1, w2, b2, x, target


def primal(w1, b1, w2, b2, x, target):
    h = np.zeros((B, CH, L1))
    for k in range(K):
        h = h + w1[:, :, k] @ x[:, :, k:k + L1]
    h = np.tanh(h + b1[:, None])
    out = np.zeros((B, 1, L2))
    for k in range(K):
        out = out + w2[:, :, k] @ h[:, :, k:k + L2]
    out = out + b2[:, None]
    return np.mean((out - target) ** 2)


def hand_grad(w1, b1, w2, b2, x, target):
    h = np.zeros((B, CH, L1))
    for k in range(K):
        h += w1[:, :, k] @ x[:, :, k:k + L1]
    h = np.tanh(h + b1[:, None])
    out = np.zeros((B, 1, L2))
    for k in range(K):
        out += w2[:, :, k] @ h[:, :, k:k + L2]
    out += b2[:, None]
    gout = (2.0 / out.size) * (out - target)
    gw2 = np.empty_like(w2)
    gh = np.zeros_like(h)
    for k in range(K):
        gw2[:, :, k] = np.einsum('bol,bcl->oc', gout, h[:, :, k:k + L2])
        gh[:, :, k:k + L2] += w2[:, :, k].T @ gout
    ga = gh * (1.0 - h * h)
    gw1 = np.empty_like(w1)
    for k in range(K):
        gw1[:, :, k] = np.einsum('bol,bcl->oc', ga, x[:, :, k:k + L1])
    return gw1, ga.sum(axis=(0, 2)), gw2, gout.sum(axis=(0, 2))


def _generic_loss(xp, w1, b1, w2, b2, x, target):
    h = 0.0
    for k in range(K):
        h = h + w1[:, :, k] @ x[:, :, k:k + L1]
    h = xp.tanh(h + b1[:, None])
    out = 0.0
    for k in range(K):
        out = out + w2[:, :, k] @ h[:, :, k:k + L2]
    out = out + b2[:, None]
    return xp.mean((out - target) ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
