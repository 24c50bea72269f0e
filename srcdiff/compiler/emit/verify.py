"""Verification mode: the generated gradient checks the backward sweep's invariant.

The invariant every pass relies on (reverse.py): *when the adjoint of
statement S runs, every variable it reads holds the value it had just after S
ran in the primal sweep* (and a ``v_before`` popped for S holds ``v``'s value
from just before S). A stale temporary, a hoisted read of a value that changes
per iteration, a branch test that is not kept per iteration: each breaks it
somewhere, and each then gives a wrong gradient silently.

With ``sd.grad(..., verify=True)`` (or ``SRCDIFF_VERIFY=1``) this pass runs
last, on the optimized function, so it checks the code that runs:

* after the primal copy of each statement S whose adjoint reads primal values,
  the primal sweep records those values (copies) on a tape of S's own
  (``verify_push``); a compound statement records what its backward ``if``
  test or ``for`` header reads (an ``if`` before it runs, a loop after);
* the backward sweep takes S's record when S's adjoint starts
  (``verify_pop``) and, before each of its statements, compares every primal
  name the statement reads with the record (``verify_check``): exactly, or
  only the shape where the name is read for its shape;
* a rewrite that replaces an expression by a value computed elsewhere (the
  loop-invariant hoister) leaves ``verify_equal(kept, expression)`` at the
  original place, whose reads are checked like any other.

* every value pushed on the tape (``_stack.append``) is copied onto a mirror
  tape (``verify_saved``), and before each pop the value about to be taken
  back is compared with its copy (``verify_restored``): a saved value changed
  in place since, or a pop out of order, is caught where it happens;
* a variable some of whose primal definitions the optimizer removed (copy
  propagation, a fold into the next definition) does not hold at a record's
  place what the program as written had there: it is neither recorded nor
  compared (its popped values are still checked against the mirror tape).

A mismatch raises :class:`~srcdiff.errors.VerificationError`. The checks are
placed from the origin tags the generator puts on statements (origin.py).
Statements whose primal copy the optimizer removed (dead values) are not
checked, nor are sums deferred after a loop (they read lists the loop filled
and a shape): ``unchecked`` counts them.
"""

from typing import TYPE_CHECKING

import gast

from srcdiff.compiler.analysis.activity import walk
from srcdiff.compiler.ir import dataflow, origin
from srcdiff.compiler.ir.calls import call_statement
from srcdiff.compiler.ir.dataflow import shape_arguments

if TYPE_CHECKING:  # (annotations only)
    from srcdiff.compiler.reverse.adjoint import Reverse
from srcdiff.compiler.ir import syntax as S
from srcdiff.compiler.optimize import exprs

_COMPOUND = (gast.If, gast.For, gast.While)


