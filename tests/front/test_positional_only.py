"""Positional-only parameters (``def f(x, /)``) of the differentiated function and of its
helpers are plain parameters of the generated code (front/parse.py): before session 48 they
were dropped from the generated signature ("wrt='x' is neither a parameter nor a local
variable of 'f' (parameters: none)"). Each checked against central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def _h(a, b=2.0, /):
    return np.sin(a) * b


def two_positional_only(x, s, /):
    return np.sum(_h(x * s) ** 2) + np.sum(_h(x, 3.0))


def mixed_with_default(x, /, s=0.5):
    y = x.copy()
    for i in range(len(y)):
        y[i] = y[i] * s + _h(y[i - 1])
    return np.sum(y ** 2)


def with_keyword_only(x, /, s, *, k=2.0):  # (lowered with the keyword-only: signatures.py)
    return np.sum(_h(x) * s * k)


CASES = [two_positional_only, mixed_with_default, with_keyword_only]
X = np.linspace(-0.5, 0.8, 4)


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
def test_gradient(f, options):
    args = (X.copy(), 0.7)
    got = sd.grad(f, wrt=(0, 1), **options)(*args)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(f, args, k))


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_forward_and_second_order(f):
    args, v = (X.copy(), 0.7), np.linspace(1.0, -1.0, 4)
    value, tangent = sd.jvp(f, wrt=0)(*args, tangents=v)
    assert np.isclose(value, f(*args))
    h = 1e-6
    assert np.isclose(tangent, (f(X + h * v, 0.7) - f(X - h * v, 0.7)) / (2 * h), rtol=1e-5)
    g = sd.grad(f, wrt=0)
    want = (g(X + 1e-5 * v, 0.7) - g(X - 1e-5 * v, 0.7)) / 2e-5
    assert_close(sd.hvp(f, wrt=0)(*args, vector=v), want, rtol=1e-5)


def test_wrt_by_name():
    got = sd.grad(two_positional_only, wrt="x")(X.copy(), 0.7)
    assert_close(got, numeric_grad(two_positional_only, (X.copy(), 0.7), 0))


def test_source_names_the_parameters():
    assert "def grad_two_positional_only(x, s" in sd.source(two_positional_only, wrt=0)
