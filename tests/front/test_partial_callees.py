"""A ``functools.partial`` called inside a differentiated function: ``part(x)`` with
``part = functools.partial(f, a, b)`` is ``f(a, b, x)``, the bound arguments constants (as
a method's object; front/signatures.py ``_partial``). Refused before ("no gradient rule
for part"). A partial with keywords stays refused (a call may give them again). Oracle:
central finite differences."""

import functools

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

SCALE = 2.0
W = np.array([1.0, -2.0, 0.5])


def _scaled_square(a, x):
    return np.sum(a * SCALE * x ** 2)


def _layer(w, b, x):
    return np.sum(np.tanh(w * x + b))


def _with_keyword(x, scale=1.0):
    return np.sum(scale * x ** 3)


square = functools.partial(_scaled_square, 3.0)
layer = functools.partial(_layer, W, 0.5)
nested = functools.partial(functools.partial(_layer, W), 0.25)
keyworded = functools.partial(_with_keyword, scale=2.0)


def one_partial(x):
    return square(x)


def two_partials(x):
    return layer(x) * square(x) + nested(x * 2.0)


def in_a_loop(x):
    acc = 0.0
    for k in range(3):
        acc = acc + layer(x * (k + 1.0))
    return acc


X = np.array([0.3, 0.8, 1.7])


@pytest.mark.parametrize("f", [one_partial, two_partials, in_a_loop])
def test_a_partial_is_its_function_with_constants(f):
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(X), numeric_grad(f, (X,), 0))
    t = np.array([0.2, -0.5, 1.0])
    np.testing.assert_allclose(sd.jvp(f)(X, tangents=t)[1], numeric_grad(f, (X,), 0) @ t,
                               rtol=1e-6)


def test_a_rebound_partial_and_a_changed_bound_array_are_seen():
    global square
    g = sd.grad(two_partials)
    assert_close(g(X), numeric_grad(two_partials, (X,), 0))
    old = square
    try:
        square = functools.partial(_scaled_square, -1.0)
        assert_close(g(X), numeric_grad(two_partials, (X,), 0))
        W[0] = 5.0  # (the bound array itself, changed in place: read when called)
        assert_close(g(X), numeric_grad(two_partials, (X,), 0))
    finally:
        square, W[0] = old, 1.0


def uses_keywords(x):
    return keyworded(x)


def test_a_partial_with_keywords_is_refused():
    with pytest.raises(sd.SrcdiffError, match="functools.partial with keywords"):
        sd.grad(uses_keywords)(X)
