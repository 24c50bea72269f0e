"""Undos of array stores that nothing reads afterwards: the save and the undo both go.

A store ``u[1:-1] = w`` into an array the backward sweep reads is saved
(``_stack.append(np.copy(u[1:-1]))``, recording.py) and undone at its adjoint
(``u[1:-1] = _stack.pop()``), so that the adjoints of the statements that ran before it
read ``u`` as it was then. When none of them does (a stencil ``u[1:-1] += k * lap(u)``
whose adjoint reads ``lap``, never ``u``; the loss reads ``u`` only after the loop), the
undo restores values no one reads: the copy per step and the write-back are work for
nothing. This pass removes both, after generation, from the code as generated.

Invariant: every statement that may observe the array object ``O`` the store changed, at
a point of the backward sweep after the undo (in execution order: the rest of the undo's
block, the whole body and header of each enclosing backward loop, which runs again, then
what follows each enclosing statement, and the returned expression), does so through

* a name in ``A``: the stored name and every name that may ever share memory with it
  (sharing.py's group without a program point, aliasing.check_mutations' ``ever``);
* or a name the generated code bound to a value of the primal sweep without reading it
  there: a save (``keep = v``, ``v_before = _stack.pop()``) stands for ``v``; a loop
  counter holds an int; anything else so bound (a callee's record, a copy of a branch
  test) counts as reading ``A``.

So the undo stays when such a read follows it, and goes otherwise: then no statement
observes ``O``'s contents after it, and the contents before it are the ones the undo
would have overwritten. A store into an argument, or into an array an argument shares,
is always undone (the gradient function leaves its arguments as passed), as is every
store of a checkpointed function (its segments replay the primal sweep in the backward
one) and of the reference pipeline. Each save and undo is marked at generation
(:func:`mark_store_save`, :func:`mark_store_undo`); a store's marks are all removed or
none, so the tape's pushes and pops still pair. Verification mode checks the reads of the
backward sweep against the primal's values, and the reference pipeline keeps every undo.
"""

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

STORE_SAVE = "_srcdiff_store_save"  # on the save of a store's overwritten part: S.key(store)
STORE_UNDO = "_srcdiff_store_undo"  # on the undo ``u[i] = <saved>``: S.key(store)


def mark_store_save(stmt, key):
    setattr(stmt, STORE_SAVE, key)
    return stmt


def mark_store_undo(stmt, key):
    setattr(stmt, STORE_UNDO, key)
    return stmt


def drop_unread_undos(gen, primal, adjoint, results):
    """``(primal, adjoint)`` without the saves and undos of the stores whose undo no later
    statement of the backward sweep may observe (module docstring). ``gen``: the Reverse
    generator (its analysis, parameters and the names its saves bound)."""
    targets = {}  # S.key(store) -> the stored name
    undos = {}  # S.key(store) -> its undos
    for s in _statements(adjoint):
        key = getattr(s, STORE_UNDO, None)
        if key is not None:
            targets[key] = s.targets[0].value.id
            undos.setdefault(key, []).append(s)
    if not targets:
        return primal, adjoint
    if any(getattr(s, STORE_SAVE, None) is not None for s in _statements(adjoint)):
        return primal, adjoint  # (a save inside the backward sweep: a primal replayed there)
    params = set(gen.params)
    ever = getattr(gen.a, "ever_sharers", {})
    own = S.all_names(gen.fn)
    groups = {}
    for key, v in targets.items():
        group = {v} | set(ever.get(key, ()))
        if key not in ever or group & params:
            continue
        groups[key] = group
    if not groups:
        return primal, adjoint
    stands = _stands_for(gen, primal, adjoint, own)
    after = {}  # id(undo) -> the names (as stood for) read after it
    tail = _observed(gast.Expr(value=results), stands)
    _later(adjoint, tail, after, stands)
    dead = set()
    for key, group in groups.items():
        if all(not (after[id(s)] & (group | {_UNKNOWN})) for s in undos[key]):
            dead.add(key)
    if not dead:
        return primal, adjoint
    return _without(primal, STORE_SAVE, dead), _without(adjoint, STORE_UNDO, dead)


_UNKNOWN = "<any primal value>"  # (not a name: no identifier has a space)


def _stands_for(gen, primal, adjoint, own):
    """The generated code's own names -> the function's names whose objects each may hold
    (``_UNKNOWN``: any). A save stands for the name it saved (``saved_names``: a copy for
    none), a loop counter and the tape for none; a name bound by an assignment for what
    its value may hold (an arithmetic result for none, anything else for every name it
    reads); one bound by another pop off the tape (a callee's record) for any."""
    saved = getattr(gen, "saved_names", {})
    fixed = {c: set() for c in gen.counters.values() if c is not None}
    fixed["_stack"] = set()
    for n, v in saved.items():
        fixed[n] = {v} if v is not None else set()
    sources = {}  # a generated name -> the names its values are made from
    for s in _statements(primal + adjoint):
        if isinstance(s, gast.Assign):
            pop = isinstance(s.value, gast.Call) and _is_pop(s.value)
            made = {_UNKNOWN} if pop else _made_from(s.value)
            targets = s.targets
        elif isinstance(s, gast.For):
            made, targets = _made_from(s.iter), [s.target]
        else:
            continue
        for t in targets:
            for n in dataflow.names(t):
                if n.id not in own and n.id not in fixed and isinstance(n.ctx, gast.Store):
                    sources.setdefault(n.id, set()).update(made)
    stands = dict(fixed)
    for n in sources:
        stands[n] = set()
    changed = True
    while changed:  # (to the least fixpoint: names made from names made from ...)
        changed = False
        for n, made in sources.items():
            new = set()
            for m in made:
                new |= stands.get(m, {m})
            if not new <= stands[n]:
                stands[n] |= new
                changed = True
    return stands


