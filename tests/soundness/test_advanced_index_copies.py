"""An array read at a list, an integer array or a comparison's booleans is a new array
(NumPy's advanced indexing copies), so a change made to it in place leaves the array it
was read from as it was. The alias check treated every read of rank > 0 as a view and
refused these (``y = x[[0, 2]]; y[0] = 5.0``); it now tells them apart
(analysis/places.py ``copying_index``), while slices, ints and tuples of them stay views
and stay refused. Oracle: central finite differences, in the three pipelines, and
forward mode and the Hessian against differences of the gradient."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def list_display(x):
    y = x[[0, 2]]
    y[0] = 5.0
    return np.sum(y * x[:2])


def integer_array(x):
    idx = np.array([0, 2])
    y = x[idx]
    y *= 2.0
    return np.sum(y * x[1:]) + np.sum(x)


def mask(x):
    y = x[x > 0.5]
    y[0] = 1.0
    return np.sum(y * y) + np.sum(x * x)


def list_and_slice(x):
    m = np.outer(x, x)
    y = m[[0, 1], 1:]
    y[0] = 1.0
    return np.sum(y * y) + np.sum(m * m)


def ellipsis_and_array(x):
    m = np.outer(x, x)
    y = m[..., np.array([2, 0])]
    y += m[:, :2]
    return np.sum(y * y) + np.sum(m ** 3)


def list_name(x):
    ix = [2, 1, 1]
    y = x[ix]
    y -= np.mean(y)
    return np.sum(y ** 2 * x)


def in_a_loop(x):
    s = 0.0
    for k in range(2):
        y = x[[k, k + 1]]
        y *= x[1]
        s = s + np.sum(y * x[:2])
    return s + np.sum(x)


def one_bool(x):
    m = np.outer(x, x)
    c = x[0] > 0.0
    y = m[c]  # (m[True]: a new (1, 3, 3) array)
    y *= 2.0
    return np.sum(m * m) + np.sum(y)


COPIES = [list_display, integer_array, mask, list_and_slice, ellipsis_and_array, list_name,
          in_a_loop, one_bool]
X = np.array([0.3, 0.8, 1.7])


@pytest.mark.parametrize("f", COPIES)
def test_a_change_to_a_copy_is_differentiated(f):
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(X), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", COPIES[:6])
def test_forward_mode_and_second_order(f):
    g = sd.grad(f)
    by_differences = np.array([(g(X + h) - g(X - h)) / 2e-5 for h in np.eye(3) * 1e-5])
    np.testing.assert_allclose(sd.hessian(f)(X), by_differences, atol=1e-6)
    t = np.array([0.2, -0.5, 1.0])
    np.testing.assert_allclose(sd.jvp(f)(X, tangents=t)[1], numeric_grad(f, (X,), 0) @ t,
                               rtol=1e-6)


def slice_view(x):
    y = x[1:]
    y[0] = 5.0
    return np.sum(y * x)


def row_view(x):
    m = np.outer(x, x)
    y = m[1]
    y *= 2.0
    return np.sum(m)


def int_name_view(x):
    m = np.outer(x, x)
    i = 1
    y = m[i]
    y *= 2.0
    return np.sum(m)


def tuple_name_view(x):
    m = np.outer(x, x)
    t = (1, slice(0, 2))
    y = m[t]
    y *= 2.0
    return np.sum(m)


@pytest.mark.parametrize("f", [slice_view, row_view, int_name_view, tuple_name_view])
def test_a_change_to_a_view_stays_refused(f):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place"):
        sd.grad(f)(X)
