"""S.dump and S.expr, two shortcuts the passes lean on (ir/syntax.py).

S.dump is a tree's identity (common subexpressions, shared values, deferral, scatters,
hoisting) and its order (S.canonical sorts the operands of ``*`` by it): it must make
gast.dump's text exactly, which is compared here on every node of srcdiff's own source.
S.expr keeps a template's parsed tree: every call must get a tree of its own."""

import glob
import os

import gast
import numpy as np
import pytest

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _outcome(f, node):
    try:
        return f(node)
    except Exception as e:  # (the same error, where gast.dump raises one)
        return type(e), str(e)


def test_dump_is_gast_dump_on_srcdiff_itself():
    files = sorted(glob.glob(os.path.join(ROOT, "srcdiff", "**", "*.py"), recursive=True))
    assert len(files) > 50
    count = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            tree = gast.parse(f.read())
        for node in dataflow.nodes(tree):
            assert S.dump(node) == gast.dump(node), (path, gast.dump(node)[:200])
            count += 1
    assert count > 100000


@pytest.mark.parametrize("value", [1.5, -0.0, 3, "a", (1, 2.0), None, Ellipsis, 1j, b"x",
                                   np.float64(0.5), np.int64(2)])
def test_dump_of_constants(value):
    node = gast.Constant(value=value, kind=None)
    assert _outcome(S.dump, node) == _outcome(gast.dump, node)


def test_dump_leaves_out_missing_fields():
    node = gast.Name(id="x", ctx=gast.Load(), annotation=None, type_comment=None)
    del node.type_comment
    assert S.dump(node) == gast.dump(node)
    assert S.dump([node, node]) == "[%s, %s]" % (gast.dump(node), gast.dump(node))


def test_expr_gives_a_tree_of_its_own():
    first = S.expr("_stack.pop()")
    first.func.value.id = "changed"
    first.args.append(S.name("y"))
    second = S.expr("_stack.pop()")
    assert S.expr_source(second) == "_stack.pop()"
    assert second is not first and second.func is not first.func
    assert S.dump(second) == gast.dump(gast.parse("_stack.pop()", mode="eval").body)
    assert S.expr_source(S.expr("a + b", a=S.name("x"))) == "x + b"
