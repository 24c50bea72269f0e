"""Nested ``def``s and lambdas bound to names inside the differentiated function are
inlined where they are called (front/normalize.py). Two ways that went wrong silently
before, and a third that was refused:

* a default is evaluated where the function is defined, not where it is called
  (``def g(v, s=a)`` then ``a`` changes): the call read the changed ``a``;
* a function defined under a branch, twice (``if c: def g ... else: def g ...``): every
  call ran the last definition read. Refused now (which one runs is decided at run time);
* ``N = lambda z: ...`` inside the function: a nested ``def`` now.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from pipelines import check_every_mode


def default_read_at_definition(x):
    a = x[0] * 2.0
    def g(v, s=a):
        return v * s
    a = x[1] * 5.0
    return g(x[1]) + a


def default_in_loop(x):
    total = 0.0
    fs = x[0]
    def g(v, s=fs):
        return v * s
    for i in range(3):
        fs = fs * x[1]
        total = total + g(x[2])
    return total


def defined_in_loop(x):
    total = 0.0
    for i in range(3):
        c = x[i] * 0.5
        def g(v, s=c):
            return np.tanh(v * s)
        total = total + g(x[2])
    return total


def lambda_with_default(x):
    a = x[0] * 2.0
    f = lambda v, s=a: np.tanh(v) * s  # noqa: E731
    a = x[1]
    return f(x[1]) + f(x[2], s=3.0) + a


def redefined_in_sequence(x):
    def g(v):
        return v * 2.0
    a = g(x[0])
    def g(v):
        return v * 5.0
    return a + g(x[1])


CASES = [default_read_at_definition, default_in_loop, defined_in_loop, lambda_with_default,
         redefined_in_sequence]
X = np.array([0.5, 0.7, 0.2])


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_every_mode(f):
    check_every_mode(f, X, seed=3)
    value, _ = sd.value_and_grad(f)(X)
    assert_close(value, f(X), what="value")


# --- keyword-only parameters (session 23; refused before: "nested functions with *args,
# **kwargs or keyword-only parameters are not supported"). A call binds them by keyword
# or takes their defaults, which, like the others, are evaluated where the function is
# defined (front/closures.py call_values, held_default).

def keyword_only_helper(x):
    s = x[3]

    def h(z, w=s, *, p=2, scale=s * 2.0):
        return w * z ** p + np.sin(z) * scale
    a = h(x[0]) + h(x[1], p=3) + h(x[2], 0.5, p=1, scale=x[0])
    s = s * 3.0  # (w and scale keep the values they had at the def)
    return a * h(s)


def keyword_only_without_default(x):
    def g(z, *, shift):
        return np.tanh(z) + shift
    return np.sum(g(x, shift=x[0])) * g(x[1], shift=1.0)


@pytest.mark.parametrize("f", [keyword_only_helper, keyword_only_without_default])
def test_keyword_only_parameters_match_finite_differences(f):
    check_every_mode(f, np.array([0.3, -0.8, 0.5, 0.7]), hvp=True)


def missing_keyword(x):
    def g(z, *, p):
        return z ** p
    return g(x[0])


def keyword_given_by_position(x):
    def g(z, *, p=2):
        return z ** p
    return g(x[0], 3)


def starred_nested(x):
    def g(*zs):
        return zs[0]
    return g(x[0])


@pytest.mark.parametrize("f, what", [(missing_keyword, "g\\(\\) is missing p"),
                                     (keyword_given_by_position, "takes 1 positional"),
                                     (starred_nested, "with \\*args or \\*\\*kwargs")])
def test_calls_python_refuses_are_refused_where_they_are_written(f, what):
    with pytest.raises(sd.SrcdiffError, match=what) as info:
        sd.grad(f)(np.array([0.3, -0.8, 0.5, 0.7]))
    assert "test_nested_defs.py:" in str(info.value)
