"""Means, variances and standard deviations of arrays with no elements (red32: JAX's
gradient tests sweep shapes (0,) and (3, 0)). Before session 32 the rules computed
``size_of(ans) / size_of(a)`` (or its inverse) with Python integers, and the gradient
raised ZeroDivisionError from inside the generated code; the gradient of an empty array is
an empty array."""
import warnings

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad


def mean_axes(x):
    return np.sum(np.mean(x, axis=(-1, -3)) + 1.0) + np.sum(x ** 2)


def mean_empty_axis(x):
    return np.sum(np.mean(x, axis=1) * 0.0) + np.sum(x)


def mean_all(x):
    return np.mean(x) * 0.0 + np.sum(x * x)


def var_axes(x):
    return np.sum(np.var(x, axis=(0, 2), ddof=1)) + np.sum(np.std(x, axis=0))


def mean_of_rows(x):
    return np.sum(np.mean(x, axis=0) ** 2)


CASES = [(mean_axes, (2, 0, 4)), (mean_all, (0,)), (mean_all, (3, 0)), (var_axes, (2, 0, 3)),
         (mean_of_rows, (0, 3)), (mean_axes, (2, 3, 4)), (var_axes, (2, 3, 2))]


@pytest.mark.parametrize("fn,shape", CASES, ids=lambda v: getattr(v, "__name__", str(v)))
@pytest.mark.parametrize("optimize", [True, False])
def test_gradient_of_empty_and_full_arrays(fn, shape, optimize):
    x = np.random.default_rng(0).uniform(0.5, 1.5, shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # the primal's mean of nothing
        g = sd.grad(fn, optimize=optimize)(x)
        want = numeric_grad(fn, (x,), 0)
    assert g.shape == x.shape and g.dtype == x.dtype
    assert np.allclose(g, want, atol=1e-6)


@pytest.mark.parametrize("fn,shape", CASES[:5], ids=lambda v: getattr(v, "__name__", str(v)))
def test_tangent_of_empty_arrays(fn, shape):
    x = np.zeros(shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        _, t = sd.jvp(fn)(x, tangents=np.ones(shape))
    assert np.isnan(t) or t == 0.0


def mean_empty_axis_value(x):
    return np.mean(x, axis=1)


def test_mean_over_an_empty_axis():
    # the mean over a length-0 axis is NaN (NumPy warns); its gradient is the empty array
    x = np.zeros((2, 0, 3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        g = sd.grad(mean_empty_axis)(x)
        _, pull = sd.vjp(mean_empty_axis_value)(x)
        b = pull(np.ones((2, 3)))
    assert g.shape == x.shape and b.shape == x.shape
