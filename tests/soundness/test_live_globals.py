"""A compiled gradient reads the user's globals as they are at each call (emit/live.py).

Rebinding a global after the first call used to leave the generated code with the old
value or the old helper: a silently wrong gradient. Each test rebinds something and checks
the gradient against finite differences of the function as it now is.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from srcdiff.api.transforms import transform_of

SCALE = 2.0
W = np.array([1.0, 2.0])
N = 2
TABLE = [1.0, 2.0]


def helper(x):
    return x * x


def loss(x):
    s = 0.0
    for i in range(N):
        s = s + np.sum(helper(x) * SCALE * W) * (i + 1.0)
    return s


X = np.array([0.5, -1.0])


def _check(g, f=loss):
    np.testing.assert_allclose(g(X), numeric_grad(f, (X,), 0), rtol=1e-6, atol=1e-8)


@pytest.fixture(autouse=True)
def _restore_globals():
    saved = dict(SCALE=SCALE, W=W, N=N, helper=helper, TABLE=TABLE)
    yield
    globals().update(saved)


def test_a_rebound_float_and_array_are_read_at_the_call_without_compiling_again():
    global SCALE, W, N
    g = sd.grad(loss)
    _check(g)
    compiled = transform_of(g).compiled([X])
    SCALE, W, N = 3.0, np.array([5.0, -1.0]), 4
    _check(g)
    assert transform_of(g).compiled([X]) is compiled  # same type and shape: refreshed


def test_a_rebound_helper_compiles_again():
    global helper
    g = sd.grad(loss)
    _check(g)

    def helper(x):  # noqa: F811 (rebinding the module's helper is the point)
        return np.sin(x) * x
    _check(g)


def test_a_global_of_another_kind_or_shape_compiles_again():
    global W, SCALE
    g = sd.grad(loss)
    _check(g)
    W = 1.5
    _check(g)
    W = np.array([[1.0, 2.0], [3.0, 4.0]])
    _check(g)
    SCALE = np.float32(0.5)
    _check(g)


def test_forward_mode_and_second_order_follow_the_globals():
    global SCALE
    j, h, vg = sd.jvp(loss), sd.hvp(loss), sd.value_and_grad(loss)
    t = np.array([0.3, -0.2])
    j(X, tangents=t), h(X, vector=t), vg(X)
    SCALE = 5.0
    expected = numeric_grad(loss, (X,), 0)
    np.testing.assert_allclose(j(X, tangents=t)[1], expected @ t, rtol=1e-6)
    np.testing.assert_allclose(vg(X)[1], expected, rtol=1e-6)
    hess = N * (N + 1) / 2 * 2.0 * SCALE * W  # d2/dx2 of sum(x*x*SCALE*W) * sum(i+1)
    np.testing.assert_allclose(h(X, vector=t), hess * t, rtol=1e-9)


def _closure(k):
    def f(x):
        return np.sum(x ** 3) * k
    def set_k(v):
        nonlocal k
        k = v
    return f, set_k


def test_a_closure_variable_rebound_by_nonlocal_is_read_at_the_call():
    f, set_k = _closure(2.0)
    g = sd.grad(f)
    np.testing.assert_allclose(g(X), 6.0 * X ** 2)
    set_k(7.0)
    np.testing.assert_allclose(g(X), 21.0 * X ** 2)


def uses_table(x):
    return x[0] * TABLE[0] + x[1] * TABLE[1]


def test_a_rebound_list_compiles_again():
    global TABLE
    g = sd.grad(uses_table)
    np.testing.assert_allclose(g(X), [1.0, 2.0])
    TABLE = [4.0, -3.0]
    np.testing.assert_allclose(g(X), [4.0, -3.0])
    TABLE[1] = 9.0  # changed in place: the generated code reads the same list
    np.testing.assert_allclose(g(X), [4.0, 9.0])


def test_vjp_and_jacobian_follow_the_globals():
    global SCALE, helper
    vjp, jac = sd.vjp(loss), sd.jacobian(loss, mode="reverse")
    vjp(X), jac(X)
    SCALE = 4.0

    def helper(x):  # noqa: F811
        return x ** 3
    expected = numeric_grad(loss, (X,), 0)
    value, pullback = vjp(X)
    assert value == pytest.approx(loss(X))
    np.testing.assert_allclose(pullback(1.0), expected, rtol=1e-6)
    np.testing.assert_allclose(jac(X), expected, rtol=1e-6)
