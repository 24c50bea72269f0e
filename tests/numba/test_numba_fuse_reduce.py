"""backend="numba": a sum over the last axis of an elementwise value as one loop
(numba_fuse_reduce.py). nbody's ``pow1 = diff ** 2`` and ``np.sum(pow1, axis=-1)`` become
``_fused_sum0(diff)``: no (n, n, 3) square; the gradient is bit for bit the unfused numba
backend's, and agrees with the hand-written gradient, the NumPy backend and central finite
differences, also where the run-time check sends the loop to the statements as written;
the pair is left alone where the summed value is read for its numbers; random programs
(``reduce_program``) reach the loop and agree with finite differences and the NumPy
backend."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad
from paths import ROOT

pytest.importorskip("numba")

from srcdiff.compiler.emit import numba_fuse_reduce  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "tests", "property"))
import fuzz  # noqa: E402
from realistic import nbody  # noqa: E402


@pytest.fixture
def made(monkeypatch, tmp_path):
    """The loops written while typing: a list of ``(ndim, source or None)`` (numba's cache
    in a new directory: the loops are made while typing)."""
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))
    made, real = [], numba_fuse_reduce.Site.loop_source
    monkeypatch.setattr(numba_fuse_reduce.Site, "loop_source", lambda site, ndim: made.append(
        (ndim, real(site, ndim))) or made[-1][1])
    return made


def _entry_source(g):
    """The gradient functions' sources (one per kind of arguments) without the groups'."""
    return "".join(runner.source.split("def _fused")[0] for _, runner in g._runners.values())


def _unfused(monkeypatch, f, wrt):
    monkeypatch.setenv("SRCDIFF_NUMBA_FUSE", "0")
    plain = sd.grad(f, wrt=wrt, backend="numba")
    monkeypatch.setenv("SRCDIFF_NUMBA_FUSE", "1")
    return plain


def test_nbody_square_and_sum_are_one_loop_bit_for_bit(monkeypatch, made):
    rng = np.random.default_rng(3)
    pos, m = rng.standard_normal((9, 3)), rng.uniform(0.5, 1.5, 9)
    fused = sd.grad(nbody.primal, wrt=nbody.WRT, backend="numba")
    got = fused(pos, m)
    entry = _entry_source(fused)
    assert "sum1, pow1 = _fused_sum0(diff)" in entry and "np.sum(pow1" not in entry
    assert [ndim for ndim, text in made if text] == [3], made
    plain = _unfused(monkeypatch, nbody.primal, nbody.WRT)
    want = sd.grad(nbody.primal, wrt=nbody.WRT)(pos, m)
    for a, b, c, h in zip(got, plain(pos, m), want, nbody.hand_grad(pos, m)):
        assert a.tobytes() == b.tobytes()  # (the same additions in the same order)
        assert_close(a, c, rtol=1e-12, atol=1e-12)
        assert_close(a, h, rtol=1e-10, atol=1e-12)
    for k in (0, 1):
        assert_close(got[k], numeric_grad(nbody.primal, (pos, m), k))


def _pair(x, y, z, w):
    a = x[:, None, :]
    b = y[None, :, :]
    d = a - b
    t = d * d * z + 0.5 * d
    r = np.sum(t, axis=-1)
    return np.sum(w * np.sqrt(r * r + 1.0))


def test_broadcast_lengths_and_fallbacks(monkeypatch, made):
    """A value of three inputs (one a (k,) row broadcast over both leading axes): lengths
    of one and lengths the run-time check refuses (k of z differs from x's: NumPy's
    broadcasting raises in both versions); each call equals the unfused backend's numbers
    and finite differences."""
    g = sd.grad(_pair, wrt=(0, 1, 2), backend="numba")
    plain = _unfused(monkeypatch, _pair, (0, 1, 2))
    rng = np.random.default_rng(4)
    for n, m, k in ((3, 4, 2), (1, 4, 3), (3, 1, 1), (2, 2, 0)):
        args = (rng.standard_normal((n, k)), rng.standard_normal((m, k)),
                rng.standard_normal((1, 1, k)), rng.standard_normal((n, m)))
        got = g(*args)
        assert "_fused_sum0(" in _entry_source(g)
        for a, b in zip(got, plain(*args)):
            assert a.tobytes() == b.tobytes()
        for i in range(3):
            assert_close(got[i], numeric_grad(_pair, args, i))
    # (a loop for each kind of arguments the lengths of one make: numba's layouts)
    assert {ndim for ndim, text in made if text} == {3}, made
    bad = (np.ones((2, 3)), np.ones((2, 3)), np.ones((1, 1, 2)), np.ones((2, 2)))
    with pytest.raises(ValueError):
        g(*bad)


def _read_for_values(x, c):
    t = np.exp(x * c)
    r = np.sum(t, axis=-1)
    return np.sum(r * r) + np.sum(t[0])


def _first_axis(x, c):
    t = x * x * c
    r = np.sum(t, axis=0)
    return np.sum(r * r)


def _two_axes(x, c):
    t = x * x * c + x
    r = np.sum(t, axis=1)
    return np.sum(np.sin(r))


@pytest.mark.parametrize("f, rewritten, looped", [
    (_read_for_values, False, False),  # (t's numbers read after: exp's adjoint, t[0])
    (_first_axis, False, False),  # (not the last axis: numba_spellings' sum_rows)
    (_two_axes, True, True)])
def test_which_pairs_become_loops(monkeypatch, made, f, rewritten, looped):
    args = (np.random.default_rng(6).standard_normal((4, 5)), 0.7)
    g = sd.grad(f, wrt=0, backend="numba")
    got = g(*args)
    assert ("_fused_sum" in _entry_source(g)) == rewritten
    assert any(text for _, text in made) == looped, made
    plain = _unfused(monkeypatch, f, 0)
    assert got.tobytes() == plain(*args).tobytes()
    assert_close(got, sd.grad(f, wrt=0)(*args), rtol=1e-12, atol=1e-12)
    assert_close(got, numeric_grad(f, args, 0))
    # an int array: the statements as written (numba_ints' checked int operations)
    ints = (np.arange(20).reshape(4, 5), 2.0)
    assert_close(g(*ints), sd.grad(f, wrt=0)(*ints), rtol=1e-12, atol=1e-12)


def reduce_program(seed, index):
    """``(source, args, wrt)`` of a random program summing an elementwise value of
    broadcast views over its last axis (3-d, or 2-d for a third of them), then using the
    sums elementwise: the shape numba_fuse_reduce.py rewrites when the value's adjoint
    does not read the value itself (an ``np.exp``/``np.sin`` of it does: left alone)."""
    rng = np.random.default_rng([seed, index, 46])
    ndim = 2 if index % 3 == 2 else 3
    if ndim == 3:
        views = ["    a = x[:, None, :]", "    b = y[None, :, :]", "    c = z[None, :, :]"]
    else:
        views = ["    a = x[:, None]", "    b = y[None, :]", "    c = z"]
    import gen_stencils
    leaves = ["a", "b", "c", "0.5", "1.5"]
    body = views + [f"    t = {gen_stencils._bcast_expr(rng, leaves, 3)} + a * b * c",
                    "    r = np.sum(t, axis=-1)",
                    f"    return np.sum(w * {str(rng.choice(['np.sin(r)', 'r * r', 'r']))})"]
    source = "import numpy as np\n\n\ndef f(x, y, z, w):\n" + "\n".join(body) + "\n"
    n, m, k = (int(rng.choice([1, 2, 3, 4])) for _ in range(3))
    if ndim == 3:
        shapes = [(n, k), (m, k), (m, k), (n, m)]
    else:
        shapes = [(n,), (m,), (n, m), (n,)]
    args = tuple(0.5 * rng.standard_normal(s) for s in shapes)
    return source, args, (0, 1, 2)


COUNT = int(os.environ.get("SRCDIFF_NUMBA_REDUCE_COUNT", "4"))


def test_random_reduce_programs(monkeypatch, capsys, made):
    """Each compiles or is refused; what compiles agrees with finite differences, its own
    forward mode and the NumPy backend (fuzz.check_source, 1e-10); the runs reach the
    loop in 3-d and 2-d programs."""
    from test_numba_fuzz import _reaching

    monkeypatch.setattr(fuzz, "TIMEOUT", 300.0)  # (a hang guard: cold compiles, loaded)

    def reached():
        loops = [ndim for ndim, text in made if text]
        return {"3d": loops.count(3), "2d": loops.count(2)}
    compiled, drawn = _reaching(reduce_program, COUNT, reached, 4 * COUNT)
    with capsys.disabled():
        print(f"\nnumba sums over the last axis: {compiled} of {drawn} compiled, "
              f"reached {reached()}")
    assert compiled >= COUNT // 2
    assert min(reached().values()) > 0, reached()
