"""Arithmetic on integer arrays gives integer arrays (not integer scalars): the shape
facts of the result decide how gradients are summed back (a wrong fact gave a gradient
of the wrong shape, silently)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

K = np.array([1, 2])
W = np.array([1.0, 2.0])


def shifted_counts(k, mu):
    j = k + 1
    return np.sum(j / mu * W)


def negated_counts(k, mu):
    j = -k * 2
    return np.sum(np.exp(j * mu))


@pytest.mark.parametrize("fn", [shifted_counts, negated_counts])
@pytest.mark.parametrize("optimize", [True, False])
def test_gradient_of_a_float_through_integer_array_arithmetic(fn, optimize):
    g = sd.grad(fn, wrt=1, optimize=optimize)(K, 1.5)
    assert np.shape(g) == ()
    assert_close(g, numeric_grad(fn, (K, 1.5), 1))
    _, t = sd.jvp(fn, wrt=1)(K, 1.5, tangents=1.0)
    assert_close(t, numeric_grad(fn, (K, 1.5), 1))
