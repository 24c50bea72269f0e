"""Values kept on the tape for their shape only: the tape keeps a stand-in, not the array.

A loop's primal sweep pushes the earlier value of each name it overwrites
(``_stack.append(k1)`` before ``k1 = rhs(x, y)``) and the backward sweep pops it
back (``k1_before = _stack.pop()`` ... ``k1 = k1_before``). Often the backward
sweep reads such a name only as ``unbroadcast(g, k1)``: the shape (and dtype) of
the operand, which ``unbroadcast`` sums ``g`` down to. Where a shape is not known
statically (ode's steps: a called function's result is a concatenation), the tape
then kept every iteration's array alive for nothing but its shape: ode kept ten
arrays of 80 kB a step, where the primal reuses two or three.

This pass pushes ``shape_only(k1)`` instead (runtime.py: a :class:`ShapeOf` holding
the shape and dtype of an ndarray; any other value unchanged), where it is exact:

* the function's primal sweep is the statements before the seed heading (S.SEED),
  they hold every push and no pop, and the backward sweep (from the seed on) holds
  every pop and no push: so no statement of the primal sweep ever sees a stand-in
  (a value popped is bound only in the backward sweep), and every value a
  stand-in replaces is pushed once and popped once;
* the generator marks each push that saves ``v``'s earlier value (:func:`mark_save`,
  primal.py) and the pop that takes it back, ``w = _stack.pop()`` (origin.mark_pre,
  backward.py): pushes and pops pair by these marks (not by the names pushed, which
  the optimizer may have renamed), and each ``w`` is bound nowhere else;
* in the backward sweep, every read of ``v`` and of each such ``w`` is the shape
  argument of ``unbroadcast`` (which takes a ShapeOf as it takes the array: the same
  shape, the same dtype) or the restore ``v = w``: so wherever a stand-in may reach
  (``w``; ``v`` after a restore), only its shape and dtype are read. A value popped
  and never read (its ``unbroadcast`` left out where shape facts make it the identity)
  is kept as a stand-in too: nothing reads it. The values
  the backward sweep reads before any restore are the primal's own arrays, which
  ``unbroadcast`` reads the same way.

Verification mode checks what the backward sweep reads against what the primal
sweep had (shape reads by their shapes: a ShapeOf has its array's), and the
reference pipeline (``optimize=False``) keeps the arrays.
"""

import gast

from srcdiff.compiler.ir import dataflow, origin
from srcdiff.compiler.ir import syntax as S

SHAPE_ONLY = "shape_only"  # runtime.shape_only
SAVES = "_srcdiff_saves"  # on a push ``_stack.append(e)`` that saves the earlier value of v
_SHAPE_ARGUMENT = {"unbroadcast": 1}  # helpers that read this argument's shape and dtype only


def mark_save(stmt, name):
    """Mark the push ``stmt`` (primal.py) as the save of ``name``'s earlier value, which a
    pop marked by origin.mark_pre with the same name takes back (backward.py)."""
    setattr(stmt, SAVES, name)
    return stmt


