"""``np.add.at(a, index, v)``: a scatter-add whose repeated positions add once per repeat
(``a[index] += v`` adds once), lowered to ``a[...] = add_at(a, index, v)`` (front/
containers.py): checked against central differences in every pipeline, forward mode and
second order; the forms srcdiff does not model are refused with their line."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -1.2, 0.8])


def repeated_positions(x):
    z = np.zeros(3)
    np.add.at(z, [0, 0, 2], x[1])  # z[0] gets x[1] twice
    return np.sum(z * x)


def into_a_copy_of_the_input(x):
    z = x * 2.0
    np.add.at(z, np.array([1, 1, 1]), x * x)
    return np.sum(z ** 2)


def rows_and_columns_in_a_loop(x):
    m = np.zeros((3, 3))
    for k in range(3):
        np.add.at(m, ([0, 2, 0], [1, 1, 1]), x * (k + 1.0))
    return np.sum(m * np.outer(x, x))


def a_row_broadcast(x):
    m = np.ones((2, 3))
    np.add.at(m, [1, 1], x)  # each of two rows of v is x: row 1 gets 2x
    return np.sum(np.sin(m) * m)


CASES = [repeated_positions, into_a_copy_of_the_input, rows_and_columns_in_a_loop,
         a_row_broadcast]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_add_at_in_every_mode(f):
    check_every_mode(f, X.copy(), hvp=True)


def test_repeats_add_once_each():
    # the gradient of x[1] counts both repeats: d/dx1 of (2 x1 x0 + x1 x2) + x1 * 0
    got = sd.grad(repeated_positions)(X.copy())
    assert_close(got, np.array([2 * X[1], 2 * X[0] + X[2], X[1]]))
    assert_close(got, numeric_grad(repeated_positions, (X,), 0))


def into_an_integer_array(x):
    z = np.zeros(3, dtype=int)
    np.add.at(z, [0, 0], x[0])  # truncated to integers: refused (analysis/dtypes.py)
    return np.sum(z * x)


def into_a_view_read_later(x):
    z = x * 1.0
    v = z[1:]
    np.add.at(v, [0], x[0])  # changes z too, which is read afterwards
    return np.sum(z * z)


def with_a_keyword(x):
    z = np.zeros(3)
    np.add.at(z, [0], b=x[0])
    return np.sum(z)


def into_an_entry(x):
    z = [np.zeros(3)]
    np.add.at(z[0], [0], x[0])
    return np.sum(z[0])


@pytest.mark.parametrize("f, words", [
    (into_an_integer_array, "cannot prove holds floats"),
    (into_a_view_read_later, "changes an array in place that `z` also refers to"),
    (with_a_keyword, "np.add.at is differentiated as `np.add.at(a, index, values)`"),
    (into_an_entry, "np.add.at is differentiated as `np.add.at(a, index, values)`"),
], ids=lambda v: v.__name__ if callable(v) else "")
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_forms_not_modelled_are_refused(f, words, mode):
    message = refusal_message(f, X, mode)
    assert words in message, message
    assert "test_add_at.py" in message and "np.add.at(" in message  # the user's line


def multiply_at(x):
    z = np.ones(3) + x
    np.multiply.at(z, [0, 0, 2], x[1])  # z[0] multiplied twice
    return np.sum(z * x)


def maximum_at(x):
    z = x * 1.0
    np.maximum.at(z, [0, 0, 2], x[1])
    return np.sum(z * z)


@pytest.mark.parametrize("f", [multiply_at, maximum_at], ids=lambda f: f.__name__)
def test_other_ufuncs_at_are_refused_by_name(f):
    # the message said "this expression statement has an effect srcdiff cannot follow" and
    # hinted at assigning its result (None): it names the ufunc and the store to write
    message = refusal_message(f, X.copy(), "reverse")
    name = f.__name__.replace("_at", "")
    assert f"np.{name}.at is not differentiated" in message
    assert f"a[index] = np.{name}(a[index], values)" in message
