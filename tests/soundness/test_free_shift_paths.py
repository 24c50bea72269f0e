"""Arguments that reach the output only through a free shift (analysis/shift.py: a value the
output does not depend on, a log-sum-exp's max, or ``t - t``). The optimized gradient
treats the shift as a constant; before session 47 such an argument's gradient was None
(the reference pipeline and TensorFlow give zeros: the argument is connected), and the
primal statements the shift was computed from were dropped as if the backward sweep
repeated them, so a function raising on its arguments' shapes had a gradient (fuzz arrays
seed 47002 index 47: `np.vstack` of operands that do not align)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad

X, W = np.linspace(-1.0, 1.0, 12).reshape(3, 4), np.linspace(0.5, -0.5, 12).reshape(4, 3)


def softmax_of_one(x, w):
    t = np.mean(np.vstack([x, w.T]) ** 2)
    e = np.exp(t)
    return e / np.sum(e)


def difference_of_itself(x, w):
    t = np.max(np.vstack([x, w.T]), axis=0, keepdims=True)
    return np.sum((t - t) * 3.0)


def one_shifted_one_not(x, w):
    m = np.mean(np.vstack([x, w.T]) ** 2)
    return np.sum(np.exp(x - m)) / np.sum(np.exp(x - m)) + np.sum(x * 0.5)


CASES = [softmax_of_one, difference_of_itself, one_shifted_one_not]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("optimize, verify", [(True, False), (False, False), (True, True)])
def test_connected_through_a_free_shift_is_zeros_not_none(f, optimize, verify):
    got = sd.grad(f, wrt=(0, 1), optimize=optimize, verify=verify)(X, W)
    for k, g in enumerate(got):
        assert g is not None and np.shape(g) == np.shape((X, W)[k])
        np.testing.assert_allclose(g, numeric_grad(f, (X, W), k), atol=1e-8)


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("optimize", [True, False])
def test_the_gradient_raises_where_the_function_does(f, optimize):
    bad = np.ones((3, 5))
    with pytest.raises(ValueError) as expected:
        f(bad, W)
    with pytest.raises(ValueError) as got:
        sd.grad(f, wrt=(0, 1), optimize=optimize)(bad, W)
    assert str(got.value) == str(expected.value)


def test_an_argument_with_no_path_is_still_none():
    def f(x, w):
        return np.sum(x * 2.0)
    assert sd.grad(f, wrt=(0, 1))(X, W)[1] is None
