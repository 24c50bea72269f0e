"""Issue 16 (compile time), session 36: the plans of saves of the generation rounds of
``adjoint.Reverse.run`` (analysis/recording.py).

* ``recording.SavePlanner`` finds what depends on the body alone (branch paths, definition
  sites, while tests, unread undos, each loop's candidate temporaries) once per
  generation, not once per round; and the temporaries the last round's code allows
  (``_recomputable_now``) are the next round's, not found again, when no temporary was
  refused since. Check mode (``SRCDIFF_CHECK_FACTS=1``) compares every round's plan with
  ``plan_saves`` from scratch, in order: here on loop programs whose temporaries are
  recomputed (the kept plan is used), on the bench's loop family, and a kept plan that is
  wrong is caught. (tests/optimize/test_facts.py compiles the corpus in check mode too.)
* ``recording.direct_readers`` reads an index of each block's readers per name: the
  answer of a scan of every statement of the block.

The generated code is unchanged (bench/compile_sources.py: byte-identical sources).
"""

import importlib.util
import os
import random

import numpy as np
import pytest

import srcdiff as sd
from paths import ROOT
from sourcefiles import load_function
from srcdiff.compiler.analysis import recording
from srcdiff.compiler.reverse.adjoint import Reverse
from srcdiff.errors import InternalError

ARGS = (np.linspace(-1.0, 1.0, 4), np.linspace(0.5, 1.5, 4), 0.3)

RECOMPUTED = """
import numpy as np


def f(x, w, a):
    s = 0.0
    for i in range(4):
        c = a * 0.5
        d = c * s + 0.1
        xi = x[i]
        t = np.tanh(w * xi + d)
        u = np.sum(t * t) * c
        s = s + u * d
    y = np.sin(x) * w
    y = y * s
    return np.sum(y) + s
"""


def _bench_loops(n):
    path = os.path.join(ROOT, "bench", "compile_scale.py")
    spec = importlib.util.spec_from_file_location("compile_scale_for_plans", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.FAMILIES["loops"](n)[0]


def _sources(source, monkeypatch, **kw):
    """The gradient's source with and without check mode, and how many plans took the
    temporaries the round before allowed."""
    kept = []
    plan = Reverse._plan_saves

    def counted(self, body):
        allowed = self._allowed
        kept.append(allowed is not None and allowed[0] == frozenset(self.no_recompute))
        return plan(self, body)

    monkeypatch.setattr(Reverse, "_plan_saves", counted)
    out = []
    for check in ("1", "0"):
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", check)
        monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
        out.append(str(sd.source(load_function(source), (0, 1, 2), args=ARGS, **kw)))
    return out, sum(kept)


@pytest.mark.parametrize("kw", [{}, {"verify": True}, {"optimize": False}])
@pytest.mark.parametrize("which", ["recomputed", "bench"])
def test_plans_are_plan_saves_from_scratch(which, kw, monkeypatch):
    source = RECOMPUTED if which == "recomputed" else _bench_loops(80)
    (checked, plain), reused = _sources(source, monkeypatch, **kw)
    assert checked == plain
    if kw.get("optimize", True):  # (the reference pipeline recomputes nothing)
        assert reused >= 2  # (a plan of each run, with and without check mode)


def test_a_wrong_kept_plan_is_caught(monkeypatch):
    now = Reverse._recomputable_now

    def wrong(self, body):
        allowed = now(self, body)
        never, recompute = self._allowed
        assert recompute  # (this program recomputes temporaries)
        self._allowed = (never, dict(list(recompute.items())[1:]))  # one forgotten
        return allowed

    monkeypatch.setattr(Reverse, "_recomputable_now", wrong)
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    with pytest.raises(InternalError, match="plan of saves"):
        sd.source(load_function(RECOMPUTED), (0, 1, 2), args=ARGS)


def test_a_refused_temporary_is_not_taken_from_the_kept_plan(monkeypatch):
    # a round whose code does not allow a temporary its plan recomputes (rare: no program
    # of the corpus or the fuzz drafts has one) makes the next plan without the kept one;
    # here the first round refuses one on purpose, and check mode compares the plans
    now, refused = Reverse._recomputable_now, []

    def refusing(self, body):
        allowed = now(self, body)
        if not refused and self.recompute:
            refused.append(sorted(self.recompute)[0])
        return allowed - set(refused)

    monkeypatch.setattr(Reverse, "_recomputable_now", refusing)
    (checked, plain), _ = _sources(RECOMPUTED, monkeypatch)
    assert checked == plain and refused
    assert "_stack.append(%s)" % refused[0] in plain  # (saved instead)


def _scan(facts, t, k):
    """direct_readers' answer from every statement of the block, in order."""
    found = []
    for j, (reads, compound) in enumerate(facts):
        if j == k:
            continue
        if t in reads:
            if j < k or compound:
                return None
            found.append(j)
    return found


@pytest.mark.parametrize("seed", range(30))
def test_direct_readers_is_a_scan(seed):
    rng = random.Random(seed)
    pool = ["v%d" % k for k in range(10)]
    facts = [(set(rng.sample(pool, rng.randint(0, 4))), rng.random() < 0.15)
             for _ in range(rng.randint(1, 25))]
    readers_of = {}
    for j, (reads, _) in enumerate(facts):
        for v in reads:
            readers_of.setdefault(v, []).append(j)
    compound = [c for _, c in facts]
    answers = set()
    for t in pool:
        for k in range(len(facts)):
            got = recording.direct_readers(readers_of, compound, t, k)
            assert got == _scan(facts, t, k)
            answers.add(got is None)
    assert answers == {True, False} or len(facts) < 4
