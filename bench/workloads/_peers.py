"""Small helpers shared by the peer implementations (not by primal/hand_grad)."""
import functools
import os


@functools.lru_cache(maxsize=None)
def jax_modules():
    """Import JAX on CPU in float64; raises ImportError when JAX is missing."""
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax

    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_platforms", "cpu")
    import jax.numpy as jnp

    return jax, jnp


@functools.lru_cache(maxsize=None)
def torch_module():
    import torch

    n = int(os.environ.get("OMP_NUM_THREADS", "0") or 0)
    if n:                      # match NumPy's BLAS and XLA (see bench/README.md)
        torch.set_num_threads(n)
        try:
            torch.set_num_interop_threads(n)
        except RuntimeError:   # already set, or parallel work already started
            pass
    return torch


@functools.lru_cache(maxsize=None)
def autograd_modules():
    import autograd
    import autograd.numpy as anp

    return autograd, anp


def to_numpy_tuple(values):
    """JAX/torch/NumPy gradients -> tuple of NumPy arrays (blocks on JAX)."""
    import numpy as np

    out = []
    for v in values:
        if hasattr(v, "detach"):          # torch tensor
            v = v.detach().numpy()
        out.append(np.asarray(v))
    return tuple(out)


def torch_leaf(torch, x):
    """A fresh float64 leaf tensor sharing memory with `x` where possible."""
    t = torch.as_tensor(x, dtype=torch.float64)
    return t.detach().requires_grad_(True)


def array_peers(loss, wrt, jit_loss=None, static_argnums=()):
    """``(autograd_grad, jax_eager_grad, jax_jit_grad)`` for ``loss(xp, *args)``, written
    once against an array module (autograd's or JAX's numpy). ``jit_loss(*args)``, if
    given, replaces it under ``jax.jit`` (a ``lax`` loop instead of an unrolled one).
    Modules are imported, and functions made, on first use."""

    @functools.lru_cache(maxsize=None)
    def autograd_fn():
        autograd, anp = autograd_modules()
        return autograd.grad(lambda *a: loss(anp, *a), wrt)

    @functools.lru_cache(maxsize=None)
    def jax_fn(jit):
        jax, jnp = jax_modules()
        if jit and jit_loss is not None:
            return jax.jit(jax.grad(jit_loss, argnums=wrt), static_argnums=static_argnums)
        f = jax.grad(lambda *a: loss(jnp, *a), argnums=wrt)
        return jax.jit(f) if jit else f

    def autograd_grad(*args):
        return to_numpy_tuple(autograd_fn()(*args))

    def jax_eager_grad(*args):
        return to_numpy_tuple(jax_fn(False)(*args))

    def jax_jit_grad(*args):
        return to_numpy_tuple(jax_fn(True)(*args))

    return autograd_grad, jax_eager_grad, jax_jit_grad

