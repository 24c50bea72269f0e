"""TensorFlow's gradient tests in every mode, and the tf.gradients semantics of
gradients_test.py against closed forms.

The corpus (math_grad_test, array_grad_test, nn_grad_test, linalg_grad_test:
tests/support/tf_grad_corpus.py; control flow: tf_control_flow_corpus.py) goes through
``sd.grad``, ``sd.value_and_grad``, ``optimize=False``, ``sd.jvp`` and ``sd.hvp``
(tests/support/compat_modes.py) against central differences in float64. The semantics
cases (``grad_ys``, ``stop_gradients=``, ``sd.stop_gradient``, ``unconnected_gradients``,
a local variable as ``wrt``, through loops and branches, ``value_and_grad`` and ``vjp``)
are checked against the closed form SPEC.md §1 gives, with and without the optimizer. Run
under ``SRCDIFF_VERIFY=1`` too.
"""

import numpy as np
import pytest

import compat_modes as tm
import srcdiff as sd
import tf_control_flow_corpus as tcf
import tf_grad_corpus as tg

# Nothing in the corpus is refused: every NumPy spelling of TF's tested ops has a rule.
EXPECTED_REFUSALS = {}
TALLY, test_right_or_refused, test_refusal_list_names_corpus_functions = tm.corpus_tests(
    tg.CASES + tcf.CASES, {**tg.WRT, **tcf.WRT}, EXPECTED_REFUSALS)

# ------------------------------------------------------------------ gradients_test semantics

W = np.array([[0.5, -1.5, 2.0], [1.25, 0.75, -0.25]])
X = np.array([[0.3, -0.7, 1.1], [0.9, 0.2, -0.4]])
G = np.array([[1.5, -2.0, 0.25], [3.0, -0.5, 1.0]])


def chain(x):
    a = x * x
    b = np.sin(a)
    c = a * b
    return c + 2.0 * a


def weighted_sin(x):
    return np.sin(x) * W


def two_outputs(x, y):
    return np.sum(x * y), x * W


def stopped_inside(x):
    y = sd.stop_gradient(x * 2.0) * x + x
    return y * W


def unconnected_pair(x, y, n):
    return np.tanh(x) * n


def loop_array_output(x, n):
    h = x
    i = 0
    while i < n:
        h = np.tanh(h) * W
        i += 1
    return h


def branch_array_output(x, flag):
    if flag:
        out = x * x
    else:
        out = np.exp(x)
    return out


def local_reassigned(x):
    t = x * 3.0
    t = t * t
    return np.sum(t * W)


BOTH = pytest.mark.parametrize("optimize", [True, False], ids=["optimized", "reference"])


def close(a, b):
    np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


@BOTH
def test_stop_gradients_names_and_local_wrt(optimize):
    a = X * X
    b = np.sin(a)
    # d(c + 2a)/da with b held: b + 2; with both paths: b + a cos(a) + 2
    close(sd.grad(chain, wrt="a", stop_gradients=("b",), optimize=optimize)(X), b + 2.0)
    close(sd.grad(chain, wrt="a", optimize=optimize)(X), b + a * np.cos(a) + 2.0)
    close(sd.grad(chain, wrt="b", optimize=optimize)(X), a)
    # x reaches the output only through a: stopped there, it is unconnected
    assert sd.grad(chain, stop_gradients=("a",), optimize=optimize)(X) is None
    close(sd.grad(chain, stop_gradients=("a",), unconnected_gradients="zero",
                  optimize=optimize)(X), np.zeros_like(X))
    # b held: dx = (b + 2) * 2x
    close(sd.grad(chain, stop_gradients=("b",), optimize=optimize)(X), (b + 2.0) * 2 * X)


@BOTH
def test_grad_ys_array_and_tuple_outputs(optimize):
    close(sd.grad(weighted_sin, optimize=optimize)(X, grad_ys=G), G * W * np.cos(X))
    y = X[::-1] + 0.5
    gs = (2.5, G)
    gx, gy = sd.grad(two_outputs, wrt=(0, 1), optimize=optimize)(X, y, grad_ys=gs)
    close(gx, 2.5 * y + G * W)
    close(gy, 2.5 * X)


