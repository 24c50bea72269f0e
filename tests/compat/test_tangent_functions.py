"""Tangent's function corpus (tests/support/tangent_corpus.py, inputs: tangent_inputs.py) in
every mode, against fd.py.

Tangent checks each function of its corpus in reverse mode, forward mode and as a
Hessian-vector product, at inputs picked from the parameter names. Here every function,
at every argument tuple it lists, goes through ``sd.grad``, ``sd.value_and_grad``,
``sd.grad(optimize=False)``, ``sd.jvp`` and ``sd.hvp`` (tests/support/compat_modes.py),
and through the command line's standalone modules (reverse and forward). Each answer
must be right (central finite differences in float64) or a refusal listed in
``EXPECTED_REFUSALS`` with the words of its message; a wrong answer or any other
exception fails, and so does a listed refusal that stops happening (the list is then out
of date). Points where one-sided
differences disagree (a branch boundary hit exactly) are skipped: differences are no
oracle there.
"""

import copy
import inspect
import os
from collections import Counter

import numpy as np
import pytest

import compat_modes as tm
import srcdiff as sd
import tangent_corpus as tc
import tangent_inputs as ti
from cli_targets import ROOT
from fd import assert_close, numeric_grad, numeric_jvp
from srcdiff.cli import commands as cli
from srcdiff.errors import SrcdiffError
from standalone_runner import run_standalone_many
from tangents import random_like

# (function name, mode) -> words of the SrcdiffError message. Empty: srcdiff handles every
# NumPy-expressible construct of Tangent's corpus in every mode. A refusal added here must
# say why (the construct and why srcdiff cannot model it exactly).
EXPECTED_REFUSALS = {}

CORPUS = os.path.join(ROOT, "tests", "support", "tangent_corpus.py")

# the sweep of every mode (compat_modes.corpus_tests); TALLY: (mode, outcome) -> count, printed
# by tests/compat/conftest.py
TALLY, test_right_or_refused, test_refusal_list_names_corpus_functions = tm.corpus_tests(
    ti.CASES, ti.WRT, EXPECTED_REFUSALS)


def test_every_corpus_kind_is_present():
    """The sweep covers Tangent's argument kinds: scalars, ints, vectors, a matrix, containers."""
    kinds = Counter()
    for fn, argsets in ti.CASES:
        for a in argsets[0]:
            kinds[type(a).__name__] += 1
    assert {"float", "int", "ndarray", "tuple", "dict"} <= set(kinds)
    assert len(ti.CASES) >= 95 and sum(len(a) for _, a in ti.CASES) >= 800


def test_harness_reports_a_wrong_gradient(monkeypatch):
    """The checks can fail: a gradient off by a factor is ``wrong``, not ``right``."""
    real = sd.grad

    def doubled(f, wrt=0, **options):
        g = real(f, wrt=wrt, **options)
        return lambda *a, **k: tuple(2 * v for v in g(*a, **k))

    monkeypatch.setattr(sd, "grad", doubled)
    assert tm.outcome(tc.cube_by_power, (1.5,), "grad")[0] == "wrong"
    assert tm.outcome(tc.store_into_argument, (ti.VECTORS[0],), "unoptimized")[0] == "wrong"


def test_harness_skips_a_branch_boundary():
    """``a > b`` at ``a == b``: the two sides' slopes differ, so differences are no oracle."""
    assert tm.outcome(tc.branch_on_two, (-2.0, -2.0), "grad")[0] == "skip"
    assert tm.outcome(tc.branch_on_two, (-2.0, 1.0), "grad")[0] == "right"


# ------------------------------------------------------------------ the command line


def _standalone_cases():
    """Up to three argument tuples per function, the positions written as --wrt, and a
    direction per position (forward mode's ``tangents``)."""
    rng = np.random.default_rng(3)
    for fn, argsets in ti.CASES:
        wrt = ti.WRT.get(fn) or tm.default_wrt(argsets[0])
        yield fn, wrt, [(args, tuple(random_like(args[k], rng) for k in wrt))
                        for args in argsets[:3]]


@pytest.fixture(scope="module")
def standalone_results(tmp_path_factory):
    """Every corpus function written by the command line, in both modes, and run without
    srcdiff: ``({(mode, name, i): (status, result)}, {(mode, name): refusal})``."""
    tmp = tmp_path_factory.mktemp("tangent")
    manifest, errors = [], {}
    for fn, wrt, points in _standalone_cases():
        for mode, entry in (("reverse", "grad"), ("forward", "jvp")):
            out = tmp / f"{entry}_{fn.__name__}.py"
            spelled = ",".join(map(str, wrt)) + ","
            try:
                out.write_text(cli.render([f"{CORPUS}:{fn.__name__}", "--wrt", spelled,
                                           "--mode", mode]))
            except SrcdiffError as e:
                errors[mode, fn.__name__] = str(e)
                continue
            # (copies: pickling shares one object between entries, and some functions
            # store into their argument)
            manifest += [((mode, fn.__name__, i), out, f"{entry}_{fn.__name__}",
                          copy.deepcopy(args + ((directions,) if mode == "forward" else ())))
                         for i, (args, directions) in enumerate(points)]
    return run_standalone_many(tmp, manifest), errors


@pytest.mark.parametrize("mode", ["reverse", "forward"])
@pytest.mark.parametrize("fn,wrt,points", list(_standalone_cases()),
                         ids=[fn.__name__ for fn, _, _ in _standalone_cases()])
def test_standalone_module(standalone_results, fn, wrt, points, mode):
    results, errors = standalone_results
    expected_refusal = EXPECTED_REFUSALS.get((fn.__name__, "grad" if mode == "reverse" else "jvp"))
    if expected_refusal is not None:
        assert expected_refusal in errors.get((mode, fn.__name__), ""), errors
        return
    assert (mode, fn.__name__) not in errors, errors[mode, fn.__name__]
    checked = 0
    for i, (args, directions) in enumerate(points):
        if tm.outcome(fn, args, "grad", wrt)[0] == "skip":
            continue  # a branch boundary: no oracle
        status, got = results[(mode, fn.__name__, i)]
        assert status == "ok", got
        primal = lambda *a: tm.copied_call(fn, a)  # noqa: E731
        if mode == "reverse":
            assert_close(got, tuple(numeric_grad(primal, args, k) for k in wrt))
        else:
            assert_close(got[0], primal(*args), rtol=1e-12, atol=1e-12, what="value")
            assert_close(got[1], numeric_jvp(primal, args, wrt, directions), what="tangent")
        checked += 1
    assert checked


def test_standalone_cases_cover_the_corpus():
    assert len(list(_standalone_cases())) == len(ti.CASES)
    assert all(inspect.isfunction(fn) for fn, _, _ in _standalone_cases())
    assert np.all([len(a) >= 1 for _, _, a in _standalone_cases()])
