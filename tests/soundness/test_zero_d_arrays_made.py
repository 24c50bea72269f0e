"""A 0-d array made inside the function is mutable: ``y += x`` changes it in place, seen
through every name sharing it. srcdiff took any value of rank 0 for a number (which ``+=``
rebinds), so ``y = np.where(x > 0, x, 0.0); z = y; y += x`` (NumPy's non-ufunc functions
return a 0-d array for numbers: np.where, np.select, np.copy of a float, np.zeros(()),
a user helper returning one) gave z the old value: silently wrong gradients (all but the
last two cases below failed before). analysis/objects.py ``may_make_zero_d``: such names
join the 0-d arguments in sharing.py's ``mutable``, so the alias check sees the change and
refuses it; ufuncs, operators, math, builtins and reductions make numbers, and stay
accepted. Oracle: central differences."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def maker_zeros(x):
    y = np.zeros(())
    z = y
    y += x
    return z * x


def maker_full(x):
    y = np.full((), 2.0)
    z = y
    y *= x
    return z * x + y


def copy_of_float(x):
    y = np.copy(x * 1.0)
    z = y
    y += x
    return z * x + y


def where_of_floats(x):
    y = np.where(x > 0, x, 0.0)
    z = y
    y += x
    return z * x + y


def _positive_part(v):
    return np.where(v > 0, v, 0.0)


def helper_result(x):
    h = _positive_part(x * 2.0)
    k = max(h, 0.1)
    h += x
    return k * x


def held_in_a_list(x):
    y = np.where(x > 0, x * 2.0, x)
    t = [y, 1.0]
    y += x
    return t[0] * x


@pytest.mark.parametrize("f", [maker_zeros, maker_full, copy_of_float, where_of_floats,
                               helper_result, held_in_a_list])
def test_a_zero_d_array_changed_in_place_through_a_sharer_is_refused(f):
    x = 1.3
    expected = numeric_grad(f, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        try:
            got = sd.grad(f, **options)(x)
        except sd.SrcdiffError as e:
            assert "changes an array in place" in str(e), str(e)
        else:  # (modelled exactly would be right too)
            assert_close(got, expected)
    try:
        tangent = sd.jvp(f)(x, tangents=1.0)[1]
    except sd.SrcdiffError as e:
        assert "changes an array in place" in str(e), str(e)
    else:
        assert_close(tangent, expected, what="tangent")


def numbers_from_reductions(x):
    a = np.sum(np.ones(3) * x)
    b = a
    a += x  # (a NumPy scalar: `+=` rebinds it, b keeps the sum)
    c = np.clip(x, 0.0, 5.0)
    d = c
    c *= 2.0
    e = math.exp(0.1 * x)
    f = e
    e += x
    return a * b + c * d + e * f


def number_from_where_not_shared(x):
    y = np.where(x > 0, x, 0.0)
    y += x * y  # (no other name holds it: the change is seen by y alone)
    return y * x


@pytest.mark.parametrize("f", [numbers_from_reductions, number_from_where_not_shared])
def test_numbers_and_unshared_zero_d_arrays_stay_accepted(f):
    x = 1.3
    expected = numeric_grad(f, (x,), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(x), expected)
    assert_close(sd.jvp(f)(x, tangents=1.0)[1], expected, what="tangent")
