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


def dict_of_a_zip(x):
    y = x * 1.0
    p = dict(zip(["a", "b"], [y, y]))  # (lowered to a loop appending each value, then dict_of)
    p["a"] += 1.0
    return np.sum(p["b"] * x)


def dict_of_a_repeated_zip(x):
    y = x * 1.0
    p = dict(zip(["a", "b"], [y] * 2))
    p["a"] += 1.0
    return np.sum(p["b"] * x)


def dict_comprehension(x):
    y = x * 1.0
    p = {k: y for k in ["a", "b"]}
    p["a"] += 1.0
    return np.sum(p["b"] * x)


def dict_copy(x):
    y = x * 1.0
    q = {"a": y, "b": y}
    p = dict(q)
    p["a"] += 1.0
    return np.sum(p["b"] * x)


def dict_display(x):
    y = x * 1.0
    p = {"a": y, "b": y}
    p["a"] += 1.0
    return np.sum(p["b"] * x)


def dict_of_keywords(x):
    y = x * 1.0
    p = dict(a=y, b=y)
    p["a"] += 1.0
    return np.sum(p["b"] * x)


def list_comprehension(x):
    y = x * 1.0
    p = [y for k in range(2)]
    p[0] += 1.0
    return np.sum(p[1] * x)


@pytest.mark.parametrize("f", [same_name_twice, a_copy_beside_it, in_a_loop, repeated,
                               concatenated, appended_twice, appended_in_a_loop,
                               a_helpers_list, dict_of_a_zip, dict_of_a_repeated_zip,
                               dict_comprehension, dict_copy, dict_display, dict_of_keywords,
                               list_comprehension])
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


# The lowerings of dict(zip(...)), dict(q) and comprehensions append one entry per trip of a
# `for k in range(n)` loop: an entry read at the counting variable (or at a key of
# key_list(q)) is another one each trip, so distinct objects stay told apart
# (analysis/sharing.py _one_entry_per_trip); before the fix the first three of the dict
# cases above gave [2, 4] for [3, 5] at x = [1, 2].
def zip_of_two_arrays(x):
    y, w = x * 1.0, x * 3.0
    p = dict(zip(["a", "b"], [y, w]))
    p["a"] += 1.0
    return np.sum(p["a"] * p["b"])


def copy_of_two_arrays(x):
    y = x * 1.0
    w = x * 3.0
    q = {"a": y, "b": w}
    p = dict(q)
    p["a"] += 1.0
    return np.sum(p["a"] * p["b"])


def comprehension_of_zip(x):
    y = x * 1.0
    w = x * 3.0
    p = {k: v for k, v in zip(["a", "b"], [y, w])}
    p["b"] *= 2.0
    return np.sum(p["a"] * p["b"])


def zip_in_an_outer_loop(x):
    s = 0.0
    for i in range(2):
        y = x * (i + 1.0)
        w = x * 3.0
        p = dict(zip(["a", "b"], [y, w]))
        p["a"] += 1.0
        s = s + np.sum(p["a"] * p["b"])
    return s


@pytest.mark.parametrize("f", [zip_of_two_arrays, copy_of_two_arrays, comprehension_of_zip,
                               zip_in_an_outer_loop])
def test_distinct_entries_of_lowered_dicts_stay_accepted(f):
    x = np.array([0.5, 2.0])
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(x), numeric_grad(f, (x,), 0))
