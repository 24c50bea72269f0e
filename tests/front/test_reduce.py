"""``functools.reduce(f, xs, init)`` (and without ``init``) as the value of an assignment or
a ``return``: lowered to the loop it runs (front/maps.py), where it was refused ("no
gradient rule for reduce"). Checked against central finite differences in float64 in every
pipeline, forward mode and second order; empty sequences (with ``init``), one item, 0-d."""

import functools
from functools import reduce

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_every_mode


def times(a, b):
    return a * b


def product_of_sines(x):
    return functools.reduce(lambda a, b: a * np.sin(b), list(x), 1.0)


def running_norm(x):
    s = 0.0
    s += reduce(lambda acc, v: np.sqrt(acc ** 2 + v ** 2), x, 0.5)
    return s * 2.0


def product_without_init(x):
    p = reduce(times, [x[0] + 1.0, x, np.cos(x)])
    return np.sum(p)


def over_rows(x):
    m = np.outer(x, np.array([1.0, -0.5]))
    total = reduce(lambda acc, row: acc * 0.5 + np.tanh(row), m, np.zeros(2))
    return np.sum(total ** 2)


CASES = [product_of_sines, running_norm, product_without_init, over_rows]


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("n", [0, 1, 3])
def test_gradient_and_tangent(f, n):
    if f is product_without_init and n == 0:
        n = 2  # (x[0] of an empty x raises in Python too)
    x = np.cos(np.arange(1.0, 1.0 + n)) * 1.3 + 0.1
    check_every_mode(f, x)
    value, _ = sd.jvp(f)(x, tangents=np.ones(n))
    assert_close(value, f(x), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("f", CASES)
def test_second_order(f):
    x, v = np.array([0.3, -0.6, 0.8]), np.array([0.5, 1.0, -2.0])
    g, h = sd.grad(f), 1e-5
    assert_close(sd.hvp(f)(x, vector=v), (g(x + h * v) - g(x - h * v)) / (2 * h),
                 rtol=1e-5, atol=1e-6)


def test_zero_d():
    def f(x):
        return reduce(times, [x, x + 1.0, 2.0 * x], 0.5)
    for x in (np.array(0.7), 1.3):
        assert_close(sd.grad(f)(x), numeric_grad(f, (x,), 0))


def inside_an_expression(x):
    return 1.0 + reduce(times, list(x), 1.0)


def without_init_over_a_generator(x):
    p = reduce(times, (v * 2.0 for v in x))
    return p


@pytest.mark.parametrize("f, message", [(inside_an_expression, "whole value"),
                                        (without_init_over_a_generator, "initial value")])
def test_what_stays_refused(f, message):
    with pytest.raises(sd.SrcdiffError, match=message):
        sd.grad(f)(np.array([0.5, 2.0]))
