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


# Several contributions to a real array's gradient, one of them complex (a real value that
# meets a complex one): the optimized pipeline accumulated them in place, `b_x += b_add`
# into the real buffer of the first, a UFuncTypeError. Functions that may make complex
# values (analysis/complex_values.py) add out of place.

J = 0.5j


def _sine_mix(x):
    y = np.sin(x)
    return y * x + y


def callee_output_meets_complex(x):  # the callee makes no complex value; its cotangent is
    z = _sine_mix(x) * (1.0 + 1j) + x
    return np.sum(np.abs(z)) + np.sum(np.sign(x) * x) + np.sum(np.heaviside(x, 0.5) * x)


def _phase(x):
    return np.exp(1j * x)


def callee_makes_complex(x):
    w = x + _phase(x)
    return np.sum(np.abs(w)) + np.sum(np.sign(x) * x) + np.sum(np.heaviside(x, 0.5) * x)


def module_constant_complex(x):
    w = x + J * x[::-1]
    return np.sum(np.abs(w)) + np.sum(np.sign(x) * x) + np.sum(np.heaviside(x, 0.5) * x)


def dtype_spelled_as_string(x):
    z = x.astype("complex128") * 1.5
    w = x + z * z
    return np.sum(np.abs(w)) + np.sum(np.sign(x) * x) + np.sum(np.heaviside(x, 0.5) * x)


def literal_in_the_function(x):
    w = x + 1j * x[::-1]
    return np.sum(np.abs(w)) + np.sum(np.sign(x) * x) + np.sum(np.heaviside(x, 0.5) * x)


MIXED = [callee_output_meets_complex, callee_makes_complex, module_constant_complex,
         dtype_spelled_as_string, literal_in_the_function]


@pytest.mark.parametrize("fn", MIXED)
@pytest.mark.parametrize("optimize", [True, False])
def test_a_complex_contribution_next_to_real_ones(fn, optimize):
    x = np.array([0.31, -0.45, 0.72, 0.23])
    g = sd.grad(fn, optimize=optimize)(x)
    assert g.dtype == np.float64
    assert_close(g, numeric_grad(fn, (x,), 0))
    v = np.array([0.2, -0.5, 0.1, 0.3])
    h = 1e-5
    want = (sd.grad(fn)(x + h * v) - sd.grad(fn)(x - h * v)) / (2 * h)
    assert_close(sd.hvp(fn)(x, vector=v), want, rtol=1e-4, atol=1e-6)


def test_which_functions_may_make_complex_values():
    from srcdiff.compiler.analysis.complex_values import may_make_complex
    from srcdiff.compiler.front.parse import parse_function

    for fn in MIXED[1:]:
        assert may_make_complex(parse_function(fn)), fn.__name__
    assert not may_make_complex(parse_function(_sine_mix))
    # (the caller's own source makes one: `1j`; the callee's is read too)
    assert may_make_complex(parse_function(callee_output_meets_complex))
    # a real gradient is still accumulated in place where nothing is complex
    src = sd.source(_sine_mix_sum, args=(np.ones(4),))
    assert "b_x += " in src


def _sine_mix_sum(x):
    return np.sum(_sine_mix(x) * np.sign(x)) + np.sum(np.heaviside(x, 0.5) * x) + np.sum(x * x)


def store_into_a_complex_copy(x):
    z = np.fft.fft(x)
    zn = z.copy()
    zn[1:-1] = z[1:-1] * 0.7 + z[:-2]
    return np.sum(np.abs(np.fft.ifft(zn)) ** 2)


@pytest.mark.filterwarnings("error::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("optimize", [True, False])
def test_a_store_into_a_complex_array_keeps_its_gradient_complex(optimize):
    # the store's adjoint took an owned copy of the gradient as `np.array(b, dtype=float)`,
    # which dropped its imaginary part: a wrong gradient (1.06 for 0.91) with a ComplexWarning
    x = np.array([0.31, -0.45, 0.72, 0.23, 0.5])
    g = sd.grad(store_into_a_complex_copy, optimize=optimize)(x)
    assert_close(g, numeric_grad(store_into_a_complex_copy, (x,), 0))


def fortran_order_copies(x):
    f = np.asarray(x * 2.0, order="F")
    return np.sum(np.copy(f, order="F") ** 2)


def complex128_by_letter(x):
    return np.sum(np.abs(np.array(x, order="F").astype("D")))


def test_order_f_is_a_layout_not_complex64():
    # `order="F"` read as the dtype letter "F" (complex64) made the function "may make complex
    # values": gradients added out of place, and (session 48) a real scalar loss seeded by
    # its computed value instead of scalar_seed's 1.0
    from srcdiff.compiler.analysis.complex_values import may_make_complex
    from srcdiff.compiler.front.parse import parse_function

    assert not may_make_complex(parse_function(fortran_order_copies))
    assert may_make_complex(parse_function(complex128_by_letter))  # a dtype letter still is
    x = np.array([[0.3, -0.8], [1.1, 0.5]])
    assert "scalar_seed(grad_ys)" in sd.source(fortran_order_copies, args=(x,))
    assert_close(sd.grad(fortran_order_copies)(x), numeric_grad(fortran_order_copies, (x,), 0))
    assert_close(sd.grad(complex128_by_letter)(x), numeric_grad(complex128_by_letter, (x,), 0),
                 rtol=1e-4)
