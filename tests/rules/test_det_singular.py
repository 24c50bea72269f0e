"""np.linalg.det's derivatives at singular matrices (red32): the gradient of det is the
cofactor matrix, defined at every matrix (JAX computes it so too). Before session 32 the
rules computed det(a) inv(a)^T and tr(a^-1 d), and a singular matrix raised LinAlgError
from inside the generated code. Checked against central differences (det is a polynomial:
exact up to rounding)."""
import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad


def det_loss(a):
    return np.linalg.det(a) * 2.0


def det_of_stack(a):
    return np.sum(np.linalg.det(a) * np.array([1.0, -3.0]))


def det_squared(a):
    return np.linalg.det(a) ** 2 + np.sum(a)


RANK_1 = np.array([[1.0, 2.0], [2.0, 4.0]])
RANK_2_OF_3 = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
RANK_1_OF_3 = np.outer([1.0, 2.0, -1.0], [0.5, 1.0, 3.0])
DIAG = np.diag([0.0, 1.5, 2.0])
STACK = np.stack([RANK_2_OF_3, np.eye(3) + 0.2])


@pytest.mark.parametrize("fn,a", [(det_loss, RANK_1), (det_loss, RANK_2_OF_3),
                                  (det_loss, RANK_1_OF_3), (det_loss, DIAG),
                                  (det_loss, np.eye(3) + 0.3), (det_of_stack, STACK),
                                  (det_squared, RANK_2_OF_3)])
def test_det_derivatives_at_singular_matrices(fn, a):
    want = numeric_grad(fn, (a,), 0)
    for opt in (True, False):
        np.testing.assert_allclose(sd.grad(fn, optimize=opt)(a), want, atol=1e-6)
    d = np.random.default_rng(0).standard_normal(a.shape)
    _, t = sd.jvp(fn)(a, tangents=d)
    assert np.isclose(t, np.sum(want * d), atol=1e-6)


@pytest.mark.parametrize("a", [RANK_2_OF_3, np.eye(3) + 0.3])
def test_det_hessian_vector_product(a):
    # second order through the cofactors (central differences of the gradient, which the
    # test above checks)
    v = np.random.default_rng(1).standard_normal(a.shape)
    h = 1e-5
    df = sd.grad(det_squared)
    want = (df(a + h * v) - df(a - h * v)) / (2 * h)
    np.testing.assert_allclose(sd.hvp(det_squared)(a, vector=v), want, atol=1e-5)