_NEW_OBJECT = (gast.UnaryOp, gast.Compare, gast.Constant)


def _made_from(value):
    """The names a value may hold the object of: none for an arithmetic result or a
    comparison (a new object, or a number), every name it reads otherwise."""
    if isinstance(value, _NEW_OBJECT) or isinstance(value, gast.BinOp) \
            and not isinstance(value.op, gast.Add):  # (`+` of two lists holds their entries)
        return set()
    return _value_reads(value)


def _value_reads(node):
    """The names ``node`` reads other than as a shape argument (dataflow.SHAPE_READS): a
    store changes values, never a shape."""
    skip = set()
    loads = []
    for n in dataflow.nodes(node):
        if isinstance(n, gast.Call):
            skip |= {id(shaped) for shaped in dataflow.shape_arguments(n)}
        elif isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            loads.append(n)
    return {n.id for n in loads if id(n) not in skip}


def _is_pop(call):
    """``_stack.pop()``, or a pop off another list the generated code keeps (a tape of
    callee records): what it takes back was bound in the primal sweep."""
    f = call.func
    return isinstance(f, gast.Attribute) and f.attr == "pop" and isinstance(f.value, gast.Name) \
        and not call.args


def _observed(stmt, stands):
    """The names whose objects ``stmt`` may read: its reads, each private save as the name
    it stands for; an undo's target is written, not read, ``x = y`` reads no contents
    (what ``x`` then holds is read where ``x`` is: as ``x``, or as what it stands for), and
    ``x = _stack.pop()`` reads what ``x`` stands for."""
    if isinstance(stmt, gast.Assign) and isinstance(stmt.value, gast.Name) \
            and all(isinstance(t, gast.Name) for t in stmt.targets):
        return set()
    if isinstance(stmt, gast.Assign) and isinstance(stmt.value, gast.Call) \
            and _is_pop(stmt.value) and getattr(stmt, STORE_UNDO, None) is None:
        # a value taken back off the tape is observed there (verification mode compares it
        # with its copy made when it was pushed: a view of the array must not have changed)
        out = set()
        for t in stmt.targets:
            for n in dataflow.names(t):
                out |= stands.get(n.id, {n.id})
        return out
    if getattr(stmt, STORE_UNDO, None) is not None:
        names = _value_reads(stmt.targets[0].slice) | _value_reads(stmt.value)
    else:
        names = _value_reads(stmt)
    out = set()
    for n in names:
        out |= stands.get(n, {n})
    return out


def _later(block, after, out, stands):
    """Fill ``out[id(undo)]`` for the undos in ``block``: what is read after each, given
    ``after``, what is read once ``block`` has run. Returns what ``block`` reads."""
    reads = set(after)
    mine = set()
    for s in reversed(block):
        if isinstance(s, (gast.For, gast.While)):
            whole = _observed_all(s, stands)  # (the loop runs again: all of it follows)
            _later(s.body, reads | whole, out, stands)
            _later(s.orelse, reads, out, stands)
            seen = whole
        elif isinstance(s, gast.If):
            seen = _observed_all(s, stands)
            _later(s.body, reads, out, stands)
            _later(s.orelse, reads, out, stands)
        else:
            if getattr(s, STORE_UNDO, None) is not None:
                out[id(s)] = set(reads)
            seen = _observed(s, stands)
        reads |= seen
        mine |= seen
    return mine


def _observed_all(s, stands):
    out = set()
    for x in _statements([s]):
        out |= _observed(x, stands) if not isinstance(x, (gast.For, gast.While, gast.If)) \
            else _observed_header(x, stands)
    return out


def _observed_header(s, stands):
    parts = [s.iter, s.target] if isinstance(s, gast.For) else [s.test]
    out = set()
    for p in parts:
        for n in _value_reads(p):
            out |= stands.get(n, {n})
    return out


def _statements(block):
    """Every statement in ``block``, nested ones included, in no particular order."""
    todo = list(block)
    while todo:
        s = todo.pop()
        yield s
        for field in ("body", "orelse", "finalbody"):
            todo.extend(getattr(s, field, None) or ())
        for h in getattr(s, "handlers", None) or ():
            todo.extend(h.body)


def _without(block, mark, dead):
    out = []
    for s in block:
        if getattr(s, mark, None) in dead:
            continue
        for field in ("body", "orelse"):
            inner = getattr(s, field, None)
            if inner:
                kept = _without(inner, mark, dead)
                setattr(s, field, kept or [gast.Pass()])
        out.append(s)
    return out
