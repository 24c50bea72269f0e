"""(c) tanh RNN: 50 steps, hidden 32, batch 8, input 16; loss = mean(h_T ** 2)."""
import functools

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
    hs = [h0]
    h = h0
    for t in range(T):
        h = np.tanh(xs[t] @ Wx + h @ Wh + b)
        hs.append(h)
    gWx = np.zeros_like(Wx)
    gWh = np.zeros_like(Wh)
    gb = np.zeros_like(b)
    gh = 2.0 * h / h.size
    for t in range(T - 1, -1, -1):
        h = hs[t + 1]
        ga = gh * (1.0 - h * h)          # through tanh
        gWx += xs[t].T @ ga
        gWh += hs[t].T @ ga
        gb += ga.sum(axis=0)
        gh = ga @ Wh.T
    return gWx, gWh, gb


# ----------------------------------------------------------------- peers
def _generic_loss(xp, Wx, Wh, b, xs, h0, T):
    h = h0
    for t in range(T):
        h = xp.tanh(xs[t] @ Wx + h @ Wh + b)
    return xp.mean(h * h)


@functools.lru_cache(maxsize=None)
def _autograd_fn():
    autograd, anp = _peers.autograd_modules()
    return autograd.grad(lambda *a: _generic_loss(anp, *a), WRT)


def autograd_grad(*args):
    return _peers.to_numpy_tuple(_autograd_fn()(*args))


@functools.lru_cache(maxsize=None)
def _jax_fn(jit):
    jax, jnp = _peers.jax_modules()
    f = jax.grad(lambda *a: _generic_loss(jnp, *a), argnums=WRT)
    # Python loop unrolled under jit (T static), as a user would write it.
    return jax.jit(f, static_argnums=(LOOP[0],)) if jit else f


def jax_eager_grad(*args):
    return _peers.to_numpy_tuple(_jax_fn(False)(*args))


def jax_jit_grad(*args):
    return _peers.to_numpy_tuple(_jax_fn(True)(*args))


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
