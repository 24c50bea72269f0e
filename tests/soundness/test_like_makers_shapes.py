"""``np.zeros_like(x)`` (``ones_like``, ``empty_like``) has ``x``'s shape:
an entry ``y[n]`` of a 1-d one is a number, which a later ``y[m] = v`` cannot change.
activity.py read the shape from the op's arguments, which a constant (nondiff) op does not
keep, so the shape was unknown and ``y1 = y[n]`` was taken for a view of ``y``: a biquad
filter's ``y2, y1 = y1, y[n]`` was refused ("changes an array in place that `y1` also
refers to"), a needless refusal found by hunt46's domain corpus (biquad_lowpass). Now the
statement's ``x`` gives the shape, except with ``shape=`` or of a 0-d ``x`` (a 0-d array
is no number). A row of a 2-d one, and of one given ``shape=``, stays a view: refused.
(``np.full_like(x, v)`` is differentiated in ``v``, not a constant op: still unknown, so
still refused, needlessly.) Checked against central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp

X = np.array([0.3, 1.0, -0.5, 0.8])


def biquad(x):
    y = np.zeros_like(x)
    y2 = y1 = 0.0
    for n in range(len(x)):
        y[n] = x[n] - 0.5 * y1 - 0.1 * y2
        y2, y1 = y1, y[n]
    return np.sum(y ** 2) + y1 * y2


def entry_read_before_store(x):
    y = np.ones_like(x, dtype=float)
    y1 = y[0]
    y[0] = x[0] ** 2
    return y1 + np.sum(y * x)


def empty_like_entries(x):
    y = np.empty_like(x)
    y[0] = x[1]
    first = y[0]
    y[0] = x[0] * x[2]
    y[1:] = x[1:] * 2.0
    return first * np.sum(y)


CASES = [biquad, entry_read_before_store, empty_like_entries]


@pytest.mark.parametrize("optimize", [True, False])
@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_entries_of_a_like_array_are_numbers(f, optimize):
    assert_close(sd.grad(f, optimize=optimize)(X.copy()), numeric_grad(f, [X], 0))
    d = np.array([1.0, -0.5, 0.25, 2.0])
    _, tangent = sd.jvp(f)(X.copy(), tangents=d)
    assert_close(tangent, numeric_jvp(f, [X], (0,), (d,)))


def row_of_a_2d_like(A):
    y = np.zeros_like(A)
    r = y[0]  # a view of y's first row
    y[0, 1] = A[0, 0]
    return np.sum(r * A[1])


def row_of_a_like_given_a_shape(x):
    y = np.zeros_like(x, shape=(2, 2))
    r = y[0]  # a view: y is 2-d though x is 1-d
    y[0, 1] = x[0]
    return np.sum(r * x[:2])


def test_a_row_of_a_like_array_stays_a_view():
    for f, arg in ((row_of_a_2d_like, np.arange(6.0).reshape(2, 3)),
                   (row_of_a_like_given_a_shape, X)):
        with pytest.raises(sd.SrcdiffError, match="also refers to"):
            sd.grad(f)(arg)


def zero_d_like(s):
    y = np.zeros_like(s)  # a 0-d array for a number s: changed in place below
    z = y
    y += s * s
    return z * s


def test_a_like_array_of_a_number_is_not_a_number():
    try:
        got = sd.grad(zero_d_like)(0.7)
    except sd.SrcdiffError:
        return  # refused: fine
    assert_close(got, numeric_grad(zero_d_like, [0.7], 0))
