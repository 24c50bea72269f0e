"""``np.linalg.cond`` and ``np.nanmedian``, differentiated through their definitions
(rules/statistic_composites.py; tests/rules/test_composites.py compares the definitions with
NumPy): both were refused ('no gradient rule'). Oracle: central differences in float64 for
the gradient in every pipeline, the forward tangent and Hessian-vector products."""

import numpy as np
import pytest

from pipelines import check_every_mode

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
