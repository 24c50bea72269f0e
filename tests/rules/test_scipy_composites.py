"""scipy.linalg functions differentiated from srcdiff's own definitions
(rules/scipy_composites.py): each computes what SciPy computes, reading the entries SciPy
reads (one triangle for a Cholesky factor or a symmetric solve), and a Gaussian-process
likelihood written with them is differentiated in every mode."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode

sla = pytest.importorskip("scipy.linalg")
from srcdiff.rules.composites import COMPOSITES  # noqa: E402

RNG = np.random.default_rng(13)
A = RNG.normal(size=(4, 4))
SPD = A @ A.T + 4.0 * np.eye(4)
# entries outside the triangle SciPy reads differ from the other triangle's
SKEWED = SPD + np.triu(RNG.normal(size=(4, 4)), 1)
B = RNG.normal(size=4)
B2 = RNG.normal(size=(4, 2))

CALLS = [
    (sla.cholesky, (SPD,), {}), (sla.cholesky, (SKEWED,), {"lower": True}),
    (sla.cholesky, (SKEWED,), {"check_finite": False}),
    (sla.cho_factor, (SKEWED,), {}), (sla.cho_factor, (SKEWED,), {"lower": True}),
    (sla.cho_solve, (sla.cho_factor(SPD), B), {}),
    (sla.cho_solve, (sla.cho_factor(SPD, lower=True), B2), {}),
    (sla.solve, (A, B), {}), (sla.solve, (A, B2), {"transposed": True}),
    (sla.solve, (SKEWED, B2), {"assume_a": "pos"}),
    (sla.solve, (SKEWED, B), {"assume_a": "sym", "lower": True}),
    (sla.solve, (SKEWED + 0j, B), {"assume_a": "her"}),
    (sla.inv, (A,), {}), (sla.det, (A,), {}),
]


@pytest.mark.parametrize("k", range(len(CALLS)), ids=lambda k: CALLS[k][0].__name__)
def test_the_definition_computes_what_scipy_does(k):
    fn, args, kwargs = CALLS[k]
    expected, got = fn(*args, **kwargs), COMPOSITES[fn](*args, **kwargs)
    if isinstance(expected, tuple):
        assert got[1] == expected[1]
        expected, got = expected[0], got[0]
    assert np.shape(got) == np.shape(expected)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-13)


def gp_likelihood(x):
    K = np.exp(-0.5 * (x[:, None] - x[None, :]) ** 2) + 0.5 * np.eye(4)
    L = sla.cholesky(K, lower=True)
    alpha = sla.cho_solve((L, True), B)
    return (B @ alpha + 2.0 * np.sum(np.log(np.diag(L)))
            + np.sum(sla.cho_solve(sla.cho_factor(K), B) ** 2) + sla.det(K)
            + np.sum(sla.solve(K, B, assume_a="pos")) + np.sum(sla.inv(K)))


def test_a_gaussian_process_likelihood_in_every_mode():
    check_every_mode(gp_likelihood, RNG.normal(size=4), seed=3, hvp=True)


def reads_one_triangle(a):
    return (np.sum(sla.solve(a, B, assume_a="pos") ** 2) + np.sum(sla.cholesky(a))
            + np.sum(sla.cho_solve(sla.cho_factor(a, lower=True), B)))


def test_the_gradient_lives_in_the_triangle_scipy_reads():
    g = sd.grad(reads_one_triangle)(SKEWED)
    assert_close(g, numeric_grad(reads_one_triangle, (SKEWED,), 0), rtol=1e-4, atol=1e-6)


def overwrites(a):
    return np.sum(sla.cholesky(a, overwrite_a=True))


def test_overwrite_keywords_are_refused():
    with pytest.raises(sd.SrcdiffError, match="overwrite_a"):
        sd.grad(overwrites)(SPD)


def banded(a):
    return np.sum(sla.solve(a, B, assume_a="banded"))


def test_structures_not_modelled_raise(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    with pytest.raises(ValueError, match="assume_a=None"):
        sd.grad(banded)(SPD)
