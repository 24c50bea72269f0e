"""np.var, np.std, np.nanvar, np.nanstd (rules/reduction_rules.py, nan_rules.py), np.cov
and np.corrcoef (composites.py, at the end) of a complex array. The variance is the mean
of ``|a - c|^2``, real: the rules used ``a - c`` where the transposed derivative is
``conj(a - c)``, and the forward rules returned a complex tangent: a wrong gradient in both
modes before (e.g. ``np.var(x * (1 + 2j))`` at ``[0.5, -1, 2]``: ``[0, 3, -3]`` where it
is ``[0, -5, 5]``). Oracle: central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad


def plain(x):
    return np.var(x * (1 + 2j)) + np.std(x * (0.5 - 1j) + 0.3j * x[::-1])


def axes_and_ddof(x):
    z = np.reshape(x * (1 + 2j) + 0.5j * x[::-1] ** 2, (2, 3))
    return (np.sum(np.var(z, axis=1, ddof=1) ** 2) + np.sum(np.std(z, axis=0, keepdims=True))
            + np.var(z, mean=np.mean(z, axis=1, keepdims=True) * 0.0 + 0.2j, axis=1)[0])


def masked(x):
    z = np.reshape(x * (1 + 2j) + 0.5j * x[::-1], (2, 3))
    keep = np.array([[True, True, False], [True, False, True]])
    return np.sum(np.var(z, axis=1, where=keep)) + np.sum(np.std(z, axis=1, where=keep) ** 3)


def with_nan(x):
    z = np.where(np.arange(6) == 4, np.nan, x * (1 + 2j) + 0.5j * x[::-1])
    return (np.nanvar(z) + np.nanstd(np.reshape(z, (2, 3)), axis=1, ddof=1)[0]
            + np.sum(np.nanvar(np.reshape(z, (2, 3)), axis=0) ** 2))


X = np.array([0.5, -1.0, 2.0, 0.3, 1.2, -0.7])


@pytest.mark.parametrize("f", [plain, axes_and_ddof, masked, with_nan],
                         ids=lambda f: f.__name__)
def test_moments_of_complex_arrays(f):
    np.testing.assert_allclose(sd.grad(f)(X), numeric_grad(f, (X,), 0), rtol=1e-6, atol=1e-8)
    sd.check_grads(f, X, modes=("rev", "fwd"), order=2)


def test_the_reported_case_by_hand():
    # var(x (1 + 2j)) = 5 var(x): the gradient 10 (x - mean(x)) / n
    x = np.array([0.5, -1.0, 2.0])
    np.testing.assert_allclose(sd.grad(lambda v: np.var(v * (1 + 2j)))(x),
                               10.0 * (x - np.mean(x)) / 3.0)
    _, t = sd.jvp(lambda v: np.var(v * (1 + 2j)))(x, tangents=np.array([0.0, 1.0, 0.0]))
    assert np.isrealobj(t) and t == pytest.approx(-5.0)


# np.cov and np.corrcoef of complex rows (rules/composites.py): NumPy's product is
# ``X @ X.T.conj()`` and corrcoef divides by the square roots of the real diagonal and clips
# the real and imaginary parts apart; the definitions lacked the conjugate (a wrong value
# and gradient before)
ZC = np.array([[1 + 2j, 0.5, -1j, 0.3], [2, 1j, 3, -0.5 + 0.2j]])


@pytest.mark.parametrize("fn, kwargs", [
    (np.cov, {}), (np.cov, {"aweights": [1.0, 2.0, 3.0, 0.5]}), (np.cov, {"rowvar": False}),
    (np.cov, {"y": ZC[::-1] * 1j}), (np.cov, {"fweights": [1, 2, 1, 3], "ddof": 0}),
    (np.corrcoef, {}), (np.corrcoef, {"rowvar": False}), (np.corrcoef, {"y": ZC[::-1] * 1j})])
def test_complex_covariances_compute_what_numpy_does(fn, kwargs):
    from pipelines import check_definition

    check_definition(fn, (ZC,), kwargs)


def covariances(x):
    z = np.reshape(x * (1 + 2j) + 0.5j * x[::-1] ** 2, (2, 3))
    return (np.real(np.sum(np.cov(z) * np.array([[1.0, 2.0], [0.5, -1.0]])))
            + np.sum(np.abs(np.cov(z, aweights=[1.0, 2.0, 0.5])))
            + np.real(np.sum(np.corrcoef(z) * np.array([[1.0, 2.0], [3.0, 1.0]]))))


def test_complex_covariance_gradients():
    np.testing.assert_allclose(sd.grad(covariances)(X), numeric_grad(covariances, (X,), 0),
                               rtol=1e-6, atol=1e-8)
    sd.check_grads(covariances, X, modes=("rev", "fwd"), order=2)
