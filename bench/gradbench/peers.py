"""The peers' derivatives of the same objectives: evals.py's source, run with the peer's
NumPy (autograd.numpy, jax.numpy). Every function of evals.py is rebuilt in one new
namespace whose ``np`` is the peer's, so helpers and recursion use it too. PyTorch has
no NumPy-compatible namespace (``dim=`` for ``axis=``, no ``np.concatenate``), so it
is not run here.
"""

import types

import evals


def _namespace(np_module):
    ns = dict(vars(evals))
    ns["np"] = np_module
    for name, obj in vars(evals).items():
        if isinstance(obj, types.FunctionType) and obj.__module__ == evals.__name__:
            ns[name] = types.FunctionType(obj.__code__, ns, name, obj.__defaults__)
    return ns


def autograd_grad(ev):
    try:
        import autograd
        import autograd.numpy as anp
    except ImportError:
        return None
    fn = _namespace(anp)[ev.fn.__name__]
    return autograd.grad(fn, ev.wrt)


def jax_grad(ev, jit):
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        return None
    jax.config.update("jax_enable_x64", True)
    fn = _namespace(jnp)[ev.fn.__name__]
    g = jax.grad(fn, ev.wrt)
    if not jit:
        return lambda *a: g(*a)
    ints = tuple(k for k, v in enumerate(ev.make()) if isinstance(v, int))
    compiled = jax.jit(g, static_argnums=ints)
    return lambda *a: compiled(*a).block_until_ready()


def jax_primal(ev, jit):
    import jax
    import jax.numpy as jnp
    fn = _namespace(jnp)[ev.fn.__name__]
    if not jit:
        return fn
    ints = tuple(k for k, v in enumerate(ev.make()) if isinstance(v, int))
    compiled = jax.jit(fn, static_argnums=ints)
    return lambda *a: compiled(*a).block_until_ready()
