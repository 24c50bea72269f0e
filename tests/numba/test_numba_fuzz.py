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
    assert summary.counts[fuzz.CRASH] == 0 and summary.counts[fuzz.DISAGREEMENT] == 0, \
        "\n\n".join(o.report() for o in summary.failures[:3])
    assert sum(summary.counts.values()) == COUNT
