"""(d) scalar recurrence on Python floats, 200 iterations.

x <- a x (1 - x) + b  (a logistic map in its stable regime, fixed point ~0.63),
loss = mean of x^2 along the orbit; gradient w.r.t. a, b and x0.
"""
import functools

from . import _peers

WRT = (0, 1, 2)             # a, b, x0
LOOP = (3, 200)


def make_inputs(rng, n=LOOP[1]):
    a = 2.5 + 0.01 * float(rng.standard_normal())
    b = 0.05 + 0.001 * float(rng.standard_normal())
    x0 = 0.3 + 0.01 * float(rng.standard_normal())
    return a, b, x0, n


def primal(a, b, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        x = a * x * (1.0 - x) + b
        s = s + x * x
    return s / n


def hand_grad(a, b, x0, n):
    xs = [x0]
    x = x0
    for i in range(n):
        x = a * x * (1.0 - x) + b
        xs.append(x)
    ga = 0.0
    gb = 0.0
    gx = 0.0                  # d loss / d x_{i+1}, accumulated backwards
    w = 2.0 / n
    for i in range(n - 1, -1, -1):
        gx += w * xs[i + 1]   # from s += x_{i+1}^2 / n
        xp = xs[i]
        ga += gx * xp * (1.0 - xp)
        gb += gx
        gx = gx * a * (1.0 - 2.0 * xp)
    return ga, gb, gx


# ----------------------------------------------------------------- peers
def _generic_loss(a, b, x0, n):
    x = x0
    s = 0.0
    for i in range(n):
        x = a * x * (1.0 - x) + b
        s = s + x * x
    return s / n


@functools.lru_cache(maxsize=None)
def _autograd_fn():
    autograd, anp = _peers.autograd_modules()
    return autograd.grad(_generic_loss, WRT)


def autograd_grad(*args):
    return _peers.to_numpy_tuple(_autograd_fn()(*args))


def _jax_loop_loss(a, b, x0, n):
    # lax.fori_loop rather than an unrolled Python loop under jit (see rnn.py).
    jax, jnp = _peers.jax_modules()

    def step(i, carry):
        x, s = carry
        x = a * x * (1.0 - x) + b
        return x, s + x * x

    x, s = jax.lax.fori_loop(0, n, step, (x0 + 0.0 * a, 0.0 * a))
    return s / n


@functools.lru_cache(maxsize=None)
def _jax_fn(jit):
    jax, jnp = _peers.jax_modules()
    if jit:
        return jax.jit(jax.grad(_jax_loop_loss, argnums=WRT), static_argnums=(LOOP[0],))
    return jax.grad(_generic_loss, argnums=WRT)


def jax_eager_grad(*args):
    return _peers.to_numpy_tuple(_jax_fn(False)(*args))


def jax_jit_grad(*args):
    return _peers.to_numpy_tuple(_jax_fn(True)(*args))


def torch_grad(a, b, x0, n):
    torch = _peers.torch_module()
    params = [_peers.torch_leaf(torch, p) for p in (a, b, x0)]
    _generic_loss(*params, n).backward()
    return _peers.to_numpy_tuple(p.grad for p in params)
