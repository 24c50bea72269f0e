"""np.modf, np.compress, np.average with differentiated weights and np.select with a
differentiated default, refused before ("no gradient rule", "treats `weights` / `default`
as a constant"). np.modf, np.compress and np.average are compiled from Python definitions
(rules/composites.py: ``x - trunc(x)``, ``np.take`` at the kept positions, ``sum(a * w) /
sum(w)``); np.select's rule gives ``default`` the gradient where no condition holds.
Checked against central finite differences in float64 in every pipeline, forward mode and
second order, with empty and 0-d values where NumPy takes them."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def fractions(x):
    frac, whole = np.modf(x * 1.7)
    return np.sum(frac * whole + np.sin(frac) ** 2)


def kept_rows(x):
    m = np.reshape(np.concatenate([x, x ** 2]), (2, -1))
    return np.sum(np.compress([False, True], m, axis=0) ** 2) + np.sum(
        np.compress(np.arange(m.shape[1]) % 2 == 0, m, axis=1) * 3.0)


def kept_flat(x):
    return np.sum(np.sin(np.compress(x > 0.0, x)))


def weighted_along_axis(x):
    m = np.outer(x, np.array([0.5, -1.0, 2.0]))
    return np.sum(np.average(np.sin(m), axis=0, weights=np.exp(x)) ** 2)


def weighted_everywhere(x):
    return np.average(x ** 2, weights=np.exp(x * 0.5)) if x.size else 0.0


def weighted_keepdims(x):
    m = np.outer(x, np.array([0.5, -1.0, 2.0]))
    w = np.array([1.0, 2.0, 0.5]) + np.sum(x ** 2)
    return np.sum(np.average(m, axis=-1, weights=w, keepdims=True) * m)


def selected_with_default(x):
    return np.sum(np.select([x > 0.5, x < -0.5], [x ** 2, x * 3.0], default=np.sin(x)))


def selected_scalar_default(x):
    d = np.sum(x) * 0.5
    return np.sum(np.select([x > 0.5], [x ** 2], d) * x)


CASES = [fractions, kept_rows, kept_flat, weighted_along_axis, weighted_everywhere,
         weighted_keepdims, selected_with_default, selected_scalar_default]


def _points(f):
    yield np.array([0.3, -1.7, 2.4, 0.8])
    yield np.array([1.2])
    if f in (fractions, kept_flat, selected_with_default,
             selected_scalar_default, weighted_everywhere):
        yield np.zeros(0)


@pytest.mark.parametrize("f", CASES)
def test_gradient_and_tangent(f):
    for x in _points(f):
        want = numeric_grad(f, (x,), 0)
        for options in PIPELINES:
            assert_close(sd.grad(f, **options)(x), want, what=f"{options} at {x}")
        t = np.cos(np.arange(x.size) + 1.0)
        value, tangent = sd.jvp(f)(x, tangents=t)
        assert_close(value, f(x), rtol=1e-12, atol=1e-12)
        assert_close(tangent, float(np.sum(want * t)), what=f"tangent at {x}")


@pytest.mark.parametrize("f", CASES)
def test_second_order(f):
    x, v = np.array([0.3, -1.7, 2.4, 0.8]), np.array([0.5, 1.0, -2.0, 0.25])
    g, h = sd.grad(f), 1e-5
    assert_close(sd.hvp(f)(x, vector=v), (g(x + h * v) - g(x - h * v)) / (2 * h),
                 rtol=1e-5, atol=1e-6)


def zero_d(x):
    frac, whole = np.modf(x * 2.5)
    return frac * 3.0 + np.select([x > 10.0], [x], default=np.sin(x)) + np.average(
        x, weights=x * x + 1.0)


def test_zero_d():
    for x in (np.array(0.7), 1.3):
        assert_close(sd.grad(zero_d)(x), numeric_grad(zero_d, (x,), 0))


def test_refused_as_numpy_refuses():
    def weights_summing_to_zero(x):
        return np.average(x, weights=x - np.mean(x))
    with pytest.raises(ZeroDivisionError):
        sd.grad(weights_summing_to_zero)(np.array([1.0, 2.0, 3.0]))

    def condition_not_1d(x):
        return np.sum(np.compress(np.ones((2, 2), dtype=bool), x))
    with pytest.raises(ValueError, match="1-d"):
        sd.grad(condition_not_1d)(np.ones(4))


def test_average_returned_is_differentiated():
    # (refused before session 48: rules/array_composites.py takes returned=True)
    def returned(x):
        a, w = np.average(x, weights=x, returned=True)
        return a * w
    x = np.array([0.5, 1.5, 2.0])
    assert_close(sd.grad(returned)(x), numeric_grad(returned, (x,), 0))
