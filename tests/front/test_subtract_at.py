"""``np.subtract.at(a, index, v)``: a scatter-subtract whose repeated positions subtract once
per repeat, as ``np.add.at(a, index, -v)`` (exactly: IEEE's ``a - v`` is ``a + (-v)``).
It was refused ("this expression statement has an effect srcdiff cannot follow"), a
needless refusal found by hunt46's domain programs (pairwise forces: ``np.add.at(F, i, f)``
then ``np.subtract.at(F, j, f)``). Checked against central differences in every pipeline,
forward mode and second order; the forms np.add.at refuses are refused the same way."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode, refusal_message

X = np.array([0.3, -1.2, 0.8])


def repeated_positions(x):
    z = np.ones(3)
    np.subtract.at(z, [0, 0, 2], x[1] * x)  # z[0] loses x[1] x[0] and x[1] x[1]
    return np.sum(z * x)


def pairwise_forces(x):
    pos = np.stack([x, x ** 2], axis=1)
    pairs = np.array([[0, 1], [1, 2], [0, 2], [2, 0]])
    d = pos[pairs[:, 0]] - pos[pairs[:, 1]]
    f = d / (np.sum(d ** 2, axis=1, keepdims=True) + 0.5)
    F = np.zeros_like(pos)
    np.add.at(F, pairs[:, 0], f)
    np.subtract.at(F, pairs[:, 1], f)
    return np.sum(F ** 2) + np.sum(F[:, 0] * x)


def in_a_loop(x):
    m = np.zeros((3, 3))
    for k in range(3):
        np.subtract.at(m, ([0, 2, 0], [1, 1, 1]), x * (k + 1.0))
    return np.sum(np.tanh(m) * np.outer(x, x))


CASES = [repeated_positions, pairwise_forces, in_a_loop]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_subtract_at_in_every_mode(f):
    check_every_mode(f, X.copy(), hvp=True)


def test_repeats_subtract_once_each():
    # sum((1 - [x1 x0 + x1 x1, 0, x1 x2]) * x) = sum(x) - x1 x0^2 - x1^2 x0 - x1 x2^2
    x0, x1, x2 = X
    expected = np.array([1 - 2 * x1 * x0 - x1 ** 2, 1 - x0 ** 2 - 2 * x1 * x0 - x2 ** 2,
                         1 - 2 * x1 * x2])
    got = sd.grad(repeated_positions)(X.copy())
    assert_close(got, expected)
    assert_close(got, numeric_grad(repeated_positions, (X,), 0))


def into_an_integer_array(x):
    z = np.zeros(3, dtype=int)
    np.subtract.at(z, [0, 0], x[0])  # truncated to integers
    return np.sum(z * x)


def with_a_keyword(x):
    z = np.zeros(3)
    np.subtract.at(z, [0], b=x[0])
    return np.sum(z)


@pytest.mark.parametrize("f, words", [
    (into_an_integer_array, "cannot prove holds floats"),
    (with_a_keyword, "np.subtract.at is differentiated as `np.subtract.at(a, index, values)`"),
], ids=lambda v: v.__name__ if callable(v) else "")
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_forms_not_modelled_are_refused(f, words, mode):
    message = refusal_message(f, X, mode)
    assert words in message, message
    assert "test_subtract_at.py" in message and "np.subtract.at(" in message
