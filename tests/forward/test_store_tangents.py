"""A constant stored into an array slot has a zero tangent that is 0.0, never None.

Forward mode over a generated gradient (hvp, hessian, jacobian of a gradient)
meets ``b_t[0] = 0.0`` where ``b_t``'s kind is unknown to the analysis (it
comes from ``item_grad``): its tangent entry must be a float zero when the
tangent is an array (a ``None`` stored there was NaN), ``None`` in a list.

Oracles: central differences of srcdiff's first-order gradient (itself
checked against differences of the function in the first test).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def stacked(x):
    t = x * 1.0
    t[0] = 0.5
    return np.sum(np.stack([t, t * t]) ** 2)


def stacked_twice(x):
    t = x * 1.0
    t[1] = 0.5
    return np.sum(np.stack([t, t]) ** 2)


def concatenated(x):
    t = np.sin(x)
    t[2] = 1.5
    return np.sum(np.concatenate([t * x, t]) ** 2)


def scalar_in(a):
    t = np.ones(3) * a
    t[0] = 0.5
    return np.sum(np.stack([t, t * a]) ** 2)


def scalar_in_list_store(a):
    t = np.ones(3) * a
    t[2] = 2.0
    parts = [t, t * t]
    parts[1] = a * t
    return np.sum(np.stack(parts) ** 3)


X = np.array([0.3, 0.5, 0.7])
V = np.array([1.0, -2.0, 3.0])


def hessian_fd(f, x):
    """Central differences of the gradient (checked against the function below)."""
    g = sd.grad(f)
    if np.ndim(x) == 0:
        return numeric_grad(g, [x], 0)
    return np.array([numeric_grad(lambda y, i=i: g(y)[i], [x], 0) for i in range(len(x))])


@pytest.mark.parametrize("f", [stacked, stacked_twice, concatenated])
def test_hvp_hessian_and_grad_of_grad_after_a_store(f):
    assert_close(sd.grad(f)(X.copy()), numeric_grad(lambda y: f(y.copy()), [X], 0))
    H = hessian_fd(f, X)
    assert np.all(np.isfinite(sd.hvp(f)(X.copy(), vector=V)))
    assert_close(sd.hvp(f)(X.copy(), vector=V), H @ V, rtol=1e-4, atol=1e-5)
    assert_close(sd.hessian(f)(X.copy()), H, rtol=1e-4, atol=1e-5)
    assert_close(sd.grad(sd.grad(f))(X.copy()), H.sum(axis=0), rtol=1e-4, atol=1e-5)
    assert_close(sd.jacobian(sd.grad(f), mode="forward")(X.copy()), H, rtol=1e-4, atol=1e-5)


def test_hvp_closed_form():
    # stacked(x) = sum(t**2 + t**4) with t = x except t[0] = 0.5: H = diag(0, 2 + 12 x1^2, ...)
    expected = np.diag([0.0, 2 + 12 * X[1] ** 2, 2 + 12 * X[2] ** 2])
    np.testing.assert_allclose(sd.hessian(stacked)(X.copy()), expected, rtol=1e-12)


@pytest.mark.parametrize("f", [scalar_in, scalar_in_list_store])
def test_scalar_variants(f):
    a = 0.7
    assert sd.grad(f)(a) == pytest.approx(numeric_grad(f, [a], 0), rel=1e-6)
    h = hessian_fd(f, a)
    assert sd.hvp(f)(a, vector=1.0) == pytest.approx(h, rel=1e-5)
    assert sd.hessian(f)(a) == pytest.approx(h, rel=1e-5)
    assert sd.grad(sd.grad(f))(a) == pytest.approx(h, rel=1e-5)


def test_zero_of_a_list_entry_stays_none():
    from srcdiff.runtime import zero_entry
    assert zero_entry(np.zeros(2)) == 0.0
    assert zero_entry([1.0, None]) is None
    assert zero_entry({"a": 1.0}) is None
