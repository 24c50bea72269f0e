"""Lotka-Volterra predator-prey dynamics for 256 parameter sets at once, integrated by a
classical fourth-order Runge-Kutta scheme in a Python loop of 100 steps (a helper function
for the right-hand side); loss = squared misfit of the final populations.
Differentiated: the rate arrays alpha, beta, gamma, delta."""
import numpy as np

from workloads import _peers

from . import _common

WRT = (0, 1, 2, 3)
M, STEPS = 256, 100
DT = 0.02


def make_inputs(rng):
    alpha = 1.0 + 0.1 * rng.standard_normal(M)
    beta = 0.4 + 0.05 * rng.standard_normal(M)
    gamma = 0.8 + 0.1 * rng.standard_normal(M)
    delta = 0.2 + 0.02 * rng.standard_normal(M)
    x0 = 2.0 + 0.2 * rng.random(M)
    y0 = 1.0 + 0.2 * rng.random(M)
    xo = 1.5 + 0.5 * rng.random(M)
    yo = 1.5 + 0.5 * rng.random(M)
    return alpha, beta, gamma, delta, x0, y0, xo, yo, STEPS


def rhs(x, y, alpha, beta, gamma, delta):
    return alpha * x - beta * x * y, delta * x * y - gamma * y


def primal(alpha, beta, gamma, delta, x0, y0, xo, yo, steps):
    x, y = x0, y0
    for i in range(steps):
        k1x, k1y = rhs(x, y, alpha, beta, gamma, delta)
        k2x, k2y = rhs(x + 0.5 * DT * k1x, y + 0.5 * DT * k1y, alpha, beta, gamma, delta)
        k3x, k3y = rhs(x + 0.5 * DT * k2x, y + 0.5 * DT * k2y, alpha, beta, gamma, delta)
        k4x, k4y = rhs(x + DT * k3x, y + DT * k3y, alpha, beta, gamma, delta)
        x = x + DT / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x)
        y = y + DT / 6.0 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y)
    return np.mean((x - xo) ** 2 + (y - yo) ** 2)


def hand_grad(alpha, beta, gamma, delta, x0, y0, xo, yo, steps):
    # forward keeps the state at each step; the backward sweep recomputes the stages
    xs, ys = [x0], [y0]
    x, y = x0, y0
    for i in range(steps):
        k1x, k1y = rhs(x, y, alpha, beta, gamma, delta)
        k2x, k2y = rhs(x + 0.5 * DT * k1x, y + 0.5 * DT * k1y, alpha, beta, gamma, delta)
        k3x, k3y = rhs(x + 0.5 * DT * k2x, y + 0.5 * DT * k2y, alpha, beta, gamma, delta)
        k4x, k4y = rhs(x + DT * k3x, y + DT * k3y, alpha, beta, gamma, delta)
        x = x + DT / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x)
        y = y + DT / 6.0 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y)
        xs.append(x)
        ys.append(y)
    gx = 2.0 / M * (x - xo)
    gy = 2.0 / M * (y - yo)
    ga, gb, gc, gd = (np.zeros(M) for _ in range(4))
    for i in range(steps - 1, -1, -1):
        x, y = xs[i], ys[i]
        k1x, k1y = rhs(x, y, alpha, beta, gamma, delta)
        s2x, s2y = x + 0.5 * DT * k1x, y + 0.5 * DT * k1y
        k2x, k2y = rhs(s2x, s2y, alpha, beta, gamma, delta)
        s3x, s3y = x + 0.5 * DT * k2x, y + 0.5 * DT * k2y
        k3x, k3y = rhs(s3x, s3y, alpha, beta, gamma, delta)
        s4x, s4y = x + DT * k3x, y + DT * k3y
        # adjoints of the stage slopes, then back through each stage's rhs
        hx, hy = DT / 6.0 * gx, DT / 6.0 * gy
        nx, ny = gx, gy
        coef = ((s4x, s4y, 1.0, DT), (s3x, s3y, 2.0, 0.5 * DT), (s2x, s2y, 2.0, 0.5 * DT),
                (x, y, 1.0, 0.0))
        cx = cy = 0.0
        for sx, sy, w, step in coef:
            kx, ky = w * hx + cx, w * hy + cy            # adjoint of this stage's slope
            ga += kx * sx
            gb -= kx * sx * sy
            gc -= ky * sy
            gd += ky * sx * sy
            sgx = kx * (alpha - beta * sy) + ky * delta * sy
            sgy = -kx * beta * sx + ky * (delta * sx - gamma)
            nx, ny = nx + sgx, ny + sgy
            cx, cy = step * sgx, step * sgy              # into the previous stage's slope
        gx, gy = nx, ny
    return ga, gb, gc, gd


def _generic_loss(xp, alpha, beta, gamma, delta, x0, y0, xo, yo, steps):
    x, y = x0, y0
    for i in range(steps):
        x, y = _step(x, y, alpha, beta, gamma, delta)
    return xp.mean((x - xo) ** 2 + (y - yo) ** 2)


def _step(x, y, alpha, beta, gamma, delta):
    k1x, k1y = rhs(x, y, alpha, beta, gamma, delta)
    k2x, k2y = rhs(x + 0.5 * DT * k1x, y + 0.5 * DT * k1y, alpha, beta, gamma, delta)
    k3x, k3y = rhs(x + 0.5 * DT * k2x, y + 0.5 * DT * k2y, alpha, beta, gamma, delta)
    k4x, k4y = rhs(x + DT * k3x, y + DT * k3y, alpha, beta, gamma, delta)
    return (x + DT / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x),
            y + DT / 6.0 * (k1y + 2.0 * k2y + 2.0 * k3y + k4y))


def _jax_loop_loss(alpha, beta, gamma, delta, x0, y0, xo, yo, steps):
    # under jax.jit the time loop is a lax.fori_loop; steps is static
    jax, jnp = _peers.jax_modules()
    x, y = jax.lax.fori_loop(
        0, steps, lambda i, c: _step(c[0], c[1], alpha, beta, gamma, delta), (x0, y0))
    return jnp.mean((x - xo) ** 2 + (y - yo) ** 2)


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(8,))
