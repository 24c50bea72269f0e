"""ir/to_ast.py: the printer's gast -> ast conversion must make gast.gast_to_ast's tree
(positions included), so printed code is the same text. Checked on every Python file of
srcdiff and of the tests (every construct they use, classes, handlers and lambdas
included) and on generated code; and the comparison itself can fail."""

import ast
import glob
import os

import gast
import numpy as np
import pytest

import srcdiff as sd
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir import to_ast

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = sorted(glob.glob(os.path.join(ROOT, "srcdiff", "**", "*.py"), recursive=True)
               + glob.glob(os.path.join(ROOT, "tests", "**", "*.py"), recursive=True))


def _dump(tree):
    return ast.dump(tree, include_attributes=True)


@pytest.mark.skipif(not to_ast.FAST, reason="this Python converts with gast itself")
def test_same_tree_as_gast_on_every_source_file():
    assert len(FILES) > 100
    for path in FILES:
        with open(path, encoding="utf-8") as f:
            tree = gast.parse(f.read())
        assert _dump(to_ast.to_ast(tree)) == _dump(gast.gast_to_ast(tree)), path


def _tanh_layer(x, w):
    h = np.tanh(x * w)
    for _ in range(3):
        h = np.sin(h) * w + x
    return np.sum(h * h)


def test_same_tree_on_generated_code():
    x, w = np.linspace(-1, 1, 5), np.linspace(0.5, 1.5, 5)
    for kw in ({}, {"optimize": False}, {"mode": "forward"}):
        text = sd.source(_tanh_layer, wrt=(0, 1), args=(x, w), **kw)
        node = gast.parse(text)
        tree = to_ast.to_ast(node)
        assert to_ast.same_as_gast(node, tree)
        assert S.to_source(node) == S.to_source(node)  # (and prints: the round trip check)


def test_the_comparison_sees_a_difference():
    """A tree that differs from gast's (a lost position, another name) is told apart."""
    node = gast.parse("y = x * 2\n")
    tree = to_ast.to_ast(node)
    assert to_ast.same_as_gast(node, tree)
    del tree.body[0].value.left.lineno
    assert not to_ast.same_as_gast(node, tree)
    tree = to_ast.to_ast(node)
    tree.body[0].value.left.id = "z"
    assert not to_ast.same_as_gast(node, tree)


def test_printing_refuses_a_converter_that_differs(monkeypatch):
    """Under SRCDIFF_CHECK_ROUNDTRIP=1 (the suite's setting) a conversion that is not
    gast's is an internal error, not silently other text."""
    monkeypatch.setenv(S.CHECK_ROUNDTRIP_ENV, "1")

    def wrong(node):
        tree = gast.gast_to_ast(node)
        tree.body[0].targets[0].id = "other"
        return tree

    monkeypatch.setattr(S, "to_ast", wrong)
    with pytest.raises(Exception, match="gast.gast_to_ast"):
        S.to_source(gast.parse("y = x * 2\n"))
