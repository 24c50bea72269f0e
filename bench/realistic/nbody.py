"""Gravitational potential energy of 256 softened point masses; its gradient is minus the
forces.  Differentiated: positions and masses."""
import numpy as np

from . import _common

WRT = (0, 1)
N, EPS2 = 256, 1e-2


def make_inputs(rng):
    pos = rng.standard_normal((N, 3))
    m = rng.uniform(0.5, 1.5, N)
    return pos, m


def primal(pos, m):
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(diff ** 2, axis=-1) + EPS2
    inv_r = 1.0 / np.sqrt(r2)
    return -0.5 * np.sum(m[:, None] * m[None, :] * inv_r)


def hand_grad(pos, m):
    diff = pos[:, None, :] - pos[None, :, :]
    inv_r = 1.0 / np.sqrt(np.einsum('ijk,ijk->ij', diff, diff) + EPS2)
    mm = m[:, None] * m
    w = mm * inv_r ** 3                      # symmetric
    gpos = 2.0 * 0.5 * np.einsum('ij,ijk->ik', w, diff)
    gm = -(inv_r @ m)
    return gpos, gm


def _generic_loss(xp, pos, m):
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = xp.sum(diff ** 2, axis=-1) + EPS2
    inv_r = 1.0 / xp.sqrt(r2)
    return -0.5 * xp.sum(m[:, None] * m[None, :] * inv_r)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(_generic_loss, WRT)
