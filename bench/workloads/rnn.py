"""(c) tanh RNN: 50 steps, hidden 32, batch 8, input 16; loss = mean(h_T ** 2)."""

import numpy as np

from . import _peers

WRT = (0, 1, 2)             # Wx, Wh, b
LOOP = (5, 50)              # (position of the int loop length, default length)
Bt, D, Hd = 8, 16, 32


def make_inputs(rng, n=LOOP[1]):
    Wx = rng.standard_normal((D, Hd)) / np.sqrt(D)
    Wh = 0.9 * rng.standard_normal((Hd, Hd)) / np.sqrt(Hd)
    b = 0.1 * rng.standard_normal(Hd)
    xs = rng.standard_normal((n, Bt, D))
    h0 = np.zeros((Bt, Hd))
    return Wx, Wh, b, xs, h0, n


def primal(Wx, Wh, b, xs, h0, T):
    h = h0
    for t in range(T):
        h = np.tanh(xs[t] @ Wx + h @ Wh + b)
    return np.mean(h * h)


def hand_grad(Wx, Wh, b, xs, h0, T):
    Hs = np.empty((T + 1,) + h0.shape)   # h_0 .. h_T
    Hs[0] = h0
    for t in range(T):
        Hs[t + 1] = np.tanh(xs[t] @ Wx + Hs[t] @ Wh + b)
    # Backward through time: only the recurrence is sequential; the weight
    # gradients are one matmul each over all steps at the end.
    GA = np.empty_like(Hs[1:])           # d loss / d (pre-activation at t)
    gh = 2.0 * Hs[T] / Hs[T].size
    for t in range(T - 1, -1, -1):
        h = Hs[t + 1]
        GA[t] = gh * (1.0 - h * h)
        gh = GA[t] @ Wh.T
    Bn, H = h0.shape
    GA2 = GA[:T].reshape(T * Bn, H)
    gWx = xs[:T].reshape(T * Bn, -1).T @ GA2
    gWh = Hs[:T].reshape(T * Bn, H).T @ GA2
    gb = GA2.sum(axis=0)
    return gWx, gWh, gb


# ----------------------------------------------------------------- peers
def _generic_loss(xp, Wx, Wh, b, xs, h0, T):
    h = h0
    for t in range(T):
        h = xp.tanh(xs[t] @ Wx + h @ Wh + b)
    return xp.mean(h * h)


def _jax_loop_loss(Wx, Wh, b, xs, h0, T):
    # Under jit the Python loop would be unrolled, and XLA's compile time grows
    # superlinearly with T: a JAX user writes the loop with lax.fori_loop.
    jax, jnp = _peers.jax_modules()

    def step(t, h):
        return jnp.tanh(xs[t] @ Wx + h @ Wh + b)

    h = jax.lax.fori_loop(0, T, step, h0)
    return jnp.mean(h * h)


autograd_grad, jax_eager_grad, jax_jit_grad = _peers.array_peers(
    _generic_loss, WRT, jit_loss=_jax_loop_loss, static_argnums=(LOOP[0],))


def torch_grad(Wx, Wh, b, xs, h0, T):
    torch = _peers.torch_module()
    params = [_peers.torch_leaf(torch, p) for p in (Wx, Wh, b)]
    Wx, Wh, b = params
    xs = torch.as_tensor(xs)
    h = torch.as_tensor(h0)
    for t in range(T):
        h = torch.tanh(xs[t] @ Wx + h @ Wh + b)
    (h * h).mean().backward()
    return _peers.to_numpy_tuple(p.grad for p in params)
