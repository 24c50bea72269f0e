"""backend="numba": functions of several outputs (``return a, b``), whose gradients call
``check_outputs(grad_ys, n)`` first (compiler/emit/numba_seeds.py). Refused until session
42 (no compiled version). Checked against the NumPy backend (1e-12) and central finite
differences of the summed outputs, and with cotangents given (``sd.vjp``)."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from numba_agree import agree

pytest.importorskip("numba")


def two_outputs(x, xs):
    s = x
    for v in xs:
        s = s * np.sin(v + s)
    return s, s * x


def three_outputs(w, xs):
    h = w * 0.5
    acc = 0.0
    for k in range(len(xs)):
        h = np.tanh(h * xs[k] + w)
        acc = acc + np.sum(h)
    return acc, h, np.sum(w * h)


def summed(fn):
    def total(*args):
        return sum(np.sum(o) for o in fn(*args))
    return total


XS = np.array([0.3, -0.2, 1.1, 0.6])


@pytest.mark.parametrize("fn, args", [
    (two_outputs, (0.7, XS)),
    (three_outputs, (np.array([0.2, -0.4, 0.9]), XS)),
])
def test_gradient_of_several_outputs(fn, args):
    got = agree(fn, args, (0, 1))  # (against the NumPy backend and finite differences of f)
    for k, g in enumerate(got):  # (f's outputs summed, by hand: the seed of each is ones)
        assert_close(g, numeric_grad(summed(fn), args, k))


def test_cotangents_given():
    w = np.array([0.2, -0.4, 0.9])
    cot = (0.7, np.array([1.0, -2.0, 0.5]), -1.3)
    _, pull = sd.vjp(three_outputs, wrt=(0, 1), backend="numba")(w, XS)
    _, ref_pull = sd.vjp(three_outputs, wrt=(0, 1))(w, XS)
    got, ref = pull(cot), ref_pull(cot)
    for g, r in zip(got, ref):
        assert_close(g, r, rtol=1e-12, atol=1e-14)

    def weighted(w, xs):
        a, h, b = three_outputs(w, xs)
        return cot[0] * a + np.sum(cot[1] * h) + cot[2] * b
    assert_close(got[0], numeric_grad(weighted, (w, XS), 0))


def test_wrong_number_of_cotangents():
    _, pull = sd.vjp(two_outputs, wrt=0, backend="numba")(0.7, XS)
    with pytest.raises(ValueError):
        pull((1.0, 2.0, 3.0))
