"""The optimizer's kept statement summaries (srcdiff/compiler/optimize/facts.py).

Invariant: the summary kept for a statement is its tree's (a pass that changes a
statement in place forgets it). Check mode recomputes every answer and raises on a
difference; here it runs over the whole corpus and the bench's kinds of functions,
and a stale summary is shown to be caught.
"""

import gast
import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.facts import Facts
from srcdiff.compiler.optimize.shapes import shape_sources
from srcdiff.errors import InternalError


def _source(case, check, monkeypatch, **kw):
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1" if check else "0")
    return str(sd.source(case.fn, case.wrt, args=case.args, **kw))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_corpus_in_check_mode(case, monkeypatch):
    """Every kept summary the optimizer uses on the corpus equals a fresh walk (check mode
    raises otherwise), with and without verification's moved-value checks; and the code
    is the code made without the checks."""
    for kw in ({}, {"verify": True}):
        try:
            checked = _source(case, True, monkeypatch, **kw)
        except sd.SrcdiffError:
            continue  # refused the same way in both modes (compared below)
        assert checked == _source(case, False, monkeypatch, **kw)


def _loop_heavy(x, y, a):
    s = 0.0
    for i in range(3):
        t = np.tanh(y * a + x)
        u = np.sin(t) * t - 0.5 * t
        if a > 0:
            u = u * 2.0
        s = s + np.sum(u * t) * 0.25
        t = np.tanh(t + 0.1 * y)
    z = -np.sqrt(x * x + 1.0)
    return s + np.sum(z * y) + np.sum(t)


def _rows(x, y):
    m = x * y
    s = np.sum(m, axis=1)
    return np.sum(np.tanh(s))


@pytest.mark.parametrize("f, wrt, args, shows", [
    (_loop_heavy, (0, 1, 2), (np.linspace(-1.0, 1.0, 5), np.linspace(0.5, 1.5, 5), 0.3),
     "for "),
    # unreduce_like gives the statement an argument in place
    (_rows, 0, (np.ones((3, 4)), np.ones((3, 4))), "unreduce(b_s, m, 1, False, y)"),
])
def test_more_shapes_in_check_mode(f, wrt, args, shows, monkeypatch):
    for kw in ({}, {"verify": True}):
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
        checked = str(sd.source(f, wrt, args=args, **kw))
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "0")
        assert checked == str(sd.source(f, wrt, args=args, **kw))
        assert shows in checked


def test_a_stale_summary_is_caught():
    """A statement changed in place without ``forget``: check mode raises; the kept answer
    (without check mode) is the stale one, which is why every pass must forget."""
    stmt = S.parse_module("y = a * b").body[0]
    for check in (True, False):
        facts = Facts(check=check)
        assert facts.reads(stmt) == {"a", "b"}
        stmt.value.right = S.name("c")
        if check:
            with pytest.raises(InternalError, match="changed it in place"):
                facts.reads(stmt)
        else:
            assert facts.reads(stmt) == {"a", "b"}  # stale
        facts.forget(stmt)
        assert facts.reads(stmt) == {"a", "c"}
        stmt.value.right = S.name("b")


def test_load_counts_are_the_functions():
    """Counted statement by statement (blocks through their parts) = counted over the whole
    function; ``b += g`` reads ``b``."""
    fn = S.parse_module(
        "def f(x, b, n=k):\n"
        "    t = x * x + x\n"
        "    for i in range(n):\n"
        "        b += t[i]\n"
        "        if b > x:\n"
        "            t = t - b\n"
        "        else:\n"
        "            pass\n"
        "    while t:\n"
        "        t = f(t)\n"
        "    return b\n").body[0]
    counts = Facts(check=True).load_counts(fn)
    assert counts == dataflow.summary(fn)[2]
    assert counts["x"] == 4 and counts["b"] == 4 and counts["k"] == 1 and counts["t"] == 4
    every = [n for n in gast.walk(fn) if isinstance(n, gast.Name)
             and isinstance(n.ctx, gast.Load)]
    assert sum(counts.values()) == len(every) + 1  # (the augmented assignment's read)


def test_stale_nodes_are_caught():
    """The kept node list (``Facts.nodes``) is under the same invariant: a statement
    changed in place without ``forget`` makes check mode raise, at the
    question and at ``check_kept``; without it the stale list comes back, which is why
    every pass that changes a statement in place must forget it."""
    stmt = S.parse_module("y = a * b").body[0]
    for check in (True, False):
        facts = Facts(check=check)
        first = facts.nodes(stmt)
        assert [id(n) for n in first] == [id(n) for n in dataflow.nodes(stmt)]
        assert facts.nodes(stmt) is first  # (kept: not walked again)
        old = stmt.value.right
        stmt.value.right = S.name("c")
        if check:
            with pytest.raises(InternalError, match="nodes kept"):
                facts.nodes(stmt)
            with pytest.raises(InternalError, match="nodes kept"):
                facts.check_kept()
        else:
            assert facts.nodes(stmt) is first and old in first  # stale
        facts.forget(stmt)
        assert any(n is stmt.value.right for n in facts.nodes(stmt))
        facts.forget_all()
        stmt.value.right = old
        assert facts.nodes(stmt) is not first


def test_shape_sources_forget_what_they_rewrite():
    """shape_sources asks the kept node lists and forgets a statement whose shape read it
    moves (``spread(g, v)`` reads ``a``, whose shape ``v = np.exp(a)`` has): what is kept
    after it is every statement's tree (check_kept raises otherwise)."""
    fn = gast.parse("def f(a, g):\n    v = np.exp(a)\n    b = spread(g, v)\n"
                    "    return b\n").body[0]
    facts = Facts(check=True)
    before = facts.nodes(fn.body[1])
    shape_sources(fn, set(), {"a"}, {"np.exp": 1}, facts=facts)
    assert S.to_source(fn.body[1]).strip() == "b = spread(g, a)"
    facts.check_kept()
    assert facts.nodes(fn.body[1]) is not before
    assert facts.nodes(fn.body[0]) is facts.nodes(fn.body[0])  # (unchanged: kept)


def test_loglik_in_check_mode(monkeypatch):
    """The rewrite on a whole gradient (tests/optimize/test_shape_sources.py's), in check
    mode: the code is the code made without the checks."""
    from test_shape_sources import _args, loglik

    for kw in ({}, {"verify": True}):
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
        checked = str(sd.source(loglik, wrt=(0, 1), args=_args(), **kw))
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "0")
        assert checked == str(sd.source(loglik, wrt=(0, 1), args=_args(), **kw))
