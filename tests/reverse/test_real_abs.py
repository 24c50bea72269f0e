"""The adjoint of ``np.abs`` of a real value is ``g * np.sign(x)`` (rules/numpy_rules.py
absolute: its ``np.iscomplexobj`` test is folded to False where the function makes no
complex value, ir/rule_folding.py); a complex value keeps ``Re(g) conj(x) / |x|``. Checked
against central differences in every pipeline, and the source for the form taken."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

rng = np.random.default_rng(2604)
PIPELINES = ({}, {"verify": True}, {"optimize": False})


def huber_l1(w, X, y):
    r = X @ w - y
    a = np.abs(r)
    loss = np.sum(np.where(a <= 1.0, 0.5 * r ** 2, a - 0.5))
    return loss + 0.1 * np.sum(np.abs(w)) + abs(float(w[0]))


def spectrum_l1(x):
    return np.sum(np.abs(np.fft.rfft(x))) + np.sum(np.abs(x) * x)


CASES = [(huber_l1, 0, (rng.standard_normal(4), rng.standard_normal((9, 4)),
                        rng.standard_normal(9))),
         (spectrum_l1, 0, (rng.standard_normal(8),))]


@pytest.mark.parametrize("f, wrt, args", CASES, ids=[c[0].__name__ for c in CASES])
@pytest.mark.parametrize("options", PIPELINES, ids=["default", "verify", "reference"])
def test_gradients(f, wrt, args, options):
    want = numeric_grad(f, args, wrt)
    assert_close(sd.grad(f, wrt, **options)(*args), want)


@pytest.mark.parametrize("f, wrt, args", CASES, ids=[c[0].__name__ for c in CASES])
def test_forward_and_second_order(f, wrt, args):
    v = rng.standard_normal(args[wrt].shape)
    eps = 1e-6
    shifted = lambda t: f(*[a + t * v if k == wrt else a for k, a in enumerate(args)])  # noqa
    want = (shifted(eps) - shifted(-eps)) / (2 * eps)
    value, tangent = sd.jvp(f, wrt)(*args, tangents=v)
    assert tangent == pytest.approx(want, rel=1e-6, abs=1e-8)
    grad = sd.grad(f, wrt)
    g_of = lambda t: grad(*[a + t * v if k == wrt else a for k, a in enumerate(args)])  # noqa
    assert_close(sd.hvp(f, wrt)(*args, vector=v), (g_of(eps) - g_of(-eps)) / (2 * eps), rtol=1e-5,
                 atol=1e-6)


def test_a_real_abs_takes_the_sign_and_a_complex_one_its_conjugate():
    real = sd.source(huber_l1, wrt=0, args=CASES[0][2])
    assert "np.sign(" in real and "np.conj(" not in real and "vjp_absolute" not in real
    complex_ = sd.source(spectrum_l1, wrt=0, args=CASES[1][2])
    assert "np.conj(" in complex_ or "vjp_absolute(" in complex_
