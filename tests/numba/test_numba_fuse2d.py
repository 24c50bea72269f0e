"""backend="numba": fused groups over 2-d arrays (numba_fuse_loop.py): the 2-d heat
equation's steps as loops over both indices, checked against the NumPy backend, central
finite differences and the hand-written gradient; the run-time fallbacks of a 2-d group
(a store target sharing memory with what the group reads, shapes that broadcast, an
added-into array that is not C-contiguous) give NumPy's numbers bit for bit."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

from test_numba_fuse import _compiled  # noqa: E402

from srcdiff.compiler.emit import numba_fuse  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
from realistic import heat2d  # noqa: E402


def test_heat2d_steps_run_as_2d_loops_and_are_exact(monkeypatch):
    loops = []
    made = numba_fuse.Group.loop_source

    def counted(self, arrays, rows=False, ndim=1):
        text = made(self, arrays, rows, ndim)
        loops.append((self.name, rows, ndim, text is not None))
        return text

    monkeypatch.setattr(numba_fuse.Group, "loop_source", counted)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE", "0")  # (the loops are made while typing)
    rng = np.random.default_rng(11)
    u0, kappa, target, _ = heat2d.make_inputs(rng)
    u0, target = u0[:9, :11].copy(), target[:9, :11].copy()
    args = (u0, kappa, target, 4)
    g = sd.grad(heat2d.primal, wrt=heat2d.WRT, backend="numba")
    got = g(*args)
    ref = sd.grad(heat2d.primal, wrt=heat2d.WRT)(*args)
    hand = heat2d.hand_grad(*args)
    for k, (a, r, h) in enumerate(zip(got, ref, hand)):
        assert_close(a, r, rtol=1e-12, atol=1e-14)
        assert_close(a, h, rtol=1e-10, atol=1e-12)
        assert_close(a, numeric_grad(heat2d.primal, args, k))
    # the forward step's stencil (its values written into the tape's rows), its store
    # ``u[1:-1, 1:-1] = u_i4 + ...`` into the view it reads and the backward step with its
    # five in-place adds are 2-d loops
    assert {(name, rows) for name, rows, ndim, loop in loops if ndim == 2 and loop} == {
        ("_fused0", False), ("_fused0", True), ("_fused1", False), ("_fused2", False)}
    (_, runner), = g._runners.values()
    assert "set_slice(u[1:-1, 1:-1]" in runner.source[
        runner.source.index("def _fused1_arrays"):runner.source.index("def _fused2_arrays")]
    assert "index_add(b_u" in runner.source[runner.source.index("def _fused2_arrays"):]


STORE_AND_ADD = """def f(x, y, out, b):
    a = x * 2.0
    c = a * y + 1.0
    out[1:, :-1] = c * c - a
    d = c * a
    b = index_add(b, b, (slice(1, None, None), slice(None, -1, None)), d + x)
    b = index_add(b, b, (slice(None, -1, None), slice(1, None, None)), y)
    return b, d
"""


def _as_numpy(x, y, out, b):
    a = x * 2.0
    c = a * y + 1.0
    out[1:, :-1] = c * c - a
    d = c * a
    b[1:, :-1] += d + x
    b[:-1, 1:] += y
    return b, d


# (not here: a value added into an array it shares memory with. numba_helpers.index_add
# adds it as numba's ``view += g``, which reads g's elements after writing them where
# NumPy reads a copy: the statements as written differ from NumPy there, with or without
# groups, 1-d as 2-d; reported, left to the helpers' owner)
@pytest.mark.parametrize("case", ["apart", "store overlaps", "broadcast", "not contiguous"])
def test_2d_group_fallbacks_give_numpys_numbers(case, monkeypatch):
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    fn, groups = _compiled(STORE_AND_ADD)
    assert [len(g.stmts) for g in groups] == [4, 2]  # (stores and adds: not one group)
    rng = np.random.default_rng(6)
    x, y = rng.standard_normal((5, 6)), rng.standard_normal((5, 6))
    out, b = rng.standard_normal((6, 7)), rng.standard_normal((6, 7))
    big = rng.standard_normal((12, 14))

    def args(out, b, big):
        # (the loop writing element (i, j) before it reads one an earlier element wrote)
        if case == "store overlaps":  # x is the store's target, shifted
            return out[:-1, 1:], y, out, b
        if case == "broadcast":
            return x, y[:1], out, b
        if case == "not contiguous":
            return x, y, out, big[::2, ::2]
        return x, y, out, b

    want_arrays = [a.copy() for a in (out, b, big)]
    got_arrays = [a.copy() for a in (out, b, big)]
    want = _as_numpy(*args(*want_arrays))
    got = fn(*args(*got_arrays))
    for w, g in zip(want + tuple(want_arrays), tuple(got) + tuple(got_arrays)):
        np.testing.assert_array_equal(g, w)
