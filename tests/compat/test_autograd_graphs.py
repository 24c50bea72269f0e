"""autograd's tests/test_graphs.py, in srcdiff's words.

Fan-out, outputs that mutate, complex intermediates, singleton outputs and
higher derivatives (``grad`` of ``grad`` of ``grad``), checked in reverse mode,
forward mode and to second order against central finite differences
(tests/support/check_modes.py). A srcdiff gradient is itself a function that
``check`` differentiates again: checking ``sd.grad(f)`` to second order checks
f's third derivatives. Cases calling a derivative inside a differentiated
function take it made once at module level (a derivative made inside, closing
over the function's variables, is refused: marked as a limitation).
"""

import numpy as np
import pytest

import srcdiff as sd
from check_modes import R, U, check
from fd import assert_close, numeric_grad

# a transform is differentiated by sd.grad / sd.jvp; sd.hvp takes plain functions only
ON_TRANSFORMS = ("rev", "fwd", "rev-rev")


def fanout(x):
    return np.sin(np.sin(x) + np.sin(x))


def test_grad_fanout():
    check(fanout, R())
    check(sd.grad(fanout), U(0.0, 1.0), modes=ON_TRANSFORMS)


def const(x):
    return 1.0


def test_grad_const():
    assert sd.grad(const)(2.0) is None
    assert sd.grad(const, unconnected_gradients="zero")(2.0) == 0.0
    assert sd.jvp(const)(2.0, tangents=1.0) == (1.0, 0.0)


def identity(x):
    return x


def test_grad_identity():
    df = sd.grad(identity)
    ddf = sd.grad(df)
    assert df(2.0) == 1.0
    assert ddf(2.0) in (0.0, None)
    check(identity, 2.0)


RANDV = np.random.default_rng(3).standard_normal(4)


def dot_sin(x):
    return np.sin(np.dot(x, RANDV))


d_dot_sin = sd.grad(dot_sin)


def vector_product(x, v):
    return np.sin(np.dot(v, d_dot_sin(x)))


def test_hess_vector_prod():
    a, v = R(4), R(4)
    check(dot_sin, a)
    hv = sd.hvp(dot_sin)(a, vector=v)
    # H = -sin(a.r) r r^T, by hand
    assert_close(hv, -np.sin(np.dot(a, RANDV)) * RANDV * np.dot(RANDV, v))


def test_hess_vector_prod_nested():
    check(vector_product, R(4), R(4))


def enclosing_scope_ref(x):
    def inner_fun(y):
        return x * y

    return x * sd.grad(inner_fun)(2.0)


def enclosing_scope_ref_2(x):
    def inner_fun(y):
        return y * x

    return x * sd.grad(inner_fun)(2.0)


# the same derivatives with the enclosing variable passed as an argument: the form
# srcdiff takes (a derivative made inside may close over the function's own variables)
d_times = sd.grad(lambda y, x: x * y)
d_times_2 = sd.grad(lambda y, x: y * x)


def enclosing_scope_as_argument(x):
    return x * d_times(2.0, x)


def enclosing_scope_as_argument_2(x):
    return x * d_times_2(2.0, x)


# LIMITATION: a derivative made inside the differentiated function may close over its
# variables (perturbation confusion); srcdiff refuses it, naming the line
@pytest.mark.parametrize("fn", [enclosing_scope_ref, enclosing_scope_ref_2],
                         ids=["enclosing_scope_ref", "enclosing_scope_ref_2"])
def test_enclosing_scope_ref_is_refused(fn):
    with pytest.raises(sd.SrcdiffError, match=r"test_autograd_graphs\.py:\d+:\d+: error: "):
        sd.grad(fn)(1.0)


def test_enclosing_scope_ref_as_argument():
    check(enclosing_scope_as_argument, 1.0)


def test_enclosing_scope_ref_2_as_argument():
    check(enclosing_scope_as_argument_2, 1.0)


def to_scalar(x):
    return np.sum(np.real(np.sin(x)))


def mutating_outgrad(a):
    b = a + 1.0
    c = b + 1.5
    d = a + b
    e = d + c
    return to_scalar(e)


