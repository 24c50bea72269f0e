"""``out=y`` of a NumPy function or array method: the result is stored into ``y``
(``y[...] = result``, front/expressions.py), and the call's value is ``y`` itself. Checked
against central differences in every pipeline and forward mode; the forms not modelled
are refused with their line."""

import numpy as np
import pytest

from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -1.2, 0.8])


def ufunc_into_a_buffer(x):
    y = np.empty(3)
    np.multiply(x, 2.0, out=y)
    return np.sum(y * x)


def accumulate_in_place(x):
    acc = np.zeros(3)
    for k in range(3):
        np.add(acc, x * (k + 1.0), out=acc)
    return np.sum(acc ** 2)


def value_is_the_buffer(x):
    y = np.zeros(3)
    z = np.exp(x, out=y)  # z is y
    return np.sum(z * y) + np.sum(np.sin(y))


def method_and_reduction(x):
    m = np.outer(x, x)
    m.clip(-0.5, 0.5, out=m)
    s = np.zeros(3)
    np.sum(m, axis=0, out=s)
    return np.sum(s * x)


CASES = [ufunc_into_a_buffer, accumulate_in_place, value_is_the_buffer, method_and_reduction]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_out_in_every_mode(f):
    check_every_mode(f, X.copy())


def read_through_an_alias(x):
    y = np.zeros(3)
    w = y
    np.multiply(x, x, out=y)  # w sees the result (Python writes into y's array)
    w = w * 2.0  # (bound again: not read as y, front/aliases.py)
    return np.sum(w * x)


def into_a_slice(x):
    y = np.zeros(4)
    np.multiply(x, 2.0, out=y[1:])
    return np.sum(y)


def into_an_integer_array(x):
    y = np.zeros(3, dtype=int)
    np.multiply(x, 2.0, out=y)
    return np.sum(y * x)


def into_a_view_read_later(x):
    y = np.zeros(3)
    v = y[:]
    np.multiply(x, 2.0, out=v)
    return np.sum(y * x)


def helper(x, out=None):
    return x * 2.0


def into_a_user_function(x):
    y = np.zeros(3)
    z = helper(x, out=y)  # a user function's own `out` parameter
    return np.sum(z)


@pytest.mark.parametrize("f, words", [
    (into_a_slice, "`out=` writes the result into an existing array"),
    (into_an_integer_array, "cannot prove holds floats"),
    (into_a_view_read_later, "changes an array in place that `y` also refers to"),
    (read_through_an_alias, "changes an array in place that `w` also refers to"),
    (into_a_user_function, "`out=` writes the result into an existing array"),
], ids=lambda v: v.__name__ if callable(v) else "")
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_forms_not_modelled_are_refused(f, words, mode):
    message = refusal_message(f, X, mode)
    assert words in message, message
    assert "test_out_argument.py" in message and "out=" in message  # the user's line
