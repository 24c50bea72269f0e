"""backend="numba" on means, variances and standard deviations over one axis of a 2-d
array, kept or not, in NumPy's and the method spelling (numba's take no axis:
numba_emit lowers them to numba_pieces.mean_axis / var_axis), and on the variance's
gradient (reduction_rules' ``centre`` and ``dof``): the realistic workload mlp_ln (a
layer normalisation) was refused for them. One compiled gradient, checked against the
NumPy backend and central finite differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")

EPS = 1e-5


def layer_norm(a, gamma):
    mu = a.mean(axis=1, keepdims=True)
    var = a.var(axis=1, keepdims=True)
    an = (a - mu) / np.sqrt(var + EPS)
    h = np.tanh(gamma * an)
    cols = np.std(h, axis=0) + np.mean(h * h, axis=-2, keepdims=True)
    return np.sum(cols ** 2) + np.sum(np.var(a, axis=0) * np.mean(a, axis=1)[:3])


def test_layer_norm_gradient():
    rng = np.random.default_rng(41)
    a, gamma = rng.standard_normal((5, 3)), 1.0 + 0.1 * rng.standard_normal(3)
    grad = sd.grad(layer_norm, wrt=(0, 1), backend="numba")
    got = grad(a, gamma)
    ref = sd.grad(layer_norm, wrt=(0, 1))(a, gamma)
    for g, r, k in zip(got, ref, (0, 1)):
        assert np.shape(g) == np.shape((a, gamma)[k])
        assert_close(g, r, rtol=1e-12, atol=1e-13)
        assert_close(g, numeric_grad(layer_norm, (a, gamma), k))
