"""A store into a 0-d array (``acc = np.zeros(()); acc[...] = v``) whose gradient is a number.

The adjoint of ``x[i] = v`` gives ``v`` the part ``b_x[i]`` and then clears ``b_x[i]``. For a
0-d ``x`` the gradient arriving at the store is often not an array: ``acc * 2.0`` of a 0-d
``acc`` is a NumPy scalar, the seed of a float output a float, and ``float(acc)`` passes a
float back. The gradient was made an array (``np.asarray``) only before the clearing, after
the value's part had read ``b_acc[...]``: every reverse pipeline raised ``TypeError: 'float'
object is not subscriptable`` from generated code (forward mode was right).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def through_ellipsis(x):
    acc = np.zeros(())
    acc[...] = x[0] * x[1]
    return acc * 2.0


def through_empty_tuple(x):
    acc = np.zeros(())
    acc[()] = np.sin(x[0])
    return acc * 2.0


def read_back_as_float(x):
    acc = np.zeros(())
    acc[...] = acc * x[0] + x[1]
    return float(acc) * 3.0


def accumulated_in_a_loop(x):
    acc = np.zeros(())
    for v in x:
        acc[...] = acc * v + v
    return float(acc) * 2.0


X = np.array([0.31, 0.22, -0.53, 0.41, 0.17])


@pytest.mark.parametrize("f", [through_ellipsis, through_empty_tuple, read_back_as_float,
                               accumulated_in_a_loop])
@pytest.mark.parametrize("options", PIPELINES)
def test_a_store_into_a_zero_d_array(f, options):
    assert_close(sd.grad(f, **options)(X.copy()), numeric_grad(f, (X,), 0))


@pytest.mark.parametrize("f", [through_ellipsis, accumulated_in_a_loop])
def test_value_and_grad_of_a_zero_d_store(f):
    value, g = sd.value_and_grad(f)(X.copy())
    assert_close(value, f(X.copy()))
    assert_close(g, numeric_grad(f, (X,), 0))
