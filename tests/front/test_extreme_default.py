"""``max(xs, default=d)`` and ``min(xs, default=d)`` (``key=`` kept): ``max(xs) if len(xs)
else d``, ``xs`` and ``d`` evaluated first (front/expressions.py ``extreme_with_default``).
Gradients against central differences in every pipeline and forward mode, with ``xs``
empty (the gradient flows to ``d``) and not (to the chosen item)."""

import numpy as np
import pytest

from pipelines import check_every_mode, refusal_message

X = np.array([0.7, -1.2, 0.3])


def max_of_a_list(x):
    return max([x[0], x[1] * 2.0], default=0.0) * x[2]


def min_of_a_filtered_list(x):
    picked = [v * v for v in x if v > 5.0]  # empty here: the default is the result
    return min(picked, default=x[0] ** 2) + x[1]


def keyed_and_of_an_array(x):
    return max(x, default=-1.0) + min(x * 2.0, key=abs, default=x[1])


def in_a_loop(x):
    total = 0.0
    for k in range(4):
        tail = [v * x[2] for v in x[k:]]
        total = total + max(tail, default=x[0] * 0.5) * (k + 1.0)
    return total


CASES = [max_of_a_list, min_of_a_filtered_list, keyed_and_of_an_array, in_a_loop]


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_extremes_with_a_default_in_every_mode(f):
    check_every_mode(f, X.copy())


def several_values(x):
    return max(x[0], x[1], default=0.0)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_default_with_several_values_is_refused(mode):
    message = refusal_message(several_values, X, mode)
    assert "`default=` of max/min is differentiated with one iterable" in message, message
    assert "test_extreme_default.py" in message
