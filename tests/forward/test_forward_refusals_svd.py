"""The tangent of a full SVD of a non-square matrix is not determined (the columns that
complete U or V are any basis of a complement): forward mode refuses it with a
SrcdiffError that says what to write instead (it was a NotImplementedError)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

A = np.random.default_rng(5).normal(size=(4, 3))


def singular_values_of_a_full_svd(a):
    return np.sum(np.linalg.svd(a)[1] ** 2)


def singular_values_alone(a):
    return np.sum(np.linalg.svd(a, compute_uv=False) ** 2)


def test_forward_mode_refuses_a_full_svd_of_a_tall_matrix():
    with pytest.raises(sd.SrcdiffError, match="full_matrices=True for a 4x3 matrix") as info:
        sd.jvp(singular_values_of_a_full_svd)(A, tangents=np.ones_like(A))
    assert "compute_uv=False" in str(info.value)


def test_the_suggested_form_is_differentiated():
    d = np.cos(np.arange(12.0)).reshape(4, 3)
    want = numeric_grad(singular_values_alone, (A,), 0)
    assert_close(sd.jvp(singular_values_alone)(A, tangents=d)[1], np.sum(want * d))
    assert_close(sd.grad(singular_values_of_a_full_svd)(A), want)
