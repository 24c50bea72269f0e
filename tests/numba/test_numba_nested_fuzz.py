"""Random loop programs with a loop nested in another loop (tests/property/gen_loops.py, the
fuzz's ``loops`` family; about one program in twelve) through backend="numba": the programs of
a seed are scanned in order and the first ones with a nested loop checked as
test_numba_fuzz.py checks every program (finite differences, own forward mode): compiled or
refused with a SrcdiffError, never a numba error or a disagreement. Drawn from the same
stream, so the family's programs are unchanged; the test counts the compiled gradients
that kept a nested loop's saves on a tape (numba_tape_sites.Nest), so the change is reached."""

import ast
import functools
import os
import sys

import pytest

import srcdiff as sd
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "tests", "property"))
import fuzz  # noqa: E402

COUNT = int(os.environ.get("SRCDIFF_NUMBA_NESTED_COUNT", "6"))
SCAN = 40 * COUNT  # (indices scanned at most)


def _nested(source):
    loops = (ast.For, ast.While)
    return any(isinstance(inner, loops) for outer in ast.walk(ast.parse(source))
               if isinstance(outer, loops) for s in outer.body for inner in ast.walk(s))


def test_random_nested_loop_programs_compiled_with_numba(monkeypatch, capsys):
    from srcdiff.compiler.emit import numba_tape_sites, numba_tapes
    reached = []

    def counted_nest(outer, path):
        nest = numba_tape_sites.Nest(outer, path)
        reached.append(sum(isinstance(above[j], (ast.For, ast.While))
                           and above[j].body is body
                           for (above, j), (body, _) in zip(path, path[1:])) > 1)
        return nest
    monkeypatch.setattr(numba_tapes, "Nest", counted_nest)
    seed = fuzz.default_seed()
    summary, loader, nested_sites = fuzz.Summary(seed), fuzz.Loader(), 0
    try:
        for index in range(SCAN):
            if summary.programs == COUNT:
                break
            program = fuzz.FAMILIES["loops"](seed, index, {})
            if not _nested(program.source):
                continue
            del reached[:]
            summary.add(fuzz.check_program(
                program, loader, grad=functools.partial(sd.grad, backend="numba"),
                jvp=functools.partial(sd.jvp, backend="numba"), reference=False))
            nested_sites += any(reached)
    finally:
        loader.close()
    with capsys.disabled():
        print(f"\nnumba nested {summary.line()} (with nested saves compiled or refused "
              f"after pairing: {nested_sites})")
        print(summary.details(max_failures=0))
    assert not summary.failures, "\n\n".join(o.report() for o in summary.failures[:3])
    assert summary.programs == COUNT
