"""Where statements are, for sharing.py: their order and enclosing loops, the blocks
holding them, and the positions indexes read and displays put entries at (and which
indexes copy)."""

import gast

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, INT
from srcdiff.compiler.ir import syntax as S


def statement_order(body, loops=frozenset(), out=None):
    """S.key(statement) -> (its position in the function, the S.keys of the loops around
    it)."""
    out = {} if out is None else out
    for s in body:
        out[S.key(s)] = (len(out), loops)
        if isinstance(s, gast.If):
            statement_order(s.body, loops, out)
            statement_order(s.orelse, loops, out)
        elif isinstance(s, (gast.For, gast.While)):
            statement_order(s.body, loops | {S.key(s)}, out)
    return out


def counts_by(loop, k):
    """Is ``loop`` ``for k in range(...)``, its body binding ``k`` nowhere?"""
    return isinstance(loop.target, gast.Name) and loop.target.id == k and isinstance(
        loop.iter, gast.Call) and isinstance(loop.iter.func, gast.Name) and \
        loop.iter.func.id == "range" and not any(
            isinstance(n, gast.Name) and n.id == k and not isinstance(n.ctx, gast.Load)
            for s in loop.body for n in gast.walk(s))


def statement_blocks(body, parent=None, out=None):
    """S.key(statement) -> (id of the statement list holding it, its index there, the
    S.key of the compound statement holding that list, or None)."""
    out = {} if out is None else out
    for k, s in enumerate(body):
        out[S.key(s)] = (id(body), k, parent)
        for inner in (getattr(s, "body", None), getattr(s, "orelse", None)):
            if isinstance(inner, list) and isinstance(s, (gast.If, gast.For, gast.While)):
                statement_blocks(inner, S.key(s), out)
    return out


def index_in(blocks, key, block):
    """The index in the statement list ``block`` of the statement holding the statement
    ``key`` (itself, or a compound statement around it), or None when none does."""
    while key is not None:
        b, k, parent = blocks[key]
        if b == block:
            return k
        key = parent
    return None


def position(index):
    """Where an index reads or a display puts an entry: a literal non-negative integer or
    string (a list's or dict's), else None (not known)."""
    if isinstance(index, gast.Constant) and not isinstance(index.value, bool) and (
            isinstance(index.value, str) or (isinstance(index.value, int) and index.value >= 0)):
        return index.value
    return None


def copying_index(analysis, op, made_by_name):
    """Does the read ``op`` (``y = x[i]``, ``x`` an array) make a new array, by NumPy's
    advanced indexing: ``i`` (or an entry of a tuple ``i``) a list display, a name only
    ever bound to a list display, an integer array, or the result of a comparison (booleans,
    an array or one bool)? A slice, an int, ``...`` or ``None`` make a view."""
    if analysis.kinds.get(op.args[0].id) != ARRAY:
        return False
    parts = op.index.elts if isinstance(op.index, gast.Tuple) else [op.index]
    return any(isinstance(p, gast.List) or isinstance(p, gast.Name) and _advanced(
        analysis, p.id, made_by_name.get(p.id, ())) for p in parts)


def _advanced(analysis, name, made):
    kind = analysis.kinds.get(name)
    if kind == INT:
        rank = analysis.ranks.get(name)
        return isinstance(rank, int) and rank >= 1
    return bool(made) and (kind == CONTAINER and all(
        op.kind == "literal" and isinstance(op.stmt.value, gast.List) for op in made) or all(
        op.kind == "const" and isinstance(op.stmt.value, gast.Compare) for op in made))
