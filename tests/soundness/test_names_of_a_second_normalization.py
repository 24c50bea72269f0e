"""Temporaries of a function normalized twice must not take names an earlier pass bound.

The front end normalizes a function again when a view of an array is changed in place
(driver.front_end, front/aliases.py). The first pass puts names into the function's
namespace (a composite such as ``u.item()`` as ``item``, a lambda, a default value); the
second pass's name generator did not know them, so a temporary could take one:
``item = item(u)`` (refused as "no gradient rule for item") or ``item1 = item1(u)``
(``UnboundLocalError`` from generated code in every pipeline and forward mode). Found by
tools/red29/gen29.py (seed 4: 5 of 300 programs).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def item_then_view_changed(x, w):
    u = np.sum(x)
    t = u.item() * x
    a = w.copy()
    b = a[1:]
    b *= 0.97
    return np.sum(t * t) + np.sum(a) + np.sum(b * b)


def float_and_item_then_view_changed(x, w):
    u = np.sum(x)
    t = float(u) * x + u.item()
    a = w.copy()
    b = a[1:]
    b *= 0.97
    return np.sum(t * t) + np.sum(a)


def item_of_a_call_then_view_changed(x, w):
    t = x.sum().item() * x
    a = w * 1.0
    b = a[::2]
    b += t[:2]
    return np.sum(np.sin(a)) + np.sum(t)


def lambda_then_view_changed(x, w):
    sq = lambda z: z * z  # noqa: E731
    a = w.copy()
    b = a[:2]
    b *= x[:2]
    return np.sum(sq(a)) + np.sum(sq(x))


CASES = [item_then_view_changed, float_and_item_then_view_changed,
         item_of_a_call_then_view_changed, lambda_then_view_changed]
X = np.array([0.3, -0.2, 0.5])
W = np.array([0.1, 0.2, 0.4])


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("options", PIPELINES)
def test_reverse(f, options):
    gx, gw = sd.grad(f, wrt=(0, 1), **options)(X.copy(), W.copy())
    assert_close(gx, numeric_grad(f, (X, W), 0))
    assert_close(gw, numeric_grad(f, (X, W), 1))


@pytest.mark.parametrize("f", CASES)
def test_forward(f):
    tx, tw = np.array([0.4, 1.0, -0.3]), np.array([-0.6, 0.2, 0.9])
    value, tangent = sd.jvp(f, wrt=(0, 1))(X.copy(), W.copy(), tangents=(tx, tw))
    assert_close(value, f(X.copy(), W.copy()))
    want = np.sum(numeric_grad(f, (X, W), 0) * tx) + np.sum(numeric_grad(f, (X, W), 1) * tw)
    assert_close(tangent, want)
