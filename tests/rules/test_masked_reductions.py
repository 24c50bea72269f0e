"""NumPy's NaN-skipping reductions with ``initial=``/``where=``, ``where=`` of var/std and
``mean=`` computed from the inputs (rules/nan_rules.py, reduction_rules.py ``masked_deviation``,
reduction_options.py). Each was refused (session 43) though it is plain NumPy. Oracle:
central differences in float64 (every pipeline, the tangent, the Hessian-vector product
where the function is smooth); at a slice NumPy makes NaN (all NaN, nothing selected, no
more elements than ``ddof``), a ``np.nansum`` downstream drops it: the differences see a
derivative of 0 there, and so must srcdiff (no NaN leaking into the other slices)."""

import contextlib
import warnings

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode
from srcdiff.rules.composites import OPTION_COMPOSITES

X = np.random.default_rng(44).uniform(0.3, 1.5, size=(3, 4))
HOLE = np.zeros((3, 4), dtype=bool)
HOLE[0, 1] = HOLE[2, 3] = True
W = np.array([[True, False, True, True], [True, True, False, True], [False, True, True, True]])
ROW = np.array([True, True, False, True])  # (a mask of the last axis, broadcast)
C = np.linspace(-1.0, 1.0, 12).reshape(3, 4)


def holed(x):
    """``x`` with NaN at ``HOLE`` (no derivative there; a NaN input itself would make the
    gradient of ``x * x`` there NaN times 0)."""
    return np.where(HOLE, np.nan, x)


def nansum_initial(x):
    x = holed(x)
    return np.sum(np.nansum(x, axis=1, initial=0.5) ** 2)


def nansum_where(x):
    x = holed(x)
    return np.sum(np.nansum(x * x, axis=0, where=W, initial=1.0) ** 2)


def nanprod_initial_where(x):
    x = holed(x)
    return np.sum(np.nanprod(x, axis=1, keepdims=True, where=ROW, initial=2.0))


def nanmax_initial_where(x):
    x = holed(x)
    return np.sum(np.nanmax(np.tanh(x), axis=1, where=W, initial=-5.0) * np.arange(3.0))


def nanmin_initial(x):
    x = holed(x)
    return np.sum(np.nanmin(x, axis=0, initial=0.9) ** 2)


def var_where(x):
    y = x
    return np.sum(np.var(y * y, axis=1, where=W) * np.arange(1.0, 4.0))


def std_where(x):
    y = x
    return np.sum(np.std(y, axis=0, ddof=1, keepdims=True, where=W) ** 3)


def nanmean_where(x):
    x = holed(x)
    return np.sum(np.nanmean(x ** 3, axis=1, where=ROW) ** 2)


def nanvar_where(x):
    x = holed(x)
    return np.sum(np.nanvar(x, axis=1, where=W, ddof=1) * np.arange(1.0, 4.0))


def nanstd_where(x):
    x = holed(x)
    return np.sum(np.nanstd(np.sin(x), where=ROW, correction=1)) + np.nanvar(x, where=W)


def var_given_mean(x):
    y = x
    m = np.mean(y, axis=1, keepdims=True) * 0.8 + y[:, :1]
    return np.sum(np.var(y, axis=1, mean=m) * np.arange(3.0)) + np.std(y, mean=y[1, 2])


def std_given_mean_where(x):
    y = x
    m = np.tanh(y[:, 1:2])
    return np.sum(np.std(y, axis=1, ddof=1, where=W, mean=m) ** 2)


def nanvar_given_mean(x):
    x = holed(x)
    m = np.nanmean(x, axis=0, keepdims=True) - x[1:2] * 0.5
    return np.sum(np.nanvar(x, axis=0, mean=m, where=W) + np.nanstd(x, axis=0, mean=m) ** 3)


def nanmax_computed_initial(x):
    x = holed(x)
    return np.sum(np.nanmax(x, axis=1, where=W, initial=x[2, 2] * 0.9) ** 2) + np.nanmin(
        x, initial=x[1, 1] * 0.5)


SMOOTH = [nansum_initial, nansum_where, nanprod_initial_where, nanmean_where, var_where,
          std_where, nanvar_where, nanstd_where, var_given_mean, std_given_mean_where,
          nanvar_given_mean]
