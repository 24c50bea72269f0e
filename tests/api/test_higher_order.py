"""Second order (SPEC §2): grad of grad, hvp, hessian, jacobian.

Oracles: finite differences of the original function (second differences,
or central differences of a finite-difference gradient) and closed forms;
never srcdiff itself.
"""

import copy

import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from fd import assert_close, numeric_grad, total
from srcdiff.api import higher
from tangents import random_like

SCALAR = [c for c in CASES if "scalar" in c.tags]

# generated gradient code that another stage cannot differentiate yet; each entry names
# the missing piece (see the report of issue 7)
KNOWN_GAPS = {  # case -> (which tests, why)
}


def _gap(case, test):
    which, reason = KNOWN_GAPS.get(case.name, (None, None))
    if which != test:
        return pytest.param(case, id=case.name)
    return pytest.param(case, marks=pytest.mark.xfail(reason=reason, strict=True), id=case.name)


def _positions(case):
    return [case.wrt] if isinstance(case.wrt, int) else list(case.wrt)


def second_difference(f, args, k, h=1e-4):
    """d2/dx_k2 of sum(f(args)), a scalar x_k."""
    def at(e):
        a = list(args)
        a[k] = a[k] + e
        return total(f(*a))
    return (at(h) - 2.0 * at(0.0) + at(-h)) / (h * h)


# ------------------------------------------------------------ grad of grad (scalars)


@pytest.mark.parametrize("case", [_gap(c, "grad") for c in SCALAR])
def test_grad_of_grad(case):
    for k in _positions(case):
        got = sd.grad(sd.grad(case.fn, wrt=k), wrt=k,
                      unconnected_gradients="zero")(*case.args)
        assert_close(got, second_difference(case.fn, case.args, k), rtol=1e-4, atol=1e-4,
                     what=f"d2/d{k}2")


@pytest.mark.parametrize("case", [_gap(c, "grad") for c in SCALAR])
def test_grad_of_grad_composed_in_higher(case):
    """The same through srcdiff.higher.grad (what sd.grad delegates to for transforms)."""
    for k in _positions(case):
        got = higher.grad(sd.grad(case.fn, wrt=k), wrt=k,
                           unconnected_gradients="zero")(*case.args)
        assert_close(got, second_difference(case.fn, case.args, k), rtol=1e-4, atol=1e-4)


def mixed(a, b):
    return np.sin(a * b) + a * a * b


def test_mixed_partial_and_grad_ys():
    a, b = 0.3, 1.7
    d2 = np.cos(a * b) - a * b * np.sin(a * b) + 2.0 * a  # d/db d/da
    assert higher.grad(sd.grad(mixed, wrt=0), wrt=1)(a, b) == pytest.approx(d2)
    assert higher.grad(sd.grad(mixed, wrt=0), wrt=1)(a, b, grad_ys=3.0) == pytest.approx(3 * d2)
    # the inner gradient's own cotangent is scaled too
    g = higher.grad(sd.grad(mixed, wrt=0), wrt=1)
    assert g(a, b) == pytest.approx(d2)


def test_value_and_grad_of_grad_and_tuple_inner():
    a, b = 0.3, 1.7
    first = np.cos(a * b) * b + 2.0 * a * b  # d/da
    faa = -np.sin(a * b) * b * b + 2.0 * b
    fab = np.cos(a * b) - a * b * np.sin(a * b) + 2.0 * a
    value, second = higher.value_and_grad(sd.grad(mixed, wrt=0))(a, b)
    assert value == pytest.approx(first) and second == pytest.approx(faa)
    # the inner gradient is a tuple: the outer one differentiates the sum of its entries
    assert higher.grad(sd.grad(mixed, wrt=(0, 1)), wrt=0)(a, b) == pytest.approx(faa + fab)


def test_scalar_hessian_and_jacobian_are_floats():
    assert sd.hessian(mixed)(0.3, 1.7) == pytest.approx(-np.sin(0.51) * 1.7 ** 2 + 3.4)
    assert isinstance(sd.jacobian(mixed)(0.3, 1.7), float)


def cubic_loop(a):
    x = a
    for i in range(3):
        x = x * a
    return x


def test_grad_of_grad_through_a_loop():
    # reverse over reverse cannot follow the stack yet; the same number comes from
    # forward over reverse (second derivatives commute)
    assert higher.grad(sd.grad(cubic_loop))(1.3) == pytest.approx(12 * 1.3 ** 2)


