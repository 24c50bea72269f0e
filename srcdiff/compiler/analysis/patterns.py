"""Shape patterns: what the analysis knows of a value's shape (analysis/activity.py).

A *shape pattern* is a tuple with one entry per axis: True (length 1), False
(longer than 1) or None (unknown); None for the whole pattern means the rank
is unknown. Scalars are (). Patterns tell where broadcasting can happen:
two operands whose axes are all known never broadcast into each other's
longer axes, so ``unbroadcast`` can be left out.
"""

import gast
import numpy as np


def join(p, q):
    """Two shape patterns of one name: keep what both agree on."""
    if not isinstance(p, tuple) or len(p) != len(q):
        return None
    return tuple(a if a == b else None for a, b in zip(p, q))


def broadcast_pattern(patterns):
    """The shape pattern of an elementwise result, or None."""
    if any(p is None for p in patterns):
        return None
    rank = max((len(p) for p in patterns), default=0)
    out = []
    for axis in range(rank):
        dims = [p[axis - rank + len(p)] for p in patterns if axis - rank + len(p) >= 0]
        if any(d is False for d in dims):
            out.append(False)
        elif all(d is True for d in dims):
            out.append(True)
        else:
            out.append(None)
    return tuple(out)


def swapped_pattern(p, a, b):
    """The pattern of ``np.swapaxes(x, a, b)`` for ``x`` of pattern ``p`` (literal axes)."""
    n = len(p)
    if not all(type(k) is int and -n <= k < n for k in (a, b)):
        return None
    out = list(p)
    out[a % n], out[b % n] = p[b % n], p[a % n]
    return tuple(out)


def rearranged_pattern(fn, op, pats, fact):
    """The pattern of a result that rearranges its argument's entries: ``np.outer(a, b)``
    (two axes: it flattens both), ``np.swapaxes(x, a, b)`` (literal axes), ``np.ravel(x)``
    (one axis) and ``np.reshape(x, shape)`` or ``x.reshape(d, ...)``: one axis per entry of
    a tuple display or per argument, each a literal int (1: an axis of length 1) or a name
    of an int (``fact``: a name's ``(kind, pattern)``). None when not known (keywords, a
    shape held by a name, which may be a tuple)."""
    if op.kwargs:
        return None
    if fn is np.outer:
        return (None, None) if len(op.args) == 2 else None
    if fn is np.swapaxes:
        ok = len(op.args) == 3 and pats[0] is not None
        return swapped_pattern(pats[0], literal(op.args[1]), literal(op.args[2])) if ok else None
    if fn is np.ravel:
        return (None,) if len(op.args) == 1 else None
    dims = op.args[1:]
    if len(dims) == 1 and isinstance(dims[0], gast.Tuple):
        dims = dims[0].elts
    out = []
    for d in dims:
        value = literal(d)
        if type(value) is int:
            out.append(True if value == 1 else False if value > 1 else None)
        elif isinstance(d, gast.Name) and fact(d) == ("int", ()):
            out.append(None)
        else:
            return None
    return tuple(out) if dims else None


REARRANGING = frozenset({np.outer, np.swapaxes, np.ravel, np.reshape})


def matmul_pattern(p, q):
    """The pattern of ``x @ y`` for operands of patterns ``p`` and ``q`` of which one has
    three axes or more (a stack of matrices): a vector operand's axis is contracted away
    (``(B, T, D) @ (D,)`` is ``(B, T)``), else the matrices' product over the stacks'
    broadcast axes; None when a rank is 0 (matmul refuses scalars)."""
    if not p or not q:
        return None
    if len(q) == 1:
        return p[:-1]
    if len(p) == 1:
        return q[:-2] + q[-1:]
    stacks = broadcast_pattern([p[:-2], q[:-2]])
    return None if stacks is None else stacks + (p[-2], q[-1])


