"""Second order through a call whose caller leaves an output unused.

The adjoint of a called function receives ``None`` for the cotangent of an output nobody
reads, and ``cotangent(None, y)`` makes zeros shaped like ``y``. Forward over reverse gave
that value the tangent of the absent entry, the stand-in zero ``0.0`` (a float), and the
adjoints reading it as an array (``unreduce`` of a reduction's gradient, the ``gs[..., None]``
of np.linalg.svd's rule, reached through np.linalg.lstsq) raised ``AxisError`` or
``TypeError: 'float' object is not subscriptable`` from generated code (``pop_grad`` of an
unused list built in a loop: ``'float' object is not iterable``; the reshape of an unused
cumsum's gradient: ``cannot reshape array of size 1``): sd.hvp and
sd.hessian of any such function failed (first order was right).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def _stats(a):
    s = np.sum(a * a, axis=1)
    return a * 2.0, s


def unused_reduction(a):
    x, s = _stats(a)
    return np.sum(x ** 3)


def _scaled(a):
    s = a[:, 0] * a[:, 1]
    return a * 2.0, s[:, None] * a


def unused_indexed(a):
    x, _ = _scaled(a)
    return np.sum(np.sin(x))


def lstsq_unused_parts(a):
    w, *_ = np.linalg.lstsq(a, np.array([0.3, -1.0, 2.0, 0.5]), rcond=None)
    return np.sum(w ** 2)


def lstsq_first(a):
    return np.sum(np.linalg.lstsq(a, np.array([0.3, -1.0, 2.0, 0.5]), rcond=None)[0] ** 3)


def _history(a, n):
    acc = np.zeros_like(a)
    hist = []
    for i in range(n):
        acc = acc * 0.5 + np.tanh(a * (i + 1))
        hist.append(acc.sum())
    return acc, hist


def unused_list_of_a_loop(a):
    acc, hist = _history(a, 3)
    return np.sum(acc ** 2)


def _prefix(a):
    b = a.copy()
    b[1:] += b[:-1] ** 2
    return b, b.cumsum()


def unused_cumsum(a):
    b, c = _prefix(a)
    return np.sum(np.exp(0.3 * b))


CASES = [unused_reduction, unused_indexed, lstsq_unused_parts, lstsq_first,
         unused_list_of_a_loop, unused_cumsum]


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_hvp_matches_differences_of_the_gradient(f):
    a = np.random.default_rng(3).standard_normal((4, 2))
    v = np.random.default_rng(4).standard_normal((4, 2))
    grad = sd.grad(f)
    eps = 1e-5
    expected = (grad(a + eps * v) - grad(a - eps * v)) / (2 * eps)
    assert_close(sd.hvp(f)(a, vector=v), expected, rtol=1e-4, atol=1e-6, what="hvp")
    assert_close(grad(a), numeric_grad(f, (a,), 0))


@pytest.mark.parametrize("f", CASES[:2], ids=lambda f: f.__name__)
def test_hessian_matches_differences_of_the_gradient(f):
    a = np.random.default_rng(5).standard_normal((3, 2))
    grad = sd.grad(f)
    h = sd.hessian(f)(a)
    eps = 1e-5
    for idx in np.ndindex(a.shape):
        e = np.zeros_like(a)
        e[idx] = eps
        expected = (grad(a + e) - grad(a - e)) / (2 * eps)
        assert_close(h[(...,) + idx], expected, rtol=1e-4, atol=1e-6, what="hessian column")
