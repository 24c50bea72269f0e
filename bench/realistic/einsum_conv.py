"""A 3x3 convolution written with sliding windows and einsum, tanh, mean square loss.

x: 8 images x 3 channels x 32 x 32; 16 filters.  Differentiated: the filters w and bias b.
"""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from . import _common

WRT = (0, 1)
N, C, H, W, F = 8, 3, 32, 32, 16


def make_inputs(rng):
    w = rng.standard_normal((F, C, 3, 3)) / np.sqrt(C * 9)
    b = 0.1 * rng.standard_normal(F)
    x = rng.standard_normal((N, C, H, W))
    return w, b, x


def primal(w, b, x):
    patches = sliding_window_view(x, (3, 3), axis=(2, 3))     # (N, C, H-2, W-2, 3, 3)
    z = np.einsum('nchwij,fcij->nfhw', patches, w, optimize=True)
    y = np.tanh(z + b[None, :, None, None])
    return np.mean(y ** 2)


def hand_grad(w, b, x):
    patches = sliding_window_view(x, (3, 3), axis=(2, 3))
    z = np.einsum('nchwij,fcij->nfhw', patches, w, optimize=True) + b[:, None, None]
    y = np.tanh(z)
    gz = (2.0 / y.size) * y * (1.0 - y * y)
    return (np.einsum('nfhw,nchwij->fcij', gz, patches, optimize=True),
            gz.sum(axis=(0, 2, 3)))


def _generic_loss(xp, w, b, patches):
    z = xp.einsum('nchwij,fcij->nfhw', patches, w)
    y = xp.tanh(z + b[None, :, None, None])
    return xp.mean(y ** 2)


_peer_grads = _common.peers(_generic_loss, WRT)


def _with_patches(fn):
    def grad(w, b, x):     # peers get the same windows (their own libraries have no
        return fn(w, b, np.ascontiguousarray(   # sliding_window_view); copy included
            sliding_window_view(np.asarray(x), (3, 3), axis=(2, 3))))
    return grad


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = map(_with_patches, _peer_grads)
