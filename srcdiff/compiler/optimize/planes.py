"""Arithmetic of broadcast arrays with a short last axis, computed plane by plane.

``X[:, None, :] - X[None, :, :]`` (pairwise differences of 200 points in two dimensions)
costs 354 us: NumPy runs one inner loop of two elements for each of the 40,000 pairs.
Computing each coordinate's 200 x 200 plane with one call, written into its place in the
result, takes 87 us (``runtime_memory.planewise``, which decides at run time and is the
operator itself outside that case)::

    diff = pos_i - pos_i1      ->      diff = planewise(np.subtract, pos_i, pos_i1)

Invariant: every rewritten operation returns what the operator returns (the same numbers,
signed zeros and NaNs, shape, dtype and memory layout), so nothing downstream, primal or
adjoint, can tell; the rewrite is therefore right for any operands, and the pattern below
only chooses where the call is worth its cost. Verification mode calls
``verify_planewise``, which computes both and raises if they differ;
tests/optimize/test_planewise.py checks the helper against the operators over shapes,
dtypes and layouts. Rewritten: arithmetic ``a OP b`` (``+ - * /``) in the value of an
assignment where an operand inserts the axis before a kept last axis, as a subscript
ending in ``None, :`` (``X[:, None, :]``) or a name assigned once in the function from
such a subscript (where NumPy's own call is slow: another broadcast, ``s[None, :, :]``
against a whole array, lets NumPy join the last two axes, and is left alone). Not in the
reference pipeline, nor in code for the numba backend, for array-API arguments or
differentiated again (the driver decides, as for optimize/sums.py).
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

HELPER, CHECKED = "planewise", "verify_planewise"
_UFUNCS = {gast.Sub: "subtract", gast.Add: "add", gast.Mult: "multiply", gast.Div: "true_divide"}


def planewise_ops(body, verify=False):
    """Rewrite, in place, the arithmetic in the assignments of ``body`` (nested blocks and
    nested operations included) that has an operand inserting the axis before a kept last
    axis (see the module docstring); return ``body``."""
    stores, values = {}, {}
    for s in _statements(body):
        for n in dataflow.names(s):
            if isinstance(n.ctx, gast.Store):
                stores[n.id] = stores.get(n.id, 0) + 1
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name):
            values[s.targets[0].id] = s.value
    inserted = {name for name, v in values.items() if stores[name] == 1 and _inserts_axis(v)}
    rewrite = _Rewrite(inserted, CHECKED if verify else HELPER)
    for s in _statements(body):
        if isinstance(s, gast.Assign) and _holds_rewrite(rewrite, s.value):
            s.value = rewrite.visit(s.value)
    return body


def _holds_rewrite(rewrite, value):
    """Does ``value`` hold an operation ``rewrite`` rewrites? A value without one is left as
    it is: the transformer, several times slower than this walk, visits only the others
    (tests/optimize/test_compile_shortcuts32.py compares with visiting every value)."""
    return any(map(rewrite.wanted, dataflow.nodes(value)))


class _Rewrite(gast.NodeTransformer):
    def __init__(self, inserted, helper):
        self.inserted, self.helper = inserted, helper

    def wanted(self, node):
        """Is ``node`` an operation rewritten? Each is one already before the visit (its
        operands rewritten first become calls, which neither insert an axis nor are names),
        so a tree with none is left as it is."""
        return isinstance(node, gast.BinOp) and type(node.op) in _UFUNCS and any(
            _inserts_axis(x) or isinstance(x, gast.Name) and x.id in self.inserted
            for x in (node.left, node.right))

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if self.wanted(node):
            op = gast.Attribute(value=S.name("np"), attr=_UFUNCS[type(node.op)],
                                ctx=gast.Load())
            return S.call(self.helper, [op, node.left, node.right])
        return node


def _statements(body):
    """Every statement of ``body``, nested blocks included (function definitions not)."""
    for s in body:
        yield s
        if not isinstance(s, (gast.FunctionDef, gast.AsyncFunctionDef, gast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                yield from _statements(getattr(s, field, None) or [])
            for h in getattr(s, "handlers", None) or []:
                yield from _statements(h.body)


def _inserts_axis(node):
    """Is ``node`` a subscript inserting the axis before a kept last one, ``X[:, None, :]``
    or ``X[..., None, :]`` (an index of three entries or more, or with an ellipsis, ending
    in ``None, :``)? (``v[None, :]`` of a vector keeps its long axis last: left alone.)"""
    if not isinstance(node, gast.Subscript) or not isinstance(node.slice, gast.Tuple):
        return False
    index = node.slice.elts
    return (len(index) >= 3 or any(isinstance(i, gast.Constant) and i.value is Ellipsis
                                   for i in index)) and isinstance(index[-2], gast.Constant) \
        and index[-2].value is None and isinstance(index[-1], gast.Slice) \
        and index[-1].lower is None and index[-1].upper is None and index[-1].step is None
