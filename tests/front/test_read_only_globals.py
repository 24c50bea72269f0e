"""A ``global`` statement whose names the function never binds (front/deletions.py
``without_read_globals``): the names are read from the module with or without it, so it is
dropped. Before session 33 every ``global`` was refused ("srcdiff cannot follow module
state"), also ``global SCALE`` written only to say where a constant comes from. A
``global`` of a name the function assigns, and any ``global`` in a nested function, stays
refused."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, total
from golden_cases import read_only_global
from pipelines import check_pipelines
from tangents import inner, random_like

SCALE = 2.5
SHIFT = np.array([0.1, -0.2, 0.3])
X = np.array([0.3, -0.5, 0.9])


def declared_in_branches(x):
    global SCALE, SHIFT
    y = x
    for k in range(2):
        global SCALE  # (again, inside a loop: dropped too)
        if np.sum(y) > 0:
            y = y * SCALE
        else:
            y = y - SHIFT
    return np.sum(np.sin(y))


def assigns_it(x):
    global SCALE
    SCALE = 3.0
    return np.sum(SCALE * x)


def nested_declares_it(x):
    def inner_fn(v):
        global SCALE
        return v * SCALE
    return np.sum(inner_fn(x))


@pytest.mark.parametrize("f", [read_only_global, declared_in_branches])
def test_gradients_against_differences(f):
    check_pipelines(f, (X,), 0)
    t = random_like(X, np.random.default_rng(3))
    _, tangent = sd.jvp(f)(X, tangents=t)
    assert_close(total(tangent), inner(numeric_grad(f, (X,), 0), t), what="tangent")


@pytest.mark.parametrize("f", [assigns_it, nested_declares_it])
def test_global_of_a_bound_name_or_in_a_nested_function_is_refused(f):
    with pytest.raises(sd.SrcdiffError, match="`global` is not supported"):
        sd.grad(f)(X)
