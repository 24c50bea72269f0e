"""Matrix decompositions of complex matrices (found by session 49's probe, breadth49).

The rules of np.linalg.svd (and svdvals, the 2-norm, the nuclear norm, np.linalg.cond),
eigh/eigvalsh, eig/eigvals, qr and cholesky are those of real matrices: at a complex matrix
their gradients and tangents were wrong (e.g. ``np.linalg.norm(Z, 2)``'s gradient
``[-0.137, 0.668, -0.965]`` against ``[0.229, -1.113, 1.608]`` by central differences). They
are refused there now (linalg_rules.py ``real_only``), in reverse and forward mode; real
matrices keep their rules. scipy.linalg.expm's gradient paired the cotangent with
``L(A^H, g)``: srcdiff's cotangents pair bilinearly (no conjugate), so a complex ``A`` had a
wrong gradient; it is ``L(A^T, g)`` now, checked against central differences."""

import numpy as np
import pytest
import scipy.linalg  # (the test extra installs SciPy)

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.5, -1.0, 2.0, 0.7])
T = np.array([1.0, -0.5, 0.25, 2.0])
WEIGHTS = np.arange(4.0).reshape(2, 2)


def complex_matrix(x):
    return np.reshape(x * (1 + 2j) + 1j * x[::-1], (2, 2))


def hermitian(x):
    z = complex_matrix(x)
    return z @ z.conj().T + 3.0 * np.eye(2)


def real_matrix(x):
    return np.reshape(x, (2, 2)) + np.array([[2.0, 0.3], [-0.4, 3.0]])


def _norm_2(m):
    return np.linalg.norm(m, 2)


def norm_2(x):
    return _norm_2(complex_matrix(x))


def real_norm_2(x):
    return _norm_2(real_matrix(x))


def _norm_nuc(m):
    return np.linalg.norm(m, "nuc")


def norm_nuc(x):
    return _norm_nuc(complex_matrix(x))


def real_norm_nuc(x):
    return _norm_nuc(real_matrix(x))


def _singular_values(m):
    return np.sum(np.linalg.svd(m, compute_uv=False))


def singular_values(x):
    return _singular_values(complex_matrix(x))


def real_singular_values(x):
    return _singular_values(real_matrix(x))


def _singular_vectors(m):
    u, s, vh = np.linalg.svd(m)
    return np.sum(np.abs(u) ** 2 * WEIGHTS) + np.sum(s)


def singular_vectors(x):
    return _singular_vectors(complex_matrix(x))


def real_singular_vectors(x):
    return _singular_vectors(real_matrix(x))


def _condition(m):
    return np.linalg.cond(m)


def condition(x):
    return _condition(complex_matrix(x))


def real_condition(x):
    return _condition(real_matrix(x))


def hermitian_eigenvalues(x):
    return np.sum(np.linalg.eigvalsh(hermitian(x)) * np.arange(1.0, 3.0))


def hermitian_eigh(x):
    return np.sum(np.linalg.eigh(hermitian(x))[0] * np.arange(1.0, 3.0))


def _eigenvalues(m):
    return np.sum(np.abs(np.linalg.eigvals(m)))


def eigenvalues(x):
    return _eigenvalues(complex_matrix(x))


def real_eigenvalues(x):
    return _eigenvalues(real_matrix(x))


def eigen_pairs(x):
    return np.sum(np.abs(np.linalg.eig(hermitian(x))[0]))


def _qr_factor(m):
    return np.sum(np.abs(np.linalg.qr(m)[1]) ** 2 * WEIGHTS)


def qr_factor(x):
    return _qr_factor(complex_matrix(x))


def real_qr_factor(x):
    return _qr_factor(real_matrix(x))


def cholesky_factor(x):
    return np.sum(np.abs(np.linalg.cholesky(hermitian(x))) ** 2 * WEIGHTS)


REFUSED = [
    (norm_2, "np.linalg.norm(ord=2)"), (norm_nuc, "np.linalg.norm(ord='nuc')"),
    (singular_values, "np.linalg.svd"), (singular_vectors, "np.linalg.svd"),
    (condition, "np.linalg.svd"), (hermitian_eigenvalues, "np.linalg.eigh"),
    (hermitian_eigh, "np.linalg.eigh"), (eigenvalues, "np.linalg.eig"),
    (eigen_pairs, "np.linalg.eig"), (qr_factor, "np.linalg.qr"),
    (cholesky_factor, "np.linalg.cholesky"),
]


@pytest.mark.parametrize("f,name", REFUSED, ids=[f.__name__ for f, _ in REFUSED])
@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_complex_matrices_are_refused(f, name, mode):
    with pytest.raises(sd.SrcdiffError) as info:
        if mode == "reverse":
            sd.grad(f)(X.copy())
        else:
            sd.jvp(f)(X.copy(), tangents=T)
    assert f"the derivative of {name} of a complex matrix is not modelled" in str(info.value)


REAL = [real_norm_2, real_norm_nuc, real_singular_values, real_singular_vectors,
        real_condition, real_eigenvalues, real_qr_factor]


@pytest.mark.parametrize("g", REAL, ids=[g.__name__ for g in REAL])
def test_real_matrices_keep_their_rules(g):
    expected = numeric_grad(g, (X.copy(),), 0)
    assert_close(sd.grad(g)(X.copy()), expected)
    _, tangent = sd.jvp(g)(X.copy(), tangents=T)
    assert_close(np.real(tangent), expected @ T, what="tangent")


def exponential(x):
    return np.sum(np.abs(scipy.linalg.expm(0.5 * complex_matrix(x))) ** 2 * WEIGHTS)


def real_exponential(x):
    return np.sum(scipy.linalg.expm(0.5 * real_matrix(x)) * WEIGHTS)


@pytest.mark.parametrize("f", [exponential, real_exponential], ids=lambda f: f.__name__)
def test_the_matrix_exponential_of_a_complex_matrix(f):
    expected = numeric_grad(f, (X.copy(),), 0)
    for options in ({}, {"optimize": False}, {"verify": True}):
        assert_close(sd.grad(f, **options)(X.copy()), expected)
    _, tangent = sd.jvp(f)(X.copy(), tangents=T)
    assert_close(np.real(tangent), expected @ T, what="tangent")
    v, h = np.array([0.3, -0.2, 0.5, 0.1]), 1e-6
    g = sd.grad(f)
    assert_close(sd.hvp(f)(X.copy(), vector=v), (g(X + h * v) - g(X - h * v)) / (2 * h),
                 rtol=1e-4, atol=1e-5)
