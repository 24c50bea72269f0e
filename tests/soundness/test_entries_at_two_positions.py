"""``t[k] += v`` changes the array at ``t[k]`` in place; when ``t`` holds that same array at
another position too (``t = [y, y]``, ``z = y; t = [y, z]``, ``t = [y] * 2``), the entry
there changes as well. srcdiff lowers the change to ``t[k] = t[k] + v``, a new array at
``k`` only, and the alias check exempted ``t`` itself (the store into it is checked on its
own): a silent wrong gradient before ([2, 5] for [3, 6] at x = [0.5, 2]). The check now
exempts ``t`` only where it holds the object at the position read alone
(analysis/sharing.py held_only_where_read); the others are refused. Gradients of what
stays accepted are checked against central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def same_name_twice(x):
    y = x * 1.0
    c = [y, y]
    c[0] += 1.0
    return np.sum(c[0] * c[1])


def a_copy_beside_it(x):
    y = x * 1.0
    z = y
    c = [y, z]
    c[0] += 1.0
    return np.sum(c[0] * c[1])


def in_a_loop(x):
    y = x * 1.0
    c = [y, y]
    for k in range(2):
        c[k] *= 2.0
    return np.sum(c[0] * c[1])


def repeated(x):
    c = [x * 1.0] * 2
    c[0] += 1.0
    return np.sum(c[0] * c[1])


def concatenated(x):
    y = x * 1.0
    c = [y] + [y]
    c[1] *= 3.0
    return np.sum(c[0] * c[1])


def appended_twice(x):
    y = x * 1.0
    c = []
    c.append(y)
    c.append(y)
    c[0] += 1.0
    return np.sum(c[0] * c[1])


def appended_in_a_loop(x):
    y = x * 1.0
    c = []
    for k in range(2):
        c.append(y)
    c[1] *= 2.0
    return np.sum(c[0] * c[1])


def _pair(y):
    return [y, y]


def a_helpers_list(x):
    c = _pair(x * 1.0)  # (its entries are not known here: the helper's list)
    c[0] += 1.0
    return np.sum(c[0] * c[1])


@pytest.mark.parametrize("f", [same_name_twice, a_copy_beside_it, in_a_loop, repeated,
                               concatenated, appended_twice, appended_in_a_loop,
                               a_helpers_list])
def test_an_entry_held_twice_changed_in_place_is_refused(f):
    x = np.array([0.5, 2.0])
    with pytest.raises(sd.SrcdiffError, match="in place"):
        sd.grad(f)(x)


def two_arrays(x):
    y, w = x * 1.0, x * 3.0
    c = [y, w]
    c[1] += 1.0
    c[0] *= 2.0
    return np.sum(c[0] * c[1])


def one_array_rebound(x):
    y = x * 1.0
    c = [y, y]
    c[0] = c[0] + 1.0  # a new array at 0: c[1] keeps y
    return np.sum(c[0] * c[1])


def new_arrays_appended(x):
    c = []
    for k in range(3):
        c.append(x * (k + 1.0))
    c[1] *= 2.0
    return np.sum(c[0] * c[1] * c[2])


@pytest.mark.parametrize("f", [two_arrays, one_array_rebound, new_arrays_appended])
def test_entries_told_apart_stay_accepted(f):
    x = np.array([0.5, 2.0])
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(x), numeric_grad(f, (x,), 0))
