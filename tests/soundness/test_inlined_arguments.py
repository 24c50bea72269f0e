"""A nested function's parameter given a name is read as that name in the inlined body
(front/closures.py ``bind_argument``): no ``helper_v = v``, a second name of one array.
Forward mode over the gradient (``sd.hvp``) lost that alias across the backward loop,
where the gradient restores ``v`` in place and reads ``helper_v``: hvp gave 0.660 for
0.863 (realistic-program seed 2102, #48). First order was right."""

import math

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def nested_helper_of_a_changed_array(x, s):
    v = np.array(x, dtype=float)
    total = 0.0
    for ep in range(2):
        def helper(v):
            return math.sqrt(1 + v[1] ** 2) * s
        r = helper(v)
        v[1:] += 0.2 * v[:-1]
        total += r
    return total


def rebinds_its_parameter(x, s):
    v = x * 1.0
    total = 0.0
    for ep in range(2):
        def helper(v):
            v = v * 2.0  # (its own binding: a name of its own)
            return np.sum(v ** 2) * s
        total += helper(v)
        v[1:] += 0.2 * v[:-1]
    return total


X, S = np.array([0.62232407, 0.0337777, 0.0346936, -0.52182676]), -0.37


@pytest.mark.parametrize("f", [nested_helper_of_a_changed_array, rebinds_its_parameter])
def test_hessian_vector_product_against_differences_of_the_gradient(f):
    t = (np.array([0.3, -1.2, 0.5, 0.1]), 0.7)
    grad = sd.grad(f, wrt=(0, 1))
    hv = sd.hvp(f, wrt=(0, 1))(X.copy(), S, vector=t)
    eps = 1e-5
    plus = grad(X + eps * t[0], S + eps * t[1])
    minus = grad(X - eps * t[0], S - eps * t[1])
    for got, a, b in zip(hv, plus, minus):
        assert_close(got, (np.asarray(a) - np.asarray(b)) / (2 * eps), rtol=1e-5, atol=1e-6)
    for k in (0, 1):
        assert_close(grad(X.copy(), S)[k], numeric_grad(lambda a, b: f(a.copy(), b), (X, S), k))


def test_a_function_made_by_exec_without_a_module_name(tmp_path):
    """``exec`` into a namespace without ``__name__`` makes functions whose ``__module__``
    is None: reading it crashed (AttributeError) where a list's ``tolist`` is recognized."""
    source = ("def h(v):\n    return v * 2.0\n\n\n"
              "def f(x):\n    ys = h(x)\n    zs = [ys[0], x[1]]\n    return zs[0] * zs[1]\n")
    path = tmp_path / "made.py"
    path.write_text(source)
    namespace = {"np": np}
    exec(compile(source, str(path), "exec"), namespace)
    f = namespace["f"]
    assert f.__module__ is None
    assert_close(sd.grad(f)(X), numeric_grad(f, (X,), 0))
