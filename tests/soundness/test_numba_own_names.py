"""The numba backend's own names (trip counters ``_kN``, tapes ``_tapeN``, a fused loop's
``_n`` and ``_i``, helpers such as ``tape_put``) never share a variable with the
gradient's (compiler/emit/numba_names.py). A user's local ``_k0`` changed in a loop moved
the tape counter of the same name: the gradient read other rows of its tapes (a wrong
gradient, or an IndexError), where the NumPy backend was right."""
import numpy as np
import pytest

import srcdiff as sd
from srcdiff.compiler.emit import numba_names

pytest.importorskip("numba")

_k1 = 2.0  # a global of a name the numba backend gives its own variables


def counter_named_k0(x, n):
    _k0 = 0
    s = 0.0
    for i in range(n):
        _k0 = _k0 + 2
        s = s + np.sin(x[i % 3]) * _k0
    return s


def fused_names(x, n):
    _n = x * 1.0
    _i = 0.5
    tape_put = 0.25
    for i in range(n):
        _n = np.tanh(_n) * _i + x * tape_put
    return np.sum(_n * _n)


def reads_global_k1(x, n):
    s = 0.0
    for i in range(n):
        s = s + x[i % 3] * _k1
    return s


def _central(f, x, n, h=1e-6):
    out = np.zeros_like(x)
    for j in range(len(x)):
        e = np.zeros_like(x)
        e[j] = h
        out[j] = (f(x + e, n) - f(x - e, n)) / (2 * h)
    return out


@pytest.mark.parametrize("f", [counter_named_k0, fused_names])
def test_names_like_the_backends_own_give_the_gradient(f):
    x = np.array([0.3, -0.7, 1.1])
    got = sd.grad(f, backend="numba")(x, 7)
    np.testing.assert_allclose(got, _central(f, x, 7), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(got, sd.grad(f)(x, 7), rtol=1e-12, atol=1e-14)


def test_a_global_of_such_a_name_is_refused():
    with pytest.raises(sd.SrcdiffError, match="the global `_k1`, a name the numba backend"):
        sd.grad(reads_global_k1, backend="numba")(np.array([0.3, -0.7, 1.1]), 4)


def test_a_name_the_rewrite_binds_outside_the_reserved_space_is_an_error():
    import ast

    tree = ast.parse("def grad_f(x):\n    counter = 0\n    _k0 = 1\n    return x\n")
    with pytest.raises(AssertionError, match="bound `counter`"):
        numba_names.check_introduced(tree, {"grad_f", "x"}, set())
    numba_names.check_introduced(tree, {"grad_f", "x", "counter"}, set())  # _k0: its own