KINKED = [nanmax_initial_where, nanmin_initial, nanmax_computed_initial]


@pytest.mark.parametrize("f", SMOOTH + KINKED, ids=lambda f: f.__name__)
def test_every_mode(f):
    check_every_mode(f, X, seed=5, hvp=f in SMOOTH)


# ------------------------------------------------------------------ NaN slices, empty masks

Y = np.array([[np.nan, np.nan, np.nan], [0.4, np.nan, 1.3], [0.8, 1.1, 0.5]])
NONE_FIRST = np.array([[False, False, False], [True, True, True], [True, False, True]])


def nan_rows_nansum(x):  # an all-NaN row and a row with nothing selected: initial alone
    return np.sum(np.nansum(x, axis=1, initial=0.5) + np.nansum(x, axis=1, where=NONE_FIRST))


def nan_rows_nanmax(x):
    return np.sum(np.nanmax(x, axis=1, initial=0.6) * np.nanmin(x, axis=1, where=NONE_FIRST,
                                                                initial=2.0))


def nan_rows_nanmean(x):
    return np.nansum(np.nanmean(x, axis=1, where=NONE_FIRST) ** 2) + np.nansum(
        np.nanmean(x, axis=1) * 2.0)


def nan_rows_moments(x):
    return (np.nansum(np.nanstd(x, axis=1) * 3.0) + np.nansum(np.nanvar(x, axis=1, ddof=1))
            + np.nansum(np.nanstd(x, axis=1, where=NONE_FIRST, ddof=1))
            + np.nansum(np.var(np.nan_to_num(x), axis=1, where=NONE_FIRST)))


def nan_rows_given_mean(x):
    m = np.nanmax(x, axis=1, keepdims=True, initial=0.0) * 0.5
    return np.nansum(np.nanvar(x, axis=1, mean=m, ddof=1)) + np.nansum(
        np.nanstd(x, axis=1, mean=m, where=NONE_FIRST))


@pytest.mark.parametrize("f", [nan_rows_nansum, nan_rows_nanmax, nan_rows_nanmean,
                               nan_rows_moments, nan_rows_given_mean], ids=lambda f: f.__name__)
def test_nan_and_empty_slices(f):
    """The values are NumPy's (the functions run on NumPy); the gradient is 0 at every entry
    of a slice NumPy makes NaN or fills with ``initial`` alone, finite and right elsewhere."""
    with quiet():
        want = numeric_grad(f, (Y,), 0)
        assert np.all(np.isfinite(want))
        for options in ({}, {"verify": True}, {"optimize": False}):
            assert_close(sd.grad(f, **options)(Y), want)
        _, tangent = sd.jvp(f)(Y, tangents=C[:, :3])
        assert_close(tangent, np.sum(want * C[:, :3]), what="tangent")


@contextlib.contextmanager
def quiet():
    """NumPy's own warnings of those slices (mean of an empty slice, degrees of freedom)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        yield


# ------------------------------------------------------------------ values of the definitions


@pytest.mark.parametrize("fn, kwargs", [
    (np.var, {"axis": 1, "mean": np.ones((3, 1)) * 0.4}),
    (np.std, {"axis": 0, "ddof": 1, "keepdims": True, "where": W, "mean": X[1:2] * 0.0 + 0.9}),
    (np.nanvar, {"axis": 1, "correction": 1, "mean": np.full((3, 1), 0.3)}),
    (np.nanstd, {"mean": 0.5, "where": W}),
    (np.nanvar, {"axis": 1, "ddof": 3, "where": W, "mean": np.full((3, 1), 0.3)}),
    (np.nanstd, {"axis": 0, "ddof": 2, "where": W, "mean": np.full((1, 4), 0.3)}),
])
def test_given_mean_values_are_numpys(fn, kwargs):
    with quiet():
        for x in (X, holed(X), np.arange(12).reshape(3, 4)):
            np.testing.assert_allclose(OPTION_COMPOSITES[fn, "mean"](x, **kwargs),
                                       fn(x, **kwargs), rtol=1e-12, atol=1e-14, equal_nan=True)
