"""``functools.partial`` made inside the differentiated function (front/partials.py): a
partial bound once among the function's own statements, whose function is known when
compiling (or a nested ``def``), and only called: each call is the call of its function
with the values the partial holds (taken when it was made), a keyword of the call
replacing the partial's. Before session 34 every call through it was refused ("cannot
tell what `f` refers to"). Checked against central differences in every pipeline and in
forward mode; partials made in a loop, passed on, or of a function changing its argument
stay refused.
"""

import functools
from functools import partial

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from golden_cases import partial_made_inside
from pipelines import check_pipelines, refusal_message


def loss(x, scale=1.0, shift=0.0):
    return scale * np.sum((x - shift) ** 2)


def keyword_bound(x):
    f = partial(loss, scale=2.0)
    return f(x)


def reduction_bound(x):
    g = partial(np.sum, axis=0)
    return np.sum(g(x.reshape(2, 2)) ** 2)


def argument_rebound_later(x):
    a = x * 2.0
    f = partial(loss, a)
    a = a + 1.0  # (the partial keeps the old value)
    return f() * np.sum(a)


def argument_changed_in_place_later(x):
    a = x * 2.0
    f = functools.partial(loss, a)
    a[0] = 5.0  # (the partial holds the same array: it sees the change)
    return f(shift=x[1]) + np.sum(a)


def nested_function_bound(x):
    def inner(a, b):
        return np.sum(a * np.sin(b))
    f = partial(inner, x * 3.0)
    return f(x) + f(b=x * x)


def called_twice_nested(x):
    f = partial(loss, shift=0.5)
    return f(f(x) * x)


CASES = [partial_made_inside, keyword_bound, reduction_bound, argument_rebound_later,
         argument_changed_in_place_later, nested_function_bound, called_twice_nested]
X = np.array([0.3, -0.8, 1.1, 0.4])


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_gradients_against_differences(f):
    x = X[:3] if f is partial_made_inside else X
    check_pipelines(f, (x,), 0)
    t = np.array([0.5, -0.3, 0.2, 0.7])[:x.size]
    value, tangent = sd.jvp(f)(x, tangents=t)
    assert_close(value, f(x))
    assert_close(tangent, np.dot(numeric_grad(f, (x,), 0), t), what="tangent")


def fill(buf, v):
    buf[0] = v
    return np.sum(buf)


def of_a_function_changing_its_argument(x):
    buf = np.zeros(4)
    f = partial(fill, buf)
    return f(x[0]) + np.sum(buf * x)


FILL_SCALE = 2.0


def fill_scaled(buf, v):
    buf[0] = v * FILL_SCALE  # (a global the caller below shadows: not inlined)
    return np.sum(buf)


def of_a_function_changing_its_argument_not_inlined(x):
    FILL_SCALE = 3.0
    buf = np.zeros(4)
    f = partial(fill_scaled, buf)
    return f(x[0]) + np.sum(buf * x) * FILL_SCALE


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_a_function_changing_its_argument_is_inlined(mode):
    # (front/writing_helpers.py: the write into buf is the caller's own)
    f = of_a_function_changing_its_argument
    check_pipelines(f, (X,), 0)
    value, tangent = sd.jvp(f)(X, tangents=np.ones(4))
    assert_close(tangent, np.sum(numeric_grad(f, (X,), 0)), what="tangent")


def made_in_a_loop(x):
    out = 0.0
    for k in range(2):
        f = partial(loss, scale=float(k))
        out = out + f(x)
    return out


def passed_on(x):
    f = partial(loss, scale=2.0)
    return sum(map(f, [x, x * 2.0]))


def bound_twice(x):
    f = partial(loss, scale=2.0)
    y = f(x)
    f = partial(loss, scale=3.0)
    return y + f(x)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_near_misses_stay_refused(mode):
    assert "the call to fill_scaled changes its argument in place" in refusal_message(
        of_a_function_changing_its_argument_not_inlined, X, mode)
    for f in (made_in_a_loop, passed_on, bound_twice):
        assert "cannot tell what `f` refers to" in refusal_message(f, X, mode)
