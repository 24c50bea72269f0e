"""Forward mode through ``v = d.pop(key, default)``.

The tangent of the popped value was ``t_d.pop(key, default)``: the tangent dict popped with
the *primal* default, so when the key was missing the value's tangent was the default's
value instead of its tangent (``d.pop("z", x * 3.0)`` had tangent ``x * 3.0``), and when the
dict itself had no tangent (a dict of constants) the default's tangent was dropped. sd.jvp,
sd.jacobian(mode="forward") and the CLI's --mode forward gave silently wrong numbers (reverse
mode refuses ``.pop()``). The tangent now is the entry's when the key was there before the
pop, else the default's.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_jvp


def missing_key_active_default(x):
    d = {"a": x * 2.0}
    b = d.pop("z", x * 3.0)
    return np.sum(b * d["a"])


def constant_dict_active_default(x):
    d = {"a": 1.0}
    b = d.pop("z", x * 3.0)
    return np.sum(b * x)


def present_key_default_unused(x):
    d = {"a": x * 2.0, "z": x ** 2}
    b = d.pop("z", x * 3.0)
    return np.sum(b * d["a"])


def present_constant_entry(x):
    d = {"a": x * 2.0, "c": 1.0}
    b = d.pop("c", x * 3.0)
    return np.sum(b * x) + np.sum(d["a"])


def constant_default(x):
    d = {"a": x * 2.0}
    b = d.pop("a", 0.0)
    c = d.pop("q", 0.0)
    return np.sum(b * x) + c


def popped_in_a_loop(x):
    d = {0: x * 2.0, 2: np.sin(x)}
    s = 0.0
    for k in range(3):
        s = s + np.sum(d.pop(k, x ** 2) * x)
    return s


X = np.array([0.7, -1.3])
T = np.array([0.3, -0.7])


@pytest.mark.parametrize("f", [missing_key_active_default, constant_dict_active_default,
                               present_key_default_unused, present_constant_entry,
                               constant_default, popped_in_a_loop])
def test_jvp_through_dict_pop_with_a_default(f):
    value, tangent = sd.jvp(f)(X.copy(), tangents=T)
    assert_close(value, f(X.copy()))
    assert_close(tangent, numeric_jvp(f, (X,), (0,), (T,)))


@pytest.mark.parametrize("f", [missing_key_active_default, constant_dict_active_default])
def test_forward_jacobian_through_dict_pop_with_a_default(f):
    jac = sd.jacobian(f, mode="forward")(X.copy())
    for k in range(X.size):
        e = np.eye(X.size)[k]
        assert_close(jac[k], numeric_jvp(f, (X,), (0,), (e,)))
