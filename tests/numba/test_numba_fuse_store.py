"""backend="numba": a store into a slice, ``u[1:-1] = u_i + c * lap``, is a fused group of
its own (numba_fuse.py: a store makes a group alone), and its loop may write the very view
it reads (``u_i = u[1:-1]``: numba_fuse_compile._same); a target that overlaps what it reads
at another index (``u[1:] = u[:-1] * c``, a transposed view) runs as written. Gradients
against the NumPy backend (arrays bit for bit: the same operations in the same order), central
finite differences and a hand-written gradient, on several lengths, 1 included."""

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_fuse, numba_fuse_compile  # noqa: E402


def diffuse(u0, c, n):
    u = u0.copy()
    for t in range(n):
        lap = u[2:] - 2.0 * u[1:-1] + u[:-2]
        u[1:-1] += c * lap
    return np.sum(u * u)


def diffuse_hand(u0, c, n):
    us, u = [], u0.copy()
    for t in range(n):
        us.append(u.copy())
        u[1:-1] += c * (u[2:] - 2.0 * u[1:-1] + u[:-2])
    g, gc = 2.0 * u, 0.0
    for t in range(n - 1, -1, -1):
        v = us[t]
        lap = v[2:] - 2.0 * v[1:-1] + v[:-2]
        gi = g[1:-1].copy()
        gc += np.dot(gi, lap)
        g[1:-1] -= 2.0 * c * gi
        g[2:] += c * gi
        g[:-2] += c * gi
    return g, gc


def diffuse2d(u0, c, n):
    u = u0.copy()
    for t in range(n):
        lap = u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4.0 * u[1:-1, 1:-1]
        u[1:-1, 1:-1] += c * lap
    return np.sum(u * u)


def shifted(u0, c, n):
    u = u0.copy()
    for t in range(n):
        u[1:] = u[:-1] * c + 1.0  # (the target overlaps the read at the next index)
    return np.sum(u * u)


def _loops(monkeypatch):
    made, real = [], numba_fuse.Group.loop_source

    def counted(self, arrays, rows=False, ndim=1):
        text = real(self, arrays, rows, ndim)
        made.append(text or "")
        return text
    monkeypatch.setattr(numba_fuse.Group, "loop_source", counted)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE", "0")  # (the loops are made while typing)
    return made


def _same_bits(fn, args, wrt):
    got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
    ref = sd.grad(fn, wrt=wrt)(*args)
    for k, g, r in zip(wrt, got, ref):
        if np.ndim(g):
            assert g.tobytes() == r.tobytes()
        else:  # (a sum of many elements: numba adds them in order, NumPy pairwise)
            assert_close(g, r, rtol=1e-13, atol=0.0)
        assert_close(g, numeric_grad(fn, args, k))
    return got


@pytest.mark.parametrize("length", [3, 4, 9, 33])
def test_store_into_the_view_it_reads_is_a_loop(monkeypatch, length):
    made = _loops(monkeypatch)
    rng = np.random.default_rng(length)
    args = (rng.standard_normal(length), 0.2, 3)
    got = _same_bits(diffuse, args, (0, 1))
    for g, h in zip(got, diffuse_hand(*args)):
        assert_close(g, h, rtol=1e-12, atol=1e-14)
    stores = [t for t in made if "_fused_meets(_t" in t]
    assert stores and all("[_i] = u_i" in t for t in stores), made


@pytest.mark.parametrize("shape", [(3, 3), (3, 8), (5, 4), (12, 7)])
def test_store_into_the_2d_view_it_reads(monkeypatch, shape):
    made = _loops(monkeypatch)
    rng = np.random.default_rng(sum(shape))
    _same_bits(diffuse2d, (rng.standard_normal(shape), 0.1, 2), (0, 1))
    assert any("_fused_meets(_t" in t and "for _j in range(_m):" in t for t in made), made


@pytest.mark.parametrize("length", [2, 3, 10])
def test_store_overlapping_a_read_at_another_index_runs_as_written(length):
    rng = np.random.default_rng(length)
    _same_bits(shifted, (rng.standard_normal(length), 0.7, 3), (0, 1))


@pytest.mark.parametrize("ndim", [1, 2])
def test_meets_allows_only_the_identical_view(ndim):
    meets = numba_fuse_compile.meets if ndim == 1 else numba_fuse_compile.meets_nd
    u = np.arange(36.0).reshape(6, 6)
    if ndim == 1:
        u = u.ravel()
        # (a reversed view: the same length, the other direction)
        view, others = u[1:-1], (u[2:], u[:-2], u[::-1][1:-1], u[1:-1].copy())
        expect = (True, True, True, False)
    else:
        view = u[1:-1, 1:-1]
        # (its transpose: the same first address and shape, other strides)
        others = (u[2:, 1:-1], u[1:-1, :-2], view.T, view.copy())
        expect = (True, True, True, False)
    assert not meets(view, u[1:-1] if ndim == 1 else u[1:-1, 1:-1])
    for other, want in zip(others, expect):
        assert meets(view, other) == want
