"""Functions srcdiff treats as constants (no gradient: comparisons, roundings, index
makers) must be constant in every argument a differentiated value reaches. Three were not:
``np.heaviside(x1, x2)`` is ``x2`` where ``x1 == 0`` (exact zeros are common: a ReLU's
output, a mask), ``np.arange(start, stop, step)`` is ``start + i * step``, and
``np.fft.fftfreq(n, d)`` / ``rfftfreq`` are ``k / (n * d)``. Their gradients were lost
silently (zero, or None as an unconnected input). Now ``np.heaviside`` has a rule (``x2``'s
gradient where ``x1 == 0``; none for ``x1``, as ``np.sign``), and a value depending on the
differentiated inputs passed as ``np.arange``'s start or step, or as the frequencies'
spacing, is refused (rules/registry.py ``Rule.varying``). Oracle: central differences."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, -1.2, 0.0, 0.7, 0.0])


def step_of_relu(x, s):
    r = np.maximum(x, 0.0)  # exact zeros where x <= 0
    return np.sum(np.heaviside(r, s * s) * x) + np.sum(np.heaviside(x, s))


def heaviside_of_scalar(x, s):
    return np.heaviside(x[2], s) * 3.0 + np.heaviside(x[0], 2.0 * s) * x[0]


@pytest.mark.parametrize("f", [step_of_relu, heaviside_of_scalar])
def test_heaviside_second_argument_gets_its_gradient(f):
    for options in ({}, {"optimize": False}, {"verify": True}):
        gx, gs = sd.grad(f, wrt=(0, 1), **options)(X, 0.4)
        away = X != 0.0  # (differences across the step at 0 measure its jump)
        assert_close(gx[away], numeric_grad(f, (X, 0.4), 0)[away])
        assert_close(gs, numeric_grad(f, (X, 0.4), 1))
        assert gs != 0.0


def test_heaviside_forward_mode_and_second_order():
    f = step_of_relu
    _, tangent = sd.jvp(f, wrt=(0, 1))(X, 0.4, tangents=(np.zeros(5), 1.0))
    assert_close(tangent, numeric_grad(f, (X, 0.4), 1))
    d2 = sd.grad(sd.grad(f, wrt=1), wrt=1)(X, 0.4)  # d/ds of (count of zeros) * 2s
    h = 1e-5
    g = sd.grad(f, wrt=1)
    assert_close(d2, (g(X, 0.4 + h) - g(X, 0.4 - h)) / (2 * h))


def arange_start(x, s):
    return np.sum(np.arange(s, s + 4.0) * x[:4])


def arange_start_keyword(x, s):
    return np.sum(np.arange(start=s, stop=5.0)[:4] * x[:4])


def arange_step(x, s):
    return np.sum(np.arange(0.0, 2.9, s + 0.6)[:3] * x[:3])


def fftfreq_spacing(x, s):
    return np.sum(np.fft.fftfreq(5, d=s) * x)


def rfftfreq_spacing(x, s):
    return np.sum(np.fft.rfftfreq(4, s) * x[:3])


@pytest.mark.parametrize("f, keyword", [
    (arange_start, "start"), (arange_start_keyword, "start"), (arange_step, "step"),
    (fftfreq_spacing, "d"), (rfftfreq_spacing, "d")])
def test_a_varied_start_step_or_spacing_is_refused(f, keyword):
    assert numeric_grad(f, (X, 0.4), 1) != 0.0  # (the gradient that was lost)
    with pytest.raises(sd.SrcdiffError, match=f"treats `{keyword}` as a constant"):
        sd.grad(f, wrt=(0, 1))(X, 0.4)
    with pytest.raises(sd.SrcdiffError, match=f"treats `{keyword}` as a constant"):
        sd.jvp(f, wrt=(0, 1))(X, 0.4, tangents=(X, 1.0))


def arange_of_constants(x, s):
    n = x.shape[0]
    return np.sum(np.arange(n) * x * s) + np.sum(np.arange(0.5, 3.0, 0.5)[:5] * x)


def arange_stop_only(x, s):
    k = np.arange(3.0 + 0.0 * s)  # the stop only sets how many: 0, 1, 2
    return np.sum(k * x[:3]) * s


@pytest.mark.parametrize("f", [arange_of_constants, arange_stop_only])
def test_constant_arguments_stay_accepted(f):
    gx, gs = sd.grad(f, wrt=(0, 1))(X, 0.4)
    assert_close(gx, numeric_grad(f, (X, 0.4), 0))
    assert_close(gs, numeric_grad(f, (X, 0.4), 1))
