"""backend="numba": a called function's backward sweep fused (numba_fuse_ssa.py): its first
contributions ``b_x = e1 if b_x is None else b_x + e2`` and its ``b_y += e`` join a group,
the branch chosen by the type of ``b_x`` (None where the caller passes nothing yet, an
array where it passes its adjoint). Checked: which statements form groups and which they
refuse, the loop's numbers against the statements run by NumPy (bit for bit) for each
type of the tested names and the lengths fallback, and a gradient calling a helper four
times a step against the NumPy backend and central finite differences."""

import ast

import numpy as np
import pytest

import srcdiff as sd
from fd import assert_close, numeric_grad

pytest.importorskip("numba")

from test_numba_fuse import _compiled  # noqa: E402

from srcdiff.compiler.emit import numba_fuse, numba_fuse_compile  # noqa: E402

BWD = """def f(b_x, b_y, x, y, a, g):
    b_m = -g
    b_x = b_m * y if b_x is None else b_x + b_m * y
    b_y = a * b_m if b_y is None else b_y + a * b_m
    b_n = g * y
    b_y += mul_into(x, g)
    b_x += b_n * a
    return b_x, b_y
"""


def _plain(b_x, b_y, x, y, a, g):  # BWD as NumPy runs it
    b_m = -g
    b_x = b_m * y if b_x is None else b_x + b_m * y
    b_y = a * b_m if b_y is None else b_y + a * b_m
    b_n = g * y
    b_y += x * g
    b_x += b_n * a
    return b_x, b_y


def test_backward_sweep_is_one_group_and_exact(monkeypatch):
    chosen = []
    choose = numba_fuse_compile._choose
    monkeypatch.setattr(numba_fuse_compile, "_choose", lambda group, args, rows: chosen.append(
        choose(group, args, rows).__name__) or choose(group, args, rows))
    fn, groups = _compiled(BWD)
    assert len(groups) == 1 and len(groups[0].stmts) == 6
    assert groups[0].outputs == ["b_x", "b_y"]
    rng = np.random.default_rng(7)
    x, y, a, g, bx, by = (rng.standard_normal(9) for _ in range(6))
    cases = [(None, None), (bx, None), (None, by), (bx, by), (0.5, by),
             (bx[:1], by)]  # (a length-1 array: the loop's fallback, as written)
    for cx, cy in cases:
        args = tuple(np.copy(c) if isinstance(c, np.ndarray) else c for c in (cx, cy))
        got = fn(*args, x, y, a, g)
        want = _plain(*args, x, y, a, g)
        for u, w in zip(got, want):
            np.testing.assert_array_equal(u, w)
    # the loop, for each of the five kinds of arguments (the last case's are the fourth's)
    assert chosen == ["_fused0_loop"] * 5
    # the caller's arrays are not written (the group's values are new arrays)
    bx2 = bx.copy()
    fn(bx2, None, x, y, a, g)
    np.testing.assert_array_equal(bx2, bx)


def test_an_optional_name_runs_as_written():
    import numba
    fn, groups = _compiled(BWD)

    @numba.njit
    def call(flag, bx, x, y, a, g):
        b = bx if flag else None  # (an optional array: which branch is known at run time)
        return fn(b, None, x, y, a, g)

    rng = np.random.default_rng(8)
    bx, x, y, a, g = (rng.standard_normal(5) for _ in range(5))
    for flag in (True, False):
        got = call(flag, bx, x, y, a, g)
        want = _plain(bx if flag else None, None, x, y, a, g)
        for u, w in zip(got, want):
            np.testing.assert_array_equal(u, w)


def _stmts(groups):
    return [[ast.unparse(s) for s in g.stmts] for g in groups]


def test_what_the_forms_refuse(monkeypatch):
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)

    def groups_of(body):
        return _stmts(numba_fuse.fuse(ast.parse("def f(b, c, x, T, k):\n" + body).body[0]))

    # += of a name the group did not make (a caller's array: written in place)
    assert groups_of("    a = x * 2.0\n    b += a * x\n    return a, b\n") == []
    # += of a name a moved tape write reads before it: the write would see the new value
    assert groups_of("    a = x * 2.0\n    tape_put(T, k, a)\n    a += x\n"
                     "    return a\n") == []
    # the first branch may not read the tested name; the tested name is the group's input
    assert groups_of("    a = x * 2.0\n    b = b * x if b is None else b + x\n"
                     "    return a, b\n") == []
    assert groups_of("    b = x * 2.0\n    c = x if b is None else b + x\n"
                     "    return c\n") == []
    # both taken: the first contribution, then an add into what it made
    assert groups_of("    a = x * 2.0\n    b = a * x if b is None else b + a * x\n"
                     "    b += a\n    return b\n") == [
        ["a = x * 2.0", "b = a * x if b is None else b + a * x", "b += a"]]


def rhs(x, y, p, q):
    return p * x - q * x * y, q * x * y - p * y


def rk_like(x0, y0, p, q, steps):
    x, y = x0, y0
    for i in range(steps):
        k1x, k1y = rhs(x, y, p, q)
        k2x, k2y = rhs(x + 0.1 * k1x, y + 0.1 * k1y, p, q)
        x = x + 0.05 * (k1x + k2x)
        y = y + 0.05 * (k1y + k2y)
    return np.sum(x * x + y)


def test_gradient_through_a_helper_called_twice_a_step(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    rng = np.random.default_rng(4)
    args = (1.0 + 0.1 * rng.random(6), 0.5 + 0.1 * rng.random(6), 0.3 + 0.1 * rng.random(6),
            0.2 + 0.1 * rng.random(6), 5)
    wrt = (0, 1, 2, 3)
    g = sd.grad(rk_like, wrt=wrt, backend="numba")
    got = g(*args)
    ref = sd.grad(rk_like, wrt=wrt)(*args)
    for k, u, r in zip(wrt, got, ref):
        assert_close(u, r, rtol=1e-12, atol=1e-14)
        assert_close(u, numeric_grad(rk_like, args, k))
    (_, runner), = g._runners.values()
    bwd = runner.source[runner.source.index("def bwd_rhs"):]
    bwd = bwd[:bwd.index("\ndef ")]
    # the backward sweep of rhs: its adds into the adjoints in one group
    assert "_fused" in bwd and "+=" not in bwd and " is None" not in bwd
