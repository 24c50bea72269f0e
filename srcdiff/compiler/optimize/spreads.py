"""Reductions' gradients spread lazily: ``unreduce(g, x, axis, keepdims)`` given the name
its result meets in arithmetic (``like``), so it returns ``g`` with length-1 axes and the
arithmetic broadcasts it (runtime.unreduce checks the shapes). optimize.py runs it last."""

import gast

from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize.algebra import _next_reader
from srcdiff.compiler.optimize.exprs import is_count, writes
from srcdiff.compiler.optimize.facts import Facts


def unreduce_like(body, counts, facts=None):
    """``unreduce(g, x, axis, keepdims)`` read by arithmetic with a name ``y`` gets ``y`` as
    its ``like`` argument: where ``y`` has ``x``'s shape, it returns ``g`` with the reduced
    axes as length-1 axes instead of broadcasting it to ``x``'s shape first, and the
    arithmetic broadcasts it (``b_d = unreduce(b_s, d2, -1, False) * 2.0 * d`` then
    multiplies an (n, n, 1) array, not an (n, n, 3) view walked three elements at a time).
    The same values in the same operations: the result has the same shape (it meets ``y``,
    shaped like ``x``, through the arithmetic) and bits. Invariant: ``y`` holds, when
    ``unreduce`` runs, the value the arithmetic reads; runtime.unreduce checks the
    shapes, so a ``y`` of another shape gets the broadcast array as before. ``facts``:
    the statements' kept summaries (a statement given an argument is forgotten).
    """
    facts = facts or Facts()
    for k, s in enumerate(body):
        if isinstance(s, (gast.If, gast.For, gast.While)):
            unreduce_like(s.body, counts, facts)
            unreduce_like(s.orelse, counts, facts)
            continue
        if not isinstance(s, (gast.Assign, gast.AugAssign)):
            continue
        for call, y in _spreads_in(s.value, s.target if isinstance(s, gast.AugAssign)
                                   else None):
            call.args.append(S.name(y))
            facts.forget(s)
        spread = _added_unreduce(s)
        if spread is not None:
            spread.args.append(S.name(s.target.id))
            facts.forget(s)
        t = s.targets[0].id if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) else None
        spread = _scaled_unreduce(s.value)
        if t is None or counts.get(t) != 1 or spread is None:
            continue
        j = _next_reader(body, k, t, facts)
        if j is None or not isinstance(body[j], (gast.Assign, gast.AugAssign)):
            continue
        u = body[j]
        y = _arithmetic_partner(u.value, t, u.target if isinstance(u, gast.AugAssign)
                                else None)
        if y is not None and y != t and not any(y in writes(x) for x in body[k + 1:j]):
            spread.args.append(S.name(y))
            facts.forget(s)
    return body


def _added_unreduce(s):
    """The ``unreduce`` call of ``b += unreduce(g, x, axis, keepdims)`` (or ``-=``, or a
    count-scaled call, :func:`_scaled_unreduce`), else None: ``b`` is the arithmetic's
    partner, so ``b`` as ``like`` adds the (.., 1, ..) array into ``b`` in place and the
    in-place operator broadcasts it, where the broadcast view made first is walked with
    strides 0 (a softmax's adjoint ``b_P += unreduce(b_s, P, -1, True)``: 2-3x faster)."""
    if isinstance(s, gast.AugAssign) and isinstance(s.op, (gast.Add, gast.Sub)) \
            and isinstance(s.target, gast.Name):
        return _scaled_unreduce(s.value)
    return None


def _scaled_unreduce(e):
    """The ``unreduce`` call of ``unreduce(...)``, ``unreduce(...) * c``, ``c * unreduce(...)``
    or ``unreduce(...) / c`` with ``c`` a count (numbers, ``size_of`` calls: the mean rule's
    ``size_of(m) / size_of(x)``), else None: scaling the length-1 axes first multiplies
    each element by the same number as scaling the broadcast array (the same values)."""
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Mult, gast.Div)):
        if is_count(e.right):
            e = e.left
        elif isinstance(e.op, gast.Mult) and is_count(e.left):
            e = e.right
    return e if _is_unreduce(e) and len(e.args) == 4 else None


def _is_unreduce(e):
    return isinstance(e, gast.Call) and isinstance(e.func, gast.Name) \
        and e.func.id == "unreduce" and 2 <= len(e.args) <= 4 and not e.keywords


def _spreads_in(e, target):
    """``(unreduce call, y)`` for calls that are leaves of ``e``'s arithmetic with a name."""
    out = []
    for leaf in _arithmetic_leaves(e):
        if _is_unreduce(leaf) and len(leaf.args) == 4:
            y = _arithmetic_partner(e, leaf, target)
            if y is not None:
                out.append((leaf, y))
    return out


def _arithmetic_leaves(e):
    if isinstance(e, gast.BinOp) and isinstance(e.op, (gast.Add, gast.Sub, gast.Mult,
                                                       gast.Div)):
        return _arithmetic_leaves(e.left) + _arithmetic_leaves(e.right)
    if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub):
        return _arithmetic_leaves(e.operand)
    return [e]


def _arithmetic_partner(e, t, target):
    """A name that meets ``t`` (a name, or a call node) in the arithmetic ``e`` (or the
    augmented assignment's ``target``), or None."""
    if not isinstance(e, (gast.BinOp, gast.UnaryOp)):
        return None
    leaves = _arithmetic_leaves(e)
    if not any(x is t or (isinstance(x, gast.Name) and x.id == t) for x in leaves):
        return None
    if isinstance(target, gast.Name):
        return target.id
    for x in leaves:
        if isinstance(x, gast.Name) and x is not t and x.id != t:
            return x.id
    return None
