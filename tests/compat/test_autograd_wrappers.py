"""autograd's tests/test_wrappers.py, in srcdiff's words.

autograd's wrappers (value_and_grad, hessian, multigrad, elementwise_grad,
hessian_vector_product, vector_jacobian_product, grad_and_aux, checkpoint,
partial) map to srcdiff's transforms: sd.value_and_grad, sd.hessian, sd.grad
with a tuple ``wrt``, sd.jvp with a ones tangent, sd.hvp, sd.vjp / sd.jacobian,
``has_aux=True``, ``checkpoint=``. Each result is compared with central finite
differences or a closed form, and the functions are checked in every mode
(tests/support/check_modes.py), ``*args`` and ``functools.partial`` included.
"""

from functools import partial

import numpy as np

import srcdiff as sd
from check_modes import R, check
from fd import assert_close, numeric_grad, numeric_jvp


def power(x):
    return 3.0 * x ** 3.2


def test_return_both():
    f, d = sd.value_and_grad(power)(1.7)
    assert f == power(1.7)
    assert d == sd.grad(power)(1.7)
    check(power, 1.7)


def sin_sq(x):
    return np.sum(np.sin(x) ** 2)


def test_value_and_grad():
    x = R(5)
    value, g = sd.value_and_grad(sin_sq)(x)
    assert_close(value, sin_sq(x), rtol=1e-14, atol=0.0)
    assert_close(g, sd.grad(sin_sq)(x), rtol=1e-14, atol=0.0)
    assert_close(g, numeric_grad(sin_sq, (x,), 0))


H = np.random.default_rng(7).standard_normal((4, 4))


def quadratic(x):
    return np.dot(np.dot(x, H), x)


def test_hessian():
    x = R(4)
    assert_close(sd.hessian(quadratic)(x), H + H.T, rtol=1e-12, atol=1e-12)
    check(quadratic, x)


def complicated_fun(a, b, c, d, e, f=1.1, g=9.0):
    return a + np.sin(b) + np.cosh(c) + np.cos(d) + np.tan(e) + f + g


def test_multigrad():
    args = (0.5, -0.3, 0.2, -1.1, 0.7)
    exact = sd.grad(complicated_fun, wrt=(3, 1))(*args, f=0.6, g=-0.1)
    numeric = (numeric_grad(complicated_fun, args, 3, kwargs=dict(f=0.6, g=-0.1)),
               numeric_grad(complicated_fun, args, 1, kwargs=dict(f=0.6, g=-0.1)))
    assert_close(exact, numeric)
    check(complicated_fun, *args)


def two_args(x, y):
    return np.sum(x + np.sin(y))


def packed(xy):
    return np.sum(xy[0] + np.sin(xy[1]))


def test_multigrad_onearg():
    a, b = R(3), R(3)
    assert_close(sd.grad(two_args, wrt=(0, 1))(a, b), tuple(sd.grad(packed)((a, b))))
    check(two_args, a, b)
    check(packed, (a, b))


def simple_fun(a):
    return a + np.sin(a) + np.cosh(a)


def test_elementwise_grad():
    """autograd's elementwise_grad is the forward derivative along ones."""
    a = R(6)
    _, exact = sd.jvp(simple_fun)(a, tangents=np.ones(6))
    assert_close(exact, 1.0 + np.cos(a) + np.sinh(a))
    assert_close(exact, numeric_jvp(simple_fun, (a,), (0,), (np.ones(6),)))
    check(simple_fun, a)


def simple_fun2(a, b):
    return a + np.sin(a) + np.cosh(b)


def test_elementwise_grad_multiple_args():
    a, b = 0.9, R(6)
    _, exact = sd.jvp(simple_fun2, wrt=1)(a, b, tangents=np.ones(6))
    assert_close(exact, np.sinh(b))
    check(simple_fun2, a, b)


def sum_sin(a):
    return np.sum(np.sin(a))


def test_hessian_vector_product():
    a, v = R(5), R(5)
    hess = sd.hessian(sum_sin)(a)
    assert_close(sd.hvp(sum_sin)(a, vector=v), np.dot(hess, v))
    assert_close(hess, np.diag(-np.sin(a)), rtol=1e-12, atol=1e-12)


