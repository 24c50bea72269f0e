"""sd.check_grads: the numerical checker users run on their own functions."""

import numpy as np
import pytest

from srcdiff.api.check import check_grads


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


# ------------------------------------------------------------------ check_grads has teeth
#
# check_grads is the oracle of the second-order tests: it must fail when a derivative is
# wrong. These rules are deliberately wrong; the functions' values are right.

import srcdiff as sd  # noqa: E402


@sd.custom_vjp
def cube_wrong_vjp(x):
    return x ** 3


@cube_wrong_vjp.defvjp
def _(g, ans, x):
    return g * 2.0 * x * x  # the derivative is 3 x**2


@cube_wrong_vjp.defjvp
def _(d, ans, x):
    return d * 3.0 * x * x  # right: only reverse mode is wrong


@sd.custom_vjp
def cube_wrong_jvp(x):
    return x ** 3


@cube_wrong_jvp.defvjp
def _(g, ans, x):
    return g * 3.0 * x * x


@cube_wrong_jvp.defjvp
def _(d, ans, x):
    return d * 3.0 * x  # wrong


@sd.custom_vjp
def cube_wrong_second(x):
    return x ** 3


@cube_wrong_second.defvjp
def _(g, ans, x):
    # the right first derivative, 3 x**2, whose derivative is wrong (3 x, not 6 x)
    return g * 3.0 * sd.stop_gradient(x) * x


def uses_wrong_vjp(x):
    return np.sum(cube_wrong_vjp(x) * 0.5)


def uses_wrong_jvp(x):
    return np.sum(cube_wrong_jvp(x) * 0.5)


def uses_wrong_second(x):
    return np.sum(cube_wrong_second(x) * 0.5)


def test_check_grads_fails_on_a_wrong_reverse_rule():
    with pytest.raises(AssertionError, match="reverse-mode derivative .* does not match"):
        check_grads(uses_wrong_vjp, X)
    with pytest.raises(AssertionError, match="does not match finite differences"):
        sd.check_grads(uses_wrong_vjp, X, modes=("fwd", "rev"))
    assert check_grads(uses_wrong_vjp, X, modes=("fwd",)) is None  # its forward rule is right


def test_check_grads_fails_on_a_wrong_forward_rule():
    assert check_grads(uses_wrong_jvp, X) is None
    with pytest.raises(AssertionError, match="forward-mode derivative .* does not match"):
        check_grads(uses_wrong_jvp, X, modes=("fwd",))


def test_check_grads_fails_on_a_wrong_second_derivative():
    assert check_grads(uses_wrong_second, X) is None  # first order is right
    with pytest.raises(AssertionError, match="does not match finite differences"):
        check_grads(uses_wrong_second, X, order=2)


def test_check_grads_fails_on_a_small_error(monkeypatch):
    """A gradient off by 0.1% (beyond rtol=1e-5) is reported."""
    import srcdiff.api.check as check_module

    def slightly_wrong_grad(f, wrt):
        exact = sd.grad(f, wrt=wrt)
        return lambda *a, grad_ys=None: tuple(1.001 * g for g in exact(*a, grad_ys=grad_ys))

    assert check_grads(smooth, X, Y) is None
    monkeypatch.setattr(check_module, "grad", slightly_wrong_grad)
    with pytest.raises(AssertionError, match="does not match finite differences"):
        check_grads(smooth, X, Y)
