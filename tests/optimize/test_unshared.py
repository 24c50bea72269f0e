"""Issue 16 (compile time): the reverse generator's output is optimized in place.

The optimizer's first copy propagation used to work on a copy of every statement (the
generator's statements might share nodes): a whole-function copy, about 30% of the nodes
a compilation copies. The reverse driver now passes ``made_from`` (the trees the output
was made from): the promise that no node of the output is shared, within it or with
them, so that changing it in place changes nothing anyone else reads. Check mode
(``SRCDIFF_CHECK_FACTS=1``, facts.check_unshared) checks the promise on every compile
(tests/optimize/test_facts.py runs the corpus so); here: the check catches a shared
node, the generator keeps the promise on the corpus and the bench's kinds of functions,
and the in-place optimization makes the code the copying one makes.
"""

import types

import gast
import numpy as np
import pytest

import srcdiff as sd
from corpus import CASES
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import passes
from srcdiff.compiler.optimize.facts import check_unshared
from srcdiff.errors import InternalError


def _straight(x, y, a):
    t1 = np.tanh(x * a + y)
    s1 = np.sum(t1 * y) * 0.01
    t2 = np.sin(t1) * y - 0.5 * t1
    t1 = np.tanh(t1 + 0.1 * t2)
    s2 = np.tanh(s1 * 0.5 + a * 0.25)
    s2 = 0.9 * s2 + 0.1 * np.tanh(s2)
    return np.sum(t1 + t2) + s1 + s2


def _loops(x, y, a):
    for i in range(3):
        t = np.tanh(x * a + y)
        u = np.sin(t) * y - 0.5 * t
        a = np.tanh(np.sum(u * t) * 0.01 + a)
        x = np.tanh(u + x)
    return np.sum(x * y) + a


def _h(u, v):
    w = np.tanh(u * 0.5 + v)
    return w * v + np.sin(u) * 0.1


def _helpers(x, y, a):
    z = _h(x, y) + a
    z = _h(z, y) + 0.1 * z
    return np.sum(z * z) + a


ARGS = (np.linspace(-1.0, 1.0, 5), np.linspace(0.5, 1.5, 5), 0.3)


def test_a_shared_node_is_caught():
    fn = S.parse_module("def f(a, b):\n    c = a * b\n    d = c + b\n    return d").body[0]
    check_unshared(fn, [])  # (parsed: every node its own)
    other = S.parse_module("e = a").body[0]
    check_unshared(fn, [other])
    fn.body[1].value.right = fn.body[0].value  # one node in two statements
    with pytest.raises(InternalError, match="shared within"):
        check_unshared(fn, [])
    fn = S.parse_module("def f(a):\n    c = a\n    return c").body[0]
    other = gast.Module(body=[fn.body[0]], type_ignores=[])  # a statement of another tree
    with pytest.raises(InternalError, match="made from"):
        check_unshared(fn, [other])


@pytest.mark.parametrize("f, wrt", [(_straight, (0, 1, 2)), (_loops, (0, 1, 2)),
                                    (_helpers, (0, 1, 2))])
def test_generator_keeps_the_promise(f, wrt, monkeypatch):
    """Check mode checks every compile's output (it raises on a shared node); the code is
    the code made without the check."""
    monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")
    for kw in ({}, {"verify": True}):
        checked = str(sd.source(f, wrt, args=ARGS, **kw))
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "0")
        assert checked == str(sd.source(f, wrt, args=ARGS, **kw))
        monkeypatch.setenv("SRCDIFF_CHECK_FACTS", "1")


def _optimized_both_ways(case, monkeypatch):
    """The generated function optimized in place (as compiled) and, from a copy made before,
    as before (``made_from=None``: on copies): both dumps, and the share of the output's
    top-level statements that are the generator's own objects."""
    seen = []
    plain = passes.optimize

    def spy(fn, *args, **kwargs):
        if kwargs.get("made_from") is None:
            return plain(fn, *args, **kwargs)
        before, statements = S.copy(fn), {id(s) for s in fn.body}
        out = plain(fn, *args, **kwargs)
        copied = plain(before, *args, **dict(kwargs, made_from=None))
        kept = sum(id(s) in statements for s in out.body)
        seen.append((gast.dump(out), gast.dump(copied), kept, len(out.body)))
        return out

    monkeypatch.setattr(passes, "optimize", spy)
    fn = case.fn  # (a new function object of the same code: compiled afresh, not kept)
    fn = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                            fn.__closure__)
    sd.source(fn, case.wrt, args=case.args)
    return seen


@pytest.mark.parametrize("case", CASES[:60], ids=[c.name for c in CASES[:60]])
def test_in_place_makes_the_same_code(case, monkeypatch):
    try:
        seen = _optimized_both_ways(case, monkeypatch)
    except sd.SrcdiffError:
        return
    assert seen
    for in_place, copied, _, _ in seen:
        assert in_place == copied


def test_statements_are_changed_in_place(monkeypatch):
    """The point of the promise: the optimized function keeps the generator's statement
    objects where no pass replaced them (before: every one a copy)."""
    def layer(x, w):  # (a function of its own: no compilation of it is kept from before)
        return np.sum(np.tanh(x * w) * w)

    case = type("Case", (), {"fn": layer, "wrt": (0, 1), "args": ARGS[:2]})
    seen = _optimized_both_ways(case, monkeypatch)
    assert seen and all(kept > 0 for _, _, kept, _ in seen)
