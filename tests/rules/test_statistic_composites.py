"""``np.linalg.cond``, ``np.nanmedian``, ``np.nanquantile``, ``np.nanpercentile`` and
``np.polyfit``, differentiated through their definitions (rules/statistic_composites.py;
tests/rules/test_composites.py and this file's definition test compare the definitions with
NumPy): all were refused ('no gradient rule'). Oracle: central differences in float64 for
the gradient in every pipeline, the forward tangent and Hessian-vector products."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_definition, check_every_mode

RNG = np.random.default_rng(45)
A = RNG.normal(size=(3, 3)) + 3.0 * np.eye(3)
M = RNG.normal(size=(3, 4))


def spectral_condition(a):
    return np.linalg.cond(a) + 0.5 * np.linalg.cond(a, -2) * np.linalg.cond(a, 2)


def norm_conditions(a):
    return (np.linalg.cond(a, "fro") + np.linalg.cond(a, 1) * np.linalg.cond(a, -np.inf)
            + np.linalg.cond(a, "nuc") / np.linalg.cond(a, np.inf) + np.linalg.cond(a, -1))


def stacked_condition(a):
    s = np.stack([a, a.T @ a + np.eye(3)])
    return np.sum(np.linalg.cond(s) ** 2) + np.sum(np.linalg.cond(s, "fro"))


def row_medians(x):
    return np.sum(np.nanmedian(np.where(x > 1.0, np.nan, x), axis=1) ** 2)


def column_medians_kept(x):
    y = np.where(x > 0.8, np.nan, np.sin(x))
    return np.sum(np.nanmedian(y, axis=0, keepdims=True) * x) + np.nanmedian(y, 1, None)[0]


def median_of_all(x):
    return np.nanmedian(np.where(x > 0.8, np.nan, x ** 3)) + np.nanmedian(
        np.reshape(x, (2, 3, 2)), axis=(0, 2))[1] * x[0, 0]


def median_of_a_nan_row(x):  # a row of NaN only: NaN, as NumPy's (no gradient through it)
    y = np.where(np.arange(3)[:, None] == 1, np.nan, x)
    m = np.nanmedian(y, axis=1)
    return m[0] * 2.0 + m[2] ** 2 + np.sum(np.isnan(m)) * x[1, 1]


@pytest.mark.parametrize("f", [spectral_condition, norm_conditions, stacked_condition],
                         ids=lambda f: f.__name__)
def test_condition_numbers(f):
    check_every_mode(f, A, seed=1, hvp=True)


@pytest.mark.parametrize("f", [row_medians, column_medians_kept, median_of_all,
                               median_of_a_nan_row], ids=lambda f: f.__name__)
def test_nan_medians(f):
    check_every_mode(f, M, seed=2, hvp=True)


NANS = np.where(RNG.uniform(size=(4, 5)) < 0.3, np.nan, RNG.normal(size=(4, 5)))
NANS[2] = np.nan  # (a slice of NaN only)
X6 = np.linspace(-1.0, 2.0, 6)
Y6 = np.cos(X6) + 0.1 * RNG.normal(size=6)

CALLS = [
    (np.nanquantile, (NANS, 0.3), {}), (np.nanquantile, (NANS, 0.5), {"axis": 1}),
    (np.nanquantile, (NANS, [0.0, 0.25, 1.0]), {"axis": 0}),
    (np.nanquantile, (NANS, np.array([[0.1, 0.9]])), {"axis": -1, "keepdims": True}),
    (np.nanquantile, (NANS, 0.7), {"keepdims": True}),
    (np.nanquantile, (NANS.reshape(2, 2, 5), 0.4), {"axis": (0, 2)}),
    (np.nanquantile, (M, 0.75), {"axis": 1}), (np.nanquantile, (np.arange(7), 0.4), {}),
    (np.nanquantile, (M.astype(np.float32), 0.2), {"axis": 0}),
    (np.nanquantile, (np.array([np.nan, 1.0]), 1.0), {}),
    (np.nanquantile, (np.float64(2.5), 0.3), {}),
    (np.nanpercentile, (NANS, 30.0), {}), (np.nanpercentile, (NANS, [10, 90]), {"axis": 1}),
    (np.nanpercentile, (M, 50), {"axis": 0, "keepdims": True}),
    (np.polyfit, (X6, Y6, 2), {}), (np.polyfit, (X6, np.stack([Y6, Y6 ** 2], 1), 3), {}),
    (np.polyfit, (X6, Y6, 1), {"w": np.linspace(0.5, 1.5, 6)}),
    (np.polyfit, (X6, np.stack([Y6, -Y6], 1), 0), {"w": np.linspace(0.5, 1.5, 6)}),
    (np.polyfit, (np.arange(6), np.arange(6) ** 2, 2), {"rcond": 1e-10}),
    (np.polyfit, (X6, Y6, 5), {}),
    (np.histogram, (Y6,), {}), (np.histogram, (M, 4), {"density": True}),
    (np.histogram, (M, [-1.0, 0.0, 0.5, 2.0]), {"weights": M ** 2}),
    (np.histogram, (np.arange(10), 3), {"range": (2, 7)}),
    (np.histogram, (np.full(4, 2.0), 2), {"weights": np.arange(4.0)}),
    (np.histogram, (np.zeros(0), 3), {}), (np.histogram, (M, "auto"), {}),
    (np.histogram, (M.astype(np.float32), 3), {"weights": np.ones((3, 4), np.float32)}),
    (np.histogram, (np.array([0.0, 1.0, np.nan, 3.0]), 3), {"range": (0.0, 3.0)}),
    (np.histogram, (np.array([0.0, 0.25, 0.5, 0.75, 1.0]), 4), {"weights": np.arange(5.0)}),
    (np.histogram, (np.arange(6), np.array([5, 1, 2]) * 0 + [0, 2, 5]), {"density": True}),
    (np.histogram_bin_edges, (M, 5), {}), (np.histogram_bin_edges, (M, "sturges"), {}),
    (np.histogram_bin_edges, (np.arange(4), 2), {"range": (0.5, 2.5)}),
]


@pytest.mark.parametrize("k", range(len(CALLS)), ids=lambda k: CALLS[k][0].__name__)
def test_the_definition_computes_what_numpy_does(k):
    check_definition(*CALLS[k])


def nan_quantiles(x):
    y = np.where(x > 1.0, np.nan, x)
    return (np.sum(np.nanquantile(y, 0.3, axis=1) ** 2) + np.nanquantile(y, 0.8) * x[0, 0]
            + np.sum(np.nanquantile(np.sin(y), [0.2, 0.6], axis=0, keepdims=True) * x[:1]))


def nan_percentiles(x):
    y = np.where(x < -0.5, np.nan, x)
    return np.sum(np.nanpercentile(y ** 2, [25.0, 40.0], axis=1) * np.arange(6.0).reshape(2, 3)) \
        + np.nanpercentile(y, 60.0)


def quantile_level(x):  # (the derivative through q: the slope between the two elements)
    return np.sum(np.nanquantile(np.arange(5.0) ** 2, x[:2, 3] * 0.9)) + np.sum(
        np.nanpercentile(np.array([[1.0, np.nan, 4.0], [2.0, 8.0, 3.0]]), x[2:, 3] * 90.0,
                         axis=1) * x[0, :2])


def fits(x):
    y = x[:, 0]
    c = np.polyfit(np.linspace(-1.0, 1.0, 4), y, 2)
    d = np.polyfit(x[:, 1], np.linspace(0.0, 3.0, 4) ** 2, 1)
    e = np.polyfit(x[:, 2], x[:, 1:3], 2, w=np.exp(x[:, 0]))
    return np.sum(c * np.arange(3.0)) + np.sum(d ** 2) + np.sum(np.sin(e))


def histograms(x):
    counts, edges = np.histogram(x, bins=3, weights=np.exp(x[::-1]))
    d, e = np.histogram(x[:, :2], bins=np.array([-2.0, 0.0, 0.45, 3.0]), density=True)
    w, f = np.histogram(np.arange(16.0).reshape(4, 4), 4, range=(x[0, 0] - 1.0, 16.0),
                        weights=np.sin(x),
                        density=True)
    return (np.sum(counts * np.arange(3.0)) + np.sum(edges ** 2) + np.sum(d ** 2)
            + np.sum(w * f[1:]) + np.sum(np.histogram_bin_edges(x[1], "sturges") ** 3))


FIT = np.array([[0.3, -1.2, 0.1, 0.5], [0.8, -0.4, 0.9, 0.2], [1.7, 0.5, 1.6, 0.4],
                [0.2, 1.1, 2.4, 0.7]])


@pytest.mark.parametrize("f,x", [(nan_quantiles, M), (nan_percentiles, M), (quantile_level, FIT),
                                 (fits, FIT), (histograms, FIT)],
                         ids=lambda v: getattr(v, "__name__", ""))
def test_quantiles_and_fits(f, x):
    check_every_mode(f, x, seed=4, hvp=True)


def test_refused_forms_are_named():
    x = M.copy()
    with pytest.raises(sd.SrcdiffError, match="method='lower' is not differentiated"):
        sd.grad(lambda a: np.nanquantile(a, 0.3, method="lower"))(x)
    with pytest.raises(sd.SrcdiffError, match="weights= is not differentiated"):
        sd.grad(lambda a: np.nanpercentile(a, 30, weights=np.ones_like(a)))(x)
    with pytest.raises(sd.SrcdiffError, match="full=True or cov= is not differentiated"):
        sd.grad(lambda a: np.sum(np.polyfit(a[0], a[1], 1, full=True)[0]))(x)
    with pytest.raises(sd.SrcdiffError, match="full=True or cov= is not differentiated"):
        sd.grad(lambda a: np.sum(np.polyfit(a[0], a[1], 1, cov=True)[0]))(x)
    with pytest.raises(sd.SrcdiffError, match="np.histogram with complex weights"):
        sd.grad(lambda a: np.sum(np.abs(np.histogram(a, 3, weights=a * 1j)[0])))(x)


def test_bad_arguments_raise_as_numpy_does():
    x = M.copy()
    with pytest.raises(ValueError, match=r"range \[0, 1\]"):
        sd.grad(lambda a: np.nanquantile(a, 1.5))(x)
    with pytest.raises(TypeError, match="same length"):
        sd.grad(lambda a: np.sum(np.polyfit(a[0], a[1, :3], 1)))(x)
    with pytest.raises(ValueError, match="max must be larger than min"):
        sd.grad(lambda a: np.sum(np.histogram(a, 3, range=(1.0, 0.0), weights=a)[0]))(x)
    with pytest.raises(ValueError, match="same shape as a"):
        sd.grad(lambda a: np.sum(np.histogram(a, 3, weights=a[0])[0]))(x)
    with pytest.raises(ValueError, match="deg >= 0"):
        sd.grad(lambda a: np.sum(np.polyfit(a[0], a[1], -1)))(x)
