"""``sd.hvp`` and ``sd.hessian`` take ``stop_gradients=`` with sd.grad's meaning (SPEC §1):
the named variables of ``f`` are constants, so the result is the Hessian of ``f`` with
their values frozen at the point (api/matrices.py). They took no such keyword (TypeError).
Oracle: the frozen function written by hand, differentiated twice by central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, -0.7, 1.1])
V = np.array([1.0, 0.5, -0.2])


def centred(x):
    m = np.mean(x)
    c = x - m
    return np.sum(np.tanh(c) ** 2 * x)


def centred_frozen(x, m):
    return np.sum(np.tanh(x - m) ** 2 * x)


def rescaled_in_a_loop(x):
    s = np.sum(np.tanh(x) * x)
    for i in range(2):
        s = s * 0.5 + np.sum(np.sin(x))
    return s * np.sum(x ** 3) + s ** 2


def rescaled_frozen(x, s):
    return s * np.sum(x ** 3) + s ** 2


def _final_s(x):
    s = np.sum(np.tanh(x) * x)
    for i in range(2):
        s = s * 0.5 + np.sum(np.sin(x))
    return s


CASES = [(centred, centred_frozen, "m", lambda x: np.mean(x)),
         (rescaled_in_a_loop, rescaled_frozen, "s", _final_s)]


def frozen_hessian(frozen, x, value):
    def grad_at(y):
        return numeric_grad(frozen, (y, value), 0, eps=1e-5)
    return np.stack([(grad_at(x + 1e-4 * e) - grad_at(x - 1e-4 * e)) / 2e-4
                     for e in np.eye(x.size)], axis=-1)


@pytest.mark.parametrize("f, frozen, name, value", CASES, ids=[c[0].__name__ for c in CASES])
def test_hvp_and_hessian_hold_the_names_constant(f, frozen, name, value):
    want = frozen_hessian(frozen, X, value(X))
    assert_close(sd.hessian(f, stop_gradients=(name,))(X.copy()), want, rtol=1e-4, atol=1e-5)
    assert_close(sd.hvp(f, stop_gradients=name)(X.copy(), vector=V), want @ V, rtol=1e-4,
                 atol=1e-5)
    # (and the first derivative agrees with sd.grad's)
    assert_close(sd.grad(f, stop_gradients=(name,))(X.copy()),
                 numeric_grad(frozen, (X.copy(), value(X)), 0))


def test_the_spec_example_to_second_order():
    def f(a):
        b = 2 * a
        return a * b * b
    # b frozen: f is a * b0 ** 2, linear in a
    assert sd.hessian(f, stop_gradients=("b",))(1.3) == pytest.approx(0.0)
    assert sd.hvp(f, stop_gradients=("b",))(1.3, vector=2.0) == pytest.approx(0.0)
    assert sd.hessian(f)(1.3) == pytest.approx(24 * 1.3)


def two_arguments(x, w):
    h = np.tanh(w * x)
    z = np.sum(h * w)
    return z * np.sum(x * w) + np.sum(h ** 2)


def test_a_tuple_wrt():
    hxx, hxw = sd.hessian(two_arguments, (0, 1), stop_gradients=("z",))(X.copy(), V.copy())[0]
    z0 = np.sum(np.tanh(V * X) * V)

    def frozen(x, w):
        return z0 * np.sum(x * w) + np.sum(np.tanh(w * x) ** 2)

    def grad_x(x, w):
        return numeric_grad(frozen, (x, w), 0, eps=1e-5)
    h = 1e-4
    want_xx = np.stack([(grad_x(X + h * e, V) - grad_x(X - h * e, V)) / (2 * h)
                        for e in np.eye(3)], axis=-1)
    want_xw = np.stack([(grad_x(X, V + h * e) - grad_x(X, V - h * e)) / (2 * h)
                        for e in np.eye(3)], axis=-1)
    assert_close(hxx, want_xx, rtol=1e-4, atol=1e-5)
    assert_close(hxw, want_xw, rtol=1e-4, atol=1e-5)


def test_an_unknown_name_is_refused():
    with pytest.raises(sd.SrcdiffError, match="stop_gradients names 'mm'"):
        sd.hessian(centred, stop_gradients=("mm",))(X.copy())
