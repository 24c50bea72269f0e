"""``functools.partial``: the bound arguments are constants passed first; ``wrt`` counts
the parameters the partial leaves open, as in JAX."""

import functools

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def f(a, x, y, scale=1.0):
    return scale * np.sum(np.sin(a * x) * y)


X = np.array([0.1, 0.2, -0.4])
Y = np.array([1.0, -1.0, 0.5])
g = functools.partial(f, 2.0, scale=3.0)


def g_plain(x, y):
    return f(2.0, x, y, scale=3.0)


@pytest.mark.parametrize("wrt", [0, 1, "y", (0, 1)])
def test_gradients_of_a_partial(wrt):
    got = sd.grad(g, wrt=wrt)(X, Y)
    positions = {0: 0, 1: 1, "y": 1}
    if isinstance(wrt, tuple):
        expected = tuple(numeric_grad(g_plain, (X, Y), k) for k in wrt)
    else:
        expected = numeric_grad(g_plain, (X, Y), positions[wrt])
    assert_close(got, expected)


def test_value_vjp_and_nested_partials():
    value, grad = sd.value_and_grad(g)(X, Y)
    assert value == pytest.approx(g_plain(X, Y))
    assert_close(grad, numeric_grad(g_plain, (X, Y), 0))
    _, pullback = sd.vjp(g)(X, Y)
    assert_close(pullback(2.0), 2.0 * numeric_grad(g_plain, (X, Y), 0))
    h = functools.partial(functools.partial(f, 2.0), X)
    assert_close(sd.grad(h)(Y), np.sin(2.0 * X))


def test_bound_arguments_are_checked_like_arguments():
    with pytest.raises(TypeError, match="str"):
        sd.grad(functools.partial(f, "two"))(X, Y)
