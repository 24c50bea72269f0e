"""backend="numba" on np.max / np.min (their gradient: numba_pieces.extreme_grad) and on
the gradients of reductions over an axis (unreduce), including GradBench's kmeans: each
gradient agrees with the NumPy backend and central finite differences (inputs without
ties, where the gradient is defined); ties agree with the NumPy backend's sharing."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "bench", "gradbench"))
import evals  # noqa: E402


def _check(fn, args, wrt=0, fd=True):
    got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
    ref = sd.grad(fn, wrt=wrt)(*args)
    assert np.shape(got) == np.shape(args[wrt])
    assert_close(got, ref, rtol=1e-12, atol=1e-14)
    if fd:
        assert_close(got, numeric_grad(fn, args, wrt))


def whole_max(x):
    return np.max(np.sin(x)) * 2.0 + np.min(x * x)


def row_min(a):
    return np.sum(np.min(a * a, axis=1) * np.arange(a.shape[0]))


def column_max(a):
    return np.sum(np.exp(np.max(a, axis=0)))


def row_sums(a):
    return np.sum(np.tanh(np.sum(a * a, axis=1)))


def column_sums(a):
    return np.sum((np.sum(a * a, axis=0) / a.shape[0]) ** 2)


@pytest.mark.parametrize("fn, shape", [(whole_max, (9,)), (whole_max, (3, 4)),
                                       (row_min, (4, 5)), (column_max, (4, 5)),
                                       (row_sums, (3, 6)), (column_sums, (5, 2))],
                         ids=["max-1d", "max-2d", "min-axis1", "max-axis0", "sum-axis1",
                              "sum-axis0"])
def test_reductions_match_numpy_and_finite_differences(fn, shape):
    x = np.random.default_rng(3).standard_normal(shape)
    _check(fn, (x,))


def test_ties_share_the_gradient_as_the_numpy_backend():
    a = np.array([[1.0, 3.0, 3.0], [1.0, 2.0, 3.0], [0.5, -1.0, 0.5]])
    _check(column_max, (a,), fd=False)
    _check(lambda x: np.max(x) * 3.0, (np.array([1.0, 4.0, 4.0, -2.0]),), fd=False)
    got = sd.grad(column_max, backend="numba")(a)
    assert got[0, 0] == got[1, 0] == pytest.approx(np.exp(1.0) / 2)  # shared equally
    assert got[0, 2] == got[1, 2] == pytest.approx(np.exp(3.0) / 2) and got[2, 2] == 0.0


def test_gradbench_kmeans():
    args = evals._kmeans_make(k=6, n=40, d=3)
    got = sd.grad(evals.kmeans, backend="numba")(*args)
    assert evals._kmeans_check(args, got) < 1e-10
    assert_close(got, sd.grad(evals.kmeans)(*args), rtol=1e-12, atol=1e-12)
    assert_close(got, numeric_grad(evals.kmeans, args, 0))
