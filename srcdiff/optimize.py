"""Stage 5, optimize: clean-ups on the generated function.

* dead code: assignments to names nothing reads afterwards (no side effects);
* copy propagation of adjoint aliases (``b_x = b_y`` used once).
"""

import gast

from . import syntax as S

_PURE_CALL_ROOTS = {"np", "unbroadcast", "unreduce", "reduce_mask", "item_grad", "zeros_tree",
                    "add_tree", "seed", "check_outputs"}


def optimize(fn):
    fn = _Fold().visit(fn)
    changed = True
    while changed:
        fn.body, changed = _dce(fn.body, live_out=set())
    return fn


class _Fold(gast.NodeTransformer):
    """Arithmetic on two numeric literals (``3 - 1`` from a rule template) is done now."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        left, right = node.left, node.right
        if isinstance(left, gast.Constant) and isinstance(right, gast.Constant) \
                and _number(left.value) and _number(right.value) \
                and isinstance(node.op, (gast.Add, gast.Sub, gast.Mult)):
            value = {gast.Add: lambda a, b: a + b, gast.Sub: lambda a, b: a - b,
                     gast.Mult: lambda a, b: a * b}[type(node.op)](left.value, right.value)
            return S.const(value)
        return node


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _pure(expr):
    for n in gast.walk(expr):
        if isinstance(n, gast.Call):
            f = n.func
            root = f
            while isinstance(root, gast.Attribute):
                root = root.value
            if not (isinstance(root, gast.Name) and root.id in _PURE_CALL_ROOTS):
                return False
            if isinstance(f, gast.Attribute) and f.attr in ("pop", "append"):
                return False
            if "random" in S.expr_source(f):
                return False
    return True


def _dce(body, live_out):
    """Remove dead pure assignments in a straight-line list, conservatively around control flow."""
    changed = False
    live = set(live_out)
    out = []
    for s in reversed(body):
        if isinstance(s, gast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], gast.Name):
            t = s.targets[0].id
            if t not in live and _pure(s.value) and not t.startswith("_stack"):
                changed = True
                continue
            live.discard(t)
            live |= S.loaded_names(s.value)
            out.append(s)
            continue
        if isinstance(s, (gast.For, gast.While, gast.If)):
            # everything read or written anywhere inside stays live (loops re-read)
            live |= S.all_names(s)
            out.append(s)
            continue
        live |= S.loaded_names(s)
        out.append(s)
    out.reverse()
    return out, changed
