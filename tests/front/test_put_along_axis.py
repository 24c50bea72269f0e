"""``np.put_along_axis(a, indices, values, axis)``, lowered to NumPy's own store
``a[along_axis_positions(a, indices, axis)] = values`` (front/in_place.py,
rules/assembly_rules.py): a repeated position takes the last value, ``values`` broadcast to
the positions. Checked against central differences in every pipeline, forward mode and
second order, and against NumPy's values; refused before as a statement whose effect
srcdiff cannot follow."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode

X = np.array([0.3, -1.2, 0.8, 1.7])


def rows_into_zeros(x):
    a = np.zeros((2, 3))
    np.put_along_axis(a, np.array([[0], [2]]), x[:2].reshape(2, 1) * x[2], axis=1)
    return np.sum(a * a) + np.sum(a * np.arange(6.0).reshape(2, 3))


def repeated_and_negative_positions(x):
    a = np.outer(x, x[:3])  # (4, 3)
    idx = np.array([[1, 1, -1], [0, 0, 0]])  # a column written twice: the later value stays
    np.put_along_axis(a, idx, np.sin(x[:3]) * np.array([[1.0], [2.0]]), axis=0)
    return np.sum(a ** 3)


def broadcast_value_in_a_loop(x):
    a = np.tile(x, (3, 1)) * 2.0
    for k in range(2):
        np.put_along_axis(a, np.array([[k], [k + 1], [3]]), x[k] * x[3], -1)
        a = a * x
    return np.sum(np.tanh(a))


def three_dimensions(x):
    a = np.reshape(np.arange(24.0), (2, 3, 4)) * x
    idx = np.array([[[2, 0, 1, 1]], [[1, 2, 2, 0]]])  # (2, 1, 4) along axis 1
    np.put_along_axis(a, idx, np.exp(x) * np.array([[[1.0]], [[-1.0]]]), axis=1)
    return np.sum(a * a * x)


CASES = [rows_into_zeros, repeated_and_negative_positions, broadcast_value_in_a_loop,
         three_dimensions]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_put_along_axis_in_every_mode(f):
    check_every_mode(f, X.copy(), hvp=True)
    value, _ = sd.value_and_grad(f)(X.copy())
    assert_close(value, f(X.copy()))  # NumPy's own put_along_axis


def test_the_last_of_repeated_positions_wins():
    # a[1, 0] is written with x0 then x1: the gradient of x1 only (NumPy's store order)
    def f(x):
        a = np.zeros((3, 2))
        np.put_along_axis(a, np.array([[1, 1]]).T, np.array([[x[0]], [x[1]]]), axis=0)
        return a[1, 0] * 3.0
    got = sd.grad(f)(X.copy())
    assert_close(got, np.array([0.0, 3.0, 0.0, 0.0]))
    assert_close(got, numeric_grad(f, (X,), 0))


def flattened(x):
    a = x * 1.0
    np.put_along_axis(a, np.array([0, 2]), x[3], axis=None)
    return np.sum(a * a)


def without_axis(x):
    a = np.outer(x, x)
    np.put_along_axis(a, np.array([[0]]), x[3])
    return np.sum(a)


def test_axis_none_is_refused_when_run():
    with pytest.raises(sd.SrcdiffError, match="axis=None"):
        sd.grad(flattened)(X.copy())


def test_a_missing_axis_is_refused_with_its_line():
    with pytest.raises(sd.SrcdiffError, match="np.put_along_axis needs"):
        sd.grad(without_axis)(X.copy())
