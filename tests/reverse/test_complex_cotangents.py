"""A real array read at an index or a slice whose value meets a complex number: the
cotangent of the read is complex, and only its real part pairs with the real array's
changes (runtime.match_complex's convention). With the unbroadcast of the read elided
(the shape is known), index_add used to add the complex cotangent into the real
gradient: a UFuncTypeError in the optimized pipeline only. Checked against central
finite differences and the reference pipeline."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def slice_times_complex(u):
    z = 0.5 + 2j
    c = u[1:] * z
    return np.sum(np.real(c * np.conj(c)))


def elements_in_a_loop(u):
    z = 0.3 - 1.1j
    s = 0.0
    for i in range(len(u)):
        w = u[i] * z
        s = s + np.real(w * w) + np.imag(w) * u[i]
    return s


def masked_read(u):
    z = 1.0 + 0.5j
    c = u[u > 0.0] * z
    return np.sum(np.abs(c) ** 2) + np.sum(u[[0, 2]] * np.real(z * z))


@pytest.mark.filterwarnings("error::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("fn", [slice_times_complex, elements_in_a_loop, masked_read])
@pytest.mark.parametrize("optimize", [True, False])
def test_real_gradient_of_a_complex_use(fn, optimize):
    u = np.array([0.3, 0.2, -0.4, 0.7])
    g = sd.grad(fn, optimize=optimize)(u)
    assert g.dtype == np.float64
    assert_close(g, numeric_grad(fn, (u,), 0))
