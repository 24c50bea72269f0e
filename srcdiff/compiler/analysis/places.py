"""Where statements are, for sharing.py: their order and enclosing loops, the blocks
holding them, and the positions indexes read and displays put entries at (and which
indexes copy)."""

import gast

from srcdiff.compiler.analysis.activity import ARRAY, CONTAINER, INT
from srcdiff.compiler.analysis.objects import closure
from srcdiff.compiler.analysis.patterns import literal
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.ir.calls import is_read_only_check


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
    """Where an index reads or a display puts an entry: a literal integer or string (a
    list's or dict's), else None (not known). A negative integer counts from a list's end:
    :func:`from_start` resolves it."""
    value = literal(index)
    if type(value) is str or type(value) is int:
        return value
    return None


def from_start(where, length):
    """The positions ``where`` with a negative one (``t[-1]``) counted from the start of a
    list of ``length`` entries, or not known (None) when the length is not (None)."""
    return frozenset(p if type(p) is not int or p >= 0 else (
        length + p if length is not None and length + p >= 0 else None) for p in where)


def fixed_lengths(fn, analysis, exact, pairs):
    """``{c: n}`` for the containers ``c`` of ``exact`` every definition of which is a list
    or tuple display of ``n`` entries, whose length nothing changes: no name that may be
    ``c`` or hold it (``pairs``: the edges and holds of sharing.py) is appended to, stored
    into by a slice, deleted from, the receiver of a method (``.pop()``), or passed to a
    call that is not of a primitive (a user's function, one srcdiff does not model)."""
    lengths = {}
    for op in analysis.order:
        if op.kind == "literal" and op.target in exact:
            value = op.stmt.value
            n = len(value.elts) if isinstance(value, (gast.List, gast.Tuple)) and not any(
                isinstance(e, gast.Starred) for e in value.elts) else None
            lengths.setdefault(op.target, set()).add(n)
    out = {}
    for c, ns in lengths.items():
        (n,) = ns if len(ns) == 1 else (None,)
        if n is not None and not _length_may_change(fn, analysis, closure({c}, pairs)):
            out[c] = n
    return out


def _length_may_change(fn, analysis, names):
    for op in analysis.order:
        if op.kind == "append" and op.target in names or op.kind == "store" \
                and op.target in names and not isinstance(literal(op.index), int) \
                and not (isinstance(op.index, gast.Name) and analysis.kinds.get(op.index.id) == INT
                         and analysis.shapes.get(op.index.id) == ()):
            return True  # (a store at an int index leaves the length; a slice changes it)
        if op.kind in ("call", "unknown") and set(op.operands) & names \
                and not is_read_only_check(getattr(op, "func", None)):  # (reads its operands)
            return True
    for node in gast.walk(fn):
        if isinstance(node, gast.Delete) or isinstance(node, gast.Attribute) and isinstance(
                node.value, gast.Name) and node.value.id in names:
            return True
    return False


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
