"""Parts of a statement that reuse a value an earlier statement named (run by
passes.py with its common subexpressions): ``b_sub = b_z / s`` then
``-unbroadcast(b_z / s * z, s)`` reads ``b_sub * z``. The divide rule's
``g / y, -(g / y * ans)`` makes such parts; sharing them saves a division over
the arrays.
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import is_read_only_check
from srcdiff.errors import VerificationError


def may_change_arrays(stmt, reading=frozenset()):
    """May ``stmt`` change an array in place (through any name)? An augmented assignment,
    a store into a subscript or attribute, or a call other than a pure helper by name
    (``unbroadcast``, or one named in ``reading``) or a NumPy/math function without
    ``out=``. (More than needed.)"""
    for n in dataflow.nodes(stmt):
        if isinstance(n, gast.AugAssign) or isinstance(n, (gast.Subscript, gast.Attribute)) \
                and isinstance(n.ctx, gast.Store):
            return True
        if isinstance(n, gast.Call):
            f = n.func
            if isinstance(f, gast.Name) and (f.id in dataflow.PURE_HELPERS or f.id in reading) \
                    or is_read_only_check(f):
                continue
            root = f
            while isinstance(root, gast.Attribute):
                root = root.value
            if f is not root and isinstance(root, gast.Name) and root.id in ("np", "math") \
                    and not any(k.arg in (None, "out") for k in n.keywords):
                continue
            return True
    return False


def tree_keys(expr):
    """``id(node) -> key`` for every operation tree over names and numbers inside ``expr``
    (``BinOp``/``UnaryOp`` nodes, names, constants): equal keys, equal trees."""
    keys = {}

    def key(node):
        cls = node.__class__
        if cls is gast.Name:
            k = node.id
        elif cls is gast.Constant:
            k = (type(node.value).__name__, repr(node.value))
        elif cls is gast.BinOp:
            left, right = key(node.left), key(node.right)
            k = None if left is None or right is None else (node.op.__class__, left, right)
        elif cls is gast.UnaryOp:
            operand = key(node.operand)
            k = None if operand is None else (node.op.__class__, operand)
        else:
            for child in dataflow.children(node):  # (keys by node: any order)
                key(child)
            return None
        if k is not None:
            keys[id(node)] = k
        return k

    key(expr)
    return keys


def _may_reuse(expr, keys, kept):
    """May ``reuse_parts``' visit replace a part of ``expr``: is a key it may look up
    ``kept``? (tests/optimize/test_compile_shortcuts32.py compares with visiting always.)"""
    return any(kept(k) is not None for k in _asked(expr, keys))


def _asked(expr, keys):
    """The keys ``reuse_parts``' visit may look up in ``expr`` (a superset: every operation's,
    and the key of ``a / b`` for each ``(-a) / b``, ``(-a) * b``)."""
    for node in dataflow.nodes(expr):
        if isinstance(node, gast.BinOp):
            yield keys.get(id(node))
            if isinstance(node.op, (gast.Mult, gast.Div)) and isinstance(node.left, gast.UnaryOp) \
                    and isinstance(node.left.op, gast.USub):
                operand, right = keys.get(id(node.left.operand)), keys.get(id(node.right))
                if operand is not None and right is not None:
                    yield node.op.__class__, operand, right


class ChangedOnce:
    """``dataflow.changed_through_views(fn)`` for one round of common subexpressions
    (passes.py ``_shared_values``), walked only when the round first asks (``name in``) or
    is about to replace a part (:meth:`ask`, from :func:`reuse_parts`).

    Invariant: the round changes ``fn`` only by replacing a value (after asking) or a part
    (after :meth:`ask`) and by the statements those add, so at the first question ``fn``
    is still as the round found it, and the set equals the one an eager walk at the
    round's start gives. Verification mode walks at the start too and checks the two
    are equal (a VerificationError otherwise)."""

    def __init__(self, fn, verify=False):
        self.fn, self.names = fn, None
        self.eager = dataflow.changed_through_views(fn) if verify else None

    def ask(self):
        if self.names is None:
            self.names = dataflow.changed_through_views(self.fn)
            if self.eager is not None and self.names != self.eager:
                raise VerificationError(
                    "srcdiff verification: the names changed in place, asked late in a "
                    f"round of common subexpressions, differ: {sorted(self.names)} against "
                    f"{sorted(self.eager)} at the round's start")
        return self.names

    def __contains__(self, name):
        return name in self.ask()


def reuse_parts(stmt, parts, epoch, before=None):
    """Each largest binary operation inside ``stmt``'s value (``b_z / s_i`` in
    ``t = unbroadcast(b_z / s_i * z, s_i)``) equal to a value an earlier statement of the
    block gave a name (``parts``) is replaced by that name, in place; the ``(name, part)``
    pairs. Rules make such parts: divide's ``g / y, -(g / y * ans)``, whose sign may have
    moved onto ``g``: a part ``(-a) / b`` or ``(-a) * b`` reuses a kept ``a / b`` or
    ``a * b`` as its negation (exact: IEEE rounding is symmetric in sign).

    ``before``, when given, is called before the first replacement.

    Invariant: the name holds the same operation on the same values when ``stmt`` runs.
    ``parts`` forgets a value when its name or anything it reads is rebound, and a value
    is reused only if no statement since it was computed may have changed an array in
    place (``epoch``: an augmented assignment, a store, a call given a name; through
    whatever alias). Reading the name where the part was computed makes no alias (the part
    was an operand of a larger operation or of a call), so later changes in place do not
    matter. Only binary operations over names and numbers are replaced (a bare negation
    is free where the sign passes put it: sharing it would cost an array), never the
    statement's whole value (the caller's). Verification mode checks each reuse
    (``verify_equal``).
    """
    keys = tree_keys(stmt.value)
    found = []

    def kept(k):
        hit = parts.get(k) if k is not None else None
        return hit[0] if hit is not None and hit[1] == epoch else None

    if not _may_reuse(stmt.value, keys, kept):
        return found  # (nothing to replace: the visit below, a slower walk, is skipped)
    if before is not None:  # (ChangedOnce: asked before anything is replaced)
        before()

    def visit(node, top):
        if not top and isinstance(node, gast.BinOp):
            name = kept(keys.get(id(node)))
            if name is not None:
                found.append((name, node))
                return S.name(name)
            if isinstance(node.op, (gast.Mult, gast.Div)) and isinstance(node.left, gast.UnaryOp) \
                    and isinstance(node.left.op, gast.USub):
                operand, right = keys.get(id(node.left.operand)), keys.get(id(node.right))
                name = kept((node.op.__class__, operand, right)
                            if operand is not None and right is not None else None)
                if name is not None:
                    found.append((name, gast.BinOp(left=node.left.operand, op=node.op,
                                                   right=node.right)))
                    return gast.UnaryOp(op=gast.USub(), operand=S.name(name))
        for field, value in gast.iter_fields(node):
            if isinstance(value, gast.AST):
                setattr(node, field, visit(value, False))
            elif isinstance(value, list):
                setattr(node, field, [visit(v, False) if isinstance(v, gast.AST) else v
                                      for v in value])
        return node

    stmt.value = visit(stmt.value, isinstance(stmt, gast.Assign))
    return found
