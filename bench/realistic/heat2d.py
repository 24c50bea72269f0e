"""Explicit 2-D heat equation on a 64x64 grid, 100 steps of the five-point Laplacian
written as an in-place update of the interior ``u[1:-1, 1:-1] += ...`` of a copied state,
fixed boundary values; loss = squared misfit to a target field.
Differentiated: the initial field u0 and the diffusivity kappa (a float)."""
import numpy as np

from workloads import _peers

from . import _common

WRT = (0, 1)
NX, STEPS = 64, 100
DX = 1.0 / (NX - 1)
DT = 5e-5


def make_inputs(rng):
    xs = np.linspace(0.0, 1.0, NX)
    u0 = np.outer(np.sin(np.pi * xs), np.sin(2 * np.pi * xs)) + 0.05 * rng.standard_normal((NX, NX))
    target = 0.5 * np.outer(np.sin(np.pi * xs), np.sin(np.pi * xs))
    return u0, 1.0, target, STEPS


def primal(u0, kappa, target, steps):
    u = u0.copy()
    for t in range(steps):
        lap = (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2]
               - 4 * u[1:-1, 1:-1]) / DX ** 2
        u[1:-1, 1:-1] += kappa * DT * lap
    return np.sum((u - target) ** 2)


def hand_grad(u0, kappa, target, steps):
    c = DT / DX ** 2
    laps = []
    u = u0.copy()
    for t in range(steps):
        lap = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * u[1:-1, 1:-1]
        laps.append(lap)
        u[1:-1, 1:-1] += kappa * c * lap
    g = 2.0 * (u - target)
    gk = 0.0
    for t in range(steps - 1, -1, -1):
        gi = g[1:-1, 1:-1]
        gk += c * np.vdot(gi, laps[t])
        gl = (kappa * c) * gi                   # adjoint of lap (a view; copied below)
        gl = gl.copy()
        g[2:, 1:-1] += gl
        g[:-2, 1:-1] += gl
        g[1:-1, 2:] += gl
        g[1:-1, :-2] += gl
        g[1:-1, 1:-1] -= 4.0 * gl
    return g, gk


def _step(xp, u, kappa):
    """One step, out of place (for the peers)."""
    lap = (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2]
           - 4 * u[1:-1, 1:-1]) / DX ** 2
    inner = u[1:-1, 1:-1] + kappa * DT * lap
    mid = _concat(xp, (u[1:-1, :1], inner, u[1:-1, -1:]), 1)
    return _concat(xp, (u[:1], mid, u[-1:]), 0)


def _concat(xp, parts, axis):
    if hasattr(xp, "t"):                        # the torch facade
        return xp.t.cat(parts, dim=axis)
    return xp.concatenate(parts, axis=axis)


def _generic_loss(xp, u0, kappa, target, steps):
    u = u0
    for t in range(steps):
        u = _step(xp, u, kappa)
    return xp.sum((u - target) ** 2)


def _jax_loop_loss(u0, kappa, target, steps):
    # under jax.jit the time loop is a lax.fori_loop; steps is static
    jax, jnp = _peers.jax_modules()
    u = jax.lax.fori_loop(0, steps, lambda t, u: _step(jnp, u, kappa), u0)
    return jnp.sum((u - target) ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(3,))
