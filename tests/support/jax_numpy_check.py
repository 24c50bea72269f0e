"""One check of a JAX numpy-gradient record (tests/support/jax_numpy_corpus.py), against fd.py.

A case is a record's function at one argument tuple, written twice as a user would:
``weighted(*xs, w)`` returns ``np.sum(op(*xs) * w)`` (a fixed random ``w``, so the
gradient is not a sum of ones) and ``plain(*xs)`` returns ``op(*xs)`` itself.
``outcome(case, mode)`` returns one of

* ``("right", "")``: the answer equals the finite-difference one;
* ``("refused", message)``: ``SrcdiffError``;
* ``("wrong", what)``: an answer that is not the finite-difference one;
* ``("crash", error)``: any other exception (also a gradient of the wrong structure);
* ``("skip", why)``: central differences at two steps disagree (a kink within a step).

Modes: ``rev`` (``sd.grad`` of ``weighted``), ``rev0`` (the same with ``optimize=False``,
the reference pipeline), ``fwd`` (``sd.jvp`` of ``plain`` along a random direction: every
output element's tangent, and the value), ``hvp`` (``sd.hvp`` of ``weighted``, against
differences of srcdiff's gradient where that gradient matches differences of ``weighted``,
else differences of differences), ``numba`` (``sd.grad(..., backend="numba")``).
Second derivatives are never compared with srcdiff's own second order.
"""

import zlib
from collections import namedtuple

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp, smooth_numeric_grad
from tangents import random_like

MODES = ("rev", "rev0", "fwd", "hvp")

# name: the record and shapes; xs: the differentiated arguments (floats, float arrays);
# consts: further arguments passed after them (integers, index arrays, masks); w: the weight.
Case = namedtuple("Case", "name weighted plain xs consts w order rtol atol")


def weighted_of(plain, nargs):
    """``np.sum(plain(...) * w)`` for a ``plain`` of ``nargs`` arguments."""
    if nargs == 1:
        def weighted(a, w):
            return np.sum(plain(a) * w)
    elif nargs == 2:
        def weighted(a, b, w):
            return np.sum(plain(a, b) * w)
    else:
        def weighted(a, b, c, w):
            return np.sum(plain(a, b, c) * w)
    return weighted


def _grad_call(case, **options):
    pos = tuple(range(len(case.xs)))
    return sd.grad(case.weighted, wrt=pos, **options)(*case.xs, *case.consts, case.w)


def _fd_grad(case):
    def total(*a):
        return case.weighted(*a)

    args = (*case.xs, *case.consts, case.w)
    out = []
    for k in range(len(case.xs)):
        g = smooth_numeric_grad(total, args, k, rtol=1e-4, atol=1e-5)
        if g is None:
            return None
        out.append(g)
    return tuple(out)


def _directions(case):
    rng = np.random.default_rng(zlib.crc32(case.name.encode()))
    return tuple(random_like(x, rng) for x in case.xs)


def _check_forward(case):
    dirs = _directions(case)
    pos = tuple(range(len(case.xs)))
    args = (*case.xs, *case.consts)
    value, tangent = sd.jvp(case.plain, wrt=pos)(*args, tangents=dirs)
    expected = [numeric_jvp(case.plain, args, pos, dirs, eps=h) for h in (1e-6, 1e-5)]
    try:
        assert_close(expected[0], expected[1], rtol=1e-4, atol=1e-5)
    except AssertionError:
        return "skip", "differences along the direction disagree at two steps (a kink)"
    primal = case.plain(*args)
    assert_close(value, primal, rtol=1e-12, atol=1e-12, what="jvp's value")
    finite = np.isfinite(primal)
    if not np.all(finite):  # a NaN output (an all-NaN slice of nanmax): no oracle there
        if not np.any(finite):
            return "skip", "every output is NaN"
        tangent, expected[0] = np.asarray(tangent)[finite], np.asarray(expected[0])[finite]
    assert_close(tangent, expected[0], case.rtol, case.atol, what="tangent")
    return "right", ""


def _check_hvp(case, expected):
    dirs = _directions(case)
    pos = tuple(range(len(case.xs)))
    consts = (*case.consts, case.w)
    got = sd.hvp(case.weighted, wrt=pos)(*case.xs, *consts, vector=dirs)
    first = sd.grad(case.weighted, wrt=pos, unconnected_gradients="zero")
    try:
        assert_close(first(*case.xs, *consts), expected, case.rtol, case.atol)
        oracle = numeric_jvp(lambda *a: first(*a), (*case.xs, *consts), pos, dirs)
    except (sd.SrcdiffError, AssertionError):
        def gradient(*a):
            return tuple(numeric_grad(case.weighted, a, k, eps=1e-5) for k in pos)

        oracle = numeric_jvp(gradient, (*case.xs, *consts), pos, dirs, eps=1e-4)
    assert_close(got, oracle, rtol=max(case.rtol, 1e-4), atol=max(case.atol, 1e-5),
                 what="hvp")
    return "right", ""


def _run(case, mode):
    if mode == "fwd":
        return _check_forward(case)
    expected = _fd_grad(case)
    if expected is None:
        return "skip", "central differences disagree at two steps (a kink)"
    if mode == "rev":
        assert_close(_grad_call(case), expected, case.rtol, case.atol)
    elif mode == "rev0":
        assert_close(_grad_call(case, optimize=False), expected, case.rtol, case.atol)
    elif mode == "numba":
        assert_close(_grad_call(case, backend="numba"), expected, case.rtol, case.atol)
    elif mode == "hvp":
        return _check_hvp(case, expected)
    else:
        raise ValueError(f"unknown mode {mode!r}")
    return "right", ""


def outcome(case, mode):
    """``(kind, message)`` of ``case`` in ``mode`` (see the module docstring)."""
    try:
        with np.errstate(all="ignore"):
            return _run(case, mode)
    except sd.SrcdiffError as e:
        return "refused", str(e)
    except AssertionError as e:
        return "wrong", str(e)[:600]
    except Exception as e:  # noqa: BLE001 - classified, and a crash fails the test
        return "crash", f"{type(e).__name__}: {e}"[:600]


__all__ = ["MODES", "Case", "outcome", "weighted_of"]