def test_mutating_outgrad():
    check(mutating_outgrad, R(5))


def mutating_outgrad_from_indexing(a):
    b = a + 1.0
    c = b[0] + 1.5
    d = a + b
    e = d + c
    return to_scalar(e)


def test_mutating_outgrad_from_indexing():
    check(mutating_outgrad_from_indexing, R(5))


def complex_mutating_outgrad_from_indexing(a):
    b = a + 1.0j
    c = b[0] + 1.5
    d = a + b
    e = d + c
    return to_scalar(e)


def test_complex_mutating_outgrad_from_indexing():
    """Complex intermediates of real inputs; second order included (autograd's d_fun)."""
    check(complex_mutating_outgrad_from_indexing, R(5))


def complex_separate_real_and_imaginary(x, y):
    a = x + 0.1j * y  # srcdiff's inputs are real: the complex input as two real arrays
    r, i = np.real(a), np.imag(a)
    a = np.abs(r) ** 1.4 + np.abs(i) ** 1.3
    return to_scalar(a)


def test_complex_separate_real_and_imaginary():
    check(complex_separate_real_and_imaginary, R(3, 2), R(3, 2))


def fanout2(x, y):
    return np.sin(np.sin(x) + np.sin(y))


def test_third_derivative():
    df = sd.grad(fanout)
    ddf = sd.grad(df)
    check(fanout, R())
    check(df, U(0.0, 1.0), modes=ON_TRANSFORMS)
    check(ddf, U(0.0, 1.0), modes=("rev",))


def test_third_derivative_other_args():
    df = sd.grad(fanout2)
    ddf = sd.grad(fanout2, 1)
    dddf = sd.grad(df, 1)
    check(fanout2, R(), R())
    check(df, R(), R(), modes=ON_TRANSFORMS)
    check(ddf, R(), R(), modes=ON_TRANSFORMS)
    check(dddf, R(), R(), modes=("rev",))


def test_third_derivative_other_args2():
    df = sd.grad(fanout2, 1)
    ddf = sd.grad(df)
    check(df, R(), R(), modes=ON_TRANSFORMS)
    check(ddf, R(), R(), modes=("rev",))


def test_third_derivative_three_grads():
    """sd.grad three times against differences of the (checked) second derivative."""
    x = 0.3
    dddf = sd.grad(sd.grad(sd.grad(fanout)))
    expected = numeric_grad(sd.grad(sd.grad(fanout)), (x,), 0)
    assert_close(dddf(x), expected, rtol=1e-5, atol=1e-6)


def singleton_array_output(x):
    return np.sum(np.sin(x), keepdims=True)


def singleton_array_output_axis0(x):
    return np.sum(np.sin(x), axis=0, keepdims=True)


def singleton_array_output_axis1(x):
    return np.sum(np.sin(x), axis=1, keepdims=True)


def singleton_array_output_axis0_squeezed(x):
    return np.sum(np.sin(x), axis=0, keepdims=False)


def singleton_array_output_axis1_squeezed(x):
    return np.sum(np.sin(x), axis=1, keepdims=False)


def test_singleton_array_output():
    check(singleton_array_output, R(3, 3))
    check(sd.grad(singleton_array_output), R(3, 3), modes=ON_TRANSFORMS)


def test_singleton_array_output_axis0():
    check(singleton_array_output_axis0, R(3, 1))
    check(sd.grad(singleton_array_output_axis0), R(3, 1), modes=ON_TRANSFORMS)


def test_singleton_array_output_axis1():
    check(singleton_array_output_axis1, R(1, 3))
    check(sd.grad(singleton_array_output_axis1), R(1, 3), modes=ON_TRANSFORMS)


def test_singleton_array_output_axis0_keepdims_false():
    check(singleton_array_output_axis0_squeezed, R(3, 1))
    check(sd.grad(singleton_array_output_axis0_squeezed), R(3, 1), modes=ON_TRANSFORMS)


def test_singleton_array_output_axis1_keepdims_false():
    check(singleton_array_output_axis1_squeezed, R(1, 3))
    check(sd.grad(singleton_array_output_axis1_squeezed), R(1, 3), modes=ON_TRANSFORMS)
