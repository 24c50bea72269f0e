"""Functions passed as arguments to a helper that calls them (front/function_arguments.py):
``call(np.sin, x)``, ``call(lambda u: u * y, x)``, ``call(user_fn, x)``, a nested ``def``
passed to a module-level helper, JAX's ``call(f, *args)``. Before, each was refused
("cannot tell what `g` refers to at compile time", "the nested function 'h' is used as a
value", "a `lambda` that reads the function's own variables is supported only bound to a
name"). Each is checked against central differences in every pipeline (optimized,
verification mode, optimize=False), in forward mode and, for one argument, as an HVP;
the near cases still refused are checked for their message."""

import numpy as np
import pytest

import srcdiff as sd
from pipelines import check_every_mode, check_pipelines_and_tangent

X = np.array([0.3, -1.2, 0.8])
Y = np.array([1.5, 0.4, -0.7])


def call(g, x):
    return g(x)


def call_all(f, *args):  # (JAX's core_test helper)
    return f(*args)


def twice(g, x):
    return call(g, x) * 2.0 + g(x * x)  # (passed on to another helper, and called)


def repeat(g, u, n):
    for _ in range(n):
        u = g(u)
    return u


def user_fn(u):
    return np.tanh(u) * u


def product(a, b):
    return a * np.sin(b)


def sin_through_call(x):
    return np.sum(call(np.sin, x))


def user_function_through_call(x):
    return np.sum(call(user_fn, x) + call_all(product, x, x * x))


def nested_def_through_call(x):
    s = np.sum(x)

    def h(u):
        return u * s

    return np.sum(call(h, x) * call(np.cos, x))


def through_keywords_and_loop(x):
    return np.sum(call(g=np.tanh, x=x) + repeat(np.tanh, x, 3) + twice(user_fn, x))


def helper_of_nested_def(x):
    def h(g, u):
        return g(u) * u

    return np.sum(h(lambda v: v * x, x) + h(np.exp, x))


def with_local(g, x):
    user_fn = 3.0  # (a variable of the helper: renamed where inlined)
    return g(x) * user_fn


def helper_with_same_named_variable(x):
    return np.sum(with_local(user_fn, x))


def lambda_through_call(x, y):
    return np.sum(call(lambda u: u * y, x) + call_all(lambda a, b: a * b * y, x, x))


@pytest.mark.parametrize("f", [sin_through_call, user_function_through_call,
                               nested_def_through_call, through_keywords_and_loop,
                               helper_of_nested_def, helper_with_same_named_variable])
def test_function_argument_against_differences(f):
    check_every_mode(f, X.copy(), hvp=True)


def test_lambda_reading_the_callers_variables():
    check_pipelines_and_tangent(lambda_through_call, (X.copy(), Y.copy()))


def test_verification_mode_from_the_environment(monkeypatch):
    monkeypatch.setenv("SRCDIFF_VERIFY", "1")
    check_every_mode(nested_def_through_call, X.copy())


# -------------------------------------------------------------- still refused


def rebind(g, x):
    g = np.cos
    return g(x)


def store(g, x):
    gs = [g]
    return gs[0](x)


def counted(f, *args):
    return f(*args) * len(args)


def rebinding_helper(x):
    return np.sum(rebind(np.sin, x))


def storing_helper(x):
    return np.sum(store(np.sin, x))


def counting_varargs(x):
    return np.sum(counted(np.sin, x))


def function_parameter(x, g=np.sin):
    return np.sum(call(g, x))


def nested_storing(x):
    def keep(g, u):
        gs = [g]
        return u * len(gs)

    return np.sum(keep(np.sin, x))


def nonlocal_passed(x):
    acc = x

    def h(u):
        nonlocal acc
        acc = acc * u
        return acc

    return np.sum(acc + call(h, x))


def shadowing(g, x):
    def user_fn(v):  # (the name of the function passed: `g(x)` must not call this one)
        return v + 100.0

    return g(x) + user_fn(x)


def shadowing_helper(x):
    return np.sum(shadowing(user_fn, x))


def nested_shadowing(x):
    def user_fn(u):
        return u * 3.0

    def h(g, u):
        def user_fn(v):
            return v * 2.0

        return g(u) * user_fn(u)

    return np.sum(h(user_fn, x))


@pytest.mark.parametrize("f, words", [
    (shadowing_helper, "cannot tell what `g` refers to at compile time"),
    (nested_shadowing, "`user_fn` is passed for `g`, and 'h' has a name `user_fn` of its own"),
    (rebinding_helper, "cannot tell what `g` refers to at compile time"),
    (storing_helper, "calling the result of an expression is not supported"),
    (counting_varargs, "cannot tell what `f` refers to at compile time"),
    (nested_storing, "a function is passed for `g`, which 'keep' binds, stores or returns"),
    (nonlocal_passed, "the nested function 'h' assigns variables of the function"),
])
def test_refused(f, words):
    with pytest.raises(sd.SrcdiffError, match=None) as info:
        sd.grad(f)(X.copy())
    assert words in str(info.value)


def test_function_valued_parameter_refused():
    with pytest.raises(TypeError, match="argument 'g' is a ufunc"):
        sd.grad(function_parameter)(X.copy(), np.sin)
