"""A list rebound by a NumPy call that reads it as one array (``k = np.atleast_1d(k)``
with ``k = [x[0], 0.5]``): the tangent of the list, with ``None`` for its constant entry,
is filled with zeros shaped like the list's entries (forward/primitives.py ``filled``).
The fill read the name after the statement had rebound it (the array, not the list), so
the ``None`` stayed and forward mode crashed with a TypeError (found in session 48 by
np.polyint's definition, ``k = np.atleast_1d(k)``); it now reads the list the statement
read. Oracle: central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def joined(p, k):
    k = np.atleast_1d(k)
    return np.concatenate([p, k])


def through_a_helper(x):
    return np.sum(joined(x, [x[0], 0.5]) ** 2)


def rebound_in_place(x):
    k = [x[1] * 2.0, 0.5, x[0]]
    k = np.asarray(k)
    k = np.atleast_1d(k)
    return np.sum(k ** 3) + np.sum(x * k[:2].sum())


def polynomial_integral(x):
    return np.sum(np.polyint(x, 2, k=[x[0], 0.5]) ** 2)


@pytest.mark.parametrize("f", [through_a_helper, rebound_in_place, polynomial_integral])
def test_forward_mode_against_differences(f):
    x = np.array([0.3, 0.8, 1.7, 0.2])
    t = np.array([0.5, -1.0, 0.25, 2.0])
    want = numeric_grad(f, (x,), 0)
    assert_close(sd.jvp(f)(x, tangents=t)[1], want @ t)
    assert_close(sd.grad(f)(x), want)
