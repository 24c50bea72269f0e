"""A second name for one object (``u = v``) read as the first (front/aliases.py): a
change through ``u`` is a change of ``v`` the store analysis follows. Every mode
against central differences; where the two names may part (a later binding, a
nested function's read), the change through the alias stays refused."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad, numeric_jvp


def change_through_alias_of_argument(v, s):
    u = v
    u[0] += s
    return np.sum(v * u)


def change_through_alias_of_local(v, s):
    w = v * 1.0
    u = w
    u[1:] *= 0.5 * s
    return np.sum(w * u) * s


def alias_in_loop(v, s):
    w = np.tanh(v)
    u = w
    for i in range(len(v)):
        u[i] = u[i] * s + w[i - 1]
    return np.sum(w ** 2)


def list_alias(v, s):
    values = [v[0], v[1]]
    more = values
    more.append(s * v[2])
    return values[2] * values[0]


def float_alias(v, s):
    a = s
    b = a
    b = b * 2.0
    return a + b + np.sum(v)


def dict_alias(v, s):
    d = {"a": v[0]}
    e = d
    e.update(a=v[1] * s)
    return d["a"] * v[2]


def out_through_alias(v, s):
    y = np.zeros(4)
    w = y
    np.multiply(v, s, out=y)
    return np.sum(w * v)


CASES = [change_through_alias_of_argument, change_through_alias_of_local, alias_in_loop,
         list_alias, float_alias, dict_alias, out_through_alias]
X, S = np.array([0.3, 0.5, 0.7, 0.2]), 0.3


def _fresh(f):
    return lambda v, s: f(v.copy(), s)  # (some change their argument)


@pytest.mark.parametrize("options", [{}, {"optimize": False}, {"verify": True}],
                         ids=["default", "reference", "verify"])
@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_reverse_mode(f, options):
    g = sd.grad(f, wrt=(0, 1), **options)(X.copy(), S)
    assert_close(g[0], numeric_grad(_fresh(f), (X, S), 0))
    assert_close(g[1], numeric_grad(_fresh(f), (X, S), 1))


@pytest.mark.parametrize("f", CASES, ids=[f.__name__ for f in CASES])
def test_forward_mode(f):
    t = np.array([0.1, -0.2, 0.3, 0.4])
    got = sd.jvp(f, wrt=0)(X.copy(), S, tangents=t)[1]
    assert_close(got, numeric_jvp(_fresh(f), (X, S), (0,), (t,)))


def read_by_nested_function(v, s):
    w = v * 1.0
    u = w
    def first():
        return u[0] * 2.0
    u[1] += s
    return first() + np.sum(w)


def other_name_bound_later(v, s):
    w = v * 1.0
    u = w
    for i in range(2):
        u[i] *= s
        w = w * 2.0
    return np.sum(u * w)


@pytest.mark.parametrize("f", [read_by_nested_function, other_name_bound_later])
def test_names_that_may_part_stay_refused(f):
    with pytest.raises(sd.SrcdiffError, match="changes an array in place that"):
        sd.grad(f)(X.copy(), S)
