"""``np.trapezoid(y, x)`` with sample points ``x`` computed from the differentiated inputs
(by position or keyword; 1-D or laid along ``axis``; broadcast against ``y``): refused as a
constant option before, now differentiated (rules/reduction_rules.py
``trapezoid_points_grad``). Oracle: central differences in float64 in every pipeline, the
forward tangent and Hessian-vector products."""

import numpy as np
import pytest

from pipelines import check_every_mode

M = np.random.default_rng(46).normal(size=(3, 4))
pytestmark = pytest.mark.skipif(not hasattr(np, "trapezoid"), reason="NumPy 2.0's trapezoid")


def keyword_points(x):
    return np.trapezoid(x[0] ** 2, x=np.cumsum(np.exp(x[1])))


def positional_points(x):
    return np.trapezoid(x[0] ** 2, np.cumsum(np.exp(x[1]))) + np.trapezoid(x[2], x[1] * 3.0)


def points_along_an_axis(x):
    return np.sum(np.trapezoid(np.sin(x), np.cumsum(np.exp(x), axis=0), axis=0) ** 2)


def one_dimensional_points_for_rows(x):
    return np.sum(np.trapezoid(np.sin(x), x[0] * 2.0 + np.arange(4.0)) * x[:, 0])


def broadcast_points(x):  # x's points a (3, 1) column: broadcast over y's columns
    return np.sum(np.trapezoid(x * x, np.cumsum(np.exp(x[:, 1:2]), axis=0), axis=-2) ** 2)


def points_only(x):  # y a constant
    return np.trapezoid(np.array([1.0, -2.0, 0.5, 3.0]), np.cumsum(x[0] ** 2))


@pytest.mark.parametrize("f", [keyword_points, positional_points, points_along_an_axis,
                               one_dimensional_points_for_rows, broadcast_points, points_only],
                         ids=lambda f: f.__name__)
def test_differentiated_sample_points(f):
    check_every_mode(f, M, seed=5, hvp=True)
