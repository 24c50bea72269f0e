"""Issue 17, the per-call cost of helpers on small arrays (attention, softmax regression):

* ``b += unreduce(g, x, axis, keepdims)`` gives ``b`` as ``unreduce``'s ``like``
  (optimize/spreads.py): the (.., 1, ..) gradient is added into ``b`` in place, broadcast by
  the operator, not through a stride-0 view made first;
* ``unreduce``, ``matmul_lhs`` and ``matmul_rhs`` decide the common cases of NumPy
  arrays from attributes (``np.expand_dims``, ``np.reshape``, ``np.ndim`` each cost
  a microsecond): the same NumPy operations on the same arrays, so the same bits as the
  general paths (checked here against them, and the gradients against central differences
  in the optimized, verification and reference pipelines).
"""

import itertools

import numpy as np
import pytest

import check_modes
import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff import runtime
from srcdiff.rules import product_rules

rng = np.random.default_rng(3030)


def code_of(f, wrt, args, **options):
    return "\n".join(line for line in sd.source(f, wrt=wrt, args=args, **options).splitlines()
                     if not line.strip().startswith("#"))


def check(f, args, wrt):
    """Against central differences: sd.grad seeded with a random cotangent and its own
    gradient (check_modes: the helpers inside differentiated generated code), then the
    verification and reference pipelines."""
    check_modes.check(f, *args, wrt=wrt, modes=("rev", "rev-rev"))
    for options in ({"verify": True}, {"optimize": False}):
        got = sd.grad(f, wrt=wrt, **options)(*args)
        for w, g in zip(wrt, got):
            assert_close(g, numeric_grad(f, args, w))


def softmax_readout(s, r):
    p = np.exp(s - np.max(s, axis=-1, keepdims=True))
    p = p / np.sum(p, axis=-1, keepdims=True)
    return np.sum((p @ r) ** 2)


def test_an_unreduce_added_into_a_gradient_is_broadcast_by_the_addition():
    args = (rng.standard_normal((2, 3, 4)), rng.standard_normal((4, 2)))
    code = code_of(softmax_readout, (0, 1), args)
    assert "+= unreduce(b_sum1, _p1, -1, True, b_p)" in code, code
    reference = code_of(softmax_readout, (0, 1), args, optimize=False)
    assert "b_p)" not in reference
    check(softmax_readout, args, (0, 1))


def scaled_spread(x):
    m = np.mean(x, axis=0)
    y = np.sin(x)
    y -= m
    return np.sum(y * np.cos(x))


def test_a_count_scaled_unreduce_added_takes_the_target_once():
    args = (rng.standard_normal((5, 3)),)
    code = code_of(scaled_spread, (0,), args)  # (a product's partner: spreads.py's first case)
    assert "b_x += unreduce(b_m, x, 0, False, b_x) * (size_of(m) / size_of(x))" in code, code
    check(scaled_spread, args, (0,))


# ------------------------------------------------------------ helpers' fast paths


def _general(fn, *args, sub=(1, 2)):
    """``fn(*args)`` with the arguments at ``sub`` of a subclass, which the fast paths do not
    take: the general path on the same values, as a plain array again."""
    class Sub(np.ndarray):
        pass
    return np.asarray(fn(*(a.view(Sub) if k in sub else a for k, a in enumerate(args))))


def _same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype
    assert np.array_equal(a, b) and np.array_equal(np.signbit(a), np.signbit(b))


SHAPES = [(3, 4), (2, 3, 4), (1, 5), (4, 1), (2, 1, 6), (70, 80), (40, 2, 64), (8, 64, 9)]


@pytest.mark.parametrize("shape", SHAPES)
def test_unreduce_spreads_as_expand_dims_does(shape):
    x = rng.standard_normal(shape)
    for axis, keepdims in itertools.product(range(-len(shape), len(shape)), (False, True)):
        g = np.sum(x, axis=axis, keepdims=keepdims)
        for like in (None, x, np.ones(1)):
            got = runtime.unreduce(g, x, axis, keepdims, like)
            _same(got, _general(runtime.unreduce, g, x, axis, keepdims, like, sub=(0,)))


@pytest.mark.parametrize("xs,ys", [((4, 3, 5), (5, 2)), ((2, 4, 3, 5), (5, 6)),
                                   ((4, 3, 5), (5,)), ((3, 5), (5,)), ((2, 2, 3, 5), (5,))])
def test_matmul_gradients_of_stacks_are_the_general_paths(xs, ys):
    x, y = rng.standard_normal(xs), rng.standard_normal(ys)
    g = rng.standard_normal(np.shape(x @ y))
    for fn in (product_rules.matmul_lhs, product_rules.matmul_rhs):
        _same(fn(g, x, y), _general(fn, g, x, y))


def test_a_complex_gradient_of_a_real_stack_keeps_the_general_path():
    x, y = rng.standard_normal((2, 3, 4)), rng.standard_normal((4, 2))
    g = rng.standard_normal((2, 3, 2)) * (1 + 1j)
    assert np.isrealobj(product_rules.matmul_lhs(g, x, y))  # (unbroadcast's real part)


def attention_like(wq, wv, x, r):
    q = x @ wq
    s = q @ np.swapaxes(q, -1, -2)
    p = np.exp(s - np.max(s, axis=-1, keepdims=True))
    p = p / np.sum(p, axis=-1, keepdims=True)
    h = p @ (x @ wv)
    mu = np.mean(h, axis=-1, keepdims=True)
    return np.mean(((h - mu) @ r) ** 2)


def test_stacked_products_through_the_fast_paths_against_differences():
    args = (0.3 * rng.standard_normal((4, 4)), 0.3 * rng.standard_normal((4, 4)),
            rng.standard_normal((2, 3, 4)), rng.standard_normal(4))
    check(attention_like, args, (0, 1, 2, 3))
