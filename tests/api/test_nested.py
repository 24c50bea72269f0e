"""Nested derivatives: a call of ``sd.grad(g)`` / ``sd.value_and_grad(g)`` inside a
function that is itself differentiated (autograd's ``grad(f)(x)`` inside ``grad``).

The call is differentiated through g's generated gradient, compiled for the call
site's argument facts (api/nested.py). Oracles: central differences of the outer
function (tests/support/fd.py) and closed forms; second order against second
differences or closed forms.
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

# ------------------------------------------------------------------ functions


def g(x):
    return np.sin(x) * x


dg = sd.grad(g)


def times_x(x):
    return dg(x) * x


def fanout(x):
    return dg(x) + dg(2 * x)


def on_vector(v):
    return np.sum(dg(v) * v) + dg(v[0])  # one derivative, two argument kinds


def g2(x, y):
    return np.sum(np.sin(x) * y ** 2)


vg = sd.value_and_grad(g2, (0, 1))


def unpacks(x, y):
    v, d = vg(x, y)
    dx, dy = d
    return v * np.sum(dx) + dy ** 2


def gd(p):
    return p["a"] * np.sum(p["b"] ** 3)


dgd = sd.grad(gd)


def of_a_dict(a, b):
    d = dgd({"a": a, "b": b})
    return np.sum(d["b"] * b) + d["a"] * a


vgd = sd.value_and_grad(gd)


def value_and_grad_of_a_dict(a, b):
    v, d = vgd({"a": a, "b": b})
    return v * d["a"] + np.sum(d["b"] * b)


def quartic(x):
    return x ** 4 + np.sin(x)


dquartic = sd.grad(quartic)
d2quartic = sd.grad(sd.grad(quartic))


def second_inside(x):
    return d2quartic(x)


def first_inside(x):
    return dquartic(x)


d_first_inside = sd.grad(first_inside)


def nested_twice(x):  # autograd's test_third_derivative, written by nesting calls
    return d_first_inside(x)


def in_a_loop(x):
    s = 0.0
    for k in range(3):
        s = s + dquartic(x * k)
    return s


def gp(x, n):
    return x ** n * np.sum(np.ones(n))


dgp = sd.grad(gp)


def integer_argument(x):
    return dgp(x, 3) + dgp(x * x, 2)


dg2_x = sd.grad(g2)  # w.r.t. x only: the outer derivative w.r.t. y is a mixed partial


def mixed_partial(x, y):
    return np.sum(dg2_x(x, y * y) * x)


# the perturbation-confusion test, written as srcdiff takes it: the inner function gets
# the outer variable as an argument, so the derivative includes the dependence through it
d_closure = sd.grad(lambda y, x: x * y ** 2)


def confusion(x):
    return d_closure(x, x)  # = 2 x**2


jvp_g = sd.jvp(g)


def through_jvp(x):
    value, tangent = jvp_g(x, tangents=x)  # the tangent depends on x too
    return value * tangent


jvp_vec = sd.jvp(lambda v, w: np.sin(v) * w, (0, 1))


def through_vector_jvp(v, w):
    value, tangent = jvp_vec(v, w, tangents=(np.ones(3), w))
    return np.sum(value * tangent)


def h(x):
    return np.sum(np.sin(x) ** 2 * x)


hvp_h = sd.hvp(h)


def through_hvp(x):
    return np.sum(hvp_h(x, vector=x * 2.0) * x)


jvp_of_grad = sd.jvp(sd.grad(g))  # g's second derivative along the tangent


def through_jvp_of_grad(x):
    _, second = jvp_of_grad(x, tangents=1.0)
    return second * x


# ------------------------------------------------------------------ oracles


def second_difference(f, x, h=1e-4):
    return (f(x + h) - 2 * f(x) + f(x - h)) / h ** 2


def check_both_modes(f, args):
    wrt = tuple(range(len(args)))
    got = sd.grad(f, wrt)(*args)
    expected = tuple(numeric_grad(f, args, k) for k in wrt)
    assert_close(got, expected)
    for k, e in enumerate(expected):  # forward mode, one argument at a time
        _, t = sd.jvp(f, k)(*args, tangents=np.ones_like(args[k]))
        assert t == pytest.approx(float(np.sum(e)), rel=1e-5, abs=1e-6)


# ------------------------------------------------------------------ tests


@pytest.mark.parametrize("f,args", [
    (times_x, (0.7,)), (fanout, (0.7,)), (on_vector, (np.array([0.3, 0.8, 1.4]),)),
    (unpacks, (np.array([0.3, 0.5]), 1.3)), (of_a_dict, (1.5, np.array([0.2, 0.4]))),
    (in_a_loop, (0.6,)), (integer_argument, (0.7,)), (confusion, (0.9,)),
    (mixed_partial, (np.array([0.3, 0.5]), 1.3)),
    (value_and_grad_of_a_dict, (1.5, np.array([0.2, 0.4]))),
    (through_jvp, (0.7,)), (through_vector_jvp, (np.array([0.3, 0.8, 1.4]), 0.6)),
    (through_hvp, (0.7,)), (through_hvp, (np.array([0.3, 0.8, 1.4]),)),
    (through_jvp_of_grad, (0.7,)),
], ids=lambda v: getattr(v, "__name__", ""))
def test_first_order_matches_finite_differences(f, args):
    check_both_modes(f, args)


def test_closed_forms():
    x = 0.7
    # x * (x cos x + sin x)
    assert sd.grad(times_x)(x) == pytest.approx(3 * x * np.cos(x) - x ** 2 * np.sin(x)
                                                + np.sin(x), rel=1e-12)
    assert sd.grad(confusion)(x) == pytest.approx(4 * x, rel=1e-12)
    assert sd.jvp(confusion)(x, tangents=1.0)[1] == pytest.approx(4 * x, rel=1e-12)
    # x * g2(x) with g = x sin x: g2 = 2 cos x - x sin x, g3 = -3 sin x - x cos x
    expected = 2 * np.cos(x) - x * np.sin(x) + x * (-3 * np.sin(x) - x * np.cos(x))
    assert sd.grad(through_jvp_of_grad)(x) == pytest.approx(expected, rel=1e-12)
    assert sd.jvp(through_jvp_of_grad)(x, tangents=1.0)[1] == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("f", [times_x, fanout, in_a_loop, confusion, through_jvp,
                               through_hvp, through_jvp_of_grad])
def test_second_order_matches_second_differences(f):
    x = 0.7
    expected = second_difference(f, x)
    assert sd.hessian(f)(x) == pytest.approx(expected, rel=1e-5, abs=1e-5)
    assert sd.grad(sd.grad(f))(x) == pytest.approx(expected, rel=1e-5, abs=1e-5)


def test_times_x_second_derivative_closed_form():
    x = 0.7
    expected = 4 * np.cos(x) - 5 * x * np.sin(x) - x ** 2 * np.cos(x)
    assert sd.hessian(times_x)(x) == pytest.approx(expected, rel=1e-10)


def test_third_and_fourth_derivatives_by_nesting():
    x = 0.8
    third = 24 * x - np.cos(x)  # of x**4 + sin x
    fourth = 24 + np.sin(x)
    assert sd.grad(first_inside)(x) == pytest.approx(12 * x ** 2 - np.sin(x), rel=1e-12)
    assert sd.grad(nested_twice)(x) == pytest.approx(third, rel=1e-12)
    assert sd.jvp(nested_twice)(x, tangents=1.0)[1] == pytest.approx(third, rel=1e-12)
    assert sd.grad(second_inside)(x) == pytest.approx(third, rel=1e-12)
    assert sd.grad(sd.grad(nested_twice))(x) == pytest.approx(fourth, rel=1e-10)
    assert sd.hessian(second_inside)(x) == pytest.approx(fourth, rel=1e-10)


def test_reference_pipeline_and_verification_agree():
    x = 0.7
    expected = numeric_grad(fanout, (x,), 0)
    assert_close(sd.grad(fanout, optimize=False)(x), expected)
    assert_close(sd.grad(fanout, verify=True)(x), expected)


def test_the_generated_code_calls_the_inner_gradient_of_the_gradient():
    text = sd.source(times_x, args=(0.7,))
    assert "dg1 = dg(x)" in text  # the primal call stays a call of the derivative
    assert "def grad_grad_g(x, _grad_ys=None, grad_ys=None):" in text


# ------------------------------------------------------------------ refused


def made_inside_from_a_lambda(x):
    return sd.grad(lambda y: x * y ** 2)(x)


def made_inside_then_called(x):
    h = sd.grad(g)
    return h(x)


def gl(x):
    s = x
    for _ in range(3):
        s = np.sin(s) * x
    return s


dgl = sd.grad(gl)


def loop_inside(x):
    return dgl(x) * x


vjp_g = sd.vjp(g)
hg = sd.hessian(g)
jac = sd.jacobian(g)
stopped = sd.grad(g, stop_gradients="x")


def gw(p):
    p[0] = p[0] * 2
    return np.sum(p ** 2)


dgw = sd.grad(gw)


def aux(x):
    return x ** 2, x


vaux = sd.value_and_grad(aux, has_aux=True)


def calls_vjp(x):
    value, pullback = vjp_g(x)
    return value


def calls_hessian(x):
    return hg(x)


def calls_jacobian(x):
    return jac(x)


def calls_stopped(x):
    return stopped(x)


def calls_with_seed(x):
    return dg(x, grad_ys=2.0)


def calls_writer(p):
    return np.sum(dgw(p))


def calls_aux(x):
    return vaux(x)[1]


@pytest.mark.parametrize("f,pattern", [
    (made_inside_from_a_lambda, r"a derivative made inside the differentiated function "
                                r"\(sd\.grad\(\.\.\.\) here\)"),
    (made_inside_then_called, r"a derivative made inside the differentiated function"),
    (calls_vjp, r"vjp_g is a derivative made by srcdiff \(sd\.vjp\).*sd\.grad, "
                r"sd\.value_and_grad, sd\.jvp and sd\.hvp results only"),
    (calls_hessian, r"hg is a derivative made by srcdiff \(Hessian\)"),
    (calls_jacobian, r"jac is a derivative made by srcdiff \(Jacobian\)"),
    (calls_stopped, r"call of a derivative made by srcdiff: it has stop_gradients"),
    (calls_with_seed, r"called with `grad_ys=` inside a differentiated function"),
    (calls_aux, r"it has has_aux=True"),
    (loop_inside, r"pushes values on a stack"),
], ids=lambda v: getattr(v, "__name__", ""))
def test_refused_with_a_located_message(f, pattern):
    for transform in (sd.grad, sd.jvp):
        if f is loop_inside and transform is sd.jvp:
            continue  # forward mode reads the loop's generated code (below)
        with pytest.raises(sd.SrcdiffError, match=pattern) as e:
            if transform is sd.grad:
                transform(f)(0.7)
            else:
                transform(f)(0.7, tangents=1.0)
        assert "test_nested.py:" in str(e.value)  # located at the call in the user's file


def test_writing_helper_is_refused():
    with pytest.raises(sd.SrcdiffError, match=r"'gw' changes its arguments in place") as e:
        sd.grad(calls_writer)(np.ones(2))
    assert "test_nested.py:" in str(e.value)


def test_a_loop_inside_works_in_forward_mode():
    x = 0.7
    _, t = sd.jvp(loop_inside)(x, tangents=1.0)
    assert t == pytest.approx(numeric_grad(loop_inside, (x,), 0), rel=1e-6)


@pytest.mark.parametrize("f,b", [(value_and_grad_of_a_dict, np.array([0.2, 0.4])),
                                 (of_a_dict, np.array([0.2, 0.4])), (unpacks, 1.3)],
                         ids=lambda v: getattr(v, "__name__", ""))
def test_second_order_in_the_first_argument(f, b):
    a = 0.8 if f is not unpacks else np.array([0.3, 0.5])
    if np.ndim(a):  # the Hessian's diagonal along a direction: second differences of f
        v = np.array([1.0, -0.5])
        expected = second_difference(lambda s: f(a + s * v, b), 0.0)
        got = v @ sd.hessian(f, 0)(a, b) @ v
    else:
        expected = second_difference(lambda s: f(s, b), a)
        got = sd.hessian(f, 0)(a, b)
        assert sd.grad(sd.grad(f, 0), 0)(a, b) == pytest.approx(expected, rel=1e-5, abs=1e-5)
    assert got == pytest.approx(expected, rel=1e-5, abs=1e-5)


def ident(x):
    return x


vg_ident = sd.value_and_grad(ident)


def writes_the_value(x):
    v, _ = vg_ident(x)  # v is x itself: writing it writes x
    v[0] = 2.0
    return np.sum(v * x)


def test_a_derivatives_result_may_share_memory_with_its_arguments():
    x = np.array([0.5, 0.7])
    assert vg_ident(x)[0] is x  # (why the check below matters)
    with pytest.raises(sd.SrcdiffError, match=r"`v\[0\] = 2.0` changes an array in place "
                       r"that `x` also refers to") as e:
        sd.grad(writes_the_value)(x)
    assert "test_nested.py:" in str(e.value)
