"""Every transform takes values and derivatives at the arguments as passed, and leaves them so.

A function that writes into an argument (``x[0] = ...``) used to be run on the
caller's arrays by ``sd.vjp`` and ``sd.jacobian(mode="reverse")``, which then
differentiated at the changed point; ``sd.jvp`` (and so the forward Jacobian)
changed the caller's arrays, and ``value_and_grad`` returned outputs that its
own backward sweep had restored in place. The oracle is always the function
run on fresh copies: its value, and central differences (tests/support/fd.py).
"""

import copy

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad


def writes_argument(x):
    x[0] = x[0] * 2.0
    x[1] += x[0]
    return np.sin(x)


def writes_argument_scalar(x):
    x[0] = x[0] * 2.0
    x[1] += x[0]
    return np.sum(np.sin(x) * x)


def returns_written_argument(x):
    x[0] = x[0] * 2.0
    x[1] += x[0]
    return x


def returns_restored_local(x):
    t = x * 1.0
    t[0] = 5.0
    return t, np.sum(t * x)


def returns_appended_list(x):
    out = []
    for i in range(3):
        out.append(x[i] * x[i])
    out[0] = out[1] * 2.0
    return out


def writes_inactive_argument(x, y):
    x[0] = 2.0
    return np.sum(y * y * x)


def writes_list_argument(xs):
    xs.append(xs[0] * 2.0)
    xs[0] = xs[1] * 3.0
    return xs[0] * xs[-1]


def pops_list_argument(xs):
    last = xs.pop()
    return last * xs[0]


def writes_dict_entry(p, x):
    p["w"] = p["w"] * 2.0
    return np.sum(np.tanh(p["w"] * x))


X = np.array([0.3, 0.5, 0.7])


def fresh():
    return X.copy()


def on_copies(f):
    """The oracle: ``f`` on fresh copies of its arguments."""
    return lambda *a: f(*copy.deepcopy(a))


def jacobian_fd(f, x):
    """d f(x)[i] / d x[j] by central differences (f on copies)."""
    g = on_copies(f)
    cols = []
    for j in range(x.size):
        e = np.zeros_like(x)
        e[j] = 1e-6
        cols.append((np.asarray(g(x + e)) - np.asarray(g(x - e))) / 2e-6)
    return np.stack(cols, axis=-1)


def test_vjp_of_a_function_writing_its_argument():
    x = fresh()
    value, pullback = sd.vjp(writes_argument)(x)
    np.testing.assert_array_equal(x, X)
    assert_close(value, writes_argument(fresh()))
    assert_close(pullback(np.ones(3)), numeric_grad(on_copies(writes_argument), [X], 0))
    # a pullback is taken at the point of the vjp call, however often it runs
    c = np.array([0.5, -1.0, 2.0])
    expected = c @ jacobian_fd(writes_argument, X)
    assert_close(pullback(c), expected, rtol=1e-5)
    assert_close(pullback(c), expected, rtol=1e-5)
    np.testing.assert_array_equal(x, X)


def test_vjp_point_is_fixed_when_the_caller_changes_the_array_later():
    x = fresh()
    _, pullback = sd.vjp(writes_argument)(x)
    x[:] = 9.0
    assert_close(pullback(np.ones(3)), numeric_grad(on_copies(writes_argument), [X], 0))


@pytest.mark.parametrize("mode", ["reverse", "forward"])
def test_jacobian_of_a_function_writing_its_argument(mode):
    x = fresh()
    jac = sd.jacobian(writes_argument, mode=mode)(x)
    np.testing.assert_array_equal(x, X)
    assert_close(jac, jacobian_fd(writes_argument, X), rtol=1e-5)


def test_jvp_leaves_the_argument_and_is_right():
    x = fresh()
    t = np.array([1.0, -2.0, 0.5])
    value, tangent = sd.jvp(writes_argument)(x, tangents=t)
    np.testing.assert_array_equal(x, X)
    assert_close(value, writes_argument(fresh()))
    assert_close(tangent, jacobian_fd(writes_argument, X) @ t, rtol=1e-5)


def test_grad_value_and_grad_and_decorator():
    expected = numeric_grad(on_copies(writes_argument), [X], 0)
    for run in (sd.grad(writes_argument), lambda x: sd.value_and_grad(writes_argument)(x)[1],
                sd.differentiate(writes_argument).grad,
                lambda x: sd.differentiate(writes_argument).vjp(x)[1](np.ones(3))):
        x = fresh()
        assert_close(run(x), expected)
        np.testing.assert_array_equal(x, X)
    x = fresh()
    value, _ = sd.value_and_grad(writes_argument)(x)
    assert_close(value, writes_argument(fresh()))


def test_second_order_of_a_function_writing_its_argument():
    g = sd.grad(writes_argument_scalar)
    H = np.array([numeric_grad(lambda y, i=i: g(y.copy())[i], [X], 0) for i in range(3)])
    v = np.array([1.0, 2.0, -1.0])
    for name, run, expected in [
            ("hvp", lambda x: sd.hvp(writes_argument_scalar)(x, vector=v), H @ v),
            ("hessian", sd.hessian(writes_argument_scalar), H),
            ("grad of grad", sd.grad(sd.grad(writes_argument_scalar)), H.sum(axis=0)),
            ("jacobian of grad", sd.jacobian(g), H)]:
        x = fresh()
        assert_close(run(x), expected, rtol=1e-4, atol=1e-5, what=name)
        np.testing.assert_array_equal(x, X)


