"""NumPy 2's keywords of the moments, ``np.mean`` and ``np.clip``, modelled exactly.

``np.var``/``np.std`` with ``correction=`` (ddof's alias) and ``mean=`` (a centre given,
a constant), ``np.mean`` (and ``.mean()``) with ``where=``, ``np.clip`` and ``.clip()`` with
``min=``/``max=`` were refused ("the gradient rule of np.var does not model the keyword
correction="). Checked in both pipelines, verification mode and forward mode against
central differences. Since session 44 ``where=`` of ``np.var``/``np.std`` and a ``mean=``
that depends on the differentiated inputs are modelled too; still refused: a ``min=``/``max=``
that depends on them (an option's gradient would be lost).
"""

import warnings

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from pipelines import check_every_mode

A = np.array([[0.3, -1.2, 0.8, 0.1], [1.5, 0.2, -0.4, 0.9], [-0.7, 0.6, 1.1, -0.3]])
MASK = np.array([[True, False, True, True], [True, True, False, False],
                 [False, False, False, False]])  # (the last row selects nothing)


def moments(a):
    return (np.var(a, correction=1) + np.sum(np.std(a, axis=1, correction=1) ** 2)
            + np.sum(np.var(a, axis=0, mean=np.array([[0.2, -0.1, 0.3, 0.0]]), ddof=1))
            + np.std(a, mean=0.25, correction=2) + a.std(axis=1, mean=np.zeros((3, 1))).sum()
            + np.sum(np.var(a, 1, None, None, 0, True, mean=np.full((3, 1), -0.5))))


def masked_means(a):
    return (np.mean(a * a, where=MASK) + np.sum(np.mean(a, axis=1, where=MASK[:2].any(0)))
            + np.sum(np.mean(a ** 3, axis=0, where=MASK, keepdims=True) * 2.0)
            + a.mean(where=a > 0.0))


def clipped(a):
    return (np.sum(np.clip(a, min=-0.5, max=0.7) ** 2) + np.sum(a.clip(max=0.25) * a)
            + np.sum(a.clip(min=-0.35) ** 3)
            + np.sum(np.clip(a, max=np.array([[0.15], [0.5], [-0.2]])))
            + np.sum(np.clip(a * 2.0, min=np.array([-0.1, 0.5, 0.0, 0.3])) ** 2))


CASES = [moments, masked_means, clipped]


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["optimized", "reference", "verify"])
def test_reverse_matches_finite_differences(fn, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        got = sd.grad(fn, **options)(A)
    np.testing.assert_allclose(got, numeric_grad(fn, (A,), 0), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_forward_mode(fn):
    v = np.random.default_rng(3).standard_normal(A.shape)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        _, tangent = sd.jvp(fn)(A, tangents=v)
    assert tangent == pytest.approx(np.sum(numeric_grad(fn, (A,), 0) * v), rel=1e-6, abs=1e-7)


def test_a_mean_over_no_selected_element_gives_its_elements_no_gradient():
    def last_row(a):
        return np.sum(np.nan_to_num(np.mean(a, axis=1, where=MASK)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        g = sd.grad(last_row)(A)
    assert np.all(np.isfinite(g)) and not g[2].any()


def var_where(a):
    return np.var(a, where=MASK)


def std_where(a):
    return np.std(a, axis=0, where=MASK)


def differentiated_centre(a):
    return np.var(a, axis=1, mean=np.max(a, axis=1, keepdims=True)).sum()


def differentiated_bound(a):
    return np.sum(np.clip(a, min=a[0, 0], max=0.5))


@pytest.mark.parametrize("fn", [var_where, std_where, differentiated_centre],
                         ids=lambda f: f.__name__)
def test_where_of_var_std_and_a_computed_mean_are_modelled(fn):
    """Refused until session 44 (tests/rules/test_masked_reductions.py has more): the
    gradient in every pipeline and the tangent against central differences."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        check_every_mode(fn, A, seed=4)


@pytest.mark.parametrize("fn, keyword", [(differentiated_bound, "min")], ids=["bound"])
def test_what_is_not_modelled_is_refused(fn, keyword, monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    for mode in (sd.grad, sd.jvp):
        with pytest.raises(sd.SrcdiffError, match=f"{keyword}"):
            if mode is sd.grad:
                sd.grad(fn)(A)
            else:
                sd.jvp(fn)(A, tangents=np.ones_like(A))