def instrument(fn: gast.FunctionDef, rev: "Reverse") -> gast.FunctionDef:
    """Insert the verification calls into the generated function ``fn`` (made by ``rev``)."""
    taken = S.all_names(fn)
    tape = _fresh("_verify_tape", taken)
    # a callee's record is checked by the callee's own backward sweep (records.py)
    primal_names = _primal_names(fn) - {r[0] for r in rev.call_records.values()}
    aliases = _aliases(fn)  # copies of a variable the optimizer may read in its place
    statements = {k: x for k, (x, _) in enumerate(walk(rev.fn.body))}
    where = {}

    def describe(sid):
        if sid not in where:
            text, lineno = rev.parsed.source_line(statements[sid]) if sid in statements \
                else ("", None)
            where[sid] = f"line {lineno}: {text}" if lineno else f"statement {sid}"
        return where[sid]

    # the adjoint groups: statements of one primal statement's adjoint, per block
    groups = {}  # sid -> (block, [indices])
    blocks_of = {}  # sid -> number of blocks holding its adjoint statements
    compound = {}  # sid -> (block, index) of a backward if / for
    primal = {}  # sid -> (block, index) of a compound statement's primal copy
    marks = {}  # (sid, "mark_after") -> (block, index): just after a primal copy
    for block in _blocks(fn.body):
        seen = set()
        for k, x in enumerate(block):
            o = origin.of(x)
            if o is None:
                continue
            if o.role == "mark_after":
                marks[o] = (block, k)
            elif o.role == "primal" and isinstance(x, _COMPOUND):
                primal[o.sid] = (block, k)
            elif o.role == "adjoint" and isinstance(x, _COMPOUND):
                compound[o.sid] = (block, k)
            elif o.role == "adjoint":
                if o.sid not in seen:
                    seen.add(o.sid)
                    blocks_of[o.sid] = blocks_of.get(o.sid, 0) + 1
                    groups[o.sid] = (block, [])
                if groups[o.sid][0] is block:
                    groups[o.sid][1].append(k)

    # A name some of whose primal definitions the optimizer removed (a copy propagated
    # into its uses, a statement folded into the name's next definition) does not hold,
    # at a record's place, the value the program as written had there: it is neither
    # recorded nor checked. (Its popped earlier values are checked by the tape mirror.)
    present = {o.sid for block in _blocks(fn.body) for x in block
               if (o := origin.of(x)) is not None and o.role == "primal"}
    unrecordable = set()
    for sid, x in statements.items():
        if sid not in present and not isinstance(x, _COMPOUND):
            unrecordable |= dataflow.bound(x)
    unrecordable |= {n for n, v in aliases.items() if v in unrecordable}  # their copies
    primal_names -= unrecordable
    aliases = {n: v for n, v in aliases.items() if n not in unrecordable}

    # Names a rewrite reads in place of an equal expression (common subexpressions:
    # ``b_w = u`` for ``b_w = v * 1.0`` after the user's ``u = v * 1.0``): the primal sweep
    # may bind them after the statement whose adjoint reads them, where its record holds
    # them unbound; ``verify_equal(u, v * 1.0)`` checks their value where they are read.
    stand_ins = {x.value.args[0].id for block in _blocks(fn.body) for x in block
                 if (c := call_statement(x, "verify_equal")) is not None and c.args
                 and isinstance(c.args[0], gast.Name)}
    inserts = {}  # id(block) -> (block, [(index, before?, statements)])
    unchecked = 0

    def insert(block, k, stmts, before=True):
        inserts.setdefault(id(block), (block, []))[1].append((k, before, stmts))

    for sid, (block, indices) in sorted(groups.items()):
        checks, recorded = [], set()
        assigned = set()
        for k in indices:
            x = block[k]
            v = origin.pre_of(x)
            if v is not None:  # ``v_before = _stack.pop()``
                # What it popped is not compared with a record: after the optimizer
                # folds a statement into its redefinition, the record made where the
                # folded statement stood no longer holds the value the save pushed,
                # and the check raised on correct code (fuzz seed 36908081). A wrong
                # pop still shows in every later read the restored value reaches.
                assigned.add(x.targets[0].id)
                continue
            reads, shapes = _reads(x)
            names = sorted((reads & (primal_names | set(aliases))) - assigned)
            if names:
                checks.append((k, True, names, sorted(set(names) & shapes)))
                recorded |= set(names)
                recorded |= {aliases[n] for n in names if n in aliases}
            assigned |= dataflow.bound(x)
        if not checks:
            continue
        if (sid, "mark_after") not in marks or blocks_of.get(sid, 0) > 1:
            unchecked += 1
            continue
        pblock, pk = marks[(sid, "mark_after")]
        insert(pblock, pk, [gast.Expr(value=S.call("verify_push", [
            S.name(tape), S.const(sid), S.const(None), S.call("locals"),
            _names(sorted(recorded))]))],
            before=False)
        record = _fresh(f"_verify_record{sid}", taken)
        first = indices[0]
        insert(block, first, [S.assign(record, S.call("verify_pop", [
            S.name(tape), S.const(sid), S.const(describe(sid))]))])
        for k, before, names, shape_only in checks:
            later = sorted(set(names) & stand_ins)
            call = S.call("verify_check", [
                S.name(record), S.call("locals"), _names(names), S.const(describe(sid)),
                S.const(None), _names(shape_only),
                _dict({n: aliases[n] for n in names if n in aliases})]
                + ([_names(later)] if later else []))
            insert(block, k, [gast.Expr(value=call)], before=before)

    for sid, (block, k) in sorted(compound.items()):
        x = block[k]
        head = x.test if isinstance(x, gast.If) else x.iter
        reads, shapes = _all_reads(head)
        reads -= exprs.foreign(x)
        names = sorted(reads & primal_names)
        if not names:
            continue
        if sid not in primal:
            unchecked += 1
            continue
        pblock, pk = primal[sid]
        # an if's test is read as it runs; a loop's trip count once it has run
        insert(pblock, pk, [gast.Expr(value=S.call("verify_push", [
            S.name(tape), S.const(sid), S.const(None), S.call("locals"), _names(names)]))],
            before=isinstance(pblock[pk], gast.If))
        pop = S.call("verify_pop", [S.name(tape), S.const(sid), S.const(describe(sid))])
        insert(block, k, [gast.Expr(value=S.call("verify_check", [
            pop, S.call("locals"), _names(names), S.const(describe(sid)), S.const(None),
            _names(sorted(set(names) & shapes))]))])

    # the tape itself: each value taken back is the one pushed, unchanged since
    saves = _fresh("_verify_saves", taken)
    for block in _blocks(fn.body):
        for k, x in enumerate(block):
            if _is_push(x):
                insert(block, k, [gast.Expr(value=S.call("verify_saved", [
                    S.name(saves), S.name("_stack")]))], before=False)
            pops = _pops(x)
            if pops:
                o = origin.of(x)
                place = describe(o.sid) if o is not None else "a loop"
                insert(block, k, [gast.Expr(value=S.call("verify_restored", [
                    S.name(saves), S.name("_stack"), S.const(place), S.const(depth)]))
                    for depth in range(1, pops + 1)])

    for block, edits in inserts.values():
        # positions in the block as it was: code before statement k goes to slot 2k, code
        # after it to slot 2k+1, each slot in the order it was asked for
        slots = {}
        for k, before, stmts in edits:
            slots.setdefault(2 * k + (0 if before else 1), []).extend(stmts)
        for slot in sorted(slots, reverse=True):  # from the end: indices stay valid
            at = slot // 2 + slot % 2
            block[at:at] = slots[slot]
    for block in _blocks(fn.body):
        block[:] = [x for x in block if not origin.is_marker(x)]
    for x in _compounds(fn.body):
        if not x.body:
            x.body = [gast.Pass()]
    fn.body.insert(0, S.assign(saves, gast.List(elts=[], ctx=gast.Load())))
    fn.body.insert(0, S.assign(tape, gast.Dict(keys=[], values=[])))
    fn.verify_unchecked = unchecked
    return fn


