"""Issue 16 (compile time): the walks of ir/dataflow.py push a list field's items as they
are and skip the items that are no node when they pop them (a list of the nodes alone made
per list field cost a good part of each walk); ``seed._scan`` walks with
``dataflow.nodes``. Each checked against the plain way it replaces: the same nodes in the
same order, the same answers (the generated code is unchanged: the golden files check that
too)."""

import collections

import gast
import numpy as np
import pytest
from support.sourcefiles import load_function

import srcdiff as sd
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.optimize import seed

# lists holding items that are no node: None in a Dict's keys (``**kw``) and in
# ``kw_defaults`` (``*, m``), names in ``global`` and ``nonlocal``
ODD_LISTS = """
def g(x, *args, m, k=1, **kw):
    global q, r
    d = {**kw, 1: x, **{2: m}}
    def h(y, *, z, w=2):
        nonlocal d
        return {**d, 'y': y}
    return h(x, z=k)[1] + d[1] + len({**kw})
"""

LOOP = """
import numpy as np

def f(x, y):
    s = 0.0
    for i in range(3):
        t = np.tanh(x * y + s)
        s = s + np.sum(t * t) * 1.0
        x = x - 0.1 * t
    return s + np.sum(x)
"""


def _plain_nodes(node):
    """The walk ``dataflow.nodes`` made before: only the nodes of a list pushed."""
    out, todo = [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        for field in dataflow.children_fields(n):
            v = getattr(n, field, None)
            if isinstance(v, gast.AST):
                todo.append(v)
            elif isinstance(v, list):
                todo.extend(x for x in v if isinstance(x, gast.AST))
    return out


def _trees(monkeypatch):
    monkeypatch.delenv("SRCDIFF_VERIFY", raising=False)  # (the plain generated code)
    generated = str(sd.source(load_function(LOOP), (0, 1), args=(np.ones(3), np.ones(3))))
    return [gast.parse(ODD_LISTS), gast.parse(LOOP), gast.parse(generated)]


def test_walks_skip_the_items_that_are_no_nodes(monkeypatch):
    for root in _trees(monkeypatch):
        for node in dataflow.nodes(root):
            plain = _plain_nodes(node)
            assert [id(n) for n in dataflow.nodes(node)] == [id(n) for n in plain]
            assert collections.Counter(map(id, plain)) \
                == collections.Counter(map(id, gast.walk(node)))
            names = [n for n in plain if isinstance(n, gast.Name)]
            assert [id(n) for n in dataflow.names(node)] == [id(n) for n in names]
            assert dataflow.reads(node) == {n.id for n in names
                                            if isinstance(n.ctx, gast.Load)}
            assert dataflow.bound(node) == {n.id for n in names
                                            if isinstance(n.ctx, gast.Store)}
            summary = dataflow.summary(node)
            by_nodes = dataflow._summary_by_nodes(node)
            assert summary[:2] == by_nodes[:2]
            assert list(summary[2].items()) == list(by_nodes[2].items())


def test_a_root_that_is_no_node_is_refused():
    for walk in (dataflow.nodes, dataflow.names, dataflow.reads, dataflow.summary):
        with pytest.raises((TypeError, AttributeError)):
            walk([gast.Name(id="x", ctx=gast.Load(), annotation=None, type_comment=None)])


def _plain_scan(s):
    """``seed._scan`` by ``gast.walk``, as it was (its ``units`` since session 43: a node
    ``_Units`` may rewrite at, tests/optimize/test_compile_shortcuts43.py)."""
    bound, loaded, units = [], set(), False
    for n in gast.walk(s):
        if isinstance(n, gast.Name):
            (loaded.add if isinstance(n.ctx, gast.Load) else bound.append)(n.id)
        elif isinstance(n, (gast.BinOp, gast.Call)):
            units = units or seed._may_rewrite(n)
        elif isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            bound.append(n.target.id)
    return collections.Counter(bound), loaded, units


def test_seed_scan_is_the_walk_of_every_node(monkeypatch):
    checked = 0
    for root in _trees(monkeypatch):
        for s in dataflow.nodes(root):
            if isinstance(s, gast.stmt):
                bound, loaded, units = seed._scan(s)
                assert (collections.Counter(bound), loaded, units) == _plain_scan(s)
                checked += 1
    assert checked > 30
