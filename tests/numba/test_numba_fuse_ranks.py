"""backend="numba": fused groups whose arrays have different numbers of axes (numba_fuse_bcast.py:
a 1-d ``gamma`` beside 2-d activations, NumPy's broadcasting aligning the trailing axes),
whose statements read a sum's value after it (``b_add = b_sqrt * -0.5 / sqrt``, run as
written after the loop) and whose 2-d sums go through a row buffer each. The backward
group of a layer normalisation (the realistic workload mlp_ln's) ran as written: it is now
one loop, bit for bit the unfused backend's numbers (same additions, same order), checked
against the NumPy backend and central finite differences, also at lengths where the loop's
run-time checks send it to the statements as written."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_fuse_bcast  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
from realistic import mlp_ln  # noqa: E402

EPS = 1e-5


def _counting(monkeypatch):
    made, real = [], numba_fuse_bcast.broadcast_source

    def counted(group, members, arrays, ndim):
        text = real(group, members, arrays, ndim)
        made.append((dict(arrays) if isinstance(arrays, dict) else None, text))
        return text
    monkeypatch.setattr(numba_fuse_bcast, "broadcast_source", counted)
    return made


def _mixed_loops(made):
    return [text for ranks, text in made
            if text and ranks and len(set(ranks.values())) > 1]


def layer_norm(a, gamma, beta, w):
    mu = a.mean(axis=1, keepdims=True)
    var = a.var(axis=1, keepdims=True)
    an = (a - mu) / np.sqrt(var + EPS)
    h = np.tanh(gamma * an + beta)
    return np.sum(h * w) + 0.5 * np.sum(h * h)


def test_layer_norm_backward_is_one_loop_bit_for_bit(monkeypatch, tmp_path):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))  # (loops made while typing)
    made = _counting(monkeypatch)
    rng = np.random.default_rng(43)
    args = (rng.standard_normal((6, 5)), 1.0 + 0.1 * rng.standard_normal(5),
            0.1 * rng.standard_normal(5), rng.standard_normal((6, 5)))
    wrt = (0, 1, 2)
    fused = sd.grad(layer_norm, wrt=wrt, backend="numba")
    got = fused(*args)
    loops = _mixed_loops(made)
    # one loop: the sums to gamma's and beta's shapes (1-d) and to the (n, 1) statistics,
    # the number made from a sum after it, each sum through its row buffer
    assert len(loops) == 1, made
    assert "for _j in range(_n1):" in loops[0] and "= -_s_" in loops[0], loops[0]
    assert any(ln.strip().startswith("b_") and "_s_" not in ln and " / " in ln
               for ln in loops[0].split("for _i0")[1].splitlines()), loops[0]  # (late)
    monkeypatch.setenv("SRCDIFF_NUMBA_FUSE", "0")
    plain = sd.grad(layer_norm, wrt=wrt, backend="numba")
    ref = sd.grad(layer_norm, wrt=wrt)(*args)
    for k, (a, b, r) in enumerate(zip(got, plain(*args), ref)):
        assert a.tobytes() == b.tobytes()  # (the same additions in the same order)
        assert_close(a, r, rtol=1e-12, atol=1e-13)
        assert_close(a, numeric_grad(layer_norm, args, k))
    # lengths of one along either axis, and a gamma of length 1 broadcast along the rows:
    # the loop's checks pass some and send others to the statements as written
    for n, m, k in ((1, 5, 5), (6, 1, 1), (6, 5, 1), (2, 3, 3)):
        shaped = (rng.standard_normal((n, m)), 1.0 + 0.1 * rng.standard_normal(k),
                  0.1 * rng.standard_normal(k), rng.standard_normal((n, m)))
        if m == 1:
            continue  # (var over one entry: the normalised value is 0/sqrt(EPS), flat)
        for i, (a, b) in enumerate(zip(fused(*shaped), plain(*shaped))):
            assert a.tobytes() == b.tobytes()
            assert_close(a, numeric_grad(layer_norm, shaped, i))


def test_mlp_ln_gradient_loop_and_numbers(monkeypatch, tmp_path):
    """The workload itself: its backward group is a loop, and the gradient equals the
    NumPy backend's to 1e-13 relative (tanh: numba_math's) and the hand-written one."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))
    made = _counting(monkeypatch)
    args = mlp_ln.make_inputs(np.random.default_rng(0))
    got = sd.grad(mlp_ln.primal, wrt=mlp_ln.WRT, backend="numba")(*args)
    assert len(_mixed_loops(made)) == 1, made
    ref = sd.grad(mlp_ln.primal, wrt=mlp_ln.WRT)(*args)
    for a, r, h in zip(got, ref, mlp_ln.hand_grad(*args)):
        assert_close(a, r, rtol=1e-13, atol=1e-15)
        assert_close(a, h, rtol=1e-10, atol=1e-13)


def scaled_rows(x, s, c):
    t = x * s
    u = t * c + x
    return np.sum(u * u) + np.sum(np.exp(0.1 * t) * c)


def test_sum_to_a_number_and_a_one_axis_column(monkeypatch, tmp_path):
    """A 2-d value summed to a number (``c``'s gradient, a float) and to ``x``'s ``(n, 1)``
    through the row buffers (the same order as the unfused sums: bit for bit)."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))
    made = _counting(monkeypatch)
    rng = np.random.default_rng(7)
    args = (rng.standard_normal((5, 1)), rng.standard_normal(4), 0.7)
    g = sd.grad(scaled_rows, wrt=(0, 1, 2), backend="numba")
    got = g(*args)
    assert any(text and "for _j in range(_n1):" in text and "_s_b_c += _a" in text
               for _, text in made), made
    monkeypatch.setenv("SRCDIFF_NUMBA_FUSE", "0")
    plain = sd.grad(scaled_rows, wrt=(0, 1, 2), backend="numba")(*args)
    for k, (a, b) in enumerate(zip(got, plain)):
        assert np.asarray(a).tobytes() == np.asarray(b).tobytes()
        assert_close(a, numeric_grad(scaled_rows, args, k))
