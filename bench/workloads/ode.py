"""(f) explicit Euler on a chain of 8 damped, weakly nonlinear (Duffing)
oscillators: q'' = -q K - c q' - 0.1 q^3, 200 steps of dt = 0.01.

loss = sum(q_T^2) + 0.5 sum(v_T^2); gradient w.r.t. the stiffness matrix K,
the damping vector c and the initial state (q0, v0).
"""

import numpy as np

from . import _peers

WRT = (0, 1, 2, 3)          # K, c, q0, v0
LOOP = (5, 200)
M = 8


def make_inputs(rng, n=LOOP[1]):
    K = 2.0 * np.eye(M) - np.eye(M, k=1) - np.eye(M, k=-1)
    K = 4.0 * K + 0.1 * rng.standard_normal((M, M))
    c = 0.5 + 0.1 * rng.random(M)
    q0 = rng.standard_normal(M)
    v0 = 0.5 * rng.standard_normal(M)
    dt = 0.01
    return K, c, q0, v0, dt, n


def primal(K, c, q0, v0, dt, n):
    q = q0
    v = v0
    for i in range(n):
        acc = -(q @ K) - c * v - 0.1 * q * q * q
        q = q + dt * v
        v = v + dt * acc
    return np.sum(q * q) + 0.5 * np.sum(v * v)


def hand_grad(K, c, q0, v0, dt, n):
    Q = np.empty((n + 1,) + q0.shape)    # states q_0 .. q_n, v_0 .. v_n
    V = np.empty((n + 1,) + v0.shape)
    Q[0], V[0] = q0, v0
    for i in range(n):
        q, v = Q[i], V[i]
        acc = -(q @ K) - c * v - 0.1 * q * q * q
        Q[i + 1] = q + dt * v
        V[i + 1] = v + dt * acc
    # Backward: the adjoint recurrence is sequential; the parameter gradients
    # (sums over steps of outer products) are one matmul at the end.
    GA = np.empty((n,) + q0.shape)       # d loss / d acc_i
    gq = 2.0 * Q[n]
    gv = V[n].copy()
    for i in range(n - 1, -1, -1):
        q = Q[i]
        ga = dt * gv
        GA[i] = ga
        gq, gv = gq - K @ ga - 0.3 * q * q * ga, gv + dt * gq - c * ga
    gK = -(Q[:n].T @ GA)
    gc = -np.einsum("ij,ij->j", V[:n], GA)
    return gK, gc, gq, gv


# ----------------------------------------------------------------- peers
def _generic_loss(xp, K, c, q0, v0, dt, n):
    q = q0
    v = v0
    for i in range(n):
        acc = -(q @ K) - c * v - 0.1 * q * q * q
        q = q + dt * v
        v = v + dt * acc
    return xp.sum(q * q) + 0.5 * xp.sum(v * v)


def _jax_loop_loss(K, c, q0, v0, dt, n):
    # lax.fori_loop rather than an unrolled Python loop under jit: XLA took
    # 51 s and 1 GB to compile 80 unrolled steps of this, and 200 steps did
    # not finish in 15 minutes (10 GB).
    jax, jnp = _peers.jax_modules()

    def step(i, carry):
        q, v = carry
        acc = -(q @ K) - c * v - 0.1 * q * q * q
        return q + dt * v, v + dt * acc

    q, v = jax.lax.fori_loop(0, n, step, (q0, v0))
    return jnp.sum(q * q) + 0.5 * jnp.sum(v * v)


autograd_grad, jax_eager_grad, jax_jit_grad = _peers.array_peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(LOOP[0],))


def torch_grad(K, c, q0, v0, dt, n):
    torch = _peers.torch_module()
    params = [_peers.torch_leaf(torch, p) for p in (K, c, q0, v0)]
    _generic_loss(torch, *params, dt, n).backward()
    return _peers.to_numpy_tuple(p.grad for p in params)
