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
