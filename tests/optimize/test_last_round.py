"""Issue 16 (compile time): the round of common subexpressions that shares nothing ends
without a copy propagation (optimize/passes.py ``_shared_values``).

Such a round leaves the body as the last copy propagation left it, and copy propagation
is idempotent, so the pass it skipped changed nothing. Checked here: idempotence on the
bodies every copy propagation of the corpus's compilations makes (with and without
verification), the skip itself (one copy propagation in all for a function whose first
round shares nothing: two before), and check mode (which makes the skipped pass on a
copy and compares) on the corpus.
"""

import types

import gast
import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import passes
from srcdiff.compiler.optimize.parts import ChangedOnce
from srcdiff.errors import InternalError


def _fresh(fn):
    """A new function object of the same code: compiled afresh, not kept from before."""
    return types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                              fn.__closure__)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_copy_propagation_is_idempotent(case, monkeypatch):
    plain = passes._copy_propagate
    made = []

    def twice(body, fresh=True):
        out = plain(body, fresh)
        again = plain(S.copy(out), False)
        made.append(([S.dump(s) for s in out], [S.dump(s) for s in again]))
        return out

    monkeypatch.setattr(passes, "_copy_propagate", twice)
    for kw in ({}, {"verify": True}):
        try:
            sd.source(_fresh(case.fn), case.wrt, args=case.args, **kw)
        except sd.SrcdiffError:
            continue
    for out, again in made:
        assert again == out


def _nothing_shared(x, y):
    u = np.tanh(x * y)
    v = np.sin(u) + y
    return np.sum(u * v)


def test_a_round_sharing_nothing_ends_without_copy_propagation(monkeypatch):
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "0")  # (check mode makes the pass on a copy)
    plain, calls = passes._copy_propagate, []

    def counted(body, fresh=True):
        calls.append(fresh)
        return plain(body, fresh)

    rounds = []  # (each round asks its own ChangedOnce)
    monkeypatch.setattr(passes, "ChangedOnce", lambda *a: rounds.append(a) or ChangedOnce(*a))
    monkeypatch.setattr(passes, "_copy_propagate", counted)
    args = (np.linspace(-1.0, 1.0, 4), np.linspace(0.5, 1.5, 4))
    sd.source(_fresh(_nothing_shared), (0, 1), args=args)
    assert len(rounds) == 1
    # the one before the rounds (in place: the generator's own nodes, test_unshared.py)
    assert calls == [False]


def test_check_mode_compares_the_skipped_pass(monkeypatch):
    """Check mode makes the skipped copy propagation on a copy: a body it would change is
    an internal error (here a copy propagation that did not finish its work)."""
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    body = S.parse_module("a = b\nc = a * 2.0\n").body
    with pytest.raises(InternalError, match="copy propagation"):
        passes._check_propagated(body)
    done = passes._copy_propagate(body)
    passes._check_propagated(done)  # (propagated: nothing to change)
    assert isinstance(done[1].value.left, gast.Name) and done[1].value.left.id == "b"
