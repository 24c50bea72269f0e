"""Peers for the realistic family: one generic loss ``loss(xp, *args)`` written against an
array module runs under autograd, JAX and PyTorch (through the small NumPy-spelled facade
below), reusing bench/workloads/_peers.py."""
import numpy as np

from workloads import _peers


class TorchNumpy:
    """The NumPy spellings the generic losses use, on torch tensors."""

    def __init__(self, torch):
        self.t = torch
        for name in ("exp", "log", "sqrt", "tanh", "swapaxes", "einsum", "diag", "abs",
                     "arange"):
            setattr(self, name, getattr(torch, name))
        self.linalg = torch.linalg
        self.pi = np.pi

    def eye(self, n):
        return self.t.eye(n, dtype=self.t.float64)

    def _axis(self, fn, x, axis=None, keepdims=False):
        if axis is None:
            return fn(x)
        return fn(x, dim=axis, keepdim=keepdims)

    def sum(self, x, axis=None, keepdims=False):
        return self._axis(self.t.sum, x, axis, keepdims)

    def mean(self, x, axis=None, keepdims=False):
        return self._axis(self.t.mean, x, axis, keepdims)

    def max(self, x, axis=None, keepdims=False):
        return self._axis(self.t.amax, x, axis, keepdims)

    def logsumexp(self, x, axis):
        return self.t.logsumexp(x, dim=axis)


def peers(loss, wrt, jit_loss=None, static_argnums=()):
    """``(autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad)`` for ``loss(xp, *args)``;
    ``jit_loss`` (with ``static_argnums``) replaces it under jax.jit (workloads/_peers.py)."""
    autograd_grad, jax_eager_grad, jax_jit_grad = _peers.array_peers(
        loss, wrt, jit_loss=jit_loss, static_argnums=static_argnums)

    def torch_grad(*args):
        torch = _peers.torch_module()
        targs = [_peers.torch_leaf(torch, a) if i in wrt
                 else (torch.as_tensor(a) if isinstance(a, np.ndarray) else a)
                 for i, a in enumerate(args)]
        out = loss(TorchNumpy(torch), *targs)
        out.backward()
        return _peers.to_numpy_tuple(tuple(targs[i].grad for i in wrt))

    return autograd_grad, jax_eager_grad, jax_jit_grad, torch_grad
