"""backend="numba", crashes of gen_recent.py's random programs in numba mode. Reductions
given their options by position past the axis (``np.sum(x, 0, None, None, True)``,
``x.max(1, None, True)``, ``np.std(x, 0, None, None, 1)``, ``np.sum(x, 0, float)``) reached
numba as written, which takes no option by position: "numba cannot compile the gradient" at
the first call (seed 4702), or an AttributeError for a dtype; numba_spellings binds them to
NumPy's parameter names first. ``max``/``min`` of a list appended in a loop: no compiled
extreme_grads for a list (seed 4703). Checked against the NumPy backend (1e-12) and central
finite differences (numba_agree.agree)."""

import numpy as np
import pytest

from numba_agree import agree

pytest.importorskip("numba")

X = np.random.default_rng(4747).normal(size=(3, 4))


def sum_kept(x):
    return np.sum(np.sum(x, 0, None, None, True) ** 2 * x)


def mean_kept(x):
    return np.sum(np.mean(x, 1, None, None, True) * x)


def max_kept(x):
    return np.sum(np.max(x, 1, None, True) - x * x)


def method_sum_kept(x):
    return np.sum(x.sum(1, None, None, True) * x)


def method_min_kept(x):
    return np.sum(np.sin(x).min(1, None, True) * x)


def std_ddof(x):
    return np.sum(np.std(x, 0, None, None, 1))


def sum_dtype(x):
    return np.sum(np.sum(x * x, 0, float))


def min_not_kept(x):
    return np.sum(np.min(np.cos(x), 0, None, False))


@pytest.mark.parametrize("fn", [sum_kept, mean_kept, max_kept, method_sum_kept,
                                method_min_kept, std_ddof, sum_dtype, min_not_kept],
                         ids=lambda f: f.__name__)
def test_options_by_position_past_the_axis_compile(fn):
    agree(fn, (X.copy(),), (0,))


def extremes_of_a_list(x, s):
    ys = []
    for e in x:
        ys.append(np.sin(e) * s)
    return min(ys) * s + max(ys) + sum(ys) * 0.5


def test_max_and_min_of_a_list_appended_in_a_loop():
    """max(ys)/min(ys) of a list of numbers: numba_rule_helpers.extreme_grads took a tuple
    of numbers or a 1-d array, not a list: "numba cannot compile the gradient" at the first
    call (gen_recent.py's numba programs, seed 4703 index 2)."""
    agree(extremes_of_a_list, (np.array([0.3, -0.2, 0.5, 0.1]), 0.7), (0, 1))
