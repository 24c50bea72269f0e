"""np.ascontiguousarray, np.asfortranarray and np.asanyarray (rules since session 32) return
their argument itself when it already has the layout: a change made through the result is a
change of the argument. Registering their rules without declaring them views
(rules/shape_rules.py R.view) gave `y = np.ascontiguousarray(x); y[0, 0] = 5.0;
return np.sum(x)` the gradient 1 at x[0, 0] where it is 0 (red32); such a change is refused,
as it is through np.asarray. Their gradients follow the layout the result is read in
(ravel/reshape order="A"), checked against central differences of the function run on an
array of the same layout."""
import numpy as np
import pytest

import srcdiff as sd
from srcdiff.errors import SrcdiffError

W = np.arange(1.0, 7.0)


def store_through_contiguous(x):
    y = np.ascontiguousarray(x)
    y[0, 0] = 5.0
    return np.sum(x * x)


def store_through_fortran(x):
    z = x * 1.0
    y = np.asfortranarray(z)
    y *= 2.0
    return np.sum(z * x)


def store_through_anyarray(x):
    z = x + 0.0
    y = np.asanyarray(z)
    y[1] = z[0] ** 2
    return np.sum(z * x)


@pytest.mark.parametrize("fn", [store_through_contiguous, store_through_fortran,
                                store_through_anyarray])
def test_change_through_the_result_is_refused(fn):
    x = np.array([[0.5, 1.5], [-2.0, 0.7]])
    with pytest.raises(SrcdiffError, match="also refers to"):
        sd.grad(fn)(x)
    with pytest.raises(SrcdiffError, match="also refers to"):
        sd.jvp(fn)(x, tangents=np.ones((2, 2)))


def fortran_read_in_memory_order(x):
    return np.sum(W * np.asfortranarray(x).ravel(order="A") ** 2)


def contiguous_of_transpose(x):
    return np.sum(W * np.ascontiguousarray(x.T).ravel(order="A")) + np.sum(
        np.ascontiguousarray(x[0, 0]) * 3.0)


def copied_in_fortran_order(x):
    return np.sum(W.reshape(2, 3) * np.copy(x, order="F").reshape(2, 3, order="A") ** 3)


def anyarray_of_rows(x):
    return np.sum(np.asanyarray([x[0], x[1] * 2.0], dtype=np.float64) ** 2)


def layout_fd(f, x, h=1e-6):
    g = np.zeros(x.shape)
    for idx in np.ndindex(*x.shape):
        vals = []
        for s in (1, -1):
            y = x.copy(order="K")  # the same memory layout as x
            y[idx] += s * h
            vals.append(f(y))
        g[idx] = (vals[0] - vals[1]) / (2 * h)
    return g


@pytest.mark.parametrize("fn", [fortran_read_in_memory_order, contiguous_of_transpose,
                                copied_in_fortran_order, anyarray_of_rows])
@pytest.mark.parametrize("layout", ["C", "F"])
def test_gradients_follow_the_layout(fn, layout):
    x = np.asarray(np.random.default_rng(3).standard_normal((2, 3)), order=layout)
    want = layout_fd(fn, x)
    for opt in (True, False):
        np.testing.assert_allclose(sd.grad(fn, optimize=opt)(x), want, atol=1e-6)
    tangent = np.random.default_rng(4).standard_normal((2, 3))
    _, t = sd.jvp(fn)(x, tangents=np.asarray(tangent, order=layout))
    assert np.isclose(t, np.sum(want * tangent), atol=1e-6)