def shape_only_saves(fn: gast.FunctionDef, numbers=frozenset()) -> gast.FunctionDef:
    """Rewrite ``fn``'s pushes of names its backward sweep reads for their shape only
    (see the module docstring); ``fn`` is changed in place and returned. ``numbers``: names
    known to hold numbers (0-d), whose pushes stay as they are: a number owns no array to
    free, and a call of shape_only would only cost its time."""
    body = fn.body
    at = next((k for k, s in enumerate(body) if S.heads(s) == S.SEED), None)
    if at is None:
        return fn
    primal, backward = body[:at], body[at:]
    pushes = {}  # v -> the push calls marked as saves of v (mark_save)
    for s in primal:
        for n in dataflow.nodes(s):
            if _stack_call(n, "pop"):
                return fn
            if isinstance(n, gast.Expr) and getattr(n, SAVES, None) is not None \
                    and _stack_call(n.value, "append") and len(n.value.args) == 1:
                pushes.setdefault(getattr(n, SAVES), []).append(n.value)
    if not pushes:
        return fn
    restores = {}  # v -> the names w of ``w = _stack.pop()`` restoring v
    pops = {}  # v -> how many such pops
    for s in backward:
        for n in dataflow.nodes(s):
            if _stack_call(n, "append"):
                return fn
            if isinstance(n, gast.Assign) and _stack_call(n.value, "pop"):
                v = origin.pre_of(n)
                if v is None or len(n.targets) != 1 or not isinstance(n.targets[0], gast.Name):
                    # a pop the generator did not mark: what it restores is unknown here
                    return fn
                restores.setdefault(v, set()).add(n.targets[0].id)
                pops[v] = pops.get(v, 0) + 1
    pairs = {(v, w) for v, ws in restores.items() for w in ws}
    reads = [_reads(st, pairs) for st in backward]  # per statement of the backward sweep
    bound = {}
    first = {}  # v -> the position of the first statement that restores v
    last = {}  # name -> the position of the last statement that reads it other than as a shape
    for k, (_, o, b, restored) in enumerate(reads):
        for n, count in b.items():
            bound[n] = bound.get(n, 0) + count
        for v in restored:
            first.setdefault(v, k)
        for n in o:
            last[n] = k
    other = set().union(*(r[1] for r in reads))
    for v, calls in sorted(pushes.items()):
        ws = restores.get(v)
        if v in numbers or not ws or any(bound.get(w, 0) != 1 for w in ws) \
                or pops[v] != len(calls):
            # never popped back, a ``w`` bound elsewhere than by its pop, or a pop of v's
            # that is no longer a marked assignment (one pop per push, as generated)
            continue
        # v holds the primal's own value until the first statement that restores it; read
        # other than as a shape from there on (``late``), a stand-in may reach that read
        late = last.get(v, -1) >= first.get(v, len(backward))
        if ws & other or late:
            continue  # (read for a shape, or not read at all: a stand-in serves as well)
        for c in calls:
            c.args[0] = S.call(SHAPE_ONLY, [c.args[0]])
    return fn


def _restore(n, pairs):
    """``v`` when the Assign ``n`` is a restore ``v = w`` of a pair (v, w), else None."""
    if len(n.targets) == 1 and isinstance(n.targets[0], gast.Name) \
            and isinstance(n.value, gast.Name) and (n.targets[0].id, n.value.id) in pairs:
        return n.targets[0].id
    return None


def _stack_call(n, method):
    return isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute) \
        and n.func.attr == method and isinstance(n.func.value, gast.Name) \
        and n.func.value.id == "_stack"


def _reads(stmt, pairs):
    """``(shape_read, other_read, bound, restored)`` of one statement: the names it reads as
    a shape argument (_SHAPE_ARGUMENT), those it reads any other way (a restore ``v = w`` of
    ``pairs`` reads nothing), how many times it binds each name, and the names ``v`` of the
    restores it holds."""
    shape_read, other_read, bound, restored = set(), set(), {}, set()
    skip = set()  # ids of Name nodes read as a shape argument or by a restore
    # (dataflow.nodes lists a node before the nodes inside it, as the skips need)
    for n in dataflow.nodes(stmt):
        if isinstance(n, gast.Call) and isinstance(n.func, gast.Name):
            k = _SHAPE_ARGUMENT.get(n.func.id)
            if k is not None and len(n.args) > k and not n.keywords \
                    and isinstance(n.args[k], gast.Name):
                shape_read.add(n.args[k].id)
                skip.add(id(n.args[k]))
        if isinstance(n, gast.Assign):
            v = _restore(n, pairs)
            if v is not None:
                skip.add(id(n.value))
                restored.add(v)
        if isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            other_read.add(n.target.id)  # (``v += e`` reads v: its target is a Store)
        if isinstance(n, gast.Name):
            if isinstance(n.ctx, gast.Load) and id(n) not in skip:
                other_read.add(n.id)
            elif isinstance(n.ctx, gast.Store):
                bound[n.id] = bound.get(n.id, 0) + 1
        elif isinstance(n, (gast.FunctionDef, gast.Lambda, gast.Global, gast.Nonlocal)):
            other_read |= _all_names(n)  # (reads a walk of names cannot place)
    return shape_read, other_read, bound, restored


def _all_names(n):
    out = {x.id for x in gast.walk(n) if isinstance(x, gast.Name)}
    if isinstance(n, (gast.Global, gast.Nonlocal)):
        out |= set(n.names)
    return out
