"""Shape facts of indexing with integer names (analysis/activity.py).

An integer name used as an index took one axis away whatever its shape, so ``x[idx]``
with ``idx`` an int array (an argument, ``np.argmax(a, axis=1)``) was taken for a
scalar: broadcasting against a ``(1,)`` operand then looked impossible, ``unbroadcast``
was left out and the optimized gradient crashed (the reference pipeline was right).
And an entry of a ``range`` (``for j in reversed(range(n))`` is lowered to
``j = range1[k]``) had no facts: a float built from it was not known to be a number,
so ``t -= t`` on it was refused as a write into an array. Likewise an entry of
``np.array(xs)`` / ``np.asarray(xs)`` of a list of appended numbers, and the builtin
``sum`` of one (``sum([v * c for v in y])``: only ``np.stack``'s facts were known).
A bool is an int to Python, but as an index it adds an axis (``x[True]`` is ``x[None]``):
a bool argument or module-level bool had the facts of an int, ``x[flag] * w`` was taken
for a scalar times ``w``, and the optimized gradient of ``np.sum(x[flag] * w)`` was
``sum(w)`` in every entry (silently wrong; the reference pipeline was right); so did a
0-d bool array.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_pipelines

X = np.array([0.31, -0.72, 1.12, 0.54, 0.94])
IDX = np.array([0, 2])
C = np.array([2.0])


def fancy_index_argument(x, idx, c):
    t = x[idx] * c
    return np.sum(t * t)


def fancy_index_accumulated(x, idx, c):
    t = x[idx] * 1.0
    t += c
    return np.sum(t * x[idx])


def argmax_along_an_axis(a, c):
    j = np.argmax(a, axis=1)
    return np.sum(a[0][j] * c)


@pytest.mark.parametrize("f", [fancy_index_argument, fancy_index_accumulated])
def test_an_int_array_index_keeps_its_axis(f):
    check_pipelines(f, (X, IDX, C), (0, 2))
    t = (np.linspace(-1.0, 1.0, 5), np.array([0.7]))
    _, tangent = sd.jvp(f, (0, 2))(X, IDX, C, tangents=t)
    want = sum(np.sum(numeric_grad(f, [X, IDX, C], w) * v) for w, v in zip((0, 2), t))
    assert_close(tangent, want)


def test_argmax_along_an_axis_is_an_array_of_ints():
    a = np.array([[0.3, 1.7, -0.2], [0.9, 0.1, 0.4]])
    check_pipelines(argmax_along_an_axis, (a, C), (0, 1))


def loop_over_reversed_range(x, s):
    acc = 0.0
    for j in reversed(range(4)):
        acc = acc * 0.5 + x[j]
    s = s ** 2 + acc
    t = s
    t -= 0.25 * t
    return acc * t + s


def test_an_entry_of_a_range_is_an_int():
    check_pipelines(loop_over_reversed_range, (X, 1.3), (0, 1))


def entry_of_an_array_of_appended_numbers(x, s):
    xs = []
    for i in range(3):
        xs.append(x[i] * 2.0)
    a = np.asarray(xs)
    for i in range(3):
        s = s * (1.0 + 0.1 * a[i])
    t = s
    t -= 0.5 * x[0]
    return t * s


def test_an_entry_of_an_array_of_appended_numbers_is_a_number():
    check_pipelines(entry_of_an_array_of_appended_numbers, (X[:3].copy(), 1.3), (0, 1))


def sum_of_a_comprehension(x, s):
    t = np.sum(x) / (1.0 + sum([v * s for v in x]) ** 2)
    u = t
    if np.sum(x) > 0.0:
        t -= 0.5 * t * x[0]  # rebinds t (a number): u keeps the old value
    return t * u * s


def test_the_sum_of_a_list_of_numbers_is_a_number():
    check_pipelines(sum_of_a_comprehension, (X, 1.3), (0, 1))


def floor_division_of_a_number(x, s):
    t = s
    t *= 2.0  # rebinds t (a number): s keeps its value
    t //= 0.5
    return t * s + np.sum(x * s) + (s > 1.0) * s


def test_a_floor_division_of_numbers_is_a_number():
    # (`t //= 0.5` had no facts, so t might have been an array that `t *= 2.0` changed
    # under s: refused)
    check_pipelines(floor_division_of_a_number, (X, 1.3), (0, 1))


def entry_at_the_argmax(x, s):
    j = np.argmax(x)
    t = x[j] * s
    u = t
    t -= 0.5 * s  # rebinds t (a number): u keeps the old value
    return t * u + round(s) * s


def test_an_argmax_without_an_axis_is_an_int():
    # (np.argmax is a rule without a derivative, whose op keeps no arguments: its fact was
    # read from them, found none, and x[j] was taken for a possible array: refused)
    check_pipelines(entry_at_the_argmax, (X, 1.3), (0, 1))


FLAG = True
W = np.array([0.5, 2.0, -1.0])


def bool_argument_index(x, w, flag):
    return np.sum(x[flag] * w)


def bool_global_index(x, w):
    y = x[FLAG] * w
    return np.sum(y * y) + np.sum(x[FLAG])


@pytest.mark.parametrize("flag", [True, False, np.True_, 1, np.array(True), np.array(False)])
def test_a_bool_index_adds_an_axis(flag):
    check_pipelines(bool_argument_index, (np.array([0.3, -0.4, 1.2]), W, flag), (0, 1))


def test_a_module_bool_index_adds_an_axis():
    check_pipelines(bool_global_index, (np.array([0.3, -0.4, 1.2]), W), (0, 1))
