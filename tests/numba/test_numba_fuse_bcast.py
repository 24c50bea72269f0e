"""backend="numba": broadcasting fused loops (numba_fuse_bcast.py). nbody's backward
products and their sums to ``(n, 1, 3)`` and ``(1, n, 3)`` run as one loop, bit for bit the
unfused backend's numbers, checked against the hand-written gradient and central finite
differences, also at lengths where the loop's run-time checks send it to the statements as
written; random broadcasting programs (gen_stencils.broadcast_program) reach the loops and
agree with finite differences and the NumPy backend."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_fuse, numba_fuse_bcast  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "tests", "property"))
import fuzz  # noqa: E402
from realistic import nbody  # noqa: E402


def _counting(monkeypatch):
    """The broadcasting loops written while typing: a list of their sources."""
    made, real = [], numba_fuse_bcast.broadcast_source

    def counted(group, members, arrays, ndim):
        text = real(group, members, arrays, ndim)
        made.append((ndim, text))
        return text
    monkeypatch.setattr(numba_fuse_bcast, "broadcast_source", counted)
    return made


def test_nbody_backward_is_one_broadcasting_loop_bit_for_bit(monkeypatch, tmp_path):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))  # (loops made while typing)
    made = _counting(monkeypatch)
    rng = np.random.default_rng(5)
    pos, m = rng.standard_normal((7, 3)), rng.uniform(0.5, 1.5, 7)
    fused = sd.grad(nbody.primal, wrt=nbody.WRT, backend="numba")
    got = fused(pos, m)
    loops = [text for ndim, text in made if ndim == 3 and text]
    assert len(loops) == 1 and "+= _e_b_diff" in loops[0] and "= -_s_" in loops[0], made
    (_, runner), = fused._runners.values()
    assert "unbroadcast(b_diff" not in runner.source.split("def _fused")[0]
    monkeypatch.setenv("SRCDIFF_NUMBA_FUSE", "0")
    plain = sd.grad(nbody.primal, wrt=nbody.WRT, backend="numba")
    for a, b, h in zip(got, plain(pos, m), nbody.hand_grad(pos, m)):
        assert a.tobytes() == b.tobytes()  # (the same additions in the same order)
        assert_close(a, h, rtol=1e-10, atol=1e-12)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(nbody.primal, (pos, m), k))
    # one body (n = 1): each sum's target is the loop's shape, the statements as written
    # run (unbroadcast returns the value itself); the same compiled types, no new loop
    count = len(made)
    for p, w in ((pos[:1], m[:1]), (pos[:2], m[:2])):
        for a, b in zip(fused(p, w), plain(p, w)):
            assert a.tobytes() == b.tobytes()
    assert len(made) == count


BCAST = int(os.environ.get("SRCDIFF_NUMBA_BCAST_COUNT", "4"))


def test_random_broadcasting_programs(monkeypatch, capsys, tmp_path):
    """Each compiles or is refused; what compiles agrees with finite differences, its own
    forward mode and the NumPy backend (fuzz.check_source, 1e-10); the runs reach
    broadcasting loops of 3-d and 2-d groups, sums to an array's shape and negated sums."""
    import gen_stencils
    from test_numba_fuzz import _reaching

    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    monkeypatch.setattr(fuzz, "TIMEOUT", 300.0)  # (a hang guard: cold compiles, loaded)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))
    made = _counting(monkeypatch)
    compiled, more = _reaching(gen_stencils.broadcast_program, BCAST, lambda: _reached(made),
                               3 * BCAST if BCAST >= 4 else BCAST)
    reached = _reached(made)
    with capsys.disabled():
        print(f"\nnumba broadcasting: {compiled} of {more} compiled, reached {reached}")
    assert compiled >= BCAST // 2
    if BCAST >= 4:
        assert min(reached.values()) > 0, reached


def _reached(made):
    loops = [(ndim, text) for ndim, text in made if text]
    return {"3d": sum(ndim == 3 for ndim, _ in loops),
            "2d": sum(ndim == 2 for ndim, _ in loops),
            "sum": sum("np.zeros(" in text for _, text in loops),
            "negated": sum("= -_s_" in text for _, text in loops)}


def test_gradient_is_exact_across_lengths_of_one(monkeypatch, tmp_path):
    """One compiled gradient called at lengths that take each of the loop's run-time
    branches (a sum over the last axis and the first into ``(1, m, 1)``, lengths 1):
    every call equals central finite differences."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))  # (loops made while typing)
    made = _counting(monkeypatch)
    g = sd.grad(_weighted, wrt=(0, 1, 2), backend="numba")
    rng = np.random.default_rng(2)
    for n, m, k in ((3, 4, 2), (1, 4, 2), (3, 1, 1), (2, 3, 1)):
        args = (rng.standard_normal((n, k)), rng.standard_normal((m, k)),
                rng.standard_normal(m), rng.standard_normal((n, m, k)))
        got = g(*args)
        for i in range(3):
            assert_close(got[i], numeric_grad(_weighted, args, i))
    assert any(text and "np.zeros(c.shape)" in text for _, text in made), made


def _weighted(x, y, z, w):
    a = x[:, None, :]
    b = y[None, :, :]
    c = z[None, :, None]
    d = a - b
    e = d * c + np.sin(d)
    return np.sum(w * (e * c - a * b))
