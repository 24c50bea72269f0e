"""A subscript store whose value is the whole array stored into: ``y[::-1] = y``; and a
store into ``x.astype(dtype)``, a new array.

NumPy copies an overlapping right-hand side first, so ``y[::-1] = y`` reverses ``y`` and
``y[[4, 3, 2, 1, 0]] = y`` permutes it. The adjoint of ``x[i] = v`` adds ``b_x[i]`` to
``b_v`` and clears ``b_x[i]``; with ``v`` the name ``x`` itself it added first and cleared
after, dropping the value's part wherever it landed inside ``i``: every pipeline gave 0.0
for each entry of ``d/dx sum(y * w)`` (w reversed is right: [5, 4, 3, 2, 1] for w = 1..5).
A value that is an expression of ``y`` (``y[::-1] = y * 2``) has its own name after
normalization and was right.
"""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode

W = np.arange(1.0, 6.0)
X = np.array([0.3, -0.4, 0.5, 1.2, -0.7])


def reversed_in_place(x):
    y = x * 1.0
    y[::-1] = y
    return np.sum(y * W)


def whole_into_whole(x):
    y = np.sin(x)
    y[:] = y
    return np.sum(y * W)


def permuted_by_an_index_array(x):
    y = x * 1.0
    y[[4, 3, 2, 1, 0]] = y
    return np.sum(y * W)


def reversed_in_a_loop(x):
    y = x * 1.0
    for _ in range(3):
        y[::-1] = y
        y[1:] = y[1:] * x[0]
    return np.sum(y * W)


def columns_reversed_in_place(x):
    y = np.outer(x[:3], x[:3])
    y[:, ::-1] = y
    return np.sum(y * np.arange(9.0).reshape(3, 3))


@pytest.mark.parametrize("f", [reversed_in_place, whole_into_whole, permuted_by_an_index_array,
                               reversed_in_a_loop, columns_reversed_in_place])
def test_a_store_of_the_array_into_itself(f):
    check_every_mode(f, X)


def test_the_reversal_in_closed_form():
    for options in ({}, {"optimize": False}, {"verify": True}):
        np.testing.assert_allclose(sd.grad(reversed_in_place, **options)(X), W[::-1])


def astype_then_store(x):
    y = x.astype(np.float64)
    y[0] = 4.0
    return np.sum(x ** 2) + np.sum(y * x)


def astype_without_copy_then_store(x):
    y = x.astype(np.float64, copy=False)  # x itself: the store changes x
    y[0] = 4.0
    return np.sum(x ** 2) + np.sum(y)


def test_astype_makes_a_new_array():
    """``x.astype(dtype)`` copies unless told ``copy=False``: a store into the copy is not a
    store into ``x`` (it was refused as one, a false "changes an array that `x` also refers
    to"); with ``copy=False`` it may be ``x`` itself, and stays refused."""
    check_every_mode(astype_then_store, X[:4])
    x = X[:4]
    np.testing.assert_allclose(sd.grad(astype_then_store)(x),
                               [2 * x[0] + 4.0, 4 * x[1], 4 * x[2], 4 * x[3]])
    with pytest.raises(sd.SrcdiffError, match="also refers to"):
        sd.grad(astype_without_copy_then_store)(X[:4].copy())
