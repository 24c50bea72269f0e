"""sd.jvp(f, backend="numba"): the compiled forward-mode function agrees with the NumPy
backend and with central finite differences along the tangent; refusals are located."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "bench"))
from workloads import ode, rnn, scalar_loop, vec20  # noqa: E402


def _directional(fn, args, k, tangent, eps=1e-6):
    """Central differences of ``fn`` along ``tangent`` in argument ``k`` (float64)."""
    def at(step):
        moved = list(args)
        moved[k] = np.asarray(args[k], dtype=float) + step * np.asarray(tangent)
        if np.ndim(args[k]) == 0:
            moved[k] = float(moved[k])
        return fn(*moved)
    return (at(eps) - at(-eps)) / (2 * eps)


@pytest.mark.parametrize("mod", [scalar_loop, rnn, vec20, ode],
                         ids=lambda m: m.__name__.split(".")[-1])
def test_jvp_matches_numpy_and_finite_differences(mod):
    rng = np.random.default_rng(11)
    args = mod.make_inputs(rng, n=6) if hasattr(mod, "LOOP") else mod.make_inputs(rng)
    for k in mod.WRT[:2]:
        tangent = rng.standard_normal(np.shape(args[k])) if np.ndim(args[k]) else 0.7
        value, got = sd.jvp(mod.primal, wrt=k, backend="numba")(*args, tangents=tangent)
        ref_value, ref = sd.jvp(mod.primal, wrt=k)(*args, tangents=tangent)
        assert value == pytest.approx(ref_value, rel=1e-13)
        assert_close(got, ref, rtol=1e-12, atol=1e-14)
        assert_close(got, _directional(mod.primal, args, k, tangent), rtol=1e-5, atol=1e-7)


def helper(x):
    return x * x


def calls_helper(x):
    return helper(x) + 1.0


def recursive(x, n):
    if n == 0:
        return x
    return np.sin(recursive(x, n - 1)) * x


def test_jvp_through_a_call():
    value, tangent = sd.jvp(calls_helper, backend="numba")(1.5, tangents=0.5)
    assert value == 3.25
    assert tangent == pytest.approx(_directional(calls_helper, (1.5,), 0, 0.5), rel=1e-7)


def test_jvp_refusal_is_located():
    with pytest.raises(sd.SrcdiffError) as e:
        sd.jvp(recursive, backend="numba")(1.5, 2, tangents=1.0)
    text = str(e.value)
    assert "test_numba_jvp.py:" in text and "def recursive(x, n):" in text
    assert "does not compile recursive functions" in text


def test_jvp_tangents_are_checked_as_with_numpy():
    with pytest.raises(ValueError, match="shape"):
        sd.jvp(scalar_loop.primal, wrt=0, backend="numba")(
            *scalar_loop.make_inputs(np.random.default_rng(0), n=3), tangents=np.ones(2))
