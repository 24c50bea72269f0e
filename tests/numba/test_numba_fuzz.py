"""The random loop programs (tests/property/gen_loops.py) through backend="numba": each is
compiled or refused with a SrcdiffError, and what compiles agrees with central finite
differences and with its own forward mode (tests/property/fuzz.py's checks)."""

import functools
import os
import sys

import pytest

import srcdiff as sd
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "tests", "property"))
import fuzz  # noqa: E402

COUNT = int(os.environ.get("SRCDIFF_NUMBA_FUZZ_COUNT", "24"))


def test_random_loop_programs_compiled_with_numba(capsys):
    seed = fuzz.default_seed()
    summary = fuzz.run(COUNT, seed, grad=functools.partial(sd.grad, backend="numba"),
                       jvp=functools.partial(sd.jvp, backend="numba"), reference=False)
    with capsys.disabled():
        print("\nnumba " + summary.line())
    # numba failing to compile srcdiff's generated gradient is a failure (fuzz.py), not a
    # refusal: each is compiled or refused with a SrcdiffError before numba runs
    # (test_numba_fuzz_causes.py). Session 41 found one at every seed tried (9 causes in 72
    # programs); session 42 fixed the rest it found (0-d arguments, np.where/np.full(())/
    # np.copy of numbers, names of two kinds, a loop or arm numba proves never runs,
    # astype(int), a pair returned from a loop, forward mode of a loop never run): seeds
    # 1, 2, 3, 11, 13, 42, 20261203 went from 22 numba errors in 168 programs to 0, and
    # seeds 9, 10, 14, 15, 16, 584046668 have none: this test is strict since
    assert not summary.failures, "\n\n".join(o.report() for o in summary.failures[:3])
    assert sum(summary.counts.values()) == COUNT


STENCILS = int(os.environ.get("SRCDIFF_NUMBA_STENCIL_COUNT", "12"))


def test_random_stencil_programs(monkeypatch, capsys):
    """Random Burgers-like stencils (gen_stencils.py) with fusion at every group size:
    each compiles or is refused; what compiles agrees with finite differences, its own
    forward mode and the NumPy backend; the runs reach the fused shapes they are for
    (an in-place add of an elementwise value, a number computed from a sum after the
    loop, a value saved in the loop written into its tape's row, a 2-d fused loop, a
    gradient local named as one of the backend's own names, renamed apart)."""
    import gen_stencils

    from srcdiff.compiler.emit import numba_fuse, numba_fuse_rows, numba_names
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    # (a hang guard, not a speed check: a 2-d program's first compile with numba's caches
    # cold, on a loaded machine, took more than fuzz's 60 s)
    monkeypatch.setattr(fuzz, "TIMEOUT", 300.0)
    reached = {"rows": 0, "acc": 0, "late": 0, "2d": 0, "renamed": 0}
    loop_source, absorb = numba_fuse.Group.loop_source, numba_fuse_rows.absorb
    keep_apart = numba_names.keep_apart

    def counted_loop(group, arrays, rows=False, ndim=1):
        text = loop_source(group, arrays, rows, ndim)
        lines = (text or "").splitlines()
        reached["acc"] += any(ln.strip().startswith("_a") and "[_i] = " in ln for ln in lines)
        reached["late"] += bool(_late_lines(lines))
        reached["2d"] += bool(text) and ndim == 2
        return text

    def counted_keep_apart(defs, helpers, where):
        after = keep_apart(defs, helpers, where)
        reached["renamed"] += any(f"u{name}_" in after for name in gen_stencils.OWN_NAMES)
        return after

    def counted_absorb(group, *args):
        out = absorb(group, *args)
        reached["rows"] += bool(group.rows)
        return out
    monkeypatch.setattr(numba_fuse.Group, "loop_source", counted_loop)
    monkeypatch.setattr(numba_fuse_rows, "absorb", counted_absorb)
    monkeypatch.setattr(numba_names, "keep_apart", counted_keep_apart)
    compiled, drawn = _reaching(gen_stencils.program, STENCILS, lambda: reached,
                                2 * STENCILS if STENCILS >= 12 else STENCILS, unused_ok=True)
    with capsys.disabled():
        print(f"\nnumba stencils: {compiled} of {drawn} compiled, reached {reached}")
    assert compiled >= STENCILS // 2
    if STENCILS >= 12:
        assert min(reached.values()) > 0, reached


def _late_lines(lines):
    """The lines after the fused loop that compute a number from a sum (not the sum's
    own ``x = _s_x``, not an in-place add, not the return)."""
    if "    for _i in range(_n):" not in lines:
        return []
    after = lines[lines.index("    for _i in range(_n):") + 1:]
    return [ln for ln in after if ln.startswith("    ") and not ln.startswith("     ")
            and " = " in ln and " = _s_" not in ln and "index_add(" not in ln]


RK = int(os.environ.get("SRCDIFF_NUMBA_RK_COUNT", "6"))