def test_hessian_matrix_product():
    a, v = R(3, 2), R(3, 2)
    hess = sd.hessian(sum_sin)(a)
    assert_close(sd.hvp(sum_sin)(a, vector=v), np.tensordot(hess, v))
    check(sum_sin, a)


def test_hessian_tensor_product():
    a, v = R(3, 2, 2), R(3, 2, 2)
    hess = sd.hessian(sum_sin)(a)
    assert_close(sd.hvp(sum_sin)(a, vector=v), np.tensordot(hess, v, axes=np.ndim(v)))


def rolled_sin(a):
    return np.roll(np.sin(a), 1)


def test_vector_jacobian_product():
    a, v = R(5), R(5)
    jac = sd.jacobian(rolled_sin)(a)
    _, pullback = sd.vjp(rolled_sin)(a)
    assert_close(pullback(v), np.dot(v.T, jac))
    assert_close(jac, sd.jacobian(rolled_sin, mode="forward")(a))
    check(rolled_sin, a)


def test_matrix_jacobian_product():
    a, v = R(3, 2), R(3, 2)
    jac = sd.jacobian(rolled_sin)(a)
    _, pullback = sd.vjp(rolled_sin)(a)
    assert_close(pullback(v), np.tensordot(v, jac))
    check(rolled_sin, a)


def test_tensor_jacobian_product():
    a, v = R(3, 2, 2), R(3, 2, 2)
    jac = sd.jacobian(rolled_sin)(a)
    _, pullback = sd.vjp(rolled_sin)(a)
    assert_close(pullback(v), np.tensordot(v, jac, axes=np.ndim(v)))


def test_deprecated_defgrad_wrapper():
    """autograd's primitive with hand-written gradients: sd.custom_vjp."""
    @sd.custom_vjp
    def new_mul(x, y):
        return x * y

    @new_mul.defvjp
    def _(g, ans, x, y):
        return y * g, x * g

    def fun(x, y):
        return np.sum(np.sin(new_mul(x, y)))

    a, b = R(2, 2), R(2, 2)
    assert_close(sd.grad(fun, wrt=(0, 1))(a, b),
                 (numeric_grad(fun, (a, b), 0), numeric_grad(fun, (a, b), 1)))


def first_of(x, y):
    return x * np.sin(y)


def test_partial():
    fun = partial(first_of, y=1.0)
    assert_close(sd.grad(fun)(0.4), numeric_grad(fun, (0.4,), 0))
    check(fun, 0.4, modes=("rev",))


def test_partial_forward_and_second_order():
    check(partial(first_of, y=1.0), 0.4, modes=("fwd", "rev-rev", "fwd-rev"))


def sum_sq(x):
    return np.sum(x ** 2)


def test_dtypes():
    y = R(4, 4).astype(np.float32)
    g = sd.grad(sum_sq)(y)
    assert g.dtype == np.float32
    assert_close(g, 2.0 * y, rtol=1e-6, atol=1e-6)


def bar(x, y):
    return 2 * x + y + 5


def foo(x):
    return bar(x, x / 3.0) + bar(x, x ** 2)


def looped(x):
    for _ in range(6):
        x = np.sin(x ** 2 + 1.0)
    return np.sum(x)


def test_checkpoint_correctness():
    """autograd's checkpoint: the same gradient, recomputing instead of storing."""
    assert_close(sd.grad(foo)(3.0), numeric_grad(foo, (3.0,), 0))
    check(foo, 3.0)
    check(looped, R(3) * 0.3)


def test_checkpoint_option():
    x = R(3) * 0.3
    for how in ("sqrt", "binomial", 2):
        assert_close(sd.grad(looped, checkpoint=how)(x), numeric_grad(looped, (x,), 0))


def baz(*args):
    return sum(args)


def foobaz(x):
    return baz(x, x / 3.0)


def test_checkpoint_correctness_varargs():
    check(foobaz, 3.0)


def loss_with_aux(x):
    y = np.sin(x)
    return np.sum(y ** 2), y


def test_grad_and_aux():
    x = R(4)
    (value, aux), g = sd.value_and_grad(loss_with_aux, has_aux=True)(x)
    assert_close(value, np.sum(np.sin(x) ** 2), rtol=1e-14, atol=0.0)
    assert_close(aux, np.sin(x), rtol=1e-14, atol=0.0)
    assert_close(g, numeric_grad(lambda v: loss_with_aux(v)[0], (x,), 0))
