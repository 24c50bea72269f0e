"""A local bound once to one of two known functions, ``act = np.tanh if c else np.sin``, then
only called (front/maps.py ``_choice``, session 31): each call is the conditional
expression of the two calls, on the test's truth when the binding ran. Oracle: central
differences in float64 (every pipeline, forward mode, Hessian-vector products). Names
bound twice, read other than by a call, or holding something not known when compiling
keep their meaning: a call through them is refused with the call's line."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode

X = np.array([[0.3, -0.8, 1.1], [0.5, 0.2, -0.4], [0.9, -1.3, 0.7]])


def softplus(t):
    return np.log1p(np.exp(t))


def chosen_by_data(x):
    act = np.tanh if np.sum(x) > 0 else np.sin
    return np.sum(act(x @ x) ** 2) + np.sum(act(act(x[0])))


def chosen_by_data_other_way(x):
    act = np.tanh if np.sum(x) < 0 else np.sin
    return np.sum(act(x @ x) ** 2) + np.sum(act(act(x[0])))


def chosen_user_function(x, smooth=True):
    act = softplus if smooth else np.abs
    return np.sum(act(x) * x[0]) + sum(np.sum(act(r)) for r in x)


def flips_after_binding(x):
    c = bool(np.sum(x) > 0)
    act = np.tanh if c else np.sin
    c = not c
    return np.sum(act(x)) * (2.0 if c else 3.0)


@pytest.mark.parametrize("f", [chosen_by_data, chosen_by_data_other_way, chosen_user_function,
                               flips_after_binding], ids=lambda f: f.__name__)
def test_every_mode(f):
    assert sd.value_and_grad(f)(X)[0] == f(X)
    check_every_mode(f, X, seed=31, hvp=True)
    check_every_mode(f, -X, seed=31)


def read_as_a_value(x):
    act = np.tanh if np.sum(x) > 0 else np.sin
    fs = [act]
    return np.sum(fs[0](x))


def bound_twice(x):
    act = np.tanh if np.sum(x) > 0 else np.sin
    if x[0, 0] > 5:
        act = np.cos
    return np.sum(act(x))


def chosen_from_a_parameter(x, f=None):
    act = f if f is not None else np.sin
    return np.sum(act(x))


@pytest.mark.parametrize("f", [read_as_a_value, bound_twice, chosen_from_a_parameter],
                         ids=lambda f: f.__name__)
def test_what_cannot_be_proven_is_refused(f):
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(f)(X)
    assert "test_chosen_functions.py" in str(info.value)
