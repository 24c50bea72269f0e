"""A local variable or parameter is never resolved to a global of the same name.

``w.sum()`` on a parameter ``w`` used to resolve against a module-level ``w``
(an array), so the call was compiled as the global's bound method: a constant
with a zero gradient, silently.
"""

import numpy as np

import srcdiff as sd
from fd import assert_close, numeric_grad

w = np.ones(2)  # the globals the functions below shadow
t = np.ones((2, 2))
tmp = [1.0]


def shadows_global(w):
    return w.sum() * w[0]


def local_shadows_global(x):
    t = x * 2.0
    return np.sum(t.T * x)


def appends_to_param_named_like_global(tmp):
    tmp.append(tmp[0] * 2.0)
    return tmp[0] * tmp[-1]


def test_parameter_shadowing_a_global():
    x = np.array([1.0, 2.0])
    assert_close(sd.grad(shadows_global)(x), numeric_grad(shadows_global, [x], 0))
    assert_close(sd.jvp(shadows_global)(x, tangents=np.array([1.0, 0.0]))[1], 2 * x[0] + x[1])


def test_local_shadowing_a_global():
    x = np.array([[1.0, 2.0], [3.0, -1.0]])
    assert_close(sd.grad(local_shadows_global)(x), numeric_grad(local_shadows_global, [x], 0))


def test_method_call_on_a_parameter_named_like_a_global_list():
    xs = [1.5, 2.0]
    assert sd.grad(appends_to_param_named_like_global)(xs)[0] == 4 * 1.5
    assert xs == [1.5, 2.0]
