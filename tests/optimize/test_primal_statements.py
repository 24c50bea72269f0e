"""Issue 16 (compile time), session 41: the dead-code pass's view of the primal sweep
(``dead.primal_of``) lists its statements without walking their expressions
(``dead.statements_in``) and asks their reads and writes of the optimizer's facts
(optimize/facts.py), which the dead-code pass then asks again, instead of walking each
statement three times.

Invariants, each checked here: ``statements_in(body)`` is the list of the ``gast.stmt``
nodes of ``dataflow.nodes`` over ``body``'s statements, the same nodes in the same order
(``_needed`` goes over it backwards: one round for straight-line code), and check mode
(``SRCDIFF_CHECK_FACTS=1``) compares the two at every call; the Primal made with the facts
is the one made by walking (statements, needed names, NumPy-made names)."""

import gast
import pytest

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import dead
from srcdiff.compiler.optimize.facts import Facts
from srcdiff.errors import InternalError

SOURCE = '''
def f(x, n, d):
    a = np.sin(x)
    m = np.exp(x)
    for i in range(n):
        if i % 2:
            a = a + np.cos(a) * i
        else:
            while a.sum() > 3.0:
                a = a * 0.5
    try:
        b = np.log(a)
    except ValueError as e:
        b = a
    else:
        b = b + 1.0
    finally:
        c = 2.0
    with open("p") as h:
        k = h.read()
    match n:
        case 1:
            q = a
        case _:
            q = b
    g = lambda t: t + 1
    class K:
        z = 3
    def inner(u):
        return u * 2
    return np.sum(q * b) + c
'''


def _walked(body):
    return [n for t in body for n in dataflow.nodes(t) if isinstance(n, gast.stmt)]


def test_statements_in_is_the_walks_statements_in_its_order():
    body = gast.parse(SOURCE).body[0].body
    found = dead.statements_in(body)
    walked = _walked(body)
    assert len(found) == len(walked) > 20  # (every block kind above holds statements)
    assert all(a is b for a, b in zip(found, walked))
    assert dead.statements_in(body, check=True) == found


def test_check_mode_sees_another_list():
    body = gast.parse(SOURCE).body[0].body
    real = dead.statements_in
    try:  # (a walk that misses the ``except`` clauses' statements)
        dead._BLOCK_HOLDERS = (gast.stmt, gast.match_case)
        with pytest.raises(InternalError):
            real(body, check=True)
    finally:
        dead._BLOCK_HOLDERS = (gast.stmt, gast.excepthandler, gast.match_case)


def _primal_by_walks(body, outputs):
    """What primal_of made before: every fact by its own walk."""
    statements = _walked(body)
    made, other = set(), set()
    for s in statements:
        written = {n.id for n in dataflow.names(s.target)} if isinstance(s, gast.For) \
            else set() if isinstance(s, (gast.If, gast.While)) else dataflow.writes(s)
        for v in written:
            numpy = isinstance(s, gast.Assign) and isinstance(s.value, gast.Call) and \
                S.expr_source(s.value.func).startswith("np.")
            (made if numpy else other).add(v)
    needed = set(outputs)
    inside = [(dataflow.writes(s) - dataflow.MODULES, dataflow.reads(
        s.iter if isinstance(s, gast.For) else s.test) if isinstance(
        s, (gast.For, gast.While, gast.If)) else dataflow.reads(s)) for s in statements]
    changed = True
    while changed:
        changed = False
        for written, reads in inside:
            if written & needed and not reads <= needed:
                needed |= reads
                changed = True
    return frozenset(map(id, statements)), needed, made - other


@pytest.mark.parametrize("check", [False, True])
def test_primal_of_with_facts_is_the_walks(check):
    fn = gast.parse(SOURCE).body[0]
    at = next(k for k, s in enumerate(fn.body) if isinstance(s, gast.Return))
    fn.body.insert(at, S.comment("seed", heads=S.SEED))
    floats = {"a": (), "b": (), "q": (), "x": (), "m": ()}
    facts = Facts(check=check)
    primal = dead.primal_of(fn, frozenset(), frozenset(), {}, {"q", "c", "m"}, floats, facts=facts)
    statements, needed, made = _primal_by_walks(fn.body[:at], {"q", "c", "m"})
    assert primal.statements == statements
    assert primal.needed == needed
    assert primal.float_arrays == frozenset(v for v in floats if floats[v] or v in made)
    assert "m" in primal.float_arrays and "a" not in primal.float_arrays
    assert {"a", "b", "q", "c", "x", "n"} <= needed
    # (the facts now hold the statements' summaries, for the dead-code pass)
    assert all(facts._kept[id(s)][1] == dataflow.summary(s) for s in fn.body[:at]
               if not hasattr(s, "body"))
    # without facts: the same
    again = dead.primal_of(fn, frozenset(), frozenset(), {}, {"q", "c", "m"}, floats)
    assert again.statements == statements and again.needed == needed
