"""One check of a ported corpus (Tangent, JAX): a function, its arguments and a mode, against fd.py.

``outcome(fn, args, mode, wrt)`` returns ``("right", "")``, ``("refused", message)``
(``SrcdiffError``), ``("wrong", what)`` (an answer that is not the finite-difference
one), ``("crash", error)`` (any other exception) or ``("skip", why)`` (central
differences at two step sizes disagree: the point is on a branch boundary or a kink,
where differences are no oracle). Modes:

* ``grad``: ``sd.grad(f, wrt)`` (every output summed), against ``numeric_grad``;
* ``value_and_grad``: the value is ``f``'s, the gradient as above;
* ``unoptimized``: ``sd.grad(f, wrt, optimize=False)``, the reference pipeline;
* ``jvp``: ``sd.jvp`` along a random direction, against ``numeric_jvp`` (and its value);
* ``hvp``: ``sd.hvp`` along a random direction, against differences of the gradient
  (srcdiff's first-order gradient where the ``grad`` mode checks it, else differences of
  differences): second derivatives are never compared with srcdiff's own second order.

Arguments are copied before every call: some corpus functions store into their argument.
``assert_right_or_refused`` sweeps one function's argument tuples in one mode;
``corpus_tests`` makes a corpus's test functions (every function in every mode).
"""

import copy
import zlib
from collections import Counter

import numpy as np
import pytest

import srcdiff as sd
from fd import _like, assert_close, numeric_grad, numeric_jvp, smooth_numeric_grad, total
from tangents import random_like

MODES = ("grad", "value_and_grad", "unoptimized", "jvp", "hvp")


def default_wrt(args):
    """Every argument holding a float (ints, such as loop counts and indices, are constants)."""
    def floaty(x):
        if isinstance(x, dict):
            return any(floaty(v) for v in x.values())
        if isinstance(x, (list, tuple)):
            return any(floaty(v) for v in x)
        return isinstance(x, float) or (isinstance(x, np.ndarray) and x.dtype.kind == "f")

    return tuple(i for i, a in enumerate(args) if floaty(a))


def copied_call(f, args):
    """``f`` on a deep copy of ``args`` (some corpus functions store into their argument)."""
    return f(*copy.deepcopy(args))


def _shift(x, t, v):
    """``x + t * v`` over matching structures (integers stay: they are constants)."""
    if isinstance(x, dict):
        return {k: _shift(x[k], t, v[k]) for k in x}
    if isinstance(x, (list, tuple)):
        return _like(x, [_shift(a, t, b) for a, b in zip(x, v)])
    if isinstance(x, (bool, int, np.integer)):
        return x
    return x + t * v


def _one_sided_agree(fn, args, pos, directions, h=1e-6):
    """Forward and backward differences of sum(fn) agree along each direction: no kink."""
    base = total(copied_call(fn, args))
    for ks in [(k,) for k in pos] + [pos]:
        def at(t):
            moved = list(args)
            for k, v in zip(pos, directions):
                if k in ks:
                    moved[k] = _shift(args[k], t, v)
            return total(copied_call(fn, moved))

        forward, backward = (at(h) - base) / h, (base - at(-h)) / h
        if not np.isclose(forward, backward, rtol=1e-3, atol=1e-3):
            return False
    return True


def _fd_gradients(fn, args, pos, directions):
    """Central differences of sum(fn) for each position, or None off a smooth point."""
    if not _one_sided_agree(fn, args, pos, directions):
        return None
    out = []
    for k in pos:
        g = smooth_numeric_grad(lambda *a: copied_call(fn, a), args, k)
        if g is None:
            return None
        out.append(g)
    return tuple(out)


def _fd_hvp(fn, args, pos, directions):
    """Differences of the gradient along ``directions``; the gradient by differences too."""
    def gradient(*a):
        return tuple(numeric_grad(lambda *b: copied_call(fn, b), a, k, eps=1e-5) for k in pos)

    return numeric_jvp(gradient, args, pos, directions, eps=1e-4)


def outcome(fn, args, mode, wrt=None, run=None):
    """``run(fn, args, mode, positions)`` (default: this module's checks) classified."""
    pos = default_wrt(args) if wrt is None else tuple(wrt)
    try:
        return (run or _run)(fn, args, mode, pos)
    except sd.SrcdiffError as e:
        return "refused", str(e)
    except AssertionError as e:
        return "wrong", str(e)[:400]
    except Exception as e:  # noqa: BLE001 - classifying, not hiding: a crash fails the test
        return "crash", f"{type(e).__name__}: {e}"[:400]


