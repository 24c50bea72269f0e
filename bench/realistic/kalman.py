"""Negative log-likelihood of a scalar local-level Kalman filter over 500 observations,
in plain Python floats and `math` (as in a textbook).  Differentiated: the transition a,
process noise q and measurement noise r."""
import math

from workloads import _peers

from . import _common

WRT = (0, 1, 2)
N = 500


def make_inputs(rng):
    a, q, r = 0.95, 0.1, 0.5
    xs, x = [], 0.0
    for _ in range(N):
        x = a * x + math.sqrt(q) * float(rng.standard_normal())
        xs.append(x + math.sqrt(r) * float(rng.standard_normal()))
    return 0.9, 0.2, 0.4, xs, N


def primal(a, q, r, ys, n):
    m = 0.0
    P = 1.0
    nll = 0.0
    for t in range(n):
        m = a * m
        P = a * a * P + q
        S = P + r
        v = ys[t] - m
        nll = nll + 0.5 * (math.log(2 * math.pi * S) + v * v / S)
        K = P / S
        m = m + K * v
        P = (1.0 - K) * P
    return nll


def hand_grad(a, q, r, ys, n):
    # forward, keeping what the backward sweep reads
    ms, Ps, Ss, vs = [], [], [], []
    m, P = 0.0, 1.0
    for t in range(n):
        ms.append(m)
        Ps.append(P)
        mp = a * m
        Pp = a * a * P + q
        S = Pp + r
        v = ys[t] - mp
        Ss.append(S)
        vs.append(v)
        K = Pp / S
        m = mp + K * v
        P = (1.0 - K) * Pp
    ga = gq = gr = 0.0
    gm = gP = 0.0
    for t in range(n - 1, -1, -1):
        m0, P0, S, v = ms[t], Ps[t], Ss[t], vs[t]
        Pp = S - r
        K = Pp / S
        # P = (1 - K) Pp ; m = mp + K v
        gK = -gP * Pp + gm * v
        gPp = gP * (1.0 - K)
        gv = gm * K + v / S
        gmp = gm
        # K = Pp / S ; nll += 0.5 (log S + v^2 / S)
        gPp += gK / S
        gS = -gK * K / S + 0.5 / S - 0.5 * v * v / (S * S)
        gmp -= gv
        gPp += gS
        gr += gS
        gq += gPp
        ga += gPp * 2.0 * a * P0 + gmp * m0
        gP = gPp * a * a
        gm = gmp * a
    return ga, gq, gr


def _filter_step(xp, a, q, r, y, m, P, nll):
    """One step of the filter for the peers: ``(m, P, nll)`` after observing ``y``."""
    m = a * m
    P = a * a * P + q
    S = P + r
    v = y - m
    nll = nll + 0.5 * (xp.log(2 * math.pi * S) + v * v / S)
    K = P / S
    return m + K * v, (1.0 - K) * P, nll


def _generic_loss(xp, a, q, r, ys, n):
    m = 0.0 * a
    P = 1.0 + 0.0 * a
    nll = 0.0 * a
    for t in range(n):
        m, P, nll = _filter_step(xp, a, q, r, ys[t], m, P, nll)
    return nll


def _jax_loop_loss(a, q, r, ys, n):
    # under jax.jit the filter is a lax.fori_loop (an unrolled Python loop of 500 steps
    # would make XLA's compile time grow with n); n is static
    jax, jnp = _peers.jax_modules()
    zero = 0.0 * a
    return jax.lax.fori_loop(
        0, n, lambda t, c: _filter_step(jnp, a, q, r, ys[t], *c), (zero, 1.0 + zero, zero))[2]


autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad = _common.peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(4,))
