"""Realistic programs from domains the other corpora leave thin (tests/support/domain_*.py):
option pricing, IIR filters, Kalman/RTS smoothing, recurrent cells, normalisation, masked
attention, robust losses, iterations to a tolerance, integrators with in-place state,
rotations, polynomials, sorting losses, stencils, gather/scatter, piecewise functions,
optimal transport, dynamic programming, PDE stencils with rotating buffers,
iterative solvers, float32 and mixed int/float inputs.

Every program in every mode of tests/support/outsider_modes.py (grad, value_and_grad,
optimize=False, jvp, hvp where smooth, checkpoint="sqrt" where it loops, verify=True,
backend="numba" where listed): right against central differences in float64 or a refusal
listed in ``REFUSED`` whose message names the program's file and line. A wrong answer, a
crash, an unlisted refusal or a listed refusal that stops fails. ``FLOAT32`` programs run
again on float32 arguments: their gradients and tangents are float32 (SPEC §1) and near
the float64 central differences.
"""

import copy
from collections import Counter

import numpy as np
import pytest

import compat_modes as cm
import domain_cases as dc
import outsider_modes as om
import srcdiff as sd
from fd import assert_close, numeric_jvp

_EARLY = "this loop can be left early"
_WHILE = "a `while` loop runs until its test fails"
_NO_NUMBA = "the numba backend has no compiled version of"
# (program, mode) -> words of the refusal; the reason in a comment
REFUSED = {
    # checkpointing needs the trip count when the loop starts
    ("implied_vol_newton", "checkpoint"): _EARLY,
    ("fixed_point_kepler", "checkpoint"): _EARLY,
    ("newton_sqrt_while", "checkpoint"): _WHILE,
    ("newton_vector_root", "checkpoint"): _WHILE,
    ("sinkhorn_log", "checkpoint"): _WHILE,
    # three buffers rotated each step (u_prev, u, u_next = u, u_next, u_prev) are told apart
    # (analysis/buffers.py), but not in a checkpointed function (README)
    ("wave_pingpong", "checkpoint"): "changes an array in place that `u` also refers to",
    # numba: a helper it has no compiled version of, or a tape it cannot place
    ("binomial_tree_european_inplace", "numba"): "could not place the tape of `i`",
    ("kalman_filter_nd", "numba"): f"{_NO_NUMBA} `cofactors`",  # (np.linalg.det's)
    ("polyval_fit_loss", "numba"): f"{_NO_NUMBA} `polyval",
    ("scatter_add_at", "numba"): f"{_NO_NUMBA} `add_at`",
    ("piecewise_np", "numba"): f"{_NO_NUMBA} `asarray`",
    ("survival_cumprod", "numba"): f"{_NO_NUMBA} `cumprod",
}

NAMES = {fn.__name__: (fn, argsets, wrt) for fn, argsets, wrt in dc.CASES}
TALLY = Counter()  # (mode, outcome) -> count


def _runs(name, mode):
    return not ((mode == "checkpoint" and name not in dc.LOOPED)
                or (mode == "numba" and name not in dc.NUMBA)
                or (mode == "hvp" and name in dc.ROUGH))


@pytest.mark.parametrize("mode", om.MODES)
@pytest.mark.parametrize("name", sorted(NAMES))
def test_right_or_refused(name, mode):
    fn, argsets, wrt = NAMES[name]
    if not _runs(name, mode):
        pytest.skip(f"{name} does not run in {mode}")
    if mode == "numba":
        pytest.importorskip("numba")
    results = [om.outcome(fn, args, mode, wrt) for args in argsets]
    TALLY.update((mode, kind) for kind, _ in results)
    om.assert_listed(name, mode, results, REFUSED.get((name, mode)), fn.__module__ + ".py")


def _float32(x):
    if isinstance(x, np.ndarray) and x.dtype == np.float64:
        return x.astype(np.float32)
    return x


@pytest.mark.parametrize("name", sorted(dc.FLOAT32))
def test_float32_arguments(name):
    """Gradients (sd.grad) and the tangent (sd.jvp) of float32 arguments are float32, as
    the value is, and near central differences of the float64 program at the same point."""
    fn, argsets, wrt = NAMES[name]
    args32 = tuple(_float32(a) for a in argsets[0])
    args64 = tuple(a.astype(np.float64) if isinstance(a, np.ndarray) and a.dtype.kind == "f"
                   else a for a in args32)
    pos = cm.default_wrt(args64) if wrt is None else wrt
    expected = cm._fd_gradients(fn, args64, pos, tuple(np.ones_like(args64[k]) for k in pos))
    assert expected is not None, "not smooth at this point"
    got = sd.grad(fn, wrt=pos)(*copy.deepcopy(args32))
    for k, g, e in zip(pos, got, expected):
        assert np.shape(g) == np.shape(args32[k])
        if isinstance(args32[k], np.ndarray):
            assert g.dtype == np.float32, (k, g.dtype)
        assert_close(np.asarray(g, np.float64), e, rtol=2e-3, atol=2e-3)
    directions = tuple(np.linspace(-1.0, 1.0, np.size(args64[k])).reshape(np.shape(args64[k]))
                       for k in pos)
    value, tangent = sd.jvp(fn, wrt=pos)(*copy.deepcopy(args32), tangents=tuple(
        _float32(d) if isinstance(args32[k], np.ndarray) else float(d)
        for k, d in zip(pos, directions)))
    assert np.asarray(tangent).dtype == np.asarray(fn(*copy.deepcopy(args32))).dtype
    assert np.asarray(value).dtype == np.asarray(tangent).dtype
    reference = numeric_jvp(lambda *a: cm.copied_call(fn, a), args64, pos, directions)
    assert_close(np.asarray(tangent, np.float64), reference, rtol=2e-3, atol=2e-3)


def test_the_refusal_list_names_programs_and_modes():
    assert {name for name, _ in REFUSED} <= set(NAMES)
    assert {mode for _, mode in REFUSED} <= set(om.MODES)
    assert dc.NUMBA | dc.FLOAT32 | dc.LOOPED | dc.ROUGH <= set(NAMES)
    assert len(NAMES) >= 60
