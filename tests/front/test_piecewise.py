"""``np.piecewise(x, condlist, funclist)`` lowered to the loop NumPy runs (front/piecewise.py)
when every function is known when compiling: lambdas of one parameter, named functions,
numbers (session 31; it had no rule and was refused). Oracle: central differences in
float64 (every pipeline, forward mode, Hessian-vector products) and np.piecewise itself for
the values. Forms whose functions are not known, and values truncated into an integer x,
are refused with their messages (file, line, source line)."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode

X = np.array([-0.7, 0.3, 1.5, 2.0, -1.2, -0.2, 0.9])


def cube(t):
    return t ** 3


def two_lambdas(x):
    p = np.piecewise(x, [x < 0, x >= 0], [lambda t: -t, lambda t: t ** 3])
    return np.sum(p * np.arange(x.size))


def functions_numbers_and_otherwise(x):
    w = x[0] * 0.5 + 1.0
    y = np.sum(np.piecewise(x * w, [x < -0.5, x > 1.0], [np.sin, cube, 0.25]) ** 2)
    return y + np.sum(np.piecewise(x, [x > 0], [lambda t: w * t ** 2, -1.5]))


def overlapping_conditions_later_wins(x):
    return np.sum(np.piecewise(x, [x > -1.0, x > 0.5], [np.tanh, lambda t: np.exp(t) * x[1]])
                  * np.cos(x))


def one_condition_not_in_a_list(x):
    return np.sum(np.piecewise(x, x > 0.0, [lambda t: t ** 2, lambda t: 0.5 * t]) ** 3)


def number_argument(x):
    s = np.piecewise(x[1] * 2.0, [x[1] < 0.0, x[1] >= 0.0], [lambda t: t ** 2, np.sin])
    return s * x[2]


def empty_selection(x):
    # no element is below -10: NumPy does not call that function (it would fail on [])
    return np.sum(np.piecewise(x, [x < -10.0], [lambda t: np.max(t), lambda t: t * x[0]]))


CASES = [two_lambdas, functions_numbers_and_otherwise, overlapping_conditions_later_wins,
         one_condition_not_in_a_list, number_argument, empty_selection]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_every_mode(f):
    check_every_mode(f, X, seed=31, hvp=True)


def test_the_lowered_source_computes_what_numpy_computes():
    value, _ = sd.value_and_grad(functions_numbers_and_otherwise)(X)
    assert value == functions_numbers_and_otherwise(X)


def integer_weights(x):
    k = np.piecewise(np.arange(7), [np.arange(7) > 2], [3, lambda t: t * 2])
    return np.sum(x * k)


def test_a_constant_of_integers_stays_a_constant():
    check_every_mode(integer_weights, X)


def integer_x(x):
    return np.sum(np.piecewise(np.arange(7), [np.arange(7) > 2], [lambda t: t * x[0], 1.5]))


def test_values_truncated_into_an_integer_x_are_refused():
    with pytest.raises(sd.SrcdiffError, match="integer dtype: not differentiable"):
        sd.grad(integer_x)(X)
    with pytest.raises(sd.SrcdiffError, match="integer dtype: not differentiable"):
        sd.jvp(integer_x)(X, tangents=np.ones_like(X))


def functions_in_a_variable(x):
    fs = [np.sin, np.cos]
    return np.sum(np.piecewise(x, [x < 0, x >= 0], fs))


def extra_arguments(x):
    return np.sum(np.piecewise(x, [x < 0], [lambda t, a: a * t, 0.0], 2.0))


def two_parameter_lambda(x):
    return np.sum(np.piecewise(x, [x < 0], [lambda t, a=2.0: a * t, 0.0]))


def only_when_chosen(x):
    return np.sum(x) if x[0] > 5 else np.sum(np.piecewise(x, [x < 0], [np.sin, np.cos]))


def after_a_random_draw(x):
    return np.random.normal() * 0.0 + np.sum(np.piecewise(x, [x < 0], [np.sin, np.cos]))


@pytest.mark.parametrize("f", [functions_in_a_variable, extra_arguments, two_parameter_lambda,
                               only_when_chosen, after_a_random_draw],
                         ids=lambda f: f.__name__)
def test_functions_not_known_or_calls_that_cannot_move_are_refused(f):
    with pytest.raises(sd.SrcdiffError) as info:
        sd.grad(f)(X)
    text = str(info.value)
    assert "no gradient rule for np.piecewise" in text
    assert "test_piecewise.py" in text and "np.piecewise(" in text


def float_argument(k, T):
    rate = np.piecewise(T, [T < 300.0, T >= 300.0],
                        [lambda t: k * t / 300.0, lambda t: k * np.exp((t - 300.0) / 50.0)])
    return rate * k


@pytest.mark.parametrize("T", [280.0, 320.0])
def test_a_float_x_gets_a_float_gradient(T):
    """x a Python float: the value is a 0-d array, whose gradient may arrive as a float
    (masked_values_grad indexed it: TypeError before the fix, session 31)."""
    from fd import numeric_grad
    got = sd.grad(float_argument, wrt=(0, 1))(1.3, T)
    expected = [numeric_grad(float_argument, (1.3, T), k) for k in (0, 1)]
    np.testing.assert_allclose(np.asarray(got, dtype=float), expected, rtol=1e-6)
