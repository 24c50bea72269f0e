"""The numba-flavoured source of a loop workload, byte for byte (tests/golden/numba/).

Its numbers are checked in test_numba_backend.py (the same source is what runs there)."""

import os
import sys

import numpy as np
import pytest

import srcdiff as sd
from golden_cases import check_golden
from paths import ROOT

pytest.importorskip("numba")

sys.path.insert(0, os.path.join(ROOT, "bench"))
from workloads import ode, scalar_loop  # noqa: E402


@pytest.mark.parametrize("mod", [scalar_loop, ode], ids=lambda m: m.__name__.split(".")[-1])
def test_numba_source(mod):
    args = mod.make_inputs(np.random.default_rng(0), n=5)
    g = sd.grad(mod.primal, wrt=mod.WRT, backend="numba")
    check_golden("numba/" + mod.__name__.split(".")[-1], g.source(*args))
