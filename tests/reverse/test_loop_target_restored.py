"""A loop's variable bound before the loop on some paths only (in an earlier loop's body)
is given back its value after the loop's adjoint (reverse/primal.py primal_for).

The adjoint of a loop that breaks or returns pops its variable at each trip, so it leaves
the variable at its first trip's value; the adjoints of what ran before the loop then read
that value where they needed the earlier one. The value was kept only when the variable
was certainly bound before the loop: `for k in range(3): j = k + 1; acc = acc * x / j`
then `for j in ...: if ...: return acc` gave a gradient 0.75 of the right one in the
optimized pipeline (the loops fuzzer, seed 149434849 program 96, once its generator could
draw `for i in reversed(range(n))`).
"""

import numpy as np
import pytest

from fd import numeric_grad
from pipelines import check_pipelines


def earlier_loop_body_binds_it(x):
    acc = 0.5 * x
    for k in range(3):
        j = k + 1
        acc = acc * x * (1.0 / j)
    for j in range(4, -1, -1):
        if j >= 1:
            return acc
        acc = acc * 2.0
    return acc


def reversed_range_then_a_loop_that_breaks(x, xs):
    acc = 0.5 * x
    for i in reversed(range(len(xs))):
        acc *= 1.0 + 0.2 * np.sum(np.tanh(xs * acc))
        acc = 0.8 * acc - 0.1 * (acc * 0.5) ** 2 / (i + 1)
    for i in range(len(xs) - 1, -1, -1):
        acc = acc * 1.1
        if i <= 2:
            break
    return acc


@pytest.mark.parametrize("x", [0.7, 1.3])
def test_the_loop_variable_of_an_earlier_loop_body(x):
    check_pipelines(earlier_loop_body_binds_it, (x,), 0)
    assert numeric_grad(earlier_loop_body_binds_it, (x,), 0) != 0.0


def test_after_a_reversed_range():
    xs = np.array([-0.57, -0.71, 0.62, -0.18])
    check_pipelines(reversed_range_then_a_loop_that_breaks, (0.48, xs), (0, 1))
