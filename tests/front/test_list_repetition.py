"""``[x] * 3`` and ``3 * [x]``: a list or tuple of differentiated values repeated (Python's
``*``). Written ``repeat_sequence(a, n)`` where the analysis knows ``a`` is a container and
``n`` an integer (analysis/list_arguments.py); each item's gradient is the sum of its
copies' (rules/container_rules.py). These were refused ("Python's `*` repeats it").
Checked against central finite differences in float64 in every pipeline, forward mode and
second order; ``n`` of 0 and 1, 0-d and empty arrays."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def stacked_copies(x, n):
    xs = [x] * 3
    return np.sum(np.stack(xs) * np.arange(3.0).reshape((3,) + (1,) * np.ndim(x)))


def count_first(x, n):
    xs = 2 * [x, x * 2.0]
    return np.sum(sum(v * v for v in xs))


def runtime_count(x, n):
    xs = (np.sin(x), x ** 2) * n
    total = 0.0
    for k, v in enumerate(xs):
        total = total + np.sum(v) * (k + 1.0)
    return total


def nested_repetition(x, n):
    row = [x, 1.0] * n
    grid = [row] * 2
    return np.sum(sum(a * b for a, b in zip(grid[0], grid[1][::-1]))) + len(grid) * 0.0


CASES = [stacked_copies, count_first, runtime_count, nested_repetition]


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("shape", [(), (0,), (1,), (3,), (2, 2)])
@pytest.mark.parametrize("n", [0, 1, 3])
def test_gradient_and_tangent(f, shape, n):
    x = np.cos(np.arange(1.0, 1.0 + np.prod(shape, dtype=int))).reshape(shape)
    want = numeric_grad(f, (x, n), 0)
    for options in PIPELINES:
        assert_close(sd.grad(f, **options)(x, n), want, what=str(options))
    t = np.sin(np.arange(2.0, 2.0 + x.size)).reshape(shape)
    value, tangent = sd.jvp(f)(x, n, tangents=t)
    assert_close(value, f(x, n), rtol=1e-12, atol=1e-12)
    assert_close(np.sum(tangent), float(np.sum(want * t)), what="tangent")


@pytest.mark.parametrize("f", CASES)
def test_second_order(f):
    x, n = np.array([0.3, -0.6, 0.8]), 2
    v = np.array([0.5, 1.0, -2.0])
    g = sd.grad(f)
    h = 1e-5
    want = (g(x + h * v, n) - g(x - h * v, n)) / (2 * h)
    assert_close(sd.hvp(f)(x, n, vector=v), want, rtol=1e-5, atol=1e-6)
    assert_close(sd.grad(sd.grad(f))(x, n, grad_ys=v), want, rtol=1e-5, atol=1e-6)


def test_the_copies_are_one_object_as_in_python():
    def f(x):
        xs = [x * 1.0] * 2
        return np.sum(xs[0] * xs[1])
    x = np.array([0.5, 2.0])
    assert_close(sd.grad(f)(x), 2.0 * x)


def test_an_array_times_an_integer_is_still_a_product():
    def f(x, n):
        return np.sum(x * n)
    assert_close(sd.grad(f)(np.array([0.5, 2.0]), 3), np.array([3.0, 3.0]))
