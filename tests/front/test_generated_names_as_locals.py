"""A local variable of the user's function may have the name of something generated code
binds or calls (``seed``, ``finish``, ``unbroadcast``, ``grad_ys``, ``tangents``,
``_stack``): it is renamed in the compiled function (front/renames.py), consistently in
nested functions, lambdas and comprehensions; ``wrt=`` and ``stop_gradients=`` may name
it as the user spells it. These were refused ("the name 'seed' is reserved"). Parameters
of those names, ``np``, ``slice`` and ``len`` stay refused (tests/front/test_errors.py).
Checked against central finite differences in float64 in every pipeline and forward mode."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import PIPELINES


def helper_names(x):
    seed = x * 2.0
    finish = np.sin(seed)
    unbroadcast = finish * x
    return np.sum(unbroadcast)


def generated_variables(x):
    grad_ys = np.tanh(x)
    tangents = grad_ys * x
    _stack = [tangents, grad_ys]
    return np.sum(_stack[0] * _stack[1])


def nested_scopes(x):
    spread = lambda tangents: tangents * x  # noqa: E731
    grad_ys = [spread(v) for v in (x, 2.0 * x)]

    def index_add(seed):
        return seed * grad_ys[1]
    return np.sum(index_add(grad_ys[0]))


def in_a_loop(x):
    seed = 0.0
    for finish in x:
        seed = seed * 0.5 + np.sin(finish)
    return seed


CASES = [helper_names, generated_variables, nested_scopes, in_a_loop]


@pytest.mark.parametrize("f", CASES)
@pytest.mark.parametrize("shape", [(0,), (1,), (3,)])
def test_gradient_and_tangent(f, shape):
    x = np.linspace(0.2, 0.9, shape[0])
    want = numeric_grad(f, (x,), 0)
    for options in PIPELINES:
        assert_close(sd.grad(f, **options)(x), want, what=str(options))
    t = np.cos(np.arange(shape[0]) + 1.0)
    value, tangent = sd.jvp(f)(x, tangents=t)
    assert_close(value, f(x), rtol=1e-12, atol=1e-12)
    assert_close(tangent, float(np.sum(want * t)), what="tangent")


def test_second_order():
    x = np.array([0.3, -0.6, 0.8])
    v = np.array([0.5, 1.0, -2.0])
    g = sd.grad(helper_names)
    h = 1e-5
    assert_close(sd.hvp(helper_names)(x, vector=v), (g(x + h * v) - g(x - h * v)) / (2 * h),
                 rtol=1e-5, atol=1e-6)


def test_wrt_and_stop_gradients_name_the_local_as_written():
    x = np.array([0.3, -0.6, 0.8])
    # d/d seed of sum(sin(seed) * x), at seed = 2x
    assert_close(sd.grad(helper_names, wrt="seed")(x), np.cos(2.0 * x) * x)
    # seed held constant: only the direct x
    assert_close(sd.grad(helper_names, stop_gradients=("seed",))(x), np.sin(2.0 * x))


def test_the_source_shows_the_renamed_local():
    text = sd.source(helper_names)
    assert "seed1 = x * 2.0" in text and "return finish(" in text


def test_a_parameter_of_a_helper_name_stays_refused():
    def f(x, seed):
        return np.sum(x * seed)
    with pytest.raises(sd.SrcdiffError, match="'seed' is reserved"):
        sd.grad(f)(np.ones(2), 2.0)
