"""Issue 16 (compile time): the round of common subexpressions that shares nothing ends
without a copy propagation (optimize/rounds.py, passes.py ``_shared_values``).

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
from srcdiff.compiler.optimize import rounds as rounds_module
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

    def twice(body, fresh=True, nested=True):
        out = plain(body, fresh, nested)
        again = plain(S.copy(out), False, nested)
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

    def counted(body, fresh=True, nested=True):
        calls.append(fresh)
        return plain(body, fresh, nested)

    rounds = []  # (each round asks its own ChangedOnce)
    monkeypatch.setattr(rounds_module, "ChangedOnce",
                        lambda *a: rounds.append(a) or ChangedOnce(*a))
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
        rounds_module._check_propagated(body, passes._copy_propagate)
    done = passes._copy_propagate(body)
    rounds_module._check_propagated(done, passes._copy_propagate)  # (nothing to change)
    assert isinstance(done[1].value.left, gast.Name) and done[1].value.left.id == "b"


def test_a_later_round_redoes_only_the_blocks_the_last_one_changed(monkeypatch):
    """Two rounds share at the top (``b`` is ``a``, then ``d`` is ``c``); the loop's body,
    where nothing is shared, is done by the first round alone (every round did it on
    main); the function is the one whole rounds make (check mode compares each round)."""
    source = ("def f(x, y, v):\n    a = x + y\n    b = x + y\n    c = a * 2.0\n"
              "    d = b * 2.0\n    for i in range(3):\n        u = v * y\n        w = u + x\n"
              "        v = w * 0.5\n    return d + v\n")
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    checked = [S.dump(s) for s in passes._shared_values(S.stmts(source)[0], False, frozenset())]
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "0")
    done = []  # (round, statements of a block CSE was asked to do)
    plain = passes._common_subexpressions

    def cse(body, *args, **kwargs):
        done.append((len(rounds), len(body)))
        return plain(body, *args, **kwargs)

    rounds = []
    monkeypatch.setattr(rounds_module, "ChangedOnce",
                        lambda *a: rounds.append(a) or ChangedOnce(*a))
    monkeypatch.setattr(passes, "_common_subexpressions", cse)
    out = passes._shared_values(S.stmts(source)[0], False, frozenset())
    assert [S.dump(s) for s in out] == checked
    text = [S.to_source(s).strip() for s in out]
    assert text[:4] == ["a = x + y", "b = a", "c = a * 2.0", "d = c"], text
    assert len(rounds) == 3
    assert sorted(n for r, n in done if r == 1) == [0, 3, 6]  # the top, the loop's blocks
    assert [n for r, n in done if r > 1] == [6, 6]  # the top alone
