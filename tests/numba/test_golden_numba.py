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


def test_numba_source_of_calls_of_user_functions():
    # the generated functions of called functions, jitted beside the gradient, with the
    # user global SCALE threaded to them by keyword (emit/numba_calls.py)
    from test_numba_user_calls import scalar_recurrence

    g = sd.grad(scalar_recurrence, wrt=(0, 1), backend="numba")
    check_golden("numba/user_calls", g.source(0.7, 1.3, 4))


def test_numba_source_of_a_dict_of_parameters():
    # a dict parameter's entries passed unpacked (emit/numba_containers.py): reads by key
    # are names, the adjoint's item_adds sums with a flag each, the dict made in Python
    from test_numba_containers import rnn

    rng = np.random.default_rng(0)
    params = {"Wh": rng.normal(size=(3, 3)), "Wx": rng.normal(size=(3, 2)),
              "b": rng.normal(size=3)}
    g = sd.grad(rnn, wrt=(0, 1), backend="numba")
    check_golden("numba/dict_parameters", g.source(params, rng.normal(size=(4, 2))))