@BOTH
def test_stop_gradient_inside_with_grad_ys(optimize):
    # y = stop(2x) x + x: dy/dx = 2x + 1 (the stopped factor is a constant)
    close(sd.grad(stopped_inside, optimize=optimize)(X, grad_ys=G), G * W * (2 * X + 1.0))


@BOTH
def test_unconnected_none_and_zero(optimize):
    y = X + 1.0
    gx, gy = sd.grad(unconnected_pair, wrt=(0, 1), optimize=optimize)(X, y, 3)
    close(gx, 3.0 * (1 - np.tanh(X) ** 2))
    assert gy is None
    gx, gy = sd.grad(unconnected_pair, wrt=(0, 1), unconnected_gradients="zero",
                     optimize=optimize)(X, y, 3, grad_ys=G)
    close(gx, 3.0 * G * (1 - np.tanh(X) ** 2))
    close(gy, np.zeros_like(y))


@BOTH
@pytest.mark.parametrize("n", [0, 1, 3])
def test_while_loop_carried_with_grad_ys(n, optimize):
    # closed form by the chain rule, step by step backwards
    hs = [X]
    for _ in range(n):
        hs.append(np.tanh(hs[-1]) * W)
    g = G.copy()
    for h in reversed(hs[:-1]):
        g = g * W * (1 - np.tanh(h) ** 2)
    close(sd.grad(loop_array_output, optimize=optimize)(X, n, grad_ys=G), g)
    stopped = sd.grad(loop_array_output, stop_gradients=("h",), unconnected_gradients="zero",
                      optimize=optimize)(X, n, grad_ys=G)
    close(stopped, np.zeros_like(X))  # every definition of h held, `h = x` too


@BOTH
def test_cond_with_grad_ys(optimize):
    close(sd.grad(branch_array_output, optimize=optimize)(X, True, grad_ys=G), 2 * X * G)
    close(sd.grad(branch_array_output, optimize=optimize)(X, False, grad_ys=G), np.exp(X) * G)


@BOTH
def test_local_wrt_is_its_last_assignment(optimize):
    t1 = X * 3.0
    close(sd.grad(local_reassigned, wrt="t", optimize=optimize)(X), W)
    close(sd.grad(local_reassigned, optimize=optimize)(X), W * 2 * t1 * 3.0)
    close(sd.grad(local_reassigned, stop_gradients=("t",), unconnected_gradients="zero",
                  optimize=optimize)(X), np.zeros_like(X))


@BOTH
def test_grad_ys_shape_mismatch_is_a_value_error(optimize):
    with pytest.raises(ValueError, match="shape"):
        sd.grad(weighted_sin, optimize=optimize)(X, grad_ys=G[:1])


def tanh_of_dict(p, x):
    return np.sum(np.tanh(p["w"] * x) * W[0])


def doubled_and_squared(x):
    a = x * 2.0
    b = a * a
    return a, b


def test_unconnected_zero_in_a_dict_argument():
    x = X[0]
    g = sd.grad(tanh_of_dict, wrt=(0, 1), unconnected_gradients="zero")(
        {"w": x, "u": x + 1.0}, x[::-1].copy())
    t = np.tanh(x * x[::-1])
    close(g[0]["w"], (1 - t ** 2) * x[::-1] * W[0])
    close(g[0]["u"], np.zeros(3))


@BOTH
def test_tuple_outputs_with_grad_ys_and_stops(optimize):
    x, g1, g2 = X[0], G[0], G[1]
    both = (g1, g2)
    # a = 2x, b = a^2: through a, d/da = g1 + 2 a g2; held b: g1; all held: unconnected
    close(sd.grad(doubled_and_squared, wrt="a", optimize=optimize)(x, grad_ys=both),
          g1 + 2 * (2 * x) * g2)
    close(sd.grad(doubled_and_squared, wrt="a", stop_gradients=("b",), optimize=optimize)(
        x, grad_ys=both), g1)
    close(sd.grad(doubled_and_squared, stop_gradients=("a",), unconnected_gradients="zero",
                  optimize=optimize)(x, grad_ys=both), np.zeros(3))
    value, grad = sd.value_and_grad(doubled_and_squared, optimize=optimize)(x, grad_ys=both)
    close(value[1], 4 * x * x)
    close(grad, 2 * g1 + 8 * x * g2)
    _, pullback = sd.vjp(doubled_and_squared)(x)
    close(pullback(both), 2 * g1 + 8 * x * g2)