def test_random_runge_kutta_programs(monkeypatch, capsys, tmp_path):
    """Random lotka_rk4-like programs (gen_stencils.rk_program): a helper returning a tuple,
    called for several stages a step. What compiles agrees with finite differences, its
    own forward mode and the NumPy backend (1e-10); the runs reach fused loops written
    from first contributions (numba_fuse_ssa.for_loop choosing a branch by type)."""
    import gen_stencils

    from srcdiff.compiler.emit import numba_fuse, numba_fuse_ssa
    monkeypatch.setattr(fuzz, "TIMEOUT", 300.0)  # (a hang guard: cold compiles, loaded)
    monkeypatch.setattr(numba_fuse, "MIN_GROUP", 2)
    # (the gradients compiled here, not loaded from srcdiff's disk cache: a loaded one
    # chooses no loop in this process, and the reach below would count nothing)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))
    reached = {"first": 0}
    for_loop = numba_fuse_ssa.for_loop

    def counted(group, kinds, value_type):
        made = for_loop(group, kinds, value_type)
        reached["first"] += made is not None and any(
            numba_fuse_ssa.first_form(s) is not None for s in group.stmts)
        return made
    monkeypatch.setattr(numba_fuse_ssa, "for_loop", counted)
    # (forward mode of a tuple-returning helper is refused, item_grad: not counted)
    compiled = _compiled_and_agreeing(gen_stencils.rk_program, RK, refused_ok=("forward",))
    with capsys.disabled():
        print(f"\nnumba runge-kutta: {compiled} of {RK} compiled, reached {reached}")
    assert compiled >= RK // 2 and reached["first"] > 0, (compiled, reached)


MATMULS = int(os.environ.get("SRCDIFF_NUMBA_MATMUL_COUNT", "2"))


def test_random_stacked_matmul_programs(monkeypatch, capsys, tmp_path):
    """Random programs with ``@`` of stacks of matrices (gen_matmul.py; conv1d_taps's loop
    over taps among them): what compiles agrees with finite differences, its own forward
    mode and the NumPy backend (1e-10); the programs hold each kind of stack product, whose
    gradient calls numba_broadcast's matmul_of, matmul_lhs and matmul_rhs of stacks, and
    index_add of a 3-d slice of an adjoint (the conv kind's ``x[:, :, t:t + L]``)."""
    import gen_matmul
    monkeypatch.setattr(fuzz, "TIMEOUT", 300.0)  # (a hang guard: cold compiles, loaded)
    monkeypatch.setenv("SRCDIFF_NUMBA_CACHE_DIR", str(tmp_path))  # (compiled here)
    reached = dict.fromkeys(gen_matmul.KINDS, 0)
    for index in range(MATMULS):
        for kind in gen_matmul.kinds(fuzz.default_seed(), index):
            reached[kind] += 1
    compiled = _compiled_and_agreeing(gen_matmul.program, MATMULS, refused_ok=("forward",))
    # the products of program 0 (half the kinds; operands of 3 axes) in its compiled gradient:
    # matmul_of and its two gradients, numba_broadcast's stacks (srcdiff's cache: no compile)
    source, args, wrt = gen_matmul.program(fuzz.default_seed(), 0)
    loader = fuzz.Loader()
    try:
        fn, _ = loader.load(fuzz.program_from_source(source, args, wrt))
        text = sd.grad(fn, wrt=wrt, backend="numba").source(*args)
    finally:
        loader.close()
    calls = {h: text.count(h + "(") for h in ("matmul_of", "matmul_lhs", "matmul_rhs")}
    with capsys.disabled():
        print(f"\nnumba stacked matmuls: {compiled} of {MATMULS} compiled, reached {reached}, "
              f"calls in program 0's gradient {calls}")
    assert compiled == MATMULS and min(reached.values()) > 0, reached
    assert min(calls.values()) > 0, calls


def _reaching(program, count, reached, limit, **options):
    """``(compiled, drawn)``: :func:`_compiled_and_agreeing` over ``count`` programs, then
    over more, one at a time, while a shape ``reached()`` counts (``{shape: count}``) is
    still at 0, up to ``limit`` programs in all (a shape the first programs do not reach at
    this seed is looked for in the next ones, so that the reach assert holds at any seed)."""
    compiled, drawn = _compiled_and_agreeing(program, count, **options), count
    while min(reached().values()) == 0 and drawn < limit:
        compiled += _compiled_and_agreeing(program, 1, start=drawn, **options)
        drawn += 1
    return compiled, drawn


def _compiled_and_agreeing(program, count, refused_ok=(), unused_ok=False, start=0):
    """How many of ``count`` random programs (``program(seed, index)``: source, arguments,
    positions) numba compiled. Each is compiled or refused with a SrcdiffError and agrees
    with finite differences and its own forward mode (fuzz.check_source); one compiled
    (refused in no mode but ``refused_ok``) equals the NumPy backend's gradient (1e-10).
    ``unused_ok``: a gradient may be None (an argument unused) when both backends say so."""
    import numpy as np

    from fd import assert_close
    seed = fuzz.default_seed()
    compiled = 0
    for index in range(start, start + count):  # (``start``: the first program's index)
        source, args, wrt = program(seed, index)
        try:
            outcome = fuzz.check_source(source, args, wrt, grad=functools.partial(
                sd.grad, backend="numba"), jvp=functools.partial(sd.jvp, backend="numba"),
                reference=False)
        except ValueError:  # (not a fair finite-difference test at these arguments)
            continue
        assert not outcome.problems, f"seed {seed} index {index}\n{source}\n" + \
            outcome.report()
        if any(mode not in refused_ok for mode, _ in outcome.refusals):
            continue
        compiled += 1
        loader = fuzz.Loader()
        try:
            fn, _ = loader.load(fuzz.program_from_source(source, args, wrt))
            got = sd.grad(fn, wrt=wrt, backend="numba")(*args)
            want = sd.grad(fn, wrt=wrt)(*args)
        finally:
            loader.close()
        for g, w in zip(got, want):
            if unused_ok and (g is None or w is None):  # (nu unused: its gradient is None)
                assert g is None and w is None
                continue
            assert_close(np.asarray(g), np.asarray(w), rtol=1e-10, atol=1e-12)
    return compiled
