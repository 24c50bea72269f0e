"""Elementwise is a declared fact of a rule, not a property of ``np.ufunc``.

In NumPy 2, ``np.matmul`` and ``np.vecdot`` are ufuncs (with a core signature).
Taking every ufunc for elementwise let the gradient of a mean read ``np.size``
of the wrong array: ``np.mean(np.sin(np.matmul(W, x)))`` had 4/3 of its true
gradient (``np.size(x)`` for ``np.size(matmul)``). Gradients here are checked
against central finite differences (tests/support/fd.py).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.rules import DEFAULT

RNG = np.random.default_rng(7)
W, X = RNG.normal(size=(4, 3)), RNG.normal(size=3)
A, B = RNG.normal(size=(3, 4)) * 0.5, RNG.normal(size=(4, 5)) * 0.5
P, Q = RNG.normal(size=(3, 4)) * 0.5, RNG.normal(size=(3, 4)) * 0.5


def mean_sin_matmul(W, x):
    return np.mean(np.sin(np.matmul(W, x)))


def mean_tanh_matmul(A, B):
    return np.mean(np.tanh(np.matmul(A, B)))


def mean_tanh_matmul_operator(A, B):
    return np.mean(np.tanh(A @ B))


def mean_cos_matmul_then_scale(A, B):
    y = np.matmul(A, B)
    z = np.cos(y) * 2.0 - y
    return np.mean(z)


def sum_exp_vecdot(a, b):
    return np.sum(np.exp(np.vecdot(a, b)))


def mean_sin_vecdot(a, b):
    return np.mean(np.sin(np.vecdot(a, b)) + np.vecdot(a, b))


CASES = [
    (mean_sin_matmul, (W, X)),
    (mean_tanh_matmul, (A, B)),
    (mean_tanh_matmul_operator, (A, B)),
    (mean_cos_matmul_then_scale, (A, B)),
]
if hasattr(np, "vecdot"):
    CASES += [(sum_exp_vecdot, (P, Q)), (mean_sin_vecdot, (P, Q))]


@pytest.mark.parametrize("fn,args", CASES, ids=[f.__name__ for f, _ in CASES])
@pytest.mark.parametrize("wrt", [0, 1])
def test_gradient_through_a_gufunc_matches_finite_differences(fn, args, wrt):
    expected = numeric_grad(fn, args, wrt)
    assert_close(sd.grad(fn, wrt=wrt)(*args), expected)
    assert_close(sd.value_and_grad(fn, wrt=wrt)(*args)[1], expected)


@pytest.mark.parametrize("fn,args", CASES, ids=[f.__name__ for f, _ in CASES])
def test_tangent_through_a_gufunc_matches_finite_differences(fn, args):
    t = np.random.default_rng(3).normal(size=np.shape(args[0]))
    value, tangent = sd.jvp(fn, wrt=0)(*args, tangents=t)
    assert_close(value, fn(*args), what="value")
    assert_close(tangent, np.sum(numeric_grad(fn, args, 0) * t), what="tangent")


def test_mean_of_matmul_reads_the_size_of_the_matmul():
    src = sd.source(mean_sin_matmul, wrt=0, args=(W, X))
    assert "size_of(x)" not in src and "size_of(W)" not in src, src


def _rules():
    return list(DEFAULT._rules.values())


def test_no_gufunc_is_declared_elementwise():
    gufuncs = [r for r in _rules()
               if isinstance(r.primitive, np.ufunc) and r.primitive.signature is not None]
    assert any(r.primitive is np.matmul for r in gufuncs)  # the check has something to check
    assert [r.name for r in gufuncs if r.elementwise] == []
    assert not DEFAULT.is_elementwise(np.matmul)
    if hasattr(np, "vecdot"):
        assert not DEFAULT.is_elementwise(np.vecdot)


def test_elementwise_is_declared_for_plain_ufuncs_and_operators():
    import operator

    for fn in (np.sin, np.add, np.maximum, np.sign, np.isnan, operator.add, operator.pow,
               operator.neg, abs):
        assert DEFAULT.is_elementwise(fn), fn
    for fn in (np.sum, np.dot, np.transpose, operator.matmul, np.linalg.norm):
        assert not DEFAULT.is_elementwise(fn), fn
    undeclared = [r.name for r in _rules() if isinstance(r.primitive, np.ufunc)
                  and r.primitive.signature is None and not r.elementwise]
    assert undeclared == []


def test_declaring_a_gufunc_elementwise_is_refused():
    registry = DEFAULT.copy()
    with pytest.raises(ValueError, match="signature"):
        @registry.vjp(np.matmul, elementwise=True)
        def rule(g, ans, x, y):
            return g, g
    with pytest.raises(ValueError, match="signature"):
        registry.nondiff(np.matmul, elementwise=True)
    assert not DEFAULT.is_elementwise(np.matmul)


def test_a_user_ufunc_is_not_elementwise_unless_declared():
    """A ufunc made by np.frompyfunc gets a user rule: nothing is inferred from its type."""
    registry = DEFAULT.copy()
    square = np.frompyfunc(lambda v: v * v, 1, 1)
    registry.vjp(square)(lambda g, ans, x: 2.0 * g * x)
    assert not registry.is_elementwise(square)
    registry.vjp(square, elementwise=True)(lambda g, ans, x: 2.0 * g * x)
    assert registry.is_elementwise(square)
