"""backend="numba" on functions that call user functions (compiler/emit/numba_calls.py):
the generated functions of the called functions are compiled with the gradient. Each
gradient is checked against the NumPy backend and central finite differences; what the
backend refuses (recursion, a tape inside a called function, a user function run as
written, a global a caller shadows) is a located SrcdiffError."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "bench", "gradbench"))
import evals  # noqa: E402

SCALE = 1.5


def _check(fn, args, wrt, rtol=1e-12):
    got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
    ref = sd.grad(fn, wrt=wrt)(*args)
    if isinstance(wrt, int):
        got, ref, wrt = (got,), (ref,), (wrt,)
    for k, g, r in zip(wrt, got, ref):
        assert np.shape(g) == np.shape(args[k])
        assert_close(g, r, rtol=rtol, atol=1e-14)
        assert_close(g, numeric_grad(fn, args, k))


# ----------------------------------------------------------------- scalar helpers in loops

def square_plus(x, a):
    return SCALE * x * x + np.sin(a * x)


def inner(x):
    return np.exp(-x) * square_plus(x, 0.5)


def scalar_recurrence(x, a, n):
    s = 0.0
    for i in range(n):
        s = s + square_plus(x, a) * 0.1 + inner(s * 0.2)
        x = np.cos(x) + s * 0.01
    return s


def test_scalar_helpers_called_in_a_loop_and_nested():
    _check(scalar_recurrence, (0.7, 1.3, 5), (0, 1))


def test_a_rebound_global_read_by_a_called_function_is_seen(monkeypatch):
    g = sd.grad(scalar_recurrence, wrt=0, backend="numba")
    args = (0.7, 1.3, 4)
    first = g(*args)
    monkeypatch.setitem(globals(), "SCALE", 3.0)  # read by square_plus, two calls down
    assert_close(g(*args), sd.grad(scalar_recurrence, wrt=0)(*args), rtol=1e-12)
    assert_close(g(*args), numeric_grad(scalar_recurrence, args, 0))
    assert abs(g(*args) - first) > 1e-3


def test_value_and_grad_and_jvp_through_calls():
    args = (0.7, 1.3, 4)
    value, grads = sd.value_and_grad(scalar_recurrence, wrt=(0, 1), backend="numba")(*args)
    assert value == pytest.approx(scalar_recurrence(*args), rel=1e-14)
    assert_close(grads[1], numeric_grad(scalar_recurrence, args, 1))
    value, tangent = sd.jvp(scalar_recurrence, wrt=1, backend="numba")(*args, tangents=0.5)
    ref_value, ref = sd.jvp(scalar_recurrence, wrt=1)(*args, tangents=0.5)
    assert value == pytest.approx(ref_value, rel=1e-14)
    assert tangent == pytest.approx(ref, rel=1e-12)
    assert tangent == pytest.approx(0.5 * numeric_grad(scalar_recurrence, args, 1), rel=1e-6)


# ----------------------------------------------------------------- array helpers

def test_gradbench_ode_rk4_steps_calling_a_helper():
    args = evals._ode_make(n=40, s=4)
    _check(evals.ode, args, 0)


def pieces(x, y):
    return np.concatenate((x[:2], x[2:4] * y[1:3], np.tanh(x[4:]) * y[4:]))


def two_heads(x, y):
    total = 0.0
    for _ in range(3):
        y = 0.5 * pieces(x, y) + 0.1 * y
        total = total + np.sum(y * y)
    return total


def columns(a, b):
    return np.concatenate((a[:, :1] * b[:, :1], np.sin(a[:, 1:])), axis=1)


def two_d(a, b):
    return np.sum(columns(a, b) * columns(b, a))


def test_concatenations_in_called_functions():
    rng = np.random.default_rng(5)
    _check(two_heads, (rng.standard_normal(7), rng.standard_normal(7)), (0, 1))
    _check(two_d, (rng.standard_normal((3, 4)), rng.standard_normal((3, 4))), (0, 1))


# ----------------------------------------------------------------- refusals

def recursive(x, n):
    if n == 0:
        return x
    return np.sin(recursive(x, n - 1)) * x


def looping_helper(x):
    s = x
    for _ in range(3):
        s = np.sin(s) * x
    return s


def calls_looping_helper(x):
    return looping_helper(x) + x


def constant_helper(n):
    return 2.0 * n


def calls_constant_helper(x, n):
    return x * constant_helper(n)


def pair(a, b):
    return a * b - 0.5 * a, np.sin(b) + a


def calls_pair_in_a_loop(u0, nu):
    # (pair's value in the forward sweep, its gradient by grad_pair run again in the
    # backward sweep: the calls' arguments do depend on u0)
    u = u0
    for _ in range(2):
        un = u.copy()
        p, q = pair(u[1:-1], u[:-2] * nu)
        r, s = pair(u[2:], p)
        un[1:-1] = u[1:-1] + 0.05 * (p + s - r * q)
        u = un
    return np.sum(u * u)


def shadows_scale(x):
    SCALE = 2.0  # noqa: N806 - a local of the global's name, which inner's callee reads
    return inner(x) * SCALE


@pytest.mark.parametrize("fn, args, message", [
    (recursive, (0.7, 3), "does not compile recursive functions"),
    (calls_looping_helper, (0.7,), "saves values in a loop"),
    (calls_constant_helper, (0.7, 3.0), "calls the user function `constant_helper` as written"),
    (calls_pair_in_a_loop, (np.linspace(-0.5, 0.7, 7), 0.3),
     "calls the user function `pair` as written, for its value"),
    (shadows_scale, (0.7,), "cannot pass the global `SCALE` to a called function"),
], ids=["recursion", "tape-in-callee", "run-as-written", "value-of-recomputed",
        "shadowed-global"])
def test_refused_calls_are_located(fn, args, message):
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(fn, backend="numba")(*args)
    text = str(e.value)
    # (a call refused on the generated code points at the user's statement making it,
    # numba_emit._Where: api/located.py's map; the others at the ``def`` line)
    at = {calls_constant_helper: "return x * constant_helper(n)",
          calls_pair_in_a_loop: "p, q = pair(u[1:-1], u[:-2] * nu)"}.get(
              fn, f"def {fn.__name__}(")
    assert "test_numba_user_calls.py:" in text and at in text
    assert message in text
    assert_close(sd.grad(fn)(*args), numeric_grad(fn, args, 0))  # (the NumPy backend runs it)


def calls_other_module(x):
    return scaled_elsewhere(x) + x  # noqa: F821 - bound by the test below


def test_a_called_function_of_another_module_reading_its_globals_is_refused(
        tmp_path, monkeypatch):
    import importlib.util

    path = tmp_path / "other_module_nb4.py"
    path.write_text("K = 2.0\n\n\ndef scaled_elsewhere(x):\n    return K * x * x\n")
    spec = importlib.util.spec_from_file_location("other_module_nb4", path)
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    monkeypatch.setitem(globals(), "scaled_elsewhere", other.scaled_elsewhere)
    with pytest.raises(sd.SrcdiffError) as e:
        sd.grad(calls_other_module, backend="numba")(0.7)
    text = str(e.value)
    assert "def calls_other_module(x):" in text
    assert "reads `K` as another module binds it" in text
    assert sd.grad(calls_other_module)(0.7) == pytest.approx(1.0 + 4.0 * 0.7, rel=1e-14)
