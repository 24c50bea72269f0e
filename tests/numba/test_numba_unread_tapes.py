"""backend="numba": two costs of the nbody and conv1d_taps workloads (issue 18).

- ``x ** 2`` of a float array, the exponent written in the source: NumPy's square
  (numba_checked.power), not numba's ``**`` of an int exponent it cannot see (4x
  slower on nbody's 256x256x3 differences). Checked in the overload's choice and in the
  numbers (bit for bit NumPy's ``x ** 2``).
- tapes whose restores nothing reads (numba_tapes.drop_unread_tapes): the reverse sweep
  restores ``h`` overwritten by ``h = h + ...`` although no statement reads it; the
  tape is gone from the source, the tapes still read are kept.

Gradients against the NumPy backend (1e-12), central finite differences and a
hand-written gradient; one compiled gradient per function."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close
from numba_agree import agree
from paths import ROOT

numba = pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_checked  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
from realistic import nbody  # noqa: E402


def _source(fn, args, wrt):
    g = sd.grad(fn, wrt=wrt, backend="numba")
    got = g(*args)
    (_, runner), = g._runners.values()
    return got, runner.source


def test_square_of_a_float_array_is_a_product():
    power = numba_checked.power

    @numba.njit
    def square(a):
        return power(a, 2)

    @numba.njit
    def cube(a):
        return power(a, 3)

    x = np.random.default_rng(0).standard_normal(1000) * 1e3
    assert np.array_equal(square(x), x ** 2)  # bit for bit NumPy's
    assert_close(cube(x), x ** 3, rtol=1e-15)
    # the overload's choice: for a float array and the literal 2 a product, for an int
    # exponent numba cannot see (or another literal) ``a ** b`` as before
    from numba import types
    arr = types.Array(types.float64, 1, "C")
    literal = numba_checked._power(arr, types.IntegerLiteral(2))
    general = numba_checked._power(arr, types.int64)
    assert literal.__code__ is not general.__code__
    assert numba_checked._power(arr, types.IntegerLiteral(3)).__code__ is general.__code__
    assert np.array_equal(literal(x, 2), x ** 2)


def test_nbody_small():
    pos = np.random.default_rng(1).standard_normal((12, 3))
    m = np.random.default_rng(2).uniform(0.5, 1.5, 12)
    got = agree(nbody.primal, (pos, m), nbody.WRT)
    hand = nbody.hand_grad(pos, m)
    assert_close(got[0], hand[0], rtol=1e-10, atol=1e-12)
    assert_close(got[1], hand[1], rtol=1e-10, atol=1e-12)


def taps(w, x, v):
    h = np.zeros(5)
    for k in range(3):
        h = h + w[k] * x[k:k + 5]     # h overwritten, not read by the backward sweep
    s = np.tanh(h)
    out = np.zeros(3)
    for k in range(3):
        out = out + v[k] * s[k:k + 3]  # out overwritten too
    return np.sum(out ** 2)


def test_unread_tapes_dropped(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    rng = np.random.default_rng(3)
    w, x, v = rng.standard_normal(3), rng.standard_normal(7), rng.standard_normal(3)
    args = (w, x, v)
    agree(taps, args, (0, 1, 2))
    got, source = _source(taps, args, (0, 1, 2))
    # hand-written gradient
    h = sum(w[k] * x[k:k + 5] for k in range(3))
    s = np.tanh(h)
    out = sum(v[k] * s[k:k + 3] for k in range(3))
    gout = 2.0 * out
    gs, gv = np.zeros(5), np.array([gout @ s[k:k + 3] for k in range(3)])
    for k in range(3):
        gs[k:k + 3] += v[k] * gout
    gh = gs * (1.0 - s * s)
    gw = np.array([gh @ x[k:k + 5] for k in range(3)])
    gx = np.zeros(7)
    for k in range(3):
        gx[k:k + 5] += w[k] * gh
    for a, b in zip(got, (gw, gx, gv)):
        assert_close(a, b, rtol=1e-10, atol=1e-12)
    # no restore of h or out is left, and every tape left is read
    assert "h_before" not in source and "out_before" not in source
    tapes = {t for t in source.split() if t.startswith("_tape")}
    for t in {t.strip("(),") for t in tapes}:
        if f"{t} = tape_alloc" in source:
            assert f"tape_get(_{t[1:]}" in source or f"tape_get_prev({t}" in source \
                or f"tape_get_entry({t}" in source, t


def test_unbroadcast_runs_add_as_rows_did():
    """numba_broadcast._blocks (at most three runs of kept or summed axes, plain loops)
    adds the same numbers in the same order as the row-by-row counter it shortcuts
    (_by_rows): bit for bit equal on random shapes of 1-5 axes, float and int, and equal
    to the NumPy runtime's unbroadcast (closed form: np.sum over the axes)."""
    from srcdiff.compiler.emit import numba_broadcast as nb
    from srcdiff.runtime import unbroadcast as numpy_unbroadcast

    @numba.njit
    def by_rows(g, x):
        extra = g.ndim - x.ndim
        out = np.zeros(x.shape)
        xs = np.empty(x.ndim, np.int64)
        step = 1
        for i in range(x.ndim - 1, -1, -1):
            xs[i] = step
            step *= x.shape[i]
        ostr = np.zeros(g.ndim, np.int64)
        for d in range(extra, g.ndim):
            if g.shape[d] == x.shape[d - extra]:
                ostr[d] = xs[d - extra]
        nb._by_rows(g, ostr, out.reshape(out.size), g.ndim)
        return out

    rng = np.random.default_rng(5)
    shapes = [((256, 256, 3), (256, 1, 3)), ((256, 256, 3), (1, 256, 3)),
              ((4, 20, 3), (4, 1, 1)), ((2, 3, 20, 5), (3, 1, 5))]
    for nd in range(1, 6):
        for _ in range(30):
            gs = tuple(int(n) for n in rng.integers(1, 5, nd))
            k = int(rng.integers(1, nd + 1))
            shapes.append((gs, tuple(n if rng.random() < 0.5 else 1 for n in gs[nd - k:])))
    for gs, xs in shapes:
        x = np.zeros(xs)
        for g in (rng.standard_normal(gs), rng.integers(-9, 9, gs)):
            got = nb._unbroadcast_any(g, x)
            assert np.array_equal(got, by_rows(g, x)), (gs, xs)
            assert_close(got, numpy_unbroadcast(g, x), rtol=1e-12, atol=1e-12)


def test_a_block_left_empty_by_the_dropped_restores_still_compiles():
    """A branch (or loop) whose statements are all unread restores keeps a ``pass``: the
    source stays Python (an empty block was a SyntaxError at compile time)."""
    import ast

    from srcdiff.compiler.emit.numba_tapes import drop_unread_tapes
    fn = ast.parse(
        "def g(a, n):\n"
        "    _tape0 = tape_alloc(n)\n"
        "    _tape1 = tape_alloc(n)\n"
        "    for k in range(n):\n"
        "        tape_put(_tape0, k, a)\n"
        "        tape_put(_tape1, k, a)\n"
        "    for k in range(n):\n"
        "        if a > 0:\n"
        "            x = tape_get(_tape0, k)\n"
        "        y = tape_get(_tape1, k)\n"
        "        a = a + y\n"
        "    return a\n").body[0]
    drop_unread_tapes(fn)
    text = ast.unparse(fn)
    compile(text, "<test>", "exec")
    assert "_tape0" not in text and "x = " not in text and "pass" in text
    assert text.count("_tape1") == 3  # (still read: its alloc, put and get stay)
