"""Gaussian GARCH(1,1) negative log-likelihood of 1000 returns, a scalar recursion in
plain Python floats and `math`, started at the unconditional variance.
Differentiated: omega, alpha and beta."""
import math

from workloads import _peers

from . import _common

WRT = (0, 1, 2)
N = 1000


def make_inputs(rng):
    omega, alpha, beta = 0.05, 0.08, 0.9
    s2, rs = omega / (1.0 - alpha - beta), []
    for _ in range(N):
        r = math.sqrt(s2) * float(rng.standard_normal())
        rs.append(r)
        s2 = omega + alpha * r * r + beta * s2
    return 0.04, 0.1, 0.85, rs, N


def primal(omega, alpha, beta, r, n):
    s2 = omega / (1.0 - alpha - beta)
    nll = 0.0
    for t in range(n):
        nll += 0.5 * (math.log(2.0 * math.pi) + math.log(s2) + r[t] ** 2 / s2)
        s2 = omega + alpha * r[t] ** 2 + beta * s2
    return nll


def hand_grad(omega, alpha, beta, r, n):
    s2 = omega / (1.0 - alpha - beta)
    s2s = []
    for t in range(n):
        s2s.append(s2)
        s2 = omega + alpha * r[t] ** 2 + beta * s2
    go = ga = gb = 0.0
    gs = 0.0                                    # adjoint of s2 after step t
    for t in range(n - 1, -1, -1):
        s, r2 = s2s[t], r[t] ** 2
        go += gs
        ga += gs * r2
        gb += gs * s
        gs = gs * beta + 0.5 * (1.0 / s - r2 / (s * s))
    c = 1.0 - alpha - beta
    go += gs / c
    ga += gs * omega / (c * c)
    gb += gs * omega / (c * c)
    return go, ga, gb


def _step(xp, omega, alpha, beta, rt, s2, nll):
    nll = nll + 0.5 * (math.log(2.0 * math.pi) + xp.log(s2) + rt ** 2 / s2)
    return omega + alpha * rt ** 2 + beta * s2, nll


def _generic_loss(xp, omega, alpha, beta, r, n):
    s2 = omega / (1.0 - alpha - beta)
    nll = 0.0 * omega
    for t in range(n):
        s2, nll = _step(xp, omega, alpha, beta, r[t], s2, nll)
    return nll


def _jax_loop_loss(omega, alpha, beta, r, n):
    # under jax.jit the recursion is a lax.fori_loop; n is static
    jax, jnp = _peers.jax_modules()
    rs = jnp.asarray(r)
    s2 = omega / (1.0 - alpha - beta)
    return jax.lax.fori_loop(
        0, n, lambda t, c: _step(jnp, omega, alpha, beta, rs[t], *c), (s2, 0.0 * omega))[1]


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(4,))
