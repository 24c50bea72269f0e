"""sd.check_grads: the numerical checker users run on their own functions."""

import numpy as np
import pytest

from srcdiff.check import check_grads


def smooth(x, y):
    return np.sum(np.sin(x) * y + x ** 2)


def with_int(x, n):
    return np.sum(x ** n)


def on_list(xs, w):
    return np.sum(xs[0] * w) + np.sum(xs[1] ** 2)


def vector_valued(x):
    return np.tanh(x) * 2.0, np.sum(x)


def matrix_fn(a):
    return np.linalg.det(a @ a.T + np.eye(3))


X = np.array([0.3, -0.4, 1.1])
Y = np.array([1.0, 2.0, -0.5])


def test_correct_gradients_pass():
    assert check_grads(smooth, X, Y) is None


def test_both_modes_and_second_order():
    assert check_grads(smooth, X, Y, modes=("rev", "fwd"), order=2) is None
    assert check_grads(matrix_fn, np.eye(3) + 0.1, modes=("rev", "fwd")) is None


def test_integers_are_not_checked():
    assert check_grads(with_int, X, 3) is None
    with pytest.raises(ValueError, match="not a float"):
        check_grads(with_int, X, 3, wrt=1)


def test_wrt_by_name_and_position():
    assert check_grads(smooth, X, Y, wrt="y") is None
    assert check_grads(smooth, X, Y, wrt=(0,)) is None
    with pytest.raises(ValueError, match="not a parameter"):
        check_grads(smooth, X, Y, wrt="z")


def test_containers_and_tuple_outputs():
    assert check_grads(on_list, [X, Y], X) is None
    assert check_grads(vector_valued, X, modes=("rev", "fwd")) is None


def test_float32_inputs_are_checked_in_float64():
    assert check_grads(smooth, X.astype(np.float32), Y.astype(np.float32)) is None


def test_bad_options():
    with pytest.raises(ValueError, match="modes"):
        check_grads(smooth, X, Y, modes=("sideways",))
    with pytest.raises(ValueError, match="order"):
        check_grads(smooth, X, Y, order=0)
    with pytest.raises(ValueError, match="no float argument"):
        check_grads(with_int, np.arange(3), 2)
