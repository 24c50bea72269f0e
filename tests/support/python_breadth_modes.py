"""One Python-breadth case in one mode (tests/compat/test_python_breadth.py).

The modes of compat_modes.py (grad, value_and_grad, unoptimized, jvp, hvp) plus ``verify``
(``verify=True``: SRCDIFF_VERIFY's run-time checks) and ``int_tangent`` (``sd.jvp`` along
a direction given as ints: a list, an int array or a Python int, as users write
``tangents=[1, 0]``). The oracle is central differences in
float64: float32 arguments are widened to float64 for the differences (srcdiff runs on the
arguments as given, with a tolerance for float32's rounding). Beyond the values, every
gradient leaf must have its argument's shape and float dtype (SPEC §1: a float32 array's
gradient is float32, a Python float's a 0-d float64), and a ``jvp``'s value and tangent the
output's shape. ``outcome`` returns ``(kind, message)`` as compat_modes does.
"""

import copy
import zlib

import numpy as np

import compat_modes as cm
import srcdiff as sd
from fd import _leaves, assert_close, numeric_jvp
from tangents import random_like

MODES = cm.MODES + ("verify", "int_tangent")


def _widened(x):
    """``x`` with every float32 leaf as float64 (the oracle's precision)."""
    if isinstance(x, dict):
        return {k: _widened(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(_widened(v) for v in x)
    if isinstance(x, (np.ndarray, np.floating)) and x.dtype == np.float32:
        return x.astype(np.float64)
    return x


def _single(x):
    return any(isinstance(leaf, (np.ndarray, np.floating)) and leaf.dtype == np.float32
               for _, leaf in _leaves(x))


def _constants_zero(expected, arg):
    """The differences' gradient with int and bool leaves of ``arg`` zero: they are
    constants (SPEC §1), whatever differences through a float copy of them say."""
    if isinstance(arg, dict):
        return {k: _constants_zero(expected[k], arg[k]) for k in arg}
    if isinstance(arg, (list, tuple)):
        return type(arg)(_constants_zero(e, a) for e, a in zip(expected, arg))
    if isinstance(arg, (bool, int, np.integer, np.bool_)):
        return 0.0
    return expected


def _int_like(x, rng):
    """A direction with the structure of ``x`` given as ints (integers get 0)."""
    if isinstance(x, dict):
        return {k: _int_like(v, rng) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return type(x)(_int_like(v, rng) for v in x)
    if isinstance(x, (bool, int, np.integer, np.bool_)) or (
            isinstance(x, np.ndarray) and x.dtype.kind in "biu"):
        return 0
    return rng.integers(-2, 3, size=np.shape(x)) if np.ndim(x) else int(rng.integers(1, 3))


def _check_dtypes(got, args, pos):
    """Each gradient leaf has its argument leaf's shape and float dtype."""
    for k, g in zip(pos, got):
        for (path, a), (_, b) in zip(_leaves(args[k]), _leaves(g)):
            if b is None:
                continue
            want = a.dtype if isinstance(a, (np.ndarray, np.floating)) else np.dtype(float)
            got = np.asarray(b)
            assert got.shape == np.shape(a), f"gradient{path}: shape {got.shape} != {np.shape(a)}"
            assert got.dtype == want, f"gradient{path}: dtype {got.dtype} != {want}"


def outcome(fn, args, mode, wrt=None):
    return cm.outcome(fn, args, mode, wrt, run=_run)


def _run(fn, args, mode, pos):
    try:
        return _checked(fn, args, mode, pos)
    except TypeError as e:
        if f"{fn.__name__}: argument " not in str(e):
            raise
        return "refused", str(e)  # SPEC §8: an argument of another type, before any work


def _checked(fn, args, mode, pos):
    wide = _widened(args)
    tol = dict(rtol=2e-3, atol=2e-3) if _single(args) else {}
    rng = np.random.default_rng(zlib.crc32(fn.__name__.encode()))
    directions = tuple(random_like(wide[k], rng) for k in pos)
    if mode == "int_tangent":
        directions = tuple(_int_like(args[k], rng) for k in pos)
    expected = cm._fd_gradients(fn, wide, pos, directions)
    if expected is None:
        return "skip", "one-sided or two-step differences disagree (a kink or branch boundary)"
    expected = tuple(_constants_zero(e, args[k]) for e, k in zip(expected, pos))
    value = cm.copied_call(fn, args)
    if mode in ("grad", "unoptimized", "verify", "value_and_grad"):
        options = {"unoptimized": {"optimize": False}, "verify": {"verify": True}}.get(mode, {})
        if mode == "value_and_grad":
            got_value, got = sd.value_and_grad(fn, wrt=pos)(*copy.deepcopy(args))
            assert_close(got_value, value, rtol=1e-12, atol=1e-12, what="value")
        else:
            got = sd.grad(fn, wrt=pos, **options)(*copy.deepcopy(args))
        assert_close(got, expected, **tol)
        _check_dtypes(got, args, pos)
    elif mode in ("jvp", "int_tangent"):
        got_value, tangent = sd.jvp(fn, wrt=pos)(*copy.deepcopy(args), tangents=directions)
        assert_close(got_value, value, rtol=1e-12, atol=1e-12, what="jvp's value")
        want = numeric_jvp(lambda *a: cm.copied_call(fn, a), wide, pos, directions)
        assert_close(tangent, want, what="tangent", **tol)
    elif mode == "hvp":
        got = sd.hvp(fn, wrt=pos)(*copy.deepcopy(args), vector=directions)
        assert_close(got, cm._hvp_oracle(fn, wide, pos, directions, expected),
                     rtol=1e-4 if not tol else 5e-2, atol=1e-5 if not tol else 5e-2, what="hvp")
    else:
        raise ValueError(f"unknown mode {mode!r}")
    return "right", ""
