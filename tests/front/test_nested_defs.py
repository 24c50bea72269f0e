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