def reduction_pattern(op, pats):
    """The pattern of ``np.sum(x, axis=..., keepdims=...)`` with literal options, or None
    (``np.var``'s and ``np.std``'s ``ddof`` does not change the shape)."""
    extra = set(op.kwargs) - {"axis", "keepdims", "ddof"}
    if extra or len(op.args) > 2 or not pats:
        return None
    axis = op.kwargs.get("axis", op.args[1] if len(op.args) > 1 else None)
    keep = op.kwargs.get("keepdims")
    keep = False if keep is None else literal(keep)
    if not isinstance(keep, bool):
        return None
    if axis is None or (isinstance(axis, gast.Constant) and axis.value is None):
        if not keep:
            return ()
        return None if pats[0] is None else (True,) * len(pats[0])
    base = pats[0]
    if base is None:
        return None
    axes = literal(axis)
    axes = axes if isinstance(axes, tuple) else (axes,)
    if not all(isinstance(a, int) and not isinstance(a, bool) and -len(base) <= a < len(base)
               for a in axes):
        return None
    axes = {a % len(base) for a in axes}
    if keep:
        return tuple(True if i in axes else d for i, d in enumerate(base))
    return tuple(d for i, d in enumerate(base) if i not in axes)


def concatenated_pattern(entries):
    """The pattern of ``np.concatenate(L)`` along axis 0 of a display ``L`` whose entries'
    facts are ``entries`` (position -> (kind, pattern, ...)): arrays of one rank (at least
    one axis) give that rank, the first axis of unknown length and the others joined (an
    entry's fact also under its index from the end or EVERY_ENTRY joins as the same)."""
    facts = list((entries or {}).values())
    if not facts or any(f[0] not in ("array", "int") or not isinstance(f[1], tuple)
                        or not f[1] for f in facts):
        return None
    rest = facts[0][1][1:]
    for f in facts[1:]:
        rest = join(rest, f[1][1:])
    return None if rest is None else (None,) + rest


def converted_pattern(op, facts):
    """The pattern of ``np.array(a)`` / ``np.asarray(a)`` (``dtype=`` or ``copy=`` alone
    beside it) of an array ``a`` of at least one axis: ``a``'s own (a conversion keeps the
    shape). None otherwise: of a 0-d array it is a 0-d *array* (``+=`` writes into it, which
    a number's pattern ``()`` would deny), of a list a stack of its entries."""
    if len(op.args) != 1 or not set(op.kwargs) <= {"dtype", "copy"}:
        return None
    kind, pattern = facts[0]
    if kind not in ("array", "int") or not isinstance(pattern, tuple) or not pattern:
        return None
    return pattern


def cumulative_pattern(op, pats):
    """The pattern of ``np.cumsum(x)`` / ``np.cumprod(x)``: without an axis the running
    totals of the flattened ``x`` (one axis, as long as ``x`` has entries); along a literal
    axis ``x``'s own. None when not known."""
    if not set(op.kwargs) <= {"axis"} or len(op.args) + len(op.kwargs) > 2 or not pats:
        return None
    base = pats[0]
    if base is None:
        return None
    axis = op.kwargs.get("axis", op.args[1] if len(op.args) > 1 else None)
    if axis is None or isinstance(axis, gast.Constant) and axis.value is None:
        if len(base) <= 1:
            return base or (True,)
        return (True,) if all(d is True for d in base) else (None,)
    axis = literal(axis)
    if isinstance(axis, bool) or not isinstance(axis, int) or not -len(base) <= axis < len(base):
        return None
    return base


def linalg_pattern(fn, op, pats):
    """The pattern of ``np.linalg.inv(a)`` or ``np.linalg.cholesky(a)`` (``a``'s own: square
    matrices, stacked or not) and of ``np.linalg.solve(a, b)`` for a matrix ``a`` and a
    vector or matrix ``b`` (``b``'s own: the solution has ``b``'s shape); None otherwise
    (a stacked ``a`` with a vector ``b``, keywords, ranks not known). ``np.diag(v, k)``: a
    matrix of a vector, a vector of a matrix (their lengths not known)."""
    if fn is np.diag:
        rank = len(pats[0]) if pats and pats[0] is not None else None
        return (None, None) if rank == 1 else (None,) if rank == 2 else None
    if op.kwargs or len(pats) != (2 if fn is np.linalg.solve else 1) or None in pats:
        return None
    if fn is np.linalg.solve:
        a, b = pats
        return b if len(a) == 2 and len(b) in (1, 2) else None
    return pats[0] if len(pats[0]) >= 2 else None


def literal(node):
    """The value of a literal int, bool, None or tuple of ints; else a sentinel."""
    if isinstance(node, gast.Constant):
        return node.value
    if isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub) \
            and isinstance(node.operand, gast.Constant) and isinstance(node.operand.value, int):
        return -node.operand.value
    if isinstance(node, gast.Tuple):
        return tuple(literal(e) for e in node.elts)
    return literal
