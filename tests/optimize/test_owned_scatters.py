"""The adjoint of reading ``x[index]`` adds into an owned gradient in place, as a person
writes it: ``b_x[1:3] += g``, not ``b_x = index_add(b_x, x, slice(1, 3, None), g)``
(optimize/scatters.py ``lower_owned_scatters``, marked by reverse/contributions.py).

Checked on the generated source (where it happens and where the call stays: a gradient
the caller passes in, which may be None; an index array, which may repeat a position;
complex values; the reference pipeline; code differentiated again), against central
differences in every pipeline, and in verification mode, whose ``verify_scatter`` checks
the three conditions where the code runs (a wrong mark is caught: the mutant test).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from pipelines import check_pipelines as check
from srcdiff.compiler.reverse.contributions import Contributions
from srcdiff.errors import VerificationError
from srcdiff.runtime_checks import verify_scatter


def rows_in_a_loop(x, w):
    total = 0.0
    for i in range(x.shape[0] - 1):
        total = total + np.sum(np.tanh(x[i] * w + x[i + 1]))
    return total


def test_reads_in_a_loop_add_in_place():
    args = (np.linspace(-1.0, 1.0, 12).reshape(4, 3), np.array([0.3, -0.2, 0.5]))
    src = sd.source(rows_in_a_loop, wrt=(0, 1), args=args)
    assert "b_x[i + 1] += " in src and "b_x[i] += " in src, src
    assert "index_add" not in src, src
    ref = sd.source(rows_in_a_loop, wrt=(0, 1), args=args, optimize=False)
    assert "index_add(" in ref and "] += " not in ref, ref  # the reference keeps the call
    check(rows_in_a_loop, args, (0, 1))


def slices_and_tuples(a, k):
    s = np.sum(a[1, 1:] * a[0, :-1]) + np.sum(a[-1] ** 2)
    return s + a[2 * k + 1, k % 2] * a[k, -k]


def test_slices_tuples_and_int_arithmetic():
    args = (np.arange(1.0, 13.0).reshape(4, 3) / 7.0, 1)
    src = sd.source(slices_and_tuples, wrt=0, args=args)
    assert "b_a[1, 1:] += " in src and "b_a[0, :-1] += " in src, src
    assert "b_a[add, mod] += " in src, src  # (add = 2 * k + 1, mod = k % 2: ints)
    check(slices_and_tuples, args, 0)
    check(slices_and_tuples, (args[0], 0), 0)


def at_parameter(x, k):
    return np.sum(x[k] * x[0]) + np.sum(x[k - 1, 1:] ** 2)


def test_an_int_parameter_index():
    x = np.array([[0.3, -0.4], [1.2, 0.7], [0.1, 0.9]])
    src = sd.source(at_parameter, wrt=0, args=(x, 2))
    assert "b_x[k] += " in src or "b_x[sub, 1:] += " in src, src
    for k in (2, 1, -1, np.int64(2), np.array(1)):  # (a 0-d int array indexes as an int)
        check(at_parameter, (x, k), 0)


def picked(x, idx):
    return np.sum(x[idx] * x[idx]) + np.sum(x[1:] * x[:-1])


def test_an_index_array_keeps_the_call():
    args = (np.array([0.5, -1.5, 2.0, 0.25]), np.array([0, 2, 0, 3]))  # 0 twice
    src = sd.source(picked, wrt=0, args=args)
    assert "index_add(b_x, x, idx" in src or "index_add(None, x, idx" in src, src
    check(picked, args, 0)


def _helper(v, w):
    return v[1:] * w[:-1]


def calls_helper(x, w):
    return np.sum(_helper(x, w) ** 2) + np.sum(_helper(w, x))


def test_a_gradient_the_caller_passes_in():
    args = (np.array([0.5, -1.5, 2.0, 0.25]), np.array([1.0, 0.3, -0.7, 0.9]))
    src = sd.source(calls_helper, wrt=(0, 1), args=args)
    # the callee's first add into b_v may find None: a call (of the product, written into
    # its place when b_v is None: optimize/views.py); the caller's owns its buffer
    assert "b_v = index_add_product(b_v, v, slice(1, None, None)" in src, src
    check(calls_helper, args, (0, 1))


def complex_inside(x):
    z = x[0] * np.exp(1j * x[1])
    return np.real(z * np.conj(z)) + x[2] * np.imag(z)


def test_complex_values_keep_the_call():
    args = (np.array([0.7, 0.4, -1.3]),)
    src = sd.source(complex_inside, wrt=0, args=args)
    assert "] += " not in src, src  # a complex g into a real buffer: index_add's real part
    check(complex_inside, args, 0)


def hessian_target(x):
    return np.sum(x[1:] ** 2 * x[:-1]) + x[0] ** 3


def test_code_differentiated_again():
    x = np.array([0.5, -1.5, 2.0, 0.25])
    h = sd.hessian(hessian_target)(x)
    eps = 1e-5
    for k in range(4):
        e = np.zeros(4)
        e[k] = eps
        column = (sd.grad(hessian_target)(x + e) - sd.grad(hessian_target)(x - e)) / (2 * eps)
        assert_close(h[:, k], column, rtol=1e-5, atol=1e-6)


def test_verify_scatter_checks_its_conditions():
    b = np.zeros(3)
    assert verify_scatter(b, slice(1, None), np.ones(2)) is not None
    assert verify_scatter(b, (0,), 1.0) == 1.0
    for bad in ((None, 0, 1.0), (0.5, 0, 1.0), (b, np.array([0, 0]), np.ones(2)),
                (b, 1, 1j), (np.zeros(()), (), 1.0)):
        with pytest.raises(VerificationError):
            verify_scatter(*bad)


def test_verification_catches_a_wrong_mark(monkeypatch):
    """A mutant that marks an index array as basic: ``b_x[idx] += g`` adds once at a
    repeated position where index_add adds twice (a wrong gradient): verification mode
    raises where the lowered statement runs."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)  # (make verify: the mutant runs plain)
    monkeypatch.setattr(Contributions, "basic_index", lambda self, index: True)
    args = (np.array([0.5, -1.5, 2.0, 0.25]), np.array([0, 2, 0, 3]))
    wrong = sd.grad(picked_by_the_mutant, wrt=0)(*args)  # (a function no test compiled)
    assert not np.allclose(wrong, numeric_grad(picked_by_the_mutant, args, 0), atol=1e-6)
    with pytest.raises(VerificationError, match="basic"):
        sd.grad(picked_by_the_mutant, wrt=0, verify=True)(*args)


def picked_by_the_mutant(x, idx):
    return np.sum(x[idx] * x[idx]) + np.sum(x[1:] * x[:-1])


def new_axis(x, w):
    return np.sum(x[None, 1:] * w) + np.sum(x[:-1] ** 2)


def test_a_new_axis_keeps_the_call():
    """``b_x[None, 1:] += g`` would do for NumPy; an array-API array cannot be stored into
    through a new axis (its index_add leaves them out), and the code is the same for both."""
    args = (np.array([0.5, -1.5, 2.0, 0.25]), np.array([[1.0, 0.3, -0.7]]))
    src = sd.source(new_axis, wrt=0, args=args)
    assert "index_add(b_x, x, (None, slice(1, None, None))" in src, src
    check(new_axis, args, 0)
