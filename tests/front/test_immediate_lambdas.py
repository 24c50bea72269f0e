"""A lambda called where it is written, ``(lambda v: ...)(a)``, is a nested def called at once.

JAX's core_test (``fun_with_nested_calls_2``) calls lambdas this way inside closures; srcdiff
used to refuse it ("calling the result of an expression"). Each function is checked in
reverse, forward and second order and through the reference pipeline against central
differences (check_modes), and where the lambda's body reads a variable the enclosing
function changes, the value at the call is the one used.
"""

import numpy as np
import pytest

import srcdiff as sd
from check_modes import check, check_pipelines
from fd import assert_close, numeric_grad
from jax_corpus import lambdas_over_closures


def reads_enclosing(x):
    y = np.sin(x)
    return (lambda u: u * y + x)(x * 2.0)


def shadowing_parameter(x):
    y = x * 3.0
    return (lambda y: y * y)(x) + (lambda: y)()


def inside_a_loop(x):
    a = x
    for i in range(3):
        a = (lambda u: u * a + i)(np.cos(a))
    return a


def nested(x):
    return (lambda u: (lambda w: w * u)(u * 2.0))(np.tanh(x))


def default_from_enclosing(x):
    s = x * x
    return (lambda v, w=s: v * w)(np.exp(x))


def in_a_branch(x):
    if np.sum(x) > 0:
        r = (lambda v: v * v)(x)
    else:
        r = (lambda v: -v)(x)
    return r


def rebinds_after(x):
    y = x * 2.0
    first = (lambda: y * y)()
    y = np.sin(x)
    return first + (lambda: y)()


FUNCTIONS = [reads_enclosing, shadowing_parameter, inside_a_loop, nested,
             default_from_enclosing, in_a_branch, rebinds_after,
             lambdas_over_closures]  # (JAX's core_test: lambdas called inside closures)


def in_a_comprehension(x):
    return sum([(lambda v: v * x)(k) for k in range(3)])


def in_a_while_test(x):
    while (lambda u: u * u)(x) < 4.0:
        x = x * 1.5
    return x


def in_a_conditional_expression(x):
    return (lambda v: v * v)(x) if x > 0 else (lambda v: -v)(x)


def returns_a_tuple(x):
    a, b = (lambda v: (v * 2.0, v * v))(x)
    return a * b


def keyword_argument(x):
    return (lambda v, w=2.0: v * w)(x, w=np.sin(x))


SCALAR_ONLY = [in_a_comprehension, in_a_while_test, in_a_conditional_expression,
               returns_a_tuple, keyword_argument]


@pytest.mark.parametrize("fn", SCALAR_ONLY, ids=lambda f: f.__name__)
@pytest.mark.parametrize("x", [0.7, -0.4, 1.3])
def test_scalar_forms_against_finite_differences(fn, x):
    check(fn, x)
    check_pipelines(fn, x)


@pytest.mark.parametrize("fn", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("x", [0.7, np.array([0.4, -1.1, 0.9])], ids=["scalar", "vector"])
def test_against_finite_differences(fn, x):
    check(fn, x)
    check_pipelines(fn, x)


def test_the_value_read_is_the_one_at_the_call():
    """``rebinds_after``: the first lambda reads y before it is rebound (4x^2 + sin x)."""
    x = 0.3
    assert_close(sd.grad(rebinds_after)(x), 8 * x + np.cos(x))
    assert_close(sd.grad(rebinds_after)(x), numeric_grad(rebinds_after, (x,), 0))


def test_star_args_lambda_is_refused():
    def star(x):
        return (lambda *v: v[0] * x)(x)

    with pytest.raises(sd.SrcdiffError, match=r"\*args"):
        sd.grad(star)(1.0)