def _blocks(body):
    """Every statement list of the function, outermost first."""
    yield body
    for x in body:
        if isinstance(x, _COMPOUND):
            yield from _blocks(x.body)
            yield from _blocks(x.orelse)


def _compounds(body):
    for x in body:
        if isinstance(x, _COMPOUND):
            yield x
            yield from _compounds(x.body)
            yield from _compounds(x.orelse)


def _is_push(stmt):
    """``_stack.append(value)``: the generated code saving a value on its tape."""
    return isinstance(stmt, gast.Expr) and isinstance(stmt.value, gast.Call) \
        and S.expr_source(stmt.value.func) == "_stack.append"


def _pops(stmt):
    """How many values the statement (a compound statement's header only) takes back
    from the tape."""
    if isinstance(stmt, gast.If) or isinstance(stmt, gast.While):
        heads = [stmt.test]
    elif isinstance(stmt, gast.For):
        heads = [stmt.iter]
    else:
        heads = [stmt]
    return sum(1 for head in heads for n in gast.walk(head) if isinstance(n, gast.Call)
               and S.expr_source(n.func) == "_stack.pop" and not n.args)


def _primal_names(fn):
    """Names the primal sweep binds, and the parameters.

    A loop's variable counts wherever the loop is: a primal ``for`` and every ``for``
    inside a primal compound statement (a checkpointed loop runs its trips in an inner
    ``for i in _iters[_a:_b]`` that carries no tag of its own). The backward sweep rebinds
    loop variables as it replays loops backwards; an adjoint that reads one after such a
    replay must find the primal's value there, so every read is checked (an inner loop's
    variable left at its first trip's value gave 10.0 for 12.0, commit 1d2dd31).
    """
    params = [a.id for a in fn.args.args]
    # (grad_ys, and the gradients passed in after it (calls.py), are no primal values)
    names = set(params[:params.index("grad_ys")] if "grad_ys" in params else params)
    for block in _blocks(fn.body):
        for x in block:
            o = origin.of(x)
            if o is not None and o.role in ("primal", "save"):
                if isinstance(x, _COMPOUND):
                    names |= {t for n in gast.walk(x) if isinstance(n, gast.For)
                              for t in dataflow.bound(n.target)}
                else:
                    names |= dataflow.bound(x)
    names.discard("_stack")
    return {n for n in names if not n.startswith("_verify_")}  # (verification's own names)


