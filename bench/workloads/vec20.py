"""(e) a 20-primitive-operation function of two length-10 vectors.

Tiny arrays: this measures per-call overhead, not arithmetic.
"""

import numpy as np

from . import _peers

WRT = (0, 1)                # x, w


def make_inputs(rng):
    return rng.standard_normal(10), rng.standard_normal(10)


def primal(x, w):
    a = np.sin(x)                       # 1
    b = np.exp(-(x * x))                # 2-4  mul, neg, exp
    c = a * b                           # 5
    d = c + w                           # 6
    e = np.cos(d)                       # 7
    f = e * x                           # 8
    g = np.tanh(f)                      # 9
    h = g * g + a                       # 10-11
    j = np.sqrt(1.0 + h * h)            # 12-14
    k = j * w                           # 15
    m = np.log(1.0 + k * k) - c         # 16-19
    return np.sum(m)                    # 20


def hand_grad(x, w):
    a = np.sin(x)
    b = np.exp(-(x * x))
    c = a * b
    d = c + w
    e = np.cos(d)
    f = e * x
    g = np.tanh(f)
    h = g * g + a
    j = np.sqrt(1.0 + h * h)
    k = j * w
    # backward, seed d sum / d m = 1
    gk = 2.0 * k / (1.0 + k * k)
    gj = gk * w
    gw = gk * j
    gh = gj * h / j
    gg = gh * 2.0 * g
    gf = gg * (1.0 - g * g)
    ge = gf * x
    gx = gf * e
    gd = -ge * np.sin(d)
    gw += gd
    gc = gd - 1.0
    ga = gh + gc * b
    gb = gc * a
    gx += ga * np.cos(x) - 2.0 * x * b * gb
    return gx, gw


# ----------------------------------------------------------------- peers
def _generic_loss(xp, x, w):
    a = xp.sin(x)
    b = xp.exp(-(x * x))
    c = a * b
    d = c + w
    e = xp.cos(d)
    f = e * x
    g = xp.tanh(f)
    h = g * g + a
    j = xp.sqrt(1.0 + h * h)
    k = j * w
    return xp.sum(xp.log(1.0 + k * k) - c)


autograd_grad, jax_eager_grad, jax_jit_grad = _peers.array_peers(_generic_loss, WRT)


def torch_grad(x, w):
    torch = _peers.torch_module()
    x = _peers.torch_leaf(torch, x)
    w = _peers.torch_leaf(torch, w)
    _generic_loss(torch, x, w).backward()
    return _peers.to_numpy_tuple((x.grad, w.grad))
