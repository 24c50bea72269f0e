"""The default seed folded (api/seeded.py, optimize/seed.py): ``sd.grad`` without
``grad_ys`` runs a gradient compiled with the seed known to be 1.0, bit for bit the
general gradient's, and against central differences; the general gradient (grad_ys
given), sd.source, vjp, value_and_grad, hessian and hvp are as before."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import numeric_grad
from paths import ROOT
from srcdiff.api.seeded import Seeded

sys.path.insert(0, os.path.join(ROOT, "bench"))
from realistic.negbin import primal as negbin  # noqa: E402  (-np.sum(ll): a -1.0 seed)


def neg_loglik(w, X, y):
    z = X @ w
    return -np.sum(y * z - np.log(1.0 + np.exp(z)))


def uniform_two(x, y):
    return 2.0 * np.sum(y * np.sin(x))


def two_outputs(x, y):
    return -np.sum(y * x * x), np.cos(x) * y


def array_output(x, y):
    return -(y * np.exp(x))


def _negbin_args(n=40, d=3):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((n, d)) / 2
    y = rng.poisson(2.0, n).astype(float)
    return 0.3 * rng.standard_normal(d), 0.7, X, y


def _transform(g):
    return g.__srcdiff_transform__


def _same(a, b):
    a, b = (a, b) if isinstance(a, tuple) else ((a,), (b,))
    return len(a) == len(b) and all(np.array_equal(p, q) for p, q in zip(a, b))


def test_negbin_default_seed_is_folded_and_exact(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)  # (the text of the product's code)
    args = _negbin_args()
    g = sd.grad(negbin, wrt=(0, 1))
    got = g(*args)
    hit = _transform(g).compiled(list(args))
    assert isinstance(hit, Seeded) and hit._general is None  # (the general: not yet compiled)
    one = hit.one.source
    assert "grad_ys" not in one.split("\n", 1)[1] and "scalar_seed" not in one
    assert "b_r = -unbroadcast(log, r)" in one and "b_add2 = y / add2" in one
    assert "- unbroadcast(b_add, r)" in one and "b_add = scipy.special.digamma(add)" in one
    general = g(*args, grad_ys=1.0)
    assert hit._general is not None and "scalar_seed(grad_ys)" in hit.source
    assert _same(got, general)  # bit for bit
    for k in (0, 1):
        np.testing.assert_allclose(got[k], numeric_grad(negbin, args, k), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(g(*args, grad_ys=-3.0)[0], -3.0 * got[0], rtol=1e-13)


def test_integer_labels_are_not_negated_as_integers():
    # y an integer array: ``y * -1.0`` is a float array where ``-y`` would stay an integer
    # one (an unsigned one wraps): only names proven floating are folded
    rng = np.random.default_rng(1)
    X, w = rng.standard_normal((20, 3)), rng.standard_normal(3)
    for dtype in (np.int64, np.uint8, bool):
        y = (rng.random(20) < 0.5).astype(dtype)
        g = sd.grad(neg_loglik)
        got = g(w, X, y)
        assert _same(got, g(w, X, y, grad_ys=1.0))
        np.testing.assert_allclose(got, numeric_grad(neg_loglik, (w, X, y), 0), rtol=1e-6)


def test_near_misses_are_not_folded():
    x, y = np.linspace(0.1, 1.0, 5), np.linspace(-1.0, 2.0, 5)
    g = sd.grad(uniform_two)  # a uniform 2.0: no +-1 to fold, still exact
    assert _same(g(x, y), g(x, y, grad_ys=1.0))
    np.testing.assert_allclose(g(x, y), 2.0 * y * np.cos(x), rtol=1e-15)
    # tuple outputs: grad_ys None folds; a tuple with one entry None is the general path
    g = sd.grad(two_outputs)
    fd = numeric_grad(lambda a, b: two_outputs(a, b)[0] + np.sum(two_outputs(a, b)[1]),
                      (x, y), 0)
    np.testing.assert_allclose(g(x, y), fd, rtol=1e-6, atol=1e-8)
    assert _same(g(x, y), g(x, y, grad_ys=(None, None)))
    assert _same(g(x, y), g(x, y, grad_ys=(1.0, np.ones(5))))
    np.testing.assert_allclose(g(x, y, grad_ys=(None, 2 * np.ones(5))),
                               -2 * y * x - 2 * np.sin(x) * y, rtol=1e-14)
    with pytest.raises(ValueError, match="must be a tuple of 2"):
        g(x, y, grad_ys=1.0)
    g = sd.grad(array_output)  # an array output: its seed is np.ones, as before
    assert _same(g(x, y), g(x, y, grad_ys=np.ones(5)))
    np.testing.assert_allclose(g(x, y), -y * np.exp(x), rtol=1e-15)


def test_complex_arguments_are_refused_as_before():
    x, y = np.linspace(0.1, 1.0, 5), np.linspace(-1.0, 2.0, 5) + 0j
    g = sd.grad(neg_loglik)
    with pytest.raises(TypeError, match="'y' is complex"):
        g(x, np.ones((5, 5)), y)
    assert isinstance(_transform(g).compiled([x, np.ones((5, 5)), y.real]), Seeded)


def test_source_and_other_transforms_see_the_general_gradient():
    args = _negbin_args(12, 2)
    assert "scalar_seed(grad_ys)" in sd.source(negbin, wrt=(0, 1))
    g = sd.grad(negbin, wrt=(0, 1))
    want = g(*args)
    assert "scalar_seed(grad_ys)" in sd.source(negbin, wrt=(0, 1), args=args)
    value, grads = sd.value_and_grad(negbin, wrt=(0, 1))(*args)
    assert value == negbin(*args) and _same(grads, want)
    value, pullback = sd.vjp(negbin, wrt=(0, 1))(*args)
    np.testing.assert_allclose(pullback(-2.0)[0], -2.0 * want[0], rtol=1e-13)
    beta, rest = args[0], args[1:]
    h = sd.hessian(negbin, wrt=0)(*args)
    fd = np.array([numeric_grad(lambda b: sd.grad(negbin)(b, *rest)[i], (beta,), 0)
                   for i in range(2)])
    np.testing.assert_allclose(h, fd, rtol=1e-5, atol=1e-6)
    v = np.array([0.3, -1.1])
    np.testing.assert_allclose(sd.hvp(negbin, wrt=0)(*args, vector=v), h @ v, rtol=1e-10)


def test_verification_and_reference_agree():
    args = _negbin_args(15, 2)
    got = sd.grad(negbin, wrt=(0, 1))(*args)
    checked = sd.grad(negbin, wrt=(0, 1), verify=True)(*args)
    reference = sd.grad(negbin, wrt=(0, 1), optimize=False)(*args)
    for a, b, c in zip(got, checked, reference):
        np.testing.assert_allclose(a, b, rtol=1e-13)
        np.testing.assert_allclose(a, c, rtol=1e-12)
