"""A name rebound to a float array (``xs = np.array(xs, dtype=float)`` of a list parameter)
and then stored into: dtypes.py proved a name inexact only when every definition of it makes
floats, so the parameter's own binding (a list) made the store a refusal. Now the
definitions that reach the store decide (reaching.py; a parameter's binding on entry is
one). Oracle: central differences in float64 over the list's entries; a store reached by
a definition that may make integers stays refused."""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_every_mode


def recurrence(xs):
    xs = np.array(xs, dtype=float)
    for i in range(1, len(xs)):
        xs[i] = xs[i] * xs[i - 1] + 0.5
    return np.sum(xs ** 2)


def rebound_twice(xs, w):
    xs = np.asarray(xs, dtype=np.float64)
    xs[0] = np.sin(w[0]) * xs[1]
    ys = xs * 2.0
    ys[1] = w[1] ** 2
    return np.sum(ys * xs) + np.sum(w)


XS = [0.3, -0.4, 1.2, 0.7]
W = np.array([0.5, -1.1])


def list_grad(f, xs, *rest):
    return numeric_grad(lambda a, *r: f(list(a), *r), (np.array(xs), *rest), 0)


def test_a_rebound_list_parameter_is_stored_into():
    expected = list_grad(recurrence, XS)
    for options in ({}, {"optimize": False}):
        np.testing.assert_allclose(sd.grad(recurrence, **options)(XS), expected, rtol=1e-6)
    t = np.random.default_rng(3).normal(size=4)
    _, tangent = sd.jvp(recurrence)(XS, tangents=list(t))
    np.testing.assert_allclose(tangent, expected @ t, rtol=1e-6)
    v, h, g = [0.1, 0.2, -0.3, 0.4], 1e-6, sd.grad(recurrence)
    np.testing.assert_allclose(sd.hvp(recurrence)(XS, vector=v), (
        np.array(g([a + h * b for a, b in zip(XS, v)]))
        - np.array(g([a - h * b for a, b in zip(XS, v)]))) / (2 * h), rtol=1e-5, atol=1e-6)


def test_both_arguments_of_a_rebound_store():
    expected_w = numeric_grad(lambda w: rebound_twice(XS, w), (W,), 0)
    for options in ({}, {"optimize": False}):
        np.testing.assert_allclose(sd.grad(rebound_twice, 1, **options)(XS, W),
                                   expected_w, rtol=1e-6)
        np.testing.assert_allclose(sd.grad(rebound_twice, **options)(XS, W),
                                   list_grad(rebound_twice, XS, W), rtol=1e-6)


def local_list_rebound(x):  # a list of integers, then a float array under the same name
    xs = [1, 2, 3]
    xs = np.array(xs, dtype=float)
    for i in range(1, len(xs)):
        xs[i] = xs[i] * xs[i - 1] + np.sin(x[i])
    return np.sum(xs * x)


def test_a_rebound_local_list_in_every_mode():
    check_every_mode(local_list_rebound, np.array([0.3, -0.4, 1.2]), seed=7, hvp=True)


def rebound_in_a_branch(k, x):  # k's own binding (integers) reaches the store too
    if x[0] > 0.0:
        k = k.astype(float)
    k[0] = x[1] * 2.0
    return np.sum(k * x)


def rebound_to_integers_later(k, x):  # the loop's back edge brings the integer array
    k = k.astype(float)
    for i in range(2):
        k[i] = x[i] * 3.0
        k = np.floor(k).astype(int)
    return np.sum(k * x)


def rebound_to_integers_after(x):
    k = np.zeros(3)
    k = np.arange(3)
    k[0] = x[0]
    return np.sum(k * x)


@pytest.mark.parametrize("f", [rebound_in_a_branch, rebound_to_integers_later],
                         ids=lambda f: f.__name__)
def test_a_store_an_integer_definition_reaches_stays_refused(f):
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(f, 1)(np.array([1, 2, 3]), np.array([0.5, -0.3, 0.8]))


def test_a_store_after_a_rebinding_to_integers_stays_refused():
    with pytest.raises(sd.SrcdiffError, match="cannot prove holds floats"):
        sd.grad(rebound_to_integers_after)(np.array([0.5, -0.3, 0.8]))