def _run(fn, args, mode, pos):
    rng = np.random.default_rng(zlib.crc32(fn.__name__.encode()))
    directions = tuple(random_like(args[k], rng) for k in pos)
    expected = _fd_gradients(fn, args, pos, directions)
    if expected is None:
        return "skip", "one-sided or two-step differences disagree (a kink or branch boundary)"
    if mode == "grad":
        assert_close(sd.grad(fn, wrt=pos)(*copy.deepcopy(args)), expected)
    elif mode == "unoptimized":
        assert_close(sd.grad(fn, wrt=pos, optimize=False)(*copy.deepcopy(args)), expected)
    elif mode == "value_and_grad":
        value, g = sd.value_and_grad(fn, wrt=pos)(*copy.deepcopy(args))
        assert_close(value, copied_call(fn, args), rtol=1e-12, atol=1e-12, what="value")
        assert_close(g, expected)
    elif mode == "jvp":
        value, tangent = sd.jvp(fn, wrt=pos)(*copy.deepcopy(args), tangents=directions)
        assert_close(value, copied_call(fn, args), rtol=1e-12, atol=1e-12, what="jvp's value")
        assert_close(tangent, numeric_jvp(lambda *a: copied_call(fn, a), args, pos, directions),
                     what="tangent")
    elif mode == "hvp":
        got = sd.hvp(fn, wrt=pos)(*copy.deepcopy(args), vector=directions)
        assert_close(got, _hvp_oracle(fn, args, pos, directions, expected), rtol=1e-4,
                     atol=1e-5, what="hvp")
    else:
        raise ValueError(f"unknown mode {mode!r}")
    return "right", ""


def _hvp_oracle(fn, args, pos, directions, expected):
    """Differences of srcdiff's gradient where it matches differences of ``fn``; else
    differences of differences (looser, but independent of srcdiff)."""
    try:
        first = sd.grad(fn, wrt=pos, unconnected_gradients="zero")
        assert_close(first(*copy.deepcopy(args)), expected)
    except (sd.SrcdiffError, AssertionError):
        return _fd_hvp(fn, args, pos, directions)
    return numeric_jvp(lambda *a: first(*copy.deepcopy(a)), args, pos, directions)


def assert_right_or_refused(fn, argsets, mode, wrt, expected_refusal, tally):
    """Every answer right (or skipped at a kink); refused at every point iff
    ``expected_refusal`` (words of the message) is given. ``tally`` counts the outcomes."""
    results = [outcome(fn, args, mode, wrt) for args in argsets]
    tally.update((mode, kind) for kind, _ in results)
    bad = [(args, kind, msg) for args, (kind, msg) in zip(argsets, results)
           if kind in ("wrong", "crash")]
    assert not bad, "\n".join(f"{fn.__name__}{args!r}: {kind}: {msg}" for args, kind, msg in bad)
    refused = [msg for kind, msg in results if kind == "refused"]
    if expected_refusal is None:
        assert not refused, f"{fn.__name__} ({mode}) newly refused: {refused[0]}"
    else:
        assert len(refused) == len(results), f"{fn.__name__} ({mode}) no longer refused"
        assert all(expected_refusal in msg for msg in refused), refused[0]
    assert any(kind == "right" for kind, _ in results) or refused, \
        f"{fn.__name__} ({mode}): every point skipped, nothing checked"


def corpus_tests(cases, wrt, expected_refusals):
    """A ported corpus's tests: ``cases`` are ``(fn, argsets)``, ``wrt`` maps a function to
    its positions (else ``default_wrt``), ``expected_refusals`` maps ``(name, mode)`` to the
    words of its refusal. Returns ``(tally, test_right_or_refused,
    test_refusal_list_names_corpus_functions)``; the corpus's module binds them by these
    names (pytest collects them there, tests/compat/conftest.py prints its ``TALLY``)."""
    tally = Counter()  # (mode, outcome) -> count

    @pytest.mark.parametrize("mode", MODES)
    @pytest.mark.parametrize("case", cases, ids=lambda case: case[0].__name__)
    def test_right_or_refused(case, mode):
        fn, argsets = case
        assert_right_or_refused(fn, argsets, mode, wrt.get(fn),
                                expected_refusals.get((fn.__name__, mode)), tally)

    def test_refusal_list_names_corpus_functions():
        names = {fn.__name__ for fn, _ in cases}
        assert {name for name, _ in expected_refusals} <= names
        assert {mode for _, mode in expected_refusals} <= set(MODES)

    return tally, test_right_or_refused, test_refusal_list_names_corpus_functions


__all__ = ["MODES", "assert_right_or_refused", "copied_call", "corpus_tests", "default_wrt",
           "outcome"]
