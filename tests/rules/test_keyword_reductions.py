"""Calls the rules model since session 11 (probe7): ``np.linalg.qr`` (tall, square, wide,
stacked), ``np.sum``/``np.prod`` with ``where=``/``initial=``, ``np.max``/``np.min`` (and
``amax``/``amin``, methods) with ``initial=``/``where=``, the NaN-ignoring reductions and
``math.fmod``/``math.remainder``, ``np.trapezoid`` and ``np.ediff1d``, in user code:
reverse mode in both pipelines and in verification mode, forward mode and second order,
against central finite differences. Each of these calls was refused before (no rule, or a
keyword the rule did not model)."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad

A = np.array([[0.3, -1.2, 0.7, 0.2], [1.1, 0.4, -0.5, 0.9], [-0.6, 0.8, 1.3, -0.2]])


def qr_losses(a):
    q, r = np.linalg.qr(a)
    q2, r2 = np.linalg.qr(a.T)  # wide and tall
    return np.sum(np.sin(q) * q2[:3]) + np.sum(r[:, :3] * r2) + np.sum(np.diagonal(r) ** 2)


def stacked_qr(a):
    q, r = np.linalg.qr(np.stack([a, a[::-1] * 1.3]))
    return np.sum(np.cos(q)) + np.sum(r ** 3)


def masked_sums(a):
    return (np.sum(np.sum(a ** 2, axis=1, where=a > 0, initial=1.5) ** 2)
            + np.sum(a, where=[True, False, True, True], keepdims=True)[0, 0]
            + a.sum(where=a < 1.0) + np.prod(a, axis=0, initial=2.0, where=a > -0.55).sum())


def bounded_extremes(a):
    return (np.sum(np.max(a, axis=1, initial=0.5) ** 2) + np.amin(a, initial=5.0, where=a > 0)
            + np.sum(np.min(a ** 3, axis=0, initial=-0.2, keepdims=True))
            + a.max(initial=0.0) + np.sum(np.amax(a, axis=0, initial=-9.0, where=a < 1.0)))


def nan_reductions(a):
    y = np.where(a > 1.0, np.nan, a)
    return (np.sum(np.nanmax(y, axis=1) ** 2) + np.sum(np.nanmin(y, axis=0, keepdims=True))
            + np.sum(np.nanprod(y, axis=1)) + np.sum(np.nanstd(y, axis=0) ** 3)
            + np.sum(np.nanvar(y, axis=1, ddof=1)))


def fmod_remainder(a):
    s = a[0, 0] * 4.0
    return (math.fmod(s, 0.7) * a[1, 1] + math.remainder(a[2, 2] * 3.0, 0.8)
            + math.fmod(2.5, a[1, 0]))


def integrals_and_differences(a):
    grid = np.array([0.0, 0.5, 0.7])
    return (np.sum(np.trapezoid(a ** 2, x=grid, axis=0) ** 2) + np.trapezoid(a[0], dx=0.3)
            + np.sum(np.ediff1d(a, to_begin=1.0) ** 2))


CASES = [integrals_and_differences, qr_losses, stacked_qr, masked_sums, bounded_extremes,
         nan_reductions, fmod_remainder]


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["optimized", "reference", "verify"])
def test_reverse_matches_finite_differences(fn, options):
    got = sd.grad(fn, **options)(A)
    np.testing.assert_allclose(got, numeric_grad(fn, (A,), 0), rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__)
def test_forward_and_second_order(fn):
    v = np.random.default_rng(11).standard_normal(A.shape)
    value, tangent = sd.jvp(fn)(A, tangents=v)
    assert value == pytest.approx(fn(A))
    assert tangent == pytest.approx(np.sum(numeric_grad(fn, (A,), 0) * v), rel=1e-6, abs=1e-7)
    sd.check_grads(fn, A, modes=("rev", "fwd"), order=2)


def all_nan_row(a):
    y = np.where(np.arange(3.0)[:, None] == 1.0, np.nan, a)
    return np.sum(np.where(np.isnan(np.nanmax(y, axis=1)), 0.0, np.nanmax(y, axis=1)))


def test_an_all_nan_slice_gets_no_gradient():
    with np.errstate(invalid="ignore"), pytest.warns(RuntimeWarning):
        g = sd.grad(all_nan_row)(A)
    assert np.all(np.isfinite(g)) and not g[1].any()


def max_below_initial(a):
    return np.max(a, initial=10.0) + np.sum(np.min(a, axis=1, initial=-10.0))


def test_initial_beyond_every_element_gives_zero():
    np.testing.assert_array_equal(sd.grad(max_below_initial)(A), np.zeros_like(A))
    np.testing.assert_array_equal(sd.jvp(max_below_initial)(A, tangents=np.ones_like(A))[1], 0.0)


def qr_complete(a):
    q, r = np.linalg.qr(a, mode="complete")
    return np.sum(r)


def test_a_written_qr_mode_is_refused_with_its_location():
    with pytest.raises(sd.SrcdiffError, match=r"test_keyword_reductions.py:\d+.*mode='complete'"):
        sd.grad(qr_complete)(A.T)