def _reads(node):
    """``(names read, names read only for their shape)``, of a statement's own reads: a
    value the optimizer moved into it is checked where it was (exprs.Mover)."""
    moved_in = exprs.foreign(node)
    snapshot = getattr(node, exprs.READS, None)
    if snapshot is not None:
        return set(snapshot), set()
    reads, shapes = _all_reads(node)
    return reads - moved_in, shapes - moved_in


def _all_reads(node):
    loads, for_shape = {}, {}
    for n in gast.walk(node):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            loads[n.id] = loads.get(n.id, 0) + 1
        elif isinstance(n, gast.Call):
            for shaped in shape_arguments(n):
                for_shape[shaped.id] = for_shape.get(shaped.id, 0) + 1
        elif isinstance(n, gast.Attribute) and n.attr in ("shape", "ndim", "dtype", "size") \
                and isinstance(n.value, gast.Name):
            for_shape[n.value.id] = for_shape.get(n.value.id, 0) + 1
    return set(loads), {v for v, c in for_shape.items() if c == loads.get(v)}


def _aliases(fn):
    """``{name: variable}`` for names that hold a copy of a variable: a value saved in a
    name (``_v1 = v``) and a value popped back (``v_before = _stack.pop()``)."""
    out = {}
    for block in _blocks(fn.body):
        for x in block:
            o = origin.of(x)
            if o is None:
                continue
            if origin.pre_of(x) is not None:
                out[x.targets[0].id] = origin.pre_of(x)
            elif o.role == "save" and isinstance(x, gast.Assign) \
                    and isinstance(x.targets[0], gast.Name):
                value = x.value
                if isinstance(value, gast.Call) and S.expr_source(value.func) == "snapshot" \
                        and len(value.args) == 1:
                    value = value.args[0]
                if isinstance(value, gast.Name):
                    out[x.targets[0].id] = value.id
    return out


def _dict(mapping):
    return gast.Dict(keys=[S.const(k) for k in mapping], values=[S.const(v)
                                                                 for v in mapping.values()])


def _names(names):
    return gast.Tuple(elts=[S.const(n) for n in names], ctx=gast.Load())


def _fresh(base, taken):
    name, k = base, 1
    while name in taken:
        k += 1
        name = f"{base}{k}"
    taken.add(name)
    return name
