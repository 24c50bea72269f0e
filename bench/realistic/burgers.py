"""Viscous Burgers equation, explicit upwind/central finite differences on 128 points,
200 steps, fixed boundary values, written with slice updates of a copied state.
Differentiated: the initial state u0 and the viscosity nu (a float)."""
import numpy as np

from workloads import _peers

from . import _common

WRT = (0, 1)
NX, STEPS = 128, 200
DX = 1.0 / (NX - 1)
DT = 2e-4


def make_inputs(rng):
    xs = np.linspace(0.0, 1.0, NX)
    u0 = np.sin(2 * np.pi * xs) + 0.05 * rng.standard_normal(NX) + 0.5
    nu = 0.05
    target = np.sin(2 * np.pi * xs + 0.3)
    return u0, nu, target, STEPS


def primal(u0, nu, target, steps):
    u = u0
    for t in range(steps):
        un = u.copy()
        un[1:-1] = (u[1:-1] - DT / DX * u[1:-1] * (u[1:-1] - u[:-2])
                    + nu * DT / DX ** 2 * (u[2:] - 2 * u[1:-1] + u[:-2]))
        u = un
    return np.sum((u - target) ** 2) * DX


def hand_grad(u0, nu, target, steps):
    c, d = DT / DX, DT / DX ** 2
    us = [u0]
    u = u0
    for t in range(steps):
        un = u.copy()
        um, uc, up = u[:-2], u[1:-1], u[2:]
        un[1:-1] = uc - c * uc * (uc - um) + nu * d * (up - 2 * uc + um)
        u = un
        us.append(u)
    g = 2.0 * DX * (u - target)
    gnu = 0.0
    for t in range(steps - 1, -1, -1):
        u = us[t]
        um, uc, up = u[:-2], u[1:-1], u[2:]
        gi = g[1:-1].copy()                     # interior rows of the step's output
        gnu += d * np.dot(gi, up - 2 * uc + um)
        gn = g.copy()                           # the boundary rows pass through
        gn[1:-1] = gi * (1.0 - c * (2 * uc - um) - 2 * nu * d)
        gn[:-2] += gi * (c * uc + nu * d)
        gn[2:] += gi * (nu * d)
        g = gn
    return g, gnu


def _generic_loss(xp, u0, nu, target, steps):
    # out-of-place (autograd, JAX and torch leaves cannot be updated in place)
    u = u0
    for t in range(steps):
        u = _step(xp, u, nu)
    return xp.sum((u - target) ** 2) * DX


def _step(xp, u, nu):
    """One time step, out of place (for the peers)."""
    inner = (u[1:-1] - DT / DX * u[1:-1] * (u[1:-1] - u[:-2])
             + nu * DT / DX ** 2 * (u[2:] - 2 * u[1:-1] + u[:-2]))
    return _concat(xp, u[:1], inner, u[-1:])


def _concat(xp, *parts):
    cat = getattr(xp, "concatenate", None) or getattr(xp, "t").cat
    return cat(parts)


def _jax_loop_loss(u0, nu, target, steps):
    # under jax.jit the time loop is a lax.fori_loop (an unrolled Python loop of 200 steps
    # would make XLA's compile time grow with steps); steps is static
    jax, jnp = _peers.jax_modules()
    u = jax.lax.fori_loop(0, steps, lambda t, u: _step(jnp, u, nu), u0)
    return jnp.sum((u - target) ** 2) * DX


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(3,))
