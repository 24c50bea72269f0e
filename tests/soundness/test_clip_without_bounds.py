"""``np.clip`` with no bound at all: ``np.clip(a, None, None)``, ``np.clip(a)``, ``a.clip()``.

NumPy 2 accepts a clip with both bounds None (it returns a copy of ``a``). The rule of
``np.clip`` read a missing ``a_min`` as "only an upper bound" and built ``a <= a_max`` with
``a_max`` None: every reverse pipeline and forward mode raised ``TypeError: '<=' not
supported between instances of 'float' and 'NoneType'`` from generated code (found by
tools/red29/gen29.py, 5 of 300 programs of seed 2). Both None is now the identity.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def both_none(x):
    t = np.clip(x, None, None)
    return np.sum(t * t)


def keywords_none(x):
    t = np.clip(x, a_min=None, a_max=None)
    return np.sum(np.sin(t))


def numpy2_keywords_none(x):
    t = np.clip(x, min=None, max=None)
    return np.sum(np.sin(t) * x)


def no_bounds(x):
    return np.sum(np.clip(x * x) * 3.0)


def method_no_bounds(x):
    return np.sum(np.tanh(x.clip()))


def method_none(x):
    y = x * 2.0
    return np.sum(np.exp(y.clip(None, None)))


def none_then_a_bound(x):
    # the other branches of the rule stay as they were
    return np.sum(np.clip(x, None, 0.2)) + np.sum(np.clip(x, -0.1, None) ** 2)


CASES = [both_none, keywords_none, numpy2_keywords_none, no_bounds, method_no_bounds,
         method_none, none_then_a_bound]
X = np.array([[0.31, -0.52, 0.77], [-0.24, 0.05, 0.43]])


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("options", PIPELINES)
def test_reverse_clip_without_bounds(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", CASES)
def test_forward_clip_without_bounds(f):
    t = np.array([[0.3, 1.1, -0.7], [0.5, -0.2, 0.9]])
    value, tangent = sd.jvp(f)(X.copy(), tangents=t)
    assert_close(value, f(X.copy()))
    assert_close(tangent, np.sum(numeric_grad(f, (X,), 0) * t))


@pytest.mark.parametrize("f", [both_none, no_bounds])
def test_hvp_clip_without_bounds(f):
    v = np.array([[0.3, 1.1, -0.7], [0.5, -0.2, 0.9]])
    g = sd.grad(f, optimize=False)
    want = (g(X + 1e-5 * v) - g(X - 1e-5 * v)) / 2e-5
    assert_close(sd.hvp(f)(X.copy(), vector=v), want)
