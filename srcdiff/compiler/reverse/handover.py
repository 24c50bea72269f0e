"""Part of stage 4, reverse: a copy's gradient handed to its source before the copy's adjoint.

A stepper that updates a copy of its state::

    un = u.copy()          # i
    ...                    # statements that read u, none mentions un
    un[1:-1] = f(u)        # j: the first statement after i that mentions un
    u = un

has the backward sweep start the gradient of ``u`` from zeros (``index_add(None, ...)``)
for the reads of ``u`` between ``i`` and ``j`` and add the copy's gradient at the end
(``b_u += b_un``, the adjoint of ``i``). A hand-written backward pass accumulates into
the one buffer instead. This module says where the sweep may do the same: right after
the adjoint of statement ``j`` (before those of the statements between ``i`` and ``j``)
the generator hands the buffer over, ``b_u = b_un``, and ``b_un`` is undefined (zero)
from there on, so the copy's adjoint adds nothing; the reads' adjoints then accumulate
into the owned buffer in place (backward.py: ``_hand_over``).

Invariant (what makes the handed-over buffer the same sum): between the copy and ``j``
no statement mentions ``v`` (the copy, ``un``) and none rebinds or changes ``w`` (its
source, ``u``) in place; all are simple statements. The adjoints of those statements
therefore neither read nor change ``b_v``, so at the handover ``b_v`` already holds
what the copy's adjoint would add; and ``b_w`` there is the gradient of the same value
of ``w`` the copy read, so adding ``b_v`` into it early is adding it to the same sum
(in another order: the sum's rounding may differ in the last bits). The generator
hands over only when, at that point, ``b_w`` is undefined (so ``b_w = b_v`` is the
whole sum so far), ``b_v`` is an owned array (nothing else refers to it, so updating it
in place through ``b_w`` changes no other value) and not uniform, and neither is a
gradient the caller passed in or one captured for a local ``wrt``. Ownership moves
with the buffer: ``b_v`` is undefined after it, and nothing reads an undefined gradient.
A plain alias ``v = w`` is a copy too (its adjoint also adds ``b_v`` to ``b_w``): with
nothing between, the handover at the alias itself passes ownership, so an in-place
store into ``v`` later in the sweep needs no defensive copy of ``b_v``.

The reference pipeline (``optimize=False``) hands nothing over.
"""

import gast
import numpy as np

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_SIMPLE = (gast.Assign, gast.AugAssign, gast.Expr, gast.Return, gast.AnnAssign)


def copy_pair(op):
    """``(v, w)`` for ``v = w``, ``v = w.copy()`` or ``v = np.copy(w)``: statements whose
    adjoint adds ``b_v``, unchanged, to ``b_w``; else None."""
    if op is None or op.target is None or not op.args or op.kwargs:
        return None
    if op.kind == "copy" and isinstance(getattr(op.stmt, "value", None), gast.Name):
        w = op.stmt.value.id  # (not ``.astype``: also a copy, but its dtype is another's)
    elif op.kind == "prim" and op.func is np.copy and len(op.args) == 1 \
            and isinstance(op.args[0], gast.Name):
        w = op.args[0].id
    else:
        return None
    return (op.target, w) if w != op.target else None


def handover_points(body, analysis):
    """``{j: [(v, w), ...]}``: after the adjoint of ``body[j]`` (``j == len(body)``: before
    any adjoint of the block) the gradient of the copy ``v`` of ``w`` made by an earlier
    statement of ``body`` may be handed to ``w`` (see the module docstring)."""
    points = {}
    for i, stmt in enumerate(body):
        if not isinstance(stmt, gast.Assign):
            continue
        pair = copy_pair(analysis.op(stmt))
        if pair is None:
            continue
        v, w = pair
        j = i + 1
        while j < len(body) and not _blocks(body[j], v, w):
            j += 1
        points.setdefault(j, []).append(pair)
    return points


def _blocks(stmt, v, w):
    """Does ``stmt`` end the stretch after a copy ``v`` of ``w``: it mentions ``v``,
    may rebind or change ``w``, or is compound?"""
    if not isinstance(stmt, _SIMPLE):
        return True
    if v in S.all_names(stmt):
        return True
    return w in dataflow.writes(stmt) | dataflow.changed_in_place(stmt)


def pass_ownership(pairs, g, stmts, active):
    """A statement's contributions ``pairs`` (``(operand, expression, owned)``, as
    backward.py makes them), with the one whose expression is the statement's own gradient
    ``g`` itself marked owned. The caller asks only when ``g`` is an owned, non-uniform
    array that the statement's definition resets right after (so nothing reads ``g``
    again); it is marked only when that contribution is the one place the adjoint reads
    ``g``: no other contribution nor any statement of the rule (``stmts``) reads it, so no
    other value can be ``g``'s buffer or a view of it (``unbroadcast(g, a)`` may return
    ``g`` itself). The operand's gradient then owns the buffer, as it would own a fresh
    array (``sub = u - target``: ``b_u = b_sub``, later updated in place)."""
    users = [k for k, (name, expr, _) in enumerate(pairs)
             if name in active and g in S.loaded_names(expr)]
    if len(users) != 1 or any(g in S.loaded_names(x) for x in stmts):
        return pairs
    k = users[0]
    name, expr, _ = pairs[k]
    if not (isinstance(expr, gast.Name) and expr.id == g):
        return pairs
    pairs = list(pairs)
    pairs[k] = (name, expr, True)
    return pairs
