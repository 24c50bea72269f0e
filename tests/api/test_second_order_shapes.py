"""Second order on the shapes srcdiff's own generated code takes (issue 15).

Each function's generated gradient holds one construct the second pass once
refused: a rule called with ``out=None`` (``vjp_trace``, ``vjp_outer``), a bare
``scalar_seed(grad_ys)`` (no output depends on ``wrt``), a view of a row kept
across the row's write and restore (``t[1] += ...``), a float unpacked from a
tuple and augmented, piecewise-constant functions. ``sd.hvp``, ``sd.hessian``
and ``sd.grad(sd.grad(f))`` are checked against finite differences of the
function (never against srcdiff).
"""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

X = np.array([0.3, -0.7, 1.2])
W = np.array([[0.5, -0.2, 0.1], [0.3, 0.8, -0.4], [-0.6, 0.2, 0.7]])


def trace_of_outer(x):
    return np.trace(np.outer(x, x * 2.0)) + np.sum(np.outer(x, np.sin(x)) * W)


def row_augmented(x):
    t = np.zeros((2, 3))
    t[1] += np.dot(x, x) * x
    return np.sum(t * t) + np.sum(np.tanh(t[1]) * x)


def list_entry_augmented(x):
    t = [np.sin(x), x * 2.0]
    t[1] += np.dot(W, x)
    return np.sum(t[0] * t[1])


def float_unpacked_and_augmented(x, p):
    b, c = p
    c += np.linalg.norm(x)
    c *= 1.0 + 0.2 * np.trace(np.outer(x, x))
    return b * c * c


def piecewise_constant(x):
    return np.sum(np.floor(2.0 * x) * x ** 3 + np.sign(x) * np.sin(x) + np.ceil(x) * x * x)


def norms(x):
    return (np.linalg.norm(x) ** 3 + np.linalg.norm(np.outer(x, x) + W)
            + np.linalg.norm(x, ord=1) ** 2)


CASES = [trace_of_outer, row_augmented, list_entry_augmented, piecewise_constant, norms]


def fd_hessian(f, x, h=1e-4):
    n = x.size
    out = np.zeros((n, n))
    for j in range(n):
        e = np.zeros(n)
        e[j] = h
        out[:, j] = (numeric_grad(f, [x + e], 0, eps=1e-5)
                     - numeric_grad(f, [x - e], 0, eps=1e-5)) / (2 * h)
    return out


@pytest.mark.parametrize("f", CASES, ids=lambda f: f.__name__)
def test_hvp_hessian_and_grad_of_grad(f):
    H = fd_hessian(f, X)
    v = np.array([0.4, -1.1, 0.7])
    assert_close(sd.hessian(f)(X), H, rtol=1e-4, atol=1e-5)
    assert_close(sd.hvp(f)(X, vector=v), H @ v, rtol=1e-4, atol=1e-5)
    assert_close(sd.grad(sd.grad(f))(X), H @ np.ones(3), rtol=1e-4, atol=1e-5)
    # forward over reverse, spelled out
    _, t = sd.jvp(sd.grad(f))(X, tangents=v)
    assert_close(t, H @ v, rtol=1e-4, atol=1e-5)


def test_float_unpacked_from_a_tuple():
    p = (0.5, 0.8)

    def at_x(x):
        return float_unpacked_and_augmented(x, p)

    H = fd_hessian(at_x, X)
    assert_close(sd.hessian(float_unpacked_and_augmented)(X, p), H, rtol=1e-4, atol=1e-5)
    assert_close(sd.grad(sd.grad(float_unpacked_and_augmented))(X, p), H @ np.ones(3),
                 rtol=1e-4, atol=1e-5)
    # with respect to the tuple: f = b c**2 with c = (p[1] + |x|) k, so the inner gradient
    # sums to c**2 + 2 b k c
    got = sd.grad(sd.grad(float_unpacked_and_augmented, wrt=1), wrt=1)(X, p)
    k = 1.0 + 0.2 * np.sum(X * X)
    c = (0.8 + np.linalg.norm(X)) * k
    assert_close(got, (2.0 * k * c, 2.0 * k * c + 2.0 * 0.5 * k * k), rtol=1e-10, atol=1e-12)


def unused(x, y):
    return np.sum(np.sin(x))


def through_floor_only(x, y):
    return np.sum(np.floor(2.0 * y + 0.5) * np.sin(x))


@pytest.mark.parametrize("f", [unused, through_floor_only], ids=lambda f: f.__name__)
def test_a_wrt_the_output_does_not_depend_on(f):
    x, y = X, np.array([0.1, 0.6, -0.2])
    assert_close(sd.hvp(f, wrt=1)(x, y, vector=np.ones(3)), np.zeros(3))
    assert_close(sd.hessian(f, wrt=1)(x, y), np.zeros((3, 3)))
    gg = sd.grad(sd.grad(f, wrt=1), wrt=1)(x, y)
    assert gg is None or np.all(gg == 0)
    zeros = sd.grad(sd.grad(f, wrt=1), wrt=1, unconnected_gradients="zero")(x, y)
    assert_close(zeros, np.zeros(3))
    # the mixed derivative is zero too, and d2/dx2 is not
    assert_close(sd.grad(sd.grad(f, wrt=1), wrt=0, unconnected_gradients="zero")(x, y),
                 np.zeros(3))
    assert sd.grad(sd.grad(f, wrt=0), wrt=0)(x, y) is not None


# ------------------------------------------------------------------ the front end


def sum_out_none(x):
    return np.sum(np.sin(x), out=None) + np.trace(np.outer(x, x), out=None)


def helper_with_an_out(a, out=1.0):
    return a * out


def user_out_none(x):
    return np.sum(helper_with_an_out(x, out=None))


def helper_reading_its_out(a, out=1.0):
    return a * a if out is None else a * out


def user_out_none_read(x):
    return np.sum(helper_reading_its_out(x, out=None)) + np.sum(helper_reading_its_out(x))


def bare_primitive_statement(x):
    np.sum(x)  # computes and drops a value: nothing to follow
    return np.sum(x * x)


def bare_helper_statement(x):
    helper_with_an_out(x)
    return np.sum(x * x)


def test_out_none_is_the_default_and_means_nothing():
    assert_close(sd.grad(sum_out_none)(X), np.cos(X) + 2.0 * X, rtol=1e-12, atol=1e-12)
    # where None is not the default (a user function's `out`), `out=None` binds None as
    # Python binds it: the function reads it, or fails as it does when called
    assert_close(sd.grad(user_out_none_read)(X), 2.0 * X + 1.0, rtol=1e-12, atol=1e-12)
    with pytest.raises(TypeError):
        user_out_none(X)
    with pytest.raises(TypeError):
        sd.grad(user_out_none)(X)


def test_a_bare_primitive_call_is_not_an_error():
    assert_close(sd.grad(bare_primitive_statement)(X), 2.0 * X, rtol=1e-12, atol=1e-12)
    with pytest.raises(sd.SrcdiffError, match="expression statement"):
        sd.grad(bare_helper_statement)(X)
