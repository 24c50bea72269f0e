"""autograd's ``check_grads(modes=("fwd", "rev"), order=2)`` in srcdiff's words, against fd.py.

``check(f, *args)`` checks, for every float argument (or those named by ``wrt=``):

* ``rev``: ``sd.grad(f, wrt)(*args, grad_ys=c)`` for a random cotangent ``c`` equals
  the finite-difference gradient of ``<c, f>``;
* ``fwd``: ``sd.jvp(f, wrt)(*args, tangents=v)`` gives ``f(*args)`` and the
  finite-difference derivative of ``f`` along a random ``v`` (every output element);
* ``rev-rev``: ``sd.grad(sd.grad(f, wrt), wrt)`` seeded with a random ``c2`` equals the
  finite-difference gradient of ``<c2, grad f>``;
* ``fwd-rev``: ``sd.hvp(f, wrt)(*args, vector=v)`` equals the finite-difference
  derivative of ``grad f`` along ``v``.

The second-order checks difference the first-order gradient, which ``rev`` has
just checked against differences of ``f`` itself: as in autograd, second
derivatives are compared with differences of checked first ones, and srcdiff is
never compared with itself. A check whose modes all pass is counted, per mode, in
``PASSED`` (tests/compat/conftest.py prints the counts).
"""

import zlib
from collections import Counter

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp
from tangents import inner, is_int, random_like

MODES = ("rev", "fwd", "rev-rev", "fwd-rev")
PASSED = Counter()


def is_float(x):
    """A float, a float array, or a container holding at least one of them."""
    if isinstance(x, dict):
        return any(is_float(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return any(is_float(v) for v in x)
    if isinstance(x, (float, np.floating)):
        return True
    return isinstance(x, np.ndarray) and np.issubdtype(x.dtype, np.floating)


def check(f, *args, wrt=None, modes=MODES, rtol=1e-5, atol=1e-6, rtol2=None, atol2=None):
    """Check ``f`` at ``args`` in ``modes`` (all four by default); raise on a mismatch.

    ``rtol2``/``atol2``: the tolerances of the second-order checks (default: the same).
    """
    unknown = set(modes) - set(MODES)
    assert not unknown, f"unknown modes {sorted(unknown)}"
    pos = tuple(i for i, a in enumerate(args) if is_float(a)) if wrt is None else tuple(wrt)
    assert pos, "no float argument to check"
    rng = np.random.default_rng(zlib.crc32(getattr(f, "__qualname__", "f").encode()))
    name = getattr(f, "__name__", repr(f))
    tol2 = dict(rtol=rtol if rtol2 is None else rtol2, atol=atol if atol2 is None else atol2)
    if "rev" in modes:
        _check_reverse(f, args, pos, rng, name, dict(rtol=rtol, atol=atol))
    if "fwd" in modes:
        _check_forward(f, args, pos, rng, name, dict(rtol=rtol, atol=atol))
    first = sd.grad(f, wrt=pos, unconnected_gradients="zero")
    if "rev-rev" in modes:
        _check_reverse(first, args, pos, rng, f"grad({name})", tol2)
    if "fwd-rev" in modes:
        directions = tuple(random_like(args[k], rng) for k in pos)
        got = sd.hvp(f, wrt=pos)(*args, vector=directions)
        expected = numeric_jvp(first, args, pos, directions)
        assert_close(got, expected, what=f"hvp({name})", **tol2)
    PASSED.update(modes)  # counted when every requested mode passed


def _check_reverse(f, args, pos, rng, name, tol):
    cot = _cotangent(f(*args), rng)
    got = sd.grad(f, wrt=pos)(*args, grad_ys=cot)
    for k, g in zip(pos, got):
        expected = numeric_grad(lambda *a: inner(cot, f(*a)), args, k)
        assert_close(g, expected, what=f"grad({name})[{k}]", **tol)


def _check_forward(f, args, pos, rng, name, tol):
    directions = tuple(random_like(args[k], rng) for k in pos)
    value, tangent = sd.jvp(f, wrt=pos)(*args, tangents=directions)
    assert_close(value, f(*args), rtol=1e-12, atol=1e-12, what=f"{name} (jvp's value)")
    assert_close(tangent, numeric_jvp(f, args, pos, directions), what=f"jvp({name})", **tol)


def _cotangent(out, rng):
    """A random cotangent shaped like ``out`` (a float for a scalar, never for an int)."""
    if isinstance(out, (dict, list, tuple)) or not is_int(out):
        return random_like(out, rng)
    return 0.0


# ------------------------------------------------------------------ inputs

RNG = np.random.default_rng(1)


def R(*shape):
    """Standard normal values (a float for no shape), as autograd's ``npr.randn``."""
    x = RNG.standard_normal(shape)
    return float(x) if not shape else x


def U(lo, hi, *shape):
    """Uniform values in ``[lo, hi)`` (a float for no shape)."""
    x = RNG.uniform(lo, hi, shape)
    return float(x) if not shape else x


def check_pipelines(f, *args, k=0):
    """``sd.value_and_grad(f, wrt=k)`` through the reference pipeline (``optimize=False``)
    and under ``verify=True`` gives ``f``'s value and its finite-difference gradient."""
    expected = numeric_grad(f, args, k)
    for options in ({"optimize": False}, {"verify": True}):
        value, g = sd.value_and_grad(f, wrt=k, **options)(*args)
        assert_close(value, f(*args), rtol=1e-12, atol=0.0, what=f"value {options}")
        assert_close(g, expected, what=f"gradient {options}")