def test_third_order_without_loops():
    def f(a):
        return a * a * a * a
    got = higher.grad(higher.grad(sd.grad(f)))(1.5)
    assert got == pytest.approx(24 * 1.5)


# ------------------------------------------------------------ hvp (forward over reverse)


@pytest.mark.parametrize("case", [_gap(c, "hvp") for c in SCALAR])
def test_hvp_scalar(case):
    for k in _positions(case):
        got = sd.hvp(case.fn, wrt=k)(*case.args, vector=1.0)
        assert_close(got, second_difference(case.fn, case.args, k), rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("case", [_gap(c, "hvp") for c in CASES if "scalar" not in c.tags])
def test_hvp_corpus(case):
    """H v against central differences (along v) of a finite-difference gradient."""
    rng = np.random.default_rng(3)
    for k in _positions(case):
        v = random_like(case.args[k], rng)
        got = sd.hvp(case.fn, wrt=k)(*copy.deepcopy(list(case.args)), vector=v)
        eps = 1e-4

        def grad_at(e):
            args = copy.deepcopy(list(case.args))
            args[k] = _moved(args[k], v, e)
            return numeric_grad(case.fn, args, k, eps=1e-5)

        expected = _combine(grad_at(eps), grad_at(-eps), lambda p, m: (p - m) / (2 * eps))
        assert_close(got, expected, rtol=1e-4, atol=1e-4, what="hvp")


def _moved(x, t, e):
    if isinstance(x, dict):
        return {k: _moved(x[k], t[k], e) for k in x}
    if isinstance(x, (list, tuple)):
        return type(x)(_moved(a, b, e) for a, b in zip(x, t))
    return x + e * t


def _combine(p, m, op):
    if isinstance(p, dict):
        return {k: _combine(p[k], m[k], op) for k in p}
    if isinstance(p, (list, tuple)):
        return type(p)(_combine(a, b, op) for a, b in zip(p, m))
    return op(np.asarray(p, float), np.asarray(m, float)) if np.ndim(p) else op(p, m)


# ------------------------------------------------------------ hessian, jacobian

A = np.array([[0.5, -1.0, 0.3], [1.2, 0.4, -0.7]])


def tanh_sum(x):
    return np.sum(np.tanh(A @ x))


def softmax(x):
    e = np.exp(x - np.max(x))
    return e / np.sum(e)


def layer(x, w):
    return np.tanh(x @ w)


def recurrent(h, w):
    for t in range(3):
        h = np.tanh(w @ h) + 0.5 * h
    return np.sum(h * h)


def two_outputs(x):
    return x * x, np.sum(np.sin(x))


def fd_hessian(f, x, h=1e-4):
    """Central differences of a central-difference gradient, in float64."""
    n = x.size
    out = np.zeros((n, n))
    for j in range(n):
        e = np.zeros(n)
        e[j] = h
        gp = numeric_grad(f, [(x.ravel() + e).reshape(x.shape)], 0, eps=1e-5).ravel()
        gm = numeric_grad(f, [(x.ravel() - e).reshape(x.shape)], 0, eps=1e-5).ravel()
        out[:, j] = (gp - gm) / (2 * h)
    return out.reshape(x.shape + x.shape)


def fd_jacobian(f, args, k, h=1e-6):
    x = np.asarray(args[k], float)
    y0 = np.asarray(f(*args))
    out = np.zeros(y0.shape + x.shape)
    for idx in np.ndindex(*x.shape):
        a, b = list(args), list(args)
        xp, xm = x.copy(), x.copy()
        xp[idx] += h
        xm[idx] -= h
        a[k], b[k] = xp, xm
        out[(Ellipsis,) + idx] = (np.asarray(f(*a)) - np.asarray(f(*b))) / (2 * h)
    return out


def test_hessian_closed_form_and_finite_differences():
    x = np.array([0.3, -0.8, 1.1])
    H = sd.hessian(tanh_sum)(x)
    t = np.tanh(A @ x)
    closed = A.T @ np.diag(-2.0 * t * (1.0 - t * t)) @ A
    assert H.shape == (3, 3)
    assert_close(H, closed, rtol=1e-10, atol=1e-12)
    assert_close(H, fd_hessian(tanh_sum, x), rtol=1e-4, atol=1e-5)


def test_hessian_through_a_loop():
    h = np.array([0.2, -0.4, 0.9])
    w = np.array([[0.3, -0.2, 0.5], [0.1, 0.4, -0.6], [-0.3, 0.2, 0.1]])
    H = sd.hessian(recurrent)(h, w)
    assert_close(H, fd_hessian(lambda v: recurrent(v, w), h), rtol=1e-4, atol=1e-5)
    Hw = sd.hessian(recurrent, wrt=1)(h, w)
    assert Hw.shape == (3, 3, 3, 3)
    assert_close(Hw, fd_hessian(lambda m: recurrent(h, m), w), rtol=1e-4, atol=1e-5)


def product3(x, y):
    return np.sum(x * y * y)


def test_hessian_blocks_for_a_tuple_wrt():
    x, y = np.array([1.0, 2.0]), np.array([0.5, -1.5])
    (hxx, hxy), (hyx, hyy) = sd.hessian(product3, wrt=(0, 1))(x, y)
    assert_close(hxx, np.zeros((2, 2)))
    assert_close(hxy, np.diag(2 * y))
    assert_close(hyx, np.diag(2 * y))
    assert_close(hyy, np.diag(2 * x))


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_jacobian_softmax(mode):
    x = np.array([0.2, -1.0, 0.7, 1.5])
    J = sd.jacobian(softmax, mode=mode)(x)
    s = softmax(x)
    assert J.shape == (4, 4)
    assert_close(J, np.diag(s) - np.outer(s, s), rtol=1e-10, atol=1e-12)
    assert_close(J, fd_jacobian(softmax, [x], 0), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_jacobian_of_a_matrix_function(mode):
    rng = np.random.default_rng(0)
    x, w = rng.standard_normal((2, 3)), rng.standard_normal((3, 4))
    jx, jw = sd.jacobian(layer, wrt=(0, 1), mode=mode)(x, w)
    assert jx.shape == (2, 4, 2, 3) and jw.shape == (2, 4, 3, 4)
    assert_close(jx, fd_jacobian(layer, [x, w], 0), rtol=1e-5, atol=1e-7)
    assert_close(jw, fd_jacobian(layer, [x, w], 1), rtol=1e-5, atol=1e-7)


def test_jacobian_modes_agree_on_shapes_and_values():
    x = np.array([0.4, -0.3, 1.2])
    for f in (tanh_sum, softmax, two_outputs):
        rev = sd.jacobian(f, mode="reverse")(x)
        fwd = sd.jacobian(f, mode="forward")(x)
        if isinstance(rev, tuple):
            assert [np.shape(r) for r in rev] == [np.shape(r) for r in fwd]
            expected = tuple(fd_jacobian(lambda x, i=i: f(x)[i], [x], 0) for i in range(len(rev)))
        else:
            assert np.shape(rev) == np.shape(fwd)
            expected = fd_jacobian(f, [x], 0)
        assert_close(fwd, rev, rtol=1e-10, atol=1e-12)
        # ... and both right: the two modes agreeing is not enough on its own
        assert_close(rev, expected, rtol=1e-5, atol=1e-7)


def test_jacobian_of_tuple_outputs():
    x = np.array([0.4, -0.3])
    j0, j1 = sd.jacobian(two_outputs)(x)
    assert_close(j0, np.diag(2 * x))
    assert_close(j1, np.cos(x))


def test_hvp_tuple_wrt():
    x, y = np.array([1.0, 2.0]), np.array([0.5, -1.5])
    vx, vy = np.array([1.0, 0.0]), np.array([0.0, 1.0])
    hx, hy = sd.hvp(product3, wrt=(0, 1))(x, y, vector=(vx, vy))
    # H = [[0, diag(2y)], [diag(2y), diag(2x)]]
    assert_close(hx, 2 * y * vy)
    assert_close(hy, 2 * y * vx + 2 * x * vy)


def test_errors():
    with pytest.raises(ValueError, match="mode"):
        sd.jacobian(softmax, mode="sideways")
    with pytest.raises(TypeError, match="vector="):
        sd.hvp(softmax)(np.ones(2))
    with pytest.raises(TypeError, match="container"):
        sd.hessian(lambda p: p)({"a": 1.0})


def append_then_sum(x):
    out = []
    for i in range(3):
        out.append(x * i)
    return sum(out) * x


def test_reverse_over_a_gradient_that_pops_appends_is_refused_and_forward_works():
    # the generated gradient undoes the appends with `out.pop()` (and pushes nothing on
    # _stack: x * i is recomputed): reverse mode over it cannot run (it crashed with "pop
    # from empty list"), so sd.grad of it is forward over reverse, as for a gradient that
    # pushes on _stack; where that is not possible (stop_gradients outside) it is refused
    expected = second_difference(append_then_sum, (1.3,), 0)
    assert_close(sd.grad(sd.grad(append_then_sum))(1.3), expected, rtol=1e-4, atol=1e-4)
    with pytest.raises(sd.SrcdiffError, match=r"undoes a list's appends.*\n(.*\n)*hint: use "
                                              r"sd.hvp\(f\) or sd.hessian\(f\) \(forward over"):
        sd.grad(sd.grad(append_then_sum), stop_gradients=("out",))(1.3)
    assert_close(sd.hessian(append_then_sum)(1.3), expected, rtol=1e-4, atol=1e-4)
    assert_close(sd.hvp(append_then_sum)(1.3, vector=1.0), expected, rtol=1e-4, atol=1e-4)


def slice_written_on_some_trips(x):
    y = np.zeros_like(x)
    for i in range(len(x)):
        if i % 2 == 0:
            y[i:i + 2] = x[i:i + 2] * (i + 1.0)
    return np.sum(y * x)


def test_hessian_through_a_slice_of_a_saved_bound():
    # the gradient's `index_add(None, x, slice(i, add1, None), g)` reads `add1` back from
    # the stack, which forward mode cannot tell from a float: `slice` had no derivative
    # rule, and the Hessian was refused (naming a line of the generated code)
    x = np.array([0.3, -0.7, 1.2, 0.4])
    expected = fd_hessian(slice_written_on_some_trips, x)
    assert_close(sd.hessian(slice_written_on_some_trips)(x), expected, rtol=1e-4, atol=1e-5)
    assert_close(sd.hvp(slice_written_on_some_trips)(x, vector=np.ones(4)), expected.sum(1),
                 rtol=1e-4, atol=1e-5)


def _cubic(x):
    return np.sum(np.sin(x) * x * x)


def _cubic_gradient(x):  # by hand
    return np.cos(x) * x * x + 2.0 * x * np.sin(x)


def test_vjp_of_a_gradient_pulls_back_through_its_generated_code():
    # sd.vjp(sd.grad(f)) raised "this transform does not compose" (a TypeError) while
    # sd.grad(sd.grad(f)) works: each pullback is the Hessian times the cotangent
    x = np.array([0.3, -0.7, 1.1])
    value, pullback = sd.vjp(sd.grad(_cubic))(x)
    assert_close(value, _cubic_gradient(x))
    hessian = np.array([numeric_grad(lambda z: _cubic_gradient(z)[i], (x,), 0)
                        for i in range(3)])
    for ct in (np.ones(3), np.array([2.0, -1.0, 0.5])):  # several pullbacks, one point
        assert_close(pullback(ct), hessian.T @ ct)
    with pytest.raises(sd.SrcdiffError, match="cannot be differentiated again"):
        sd.grad(sd.vjp(sd.grad(_cubic)))(x)  # (not the Hessian's sum: a vjp is opaque)


@pytest.mark.parametrize("make", [
    lambda: sd.jvp(_cubic), lambda: sd.hvp(_cubic), lambda: sd.hessian(_cubic),
    lambda: sd.jacobian(_cubic), lambda: sd.vjp(_cubic)], ids=[
    "jvp", "hvp", "hessian", "jacobian", "vjp"])
def test_transforms_of_opaque_results_are_refused_by_name(make):
    # sd.grad(sd.jvp(f)) said "cannot read the source of '_cubic': it is not a Python
    # function"; now a SrcdiffError naming the transform whose result it is
    for outer in (sd.grad, sd.jvp, sd.vjp):
        with pytest.raises(sd.SrcdiffError, match=r"the result of sd\.\w+.* cannot be "
                                                  "differentiated again"):
            outer(make())


def test_hessian_of_a_transform_is_a_srcdiff_error():
    with pytest.raises(sd.SrcdiffError, match="take a function, not a transform"):
        sd.hessian(sd.grad(_cubic))
    with pytest.raises(TypeError):  # (also a TypeError, as it was)
        sd.hvp(sd.grad(_cubic))


def _nested_outputs(x):
    return x * 2.0, [np.sin(x), 2.0]


def _dict_output(x):
    return {"a": x * 2.0}


@pytest.mark.parametrize("mode", ("reverse", "forward"))
def test_jacobian_of_nested_or_dict_outputs_is_refused_by_name(mode):
    # it crashed in NumPy (np.shape of a ragged list: "inhomogeneous shape") or with
    # "'float' object is not subscriptable"
    x = np.array([0.3, -0.5])
    for f in (_nested_outputs, _dict_output):
        with pytest.raises(TypeError, match="jacobian: the function returns a dict, or a "
                                            "list or tuple with a container inside"):
            sd.jacobian(f, mode=mode)(x)
