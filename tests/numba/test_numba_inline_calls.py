"""backend="numba": the generated functions of called functions compile inline into their
callers (numba_calls.py, "Inlined"; numba_cache.jit). The options are checked on the
compiled module, and the numbers against the NumPy backend (bit for bit: the same
statements in the same order) and central finite differences, for a helper called at
several sites of a loop with an adjoint of ``None`` at some and an array at others (an
RK4 step), and a helper calling a helper on numbers."""

import ast

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from srcdiff.compiler.emit import numba_calls

numba = pytest.importorskip("numba")

H = 0.05


def rates(x, y, a, b):
    dx = a * x - b * x * y
    return dx, b * x * y - a * y


def rk4(a, b, x0, y0, steps):
    x, y = x0, y0
    for i in range(steps):
        k1x, k1y = rates(x, y, a, b)
        k2x, k2y = rates(x + 0.5 * H * k1x, y + 0.5 * H * k1y, a, b)
        k3x, k3y = rates(x + 0.5 * H * k2x, y + 0.5 * H * k2y, a, b)
        k4x, k4y = rates(x + H * k3x, y + H * k3y, a, b)
        x, y = combine(x, k1x, k2x, k3x, k4x), combine(y, k1y, k2y, k3y, k4y)
    return np.sum(x * x + np.sin(y))


def combine(x, k1, k2, k3, k4):
    return x + H / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)


def inner(u, c):
    return u * c / (1.0 + u * u)  # (no libm function: numba's and NumPy's may differ)


def outer(u, c):
    return inner(u, c) + c * inner(u * u, 0.5)


def scalar_loop(c, u, n):
    total = 0.0
    for i in range(n):
        u = 0.9 * outer(u, c) + 0.1
        total = total + u
    return total


def _rk4_args():
    rng = np.random.default_rng(47)
    return (1.0 + 0.1 * rng.standard_normal(6), 0.4 + 0.05 * rng.standard_normal(6),
            2.0 + 0.2 * rng.random(6), 1.0 + 0.2 * rng.random(6), 12)


def _module(g):
    (_, runner), = g._runners.values()
    return runner.jitted.py_func.__globals__


def test_called_functions_compile_inline_and_the_entry_does_not():
    args = _rk4_args()
    g = sd.grad(rk4, wrt=(0, 1), backend="numba")
    g(*args)
    found = _module(g)
    assert found["fwd_rates"].targetoptions.get("inline") == "always"
    assert found["bwd_rates"].targetoptions.get("inline") == "always"
    assert found["bwd_combine"].targetoptions.get("inline") == "always"
    assert found["grad_rk4"].targetoptions.get("inline") is None
    fused = [k for k in found if k.startswith("_fused") and k.endswith("_arrays")]
    assert fused and all(found[k].targetoptions.get("inline") is None for k in fused)


def test_rk4_gradient_bit_for_bit_the_numpy_backends_and_finite_differences():
    args = _rk4_args()
    got = sd.grad(rk4, wrt=(0, 1), backend="numba")(*args)
    want = sd.grad(rk4, wrt=(0, 1))(*args)
    for k in (0, 1):
        assert np.array_equal(got[k], want[k])
        assert_close(got[k], numeric_grad(rk4, args, k), rtol=1e-6, atol=1e-8)


def test_a_helper_calling_a_helper_bit_for_bit_and_finite_differences():
    g = sd.grad(scalar_loop, wrt=(0, 1), backend="numba")
    found = None
    for args in [(0.7, 0.3, 9), (-1.2, 0.8, 4)]:
        got = g(*args)
        want = sd.grad(scalar_loop, wrt=(0, 1))(*args)
        for k in (0, 1):
            assert got[k] == want[k]
            assert_close(got[k], numeric_grad(scalar_loop, args, k), rtol=1e-6, atol=1e-8)
        found = _module(g)
    assert {"fwd_inner", "bwd_inner", "fwd_outer", "bwd_outer"} <= {
        k for k in found if getattr(found[k], "targetoptions", {}).get("inline") == "always"}


def test_a_cycle_of_calls_is_never_inlined():
    defs = [d for d in ast.parse("def grad_f(x):\n    return fwd_g(x)\n"
                                 "def fwd_g(x):\n    return fwd_h(x)\n"
                                 "def fwd_h(x):\n    return fwd_g(x)\n").body]
    names = [d.name for d in defs]
    with pytest.raises(AssertionError, match="inlined into itself"):
        numba_calls.inlined(names, "grad_f", defs)
    assert numba_calls.inlined(names + ["_fused0_arrays"], "grad_f") == ["fwd_g", "fwd_h"]


def test_random_runge_kutta_programs_compile_their_helper_inline(monkeypatch, capsys, tmp_path):
    """Random lotka_rk4-like programs (gen_stencils.rk_program: a helper returning a tuple,
    called for 2-4 stages a step): each agrees with finite differences and the NumPy
    backend (test_numba_fuzz._compiled_and_agreeing), and each compiled one inlined its
    helper's generated functions (counted here)."""
    import gen_stencils
    import test_numba_fuzz

    monkeypatch.setattr(test_numba_fuzz.fuzz, "TIMEOUT", 300.0)  # (cold compiles, loaded)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))  # (compiled here)
    made = []
    real = numba_calls.inlined

    def counted(names, entry, defs=None):
        chosen = real(names, entry, defs)
        made.append(sorted(chosen))
        return chosen
    monkeypatch.setattr(numba_calls, "inlined", counted)
    count = 2  # (4 took 9.5 min at load 9: cold compiles)
    compiled = test_numba_fuzz._compiled_and_agreeing(gen_stencils.rk_program, count,
                                                      refused_ok=("forward",))
    inlined = sum(1 for m in made if {"fwd_rhs", "bwd_rhs"} <= set(m))
    with capsys.disabled():
        print(f"\nnumba inlined helpers: {compiled} of {count} compiled, {inlined} of "
              f"{len(made)} compiled modules inlined fwd_rhs and bwd_rhs")
    assert compiled >= count // 2 and inlined >= compiled, (compiled, made)
