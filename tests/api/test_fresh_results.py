"""Every array srcdiff returns is the caller's own: never the caller's grad_ys, cotangent or
tangents (nor a view of them), never another returned gradient or tangent. JAX's and
TensorFlow's results are immutable; NumPy users change arrays in place (`g *= lr`), which
changed the caller's cotangent and the other gradient before (`x + y`: both gradients were
`grad_ys` itself)."""

import numpy as np

import srcdiff as sd
import tf_cases as T
from fd import assert_close, numeric_grad


def _arrays(tree):
    if isinstance(tree, dict):
        return [a for v in tree.values() for a in _arrays(v)]
    if isinstance(tree, (list, tuple)):
        return [a for v in tree for a in _arrays(v)]
    return [tree] if isinstance(tree, np.ndarray) else []


def _disjoint(result, *caller):
    mine = _arrays(result)
    theirs = [a for c in caller for a in _arrays(c)]
    for k, a in enumerate(mine):
        assert not any(np.shares_memory(a, b) for b in theirs + mine[:k]), (k, result)


def test_gradients_are_fresh_arrays():
    x, y = np.array([1.0, 2.0, 3.0]), np.array([0.5, -1.0, 4.0])
    gy = np.array([1.0, -2.0, 0.5])
    f = T.add_two
    for kwargs in ({}, {"grad_ys": gy}):
        got = sd.grad(f, wrt=(0, 1))(x, y, **kwargs)
        _disjoint(got, gy)
        want = [numeric_grad(lambda a, b: np.sum(f(a, b) * kwargs.get("grad_ys", 1.0)),
                             (x, y), k) for k in (0, 1)]
        gx = got[0]
        gx *= 100.0  # changes nothing else
        assert_close(got[1], want[1])
    assert_close(sd.grad(f)(x, y, grad_ys=gy), gy)
    assert sd.grad(f)(x, y, grad_ys=gy) is not gy  # (it was gy itself)
    got = sd.grad(T.dict_sum)({"a": x, "b": y})
    _disjoint(got)


def test_pullbacks_are_fresh_and_repeatable():
    x, y = np.array([1.0, 2.0, 3.0]), np.array([0.5, -1.0, 4.0])
    value, pullback = sd.vjp(T.add_two, wrt=(0, 1))(x, y)
    ct = np.array([1.0, -2.0, 0.5])
    first = pullback(ct)
    _disjoint(first, ct)
    for g in first:
        g *= 10.0  # neither the cotangent nor the next pullback moves
    np.testing.assert_array_equal(ct, [1.0, -2.0, 0.5])
    for g in pullback(ct):
        assert_close(g, ct)


def test_output_tangents_are_fresh_arrays():
    x, t = np.array([1.0, 2.0, 3.0]), np.array([0.1, 0.2, 0.3])
    for f in (T.identity, T.views_of_argument):
        value, tangent = sd.jvp(f)(x, tangents=t)
        _disjoint(tangent, t)
        eps = 1e-6
        want = [(a - b) / (2 * eps) for a, b in zip(_arrays(f(x + eps * t)),
                                                     _arrays(f(x - eps * t)))]
        for a, b in zip(_arrays(tangent), want):
            assert_close(a, b)
