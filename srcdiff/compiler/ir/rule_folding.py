"""Folding a rule's tests before it is inlined: ``np.ndim(name)`` becomes the rank the
analysis knows, and ``np.iscomplexobj(...)`` becomes False in a function that makes no
complex value (analysis/complex_values.py; its arguments are real), so the ``if``s of a
rule's body can be decided where it is inlined (rules/template.py)."""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir.syntax import const

FOLDED = ("ndim", "iscomplexobj")  # the attributes whose calls are folded


class RankFolder(gast.NodeTransformer):
    """Replace ``np.ndim(name)`` with the known rank (``ranks``) and, when ``real``,
    ``np.iscomplexobj(x)`` with False."""

    def __init__(self, ranks, real=False):
        self.ranks = ranks
        self.real = real

    def fold(self, node):
        """``visit(node)``, without walking a tree that has nothing to fold."""
        for n in dataflow.nodes(node):
            if isinstance(n, gast.Attribute) and n.attr in FOLDED:
                return self.visit(node)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        f = node.func
        if isinstance(f, gast.Attribute) and f.attr == "ndim" and len(node.args) == 1 \
                and isinstance(node.args[0], gast.Name):
            r = self.ranks.get(node.args[0].id)
            if r is not None:
                return const(r)
        if self.real and isinstance(f, gast.Attribute) and f.attr == "iscomplexobj" \
                and isinstance(f.value, gast.Name) and f.value.id == "np" and len(node.args) == 1:
            return const(False)
        return node
