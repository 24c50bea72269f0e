"""Shape facts of ``np.array(a, dtype=...)`` / ``np.asarray(a)`` of an array (``a``'s own
pattern), ``np.cumsum``/``np.cumprod`` (one axis without ``axis=``, the operand's along one),
``np.concatenate`` of a list display of arrays (the entries' rank) and ``//`` of two
integers (an integer), activity.py with patterns.py. With them a float rebound by ``+=``
with an entry of such an array is known to be a number: ``a = b = s * 2.0; a += v[0]``
rebinds ``a`` and leaves ``b`` alone, which srcdiff accepted only when ``v`` came from a
parameter or ``x.copy()`` (programs of tests/property/gen_independent.py were refused).
What may be an array is still refused: a 0-d array (``np.array(s)`` of a float), a
conversion of a list, and an array rebound by ``+=``."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.analysis.activity import analyze
from srcdiff.compiler.analysis.facts import arg_fact
from srcdiff.compiler.analysis.ops import is_user_function
from srcdiff.compiler.emit.reserved import RESERVED
from srcdiff.compiler.front.normalize import normalize
from srcdiff.compiler.front.parse import parse_function
from srcdiff.rules import DEFAULT


def converted_then_chained(x, s):
    v = np.array(x, dtype=float)
    a1 = b2 = s * 2.0
    a1 += v[0]
    b2 *= v[-1]
    return a1 * b2 + np.sum(np.asarray(v) * a1)


def running_totals(x, s):
    w = np.cumsum(x * s) + np.cumprod(np.tanh(x), axis=0)
    a = b = s
    for e in w:
        b += 0.3 * e
    return a * b


def rotated(x, s):
    w = np.concatenate([x[1:] * s, x[:1]])
    a = b = s * s
    for e in w:
        b += e * b
    return a + b


def middle_entry(x, s):
    a = b = s
    b += x[len(x) // 2] * s
    return a * b


FUNCTIONS = [converted_then_chained, running_totals, rotated, middle_entry]
X, S = np.array([0.3, -0.8, 0.5, 0.7]), 0.45


@pytest.mark.parametrize("f", FUNCTIONS)
def test_reverse_matches_finite_differences(f):
    want = [numeric_grad(f, (X, S), k) for k in (0, 1)]
    for options in ({}, {"verify": True}, {"optimize": False}):
        got = sd.grad(f, wrt=(0, 1), **options)(X.copy(), S)
        for g, w in zip(got, want):
            assert_close(g, w, rtol=1e-7, atol=1e-9)


@pytest.mark.parametrize("f", FUNCTIONS)
def test_forward_and_second_order_match_finite_differences(f):
    tx, ts = np.array([0.2, -0.5, 0.9, 0.1]), -0.7
    h = 1e-6
    value, dot = sd.jvp(f, wrt=(0, 1))(X.copy(), S, tangents=(tx, ts))
    want = (f(X + h * tx, S + h * ts) - f(X - h * tx, S - h * ts)) / (2 * h)
    assert_close(value, f(X, S))
    assert_close(dot, want, rtol=1e-6, atol=1e-8)
    grad = sd.grad(f, wrt=(0, 1))
    hx, hs = sd.hvp(f, wrt=(0, 1))(X.copy(), S, vector=(tx, ts))
    plus, minus = grad(X + 1e-5 * tx, S + 1e-5 * ts), grad(X - 1e-5 * tx, S - 1e-5 * ts)
    assert_close(hx, (plus[0] - minus[0]) / 2e-5, rtol=1e-5, atol=1e-7)
    assert_close(hs, (plus[1] - minus[1]) / 2e-5, rtol=1e-5, atol=1e-7)


def zero_d_conversion(x, s):
    v = np.array(s)  # a 0-d array: `+=` changes it in place, and `a` sees it
    a = v
    v += x[0]
    return a * s


def list_conversion(x, s):
    v = np.asarray([x, x * s])
    a = b = v[0]  # a row: a view of v
    a += x[1]
    return np.sum(a * b)


def array_rebound(x, s):
    a = b = np.array(x, dtype=float) * 2.0
    a += s  # changes b too
    return np.sum(a * b)


def running_total_of_a_float(x, s):
    c = np.cumsum(s)  # an array of one entry, not a number
    d = c
    c += x[0]
    return np.sum(c * d)


@pytest.mark.parametrize("f", [zero_d_conversion, list_conversion, array_rebound,
                               running_total_of_a_float])
def test_what_may_be_an_array_is_still_refused(f):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(f, wrt=(0, 1))(X.copy(), S)


def shapes_of(x, s, m):
    a = np.array(x, dtype=float)
    b = np.asarray(m)
    c = np.array(s)
    d = np.cumsum(x)
    e = np.cumsum(m)
    f = np.cumsum(m, axis=1)
    g = np.cumsum(s)
    h = np.concatenate([x, x[:1]])
    i = np.concatenate([m, m])
    j = len(x) // 2
    k = np.array(x, ndmin=2)
    return a, b, c, d, e, f, g, h, i, j, k


def test_patterns():
    parsed = parse_function(shapes_of)
    anf, _ = normalize(parsed, RESERVED, set())
    facts = {"x": arg_fact(np.ones(3)), "s": arg_fact(0.5), "m": arg_fact(np.ones((2, 3)))}
    a = analyze(anf, parsed, DEFAULT, is_user_function, ["x", "s", "m"], (), facts)
    x, m = a.shapes["x"], a.shapes["m"]
    assert len(x) == 1 and len(m) == 2
    assert a.shapes["a"] == x and a.shapes["b"] == m
    assert a.shapes["c"] is None  # a 0-d array, not a number
    assert a.shapes["d"] == x and a.shapes["e"] == (None,) and a.shapes["f"] == m
    assert a.shapes["g"] == (True,)
    assert a.shapes["h"] == (None,) and a.shapes["i"] == (None, m[1])
    assert a.kinds["j"] == "int" and a.shapes["j"] == ()
    assert a.shapes["k"] is None  # (ndmin: not modelled)