def test_value_and_grad_value_is_the_returned_argument():
    x = fresh()
    value, grad = sd.value_and_grad(returns_written_argument)(x)
    np.testing.assert_array_equal(x, X)
    assert_close(value, returns_written_argument(fresh()))
    assert_close(grad, numeric_grad(on_copies(returns_written_argument), [X], 0))


def test_value_and_grad_value_of_an_output_the_sweep_restores():
    value, grad = sd.value_and_grad(returns_restored_local)(fresh())
    expected = returns_restored_local(fresh())
    assert_close(value[0], expected[0])
    assert value[1] == pytest.approx(expected[1])
    assert_close(grad, numeric_grad(returns_restored_local, [X], 0))


def test_value_and_grad_value_of_a_list_the_sweep_pops():
    value, grad = sd.value_and_grad(returns_appended_list)(fresh())
    assert_close(value, returns_appended_list(fresh()))
    assert_close(grad, numeric_grad(returns_appended_list, [X], 0))


def test_argument_written_but_not_needed_by_the_sweep_is_left_alone():
    x, y = np.array([1.0, 3.0]), np.array([3.0, 4.0])
    for run in (lambda: sd.grad(writes_inactive_argument, 1)(x, y),
                lambda: sd.jvp(writes_inactive_argument, 1)(x, y, tangents=np.ones(2)),
                lambda: sd.hvp(writes_inactive_argument, 1)(x, y, vector=np.ones(2))):
        run()
        np.testing.assert_array_equal(x, [1.0, 3.0])
    assert_close(sd.grad(writes_inactive_argument, 1)(x, y),
                 numeric_grad(on_copies(writes_inactive_argument), [x, y], 1))


def test_list_arguments_are_left_as_passed():
    xs = [1.5, 2.0]
    assert_close(sd.grad(writes_list_argument)(xs),
                 numeric_grad(on_copies(writes_list_argument), [[1.5, 2.0]], 0))
    value, tangent = sd.jvp(writes_list_argument)(xs, tangents=[1.0, 0.0])
    assert xs == [1.5, 2.0]
    assert value == writes_list_argument([1.5, 2.0])
    assert tangent == pytest.approx(6.0 * 2.0)  # the value is 3 x1 * 2 x0
    value, tangent = sd.jvp(pops_list_argument)(xs, tangents=[1.0, 0.0])
    assert xs == [1.5, 2.0] and value == 3.0 and tangent == 2.0


def test_dict_argument_and_optimizer():
    p = {"w": np.array([0.5, -1.0])}
    x = np.array([1.0, 2.0])
    expected = numeric_grad(on_copies(writes_dict_entry), [{"w": np.array([0.5, -1.0])}, x], 0)
    assert_close(sd.grad(writes_dict_entry)(p, x), expected)
    np.testing.assert_array_equal(p["w"], [0.5, -1.0])
    opt = sd.optimizers.GradientDescent(0.1)
    loss = opt.minimize(writes_dict_entry, p, x)
    assert loss == pytest.approx(writes_dict_entry({"w": np.array([0.5, -1.0])}, x))
    assert_close(p["w"], np.array([0.5, -1.0]) - 0.1 * expected["w"])


def test_check_grads_evaluates_on_copies():
    def increments_constant(x, c):
        c[0] += 1.0
        return x * c[0]

    x, c = np.array([0.3, 0.5]), np.array([1.0, 2.0])
    sd.check_grads(increments_constant, x, c, wrt=0, modes=("rev", "fwd"))
    sd.check_grads(writes_argument, X, modes=("rev", "fwd"), order=2)
    np.testing.assert_array_equal(c, [1.0, 2.0])


def writes_first_reads_last(x, c, y):
    x[0] = 5.0
    return np.sum(y * c) + x[1]


def test_two_arguments_that_are_one_array_are_refused():
    # f(x, c, x): the write into x would be seen through y. The derivative reads each argument
    # as an array of its own, which held for this constant store but not for `x *= 2`,
    # `x[0] = c[0] * 3` or `x += c` (silent wrong gradients before session 40): such a call
    # is refused (tests/soundness/test_arguments_sharing_memory.py); separate arrays are not
    x, c = np.array([1.0, 2.0]), np.array([0.5, 0.25])
    with pytest.raises(sd.SrcdiffError, match="argument 'x' shares memory with argument 'y'"):
        sd.grad(writes_first_reads_last, 1)(x, c, x)
    np.testing.assert_array_equal(x, [1.0, 2.0])

    def oracle(cc):
        return writes_first_reads_last(x.copy(), cc, x.copy())

    expected = numeric_grad(oracle, [c], 0)
    assert_close(expected, np.array([1.0, 2.0]))
    assert_close(sd.grad(writes_first_reads_last, 1)(x, c, x.copy()), expected)
    np.testing.assert_array_equal(x, [1.0, 2.0])
