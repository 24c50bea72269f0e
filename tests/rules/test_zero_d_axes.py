"""NumPy takes a 0-d array with an ``axis`` as an array of one element:
``np.sum(v, axis=-1)``, ``np.prod(v, axis=0)``, ``np.max(v, axis=-1)``, ``v.sum(axis=-1)``
give ``v`` back; ``np.cumsum(v, axis=-1)``, ``np.cumprod(v)`` and ``np.repeat(v, 2, axis=-1)``
give 1-d arrays. The rules used to crash on these (unreduce, prod_others, cumprod, repeat) or
give a gradient of shape (1,) for a float argument (cumsum, max); reading a 0-d value at a
mask crashed (index_add), and forward mode crashed on `v[None]` of one. Found by an independent
random program generator. Checked against central finite differences in reverse, forward and
second order, and the shape of each gradient."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def sum_last(x, s):
    v = np.sum(x) * 0.5 + s
    return np.sin(np.sum(v, axis=-1)) * 1.3


def sum_first(x, s):
    v = np.sum(x) * 0.5 + s
    return np.sin(np.sum(v, axis=0)) + v.sum(axis=-1) ** 2


def nansum_last(x, s):
    v = np.sum(x) * 0.5 + s
    return np.sin(np.nansum(v, axis=-1))


def prod_last(x, s):
    v = np.sum(x) * 0.5 + s
    return np.prod(v, axis=-1) * np.cos(v.prod(axis=0))


def cumsum_axis(x, s):
    c = np.cumsum(s * s, axis=-1)
    d = np.cumsum(np.sum(x) * s, axis=0)
    return np.sum(np.sin(c)) + np.sum(d * d)


def cumprod_axis(x, s):
    c = np.cumprod(1.0 + 0.1 * s, axis=-1)
    d = np.cumprod(np.sum(x * x) * s)
    return np.sum(np.sin(c) * 0.7) + np.sum(d)


def repeat_axis(x, s):
    r = np.repeat(s * np.sum(x), 2, axis=-1)
    return np.sum(np.sin(r) * np.array([1.0, 2.0]))


def max_min_axis(x, s):
    m = np.max(s * s, axis=-1) + np.min(np.sum(x) * s, axis=0)
    return np.sin(m) + np.amax(s, axis=0, keepdims=True)[()] * 2.0


def masked_0d(x, s):
    # a 0-d value read at a boolean mask and at `...`, after a later use gave it a gradient
    # (index_add into a float's gradient)
    v = np.sum(x) * s + np.max(s, axis=-1)
    t = v[v > 0.1]
    e = v[...]
    u = np.sinh(0.5 * v)
    return np.sum(t * 0.7) + e * 3.0 + u * 0.4


def new_axis_of_0d(x, s):
    # the tangent of a 0-d value of float arguments is a Python float: `v[None]` of it
    v = np.arctan2(s, 1.5 + s * s)
    return np.sum(v[None] * 0.7) + np.sum(np.tril(np.atleast_2d(v))) + v[...] * x[0]


def new_axis_of_unknown_rank(x, s):
    # np.clip of a float may be a float or a 0-d array (its rank is not known when compiled):
    # its tangent, a Python float, is indexed as a 0-d array
    inside = np.clip(s * x[1], -0.4, 0.9)
    clipped = np.clip(s, -0.4, 0.45)
    return np.sum(inside[None] * 0.7) + np.sum(clipped[None] * x[:1]) + inside[...] * x[2]


CASES = [new_axis_of_unknown_rank, new_axis_of_0d, masked_0d, max_min_axis, sum_last, sum_first,
         nansum_last, prod_last, cumsum_axis, cumprod_axis, repeat_axis]
X, S = np.array([0.3, -0.2, 0.6, 0.45]), 0.7


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_reverse(fn):
    gx, gs = sd.grad(fn, wrt=(0, 1))(X, S)
    assert np.shape(gs) == () and np.shape(gx) == X.shape
    assert_close(gx, numeric_grad(fn, (X, S), 0))
    assert_close(gs, numeric_grad(fn, (X, S), 1))


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_forward(fn):
    t = np.array([0.2, -0.5, 0.1, 0.3])
    _, out = sd.jvp(fn, wrt=(0, 1))(X, S, tangents=(t, 0.4))
    h = 1e-6
    want = (fn(X + h * t, S + h * 0.4) - fn(X - h * t, S - h * 0.4)) / (2 * h)
    assert_close(out, want)


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_second_order(fn):
    v = np.array([0.2, -0.5, 0.1, 0.3])
    got = sd.hvp(fn)(X, S, vector=v)
    h = 1e-5
    g = sd.grad(fn)
    assert_close(got, (g(X + h * v, S) - g(X - h * v, S)) / (2 * h), rtol=1e-4, atol=1e-6)
