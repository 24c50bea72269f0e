"""Records: a gradient function split into its primal sweep and its backward sweep.

A generated gradient ``grad_g`` runs both sweeps in one call. Split at the
seed (its heading comment, ``S.SEED``), it becomes two functions::

    def fwd_g(<g's parameters>):
        <the primal sweep, saves included>
        return value, (x, sin, _stack, ...)          # the value and g's record

    def bwd_g(_record, grad_ys=None):               # (or (_record, grad_ys, b_x, ...):
        x, sin, _stack, ... = _record                # gradients to add into, calls.py)
        _stack = list(_stack)                        # tapes are copied, never consumed
        <the seed and the backward sweep>
        return b_x, ...                              # (one gradient: bare, calls.py)

The record holds every name the backward sweep reads that the primal sweep
bound (parameters included): exactly the values ``grad_g``'s backward sweep
would have found in its frame, so ``bwd_g(fwd_g(...)[1], e)`` computes what
``grad_g(..., grad_ys=e)`` does. Names bound only on some paths (in a branch,
by a loop) start as ``None`` in ``fwd_g``, as the primal sweep's saves do.

Invariant (what makes a record reusable): the backward sweep of a function
without in-place writes (:func:`in_place_free`) changes nothing it reads from
its record except the tapes it pops, and it pops copies of them. So a record
can be taken back any number of times (``sd.vjp``'s pullback), and a caller's
adjoint of ``y = g(a)`` may call ``bwd_g`` with the record ``fwd_g`` made in
the primal sweep instead of running ``g``'s primal again, provided nothing
changes the record's arrays in between: the caller has no in-place writes
either (so neither ``g``'s arguments nor its result change after the call).
Verification mode checks it: ``bwd_g`` compares what it reads with the copies
``fwd_g``'s own verification tape took (verify.py), after any number of calls.
"""

import gast

from srcdiff.compiler.analysis.activity import header_reads, walk
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.errors import InternalError

RECORD = "_record"
# lists the backward sweep pops: copied on entry to the backward sweep
TAPES = ("_stack", "_verify_saves")
VERIFY_TAPE = "_verify_tape"  # dict of lists, popped per statement


def in_place_free(fn, analysis):
    """Does the ANF function ``fn`` write into no value in place (no ``x[i] = v``,
    ``xs.append``, ``x += v``)? Only then may records of its calls be kept (see above)."""
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if op is not None and op.kind in ("store", "append"):
            return False
        if getattr(s, "srcdiff_inplace", False) or getattr(s, "srcdiff_inplace_item", None):
            return False
    return True


# NumPy joins that copy a list's entries into a new array: reading a list only through
# them keeps nothing of the list itself
_COPYING_JOINS = ("stack", "concatenate", "array", "vstack", "hstack", "column_stack")


def keeps_records(fn, analysis):
    """May the calls in the ANF function ``fn`` keep their callees' records (the caller's
    half of the invariant above: nothing a record holds changes between the call and its
    adjoint)? Yes when ``fn`` writes in place into nothing (:func:`in_place_free`), and
    also when its only in-place writes are appends to local lists that no record can hold:
    each such list is bound only by a list display (``rows = []``) and read only by its
    own appends (of values that are not such lists) and by NumPy joins that copy its
    entries (``np.stack(rows)``). No call, return, loop, index or alias sees the list, so
    appending to it (and the backward sweep's pops) changes no value a record holds."""
    appended = set()
    for s, _ in walk(fn.body):
        op = analysis.op(s)
        if getattr(s, "srcdiff_inplace", False) or getattr(s, "srcdiff_inplace_item", None):
            return False
        if op is not None and op.kind == "store":
            return False
        if op is not None and op.kind == "append":
            appended.add(op.target)
    if not appended:
        return True
    for s, _ in walk(fn.body):
        if isinstance(s, gast.For) and isinstance(s.target, gast.Name) \
                and s.target.id in appended:
            return False
        seen = header_reads(s) & appended
        op = analysis.op(s)
        if op is not None and op.target in appended and op.kind not in ("append", "literal"):
            return False
        if op is not None and op.kind == "literal" and op.target in appended and \
                not isinstance(s.value, gast.List):
            return False
        if not seen:
            continue
        if op is None:
            return False
        if op.kind == "append" and op.target in appended and \
                not (set(dataflow.reads(gast.Expr(value=gast.Tuple(elts=op.args,
                                                                   ctx=gast.Load())))) & appended):
            continue
        if op.kind == "prim" and getattr(op.func, "__name__", None) in _COPYING_JOINS \
                and getattr(op.func, "__module__", "").startswith("numpy") and not op.kwargs:
            continue
        return False
    return True


def _checked_by_name(stmt):
    """The names verification mode's ``verify_unchanged(kept, locals(), names)`` reads by
    their spelling (emit/verify.py): a check the optimizer's move left spanning the seed
    reads them in the backward sweep, so the record holds them too."""
    out = set()
    for n in gast.walk(stmt):
        if isinstance(n, gast.Call) and isinstance(n.func, gast.Name) \
                and n.func.id == "verify_unchanged" and len(n.args) == 3 \
                and isinstance(n.args[2], gast.Tuple):
            out |= {e.value for e in n.args[2].elts
                    if isinstance(e, gast.Constant) and isinstance(e.value, str)}
    return out


def split(node, fwd_name, bwd_name):
    """``(fwd, bwd)`` FunctionDefs from the gradient ``node`` compiled with
    ``return_value=True`` (its return is ``value, results``); see the module docstring."""
    body = node.body
    at = next((k for k, s in enumerate(body) if S.heads(s) == S.SEED), None)
    ret = body[-1]
    if at is None or not isinstance(ret, gast.Return) or not isinstance(ret.value, gast.Tuple):
        raise InternalError(f"{node.name}: no seed heading or no (value, results) return")
    primal, backward = body[:at], body[at:-1]
    value, results = ret.value.elts
    generator = getattr(node, "_srcdiff_generator", None)
    # gradients passed in to accumulate into (calls.py): parameters of bwd_g only
    into = [generator.adj[p] for p in generator.opt.into] if generator is not None else []
    params = [a.id for a in node.args.args if a.id != "grad_ys" and a.id not in into]
    bound, top = set(params), set(params)  # top: bound on every path through the primal
    for s in primal:
        bound |= dataflow.bound(s)
        if not isinstance(s, (gast.If, gast.For, gast.While, gast.Try, gast.With)):
            top |= dataflow.bound(s)
    reads = set()
    for s in backward + [gast.Expr(value=results)]:
        reads |= S.loaded_names(s) | _checked_by_name(s)
    record = sorted((reads & bound) - {"grad_ys"} - set(into))
    unbound = [v for v in record if v not in top]
    fwd_body = [S.assign(v, S.const(None)) for v in unbound]
    if unbound:
        fwd_body.insert(0, S.comment("names the record holds that a path may leave unbound"))
    fwd_body += primal
    fwd_body.append(gast.Return(value=gast.Tuple(elts=[value, _names(record)],
                                                 ctx=gast.Load())))
    fwd_args = S.copy(node.args)
    fwd_args.args = [a for a in fwd_args.args if a.id != "grad_ys" and a.id not in into]
    fwd_args.defaults = list(fwd_args.defaults)[:len(fwd_args.defaults) - 1 - len(into)]
    bwd_body = []
    if record:
        bwd_body.append(S.comment("the values the primal sweep recorded"))
        target = gast.Tuple(elts=[S.name(v, store=True) for v in record], ctx=gast.Store())
        bwd_body.append(gast.Assign(targets=[target], value=S.name(RECORD), type_comment=None))
    kept = set(generator.record_tapes()) if generator is not None else set()
    tapes = [v for v in record if v in TAPES or v in kept]
    if tapes or VERIFY_TAPE in record:
        bwd_body.append(S.comment("the tapes are popped from copies: the record stays whole"))
    bwd_body += [S.assign(v, S.call("list", [S.name(v)])) for v in tapes]
    if VERIFY_TAPE in record:
        bwd_body.append(S.assign(VERIFY_TAPE, S.expr(
            "{k: list(v) for k, v in tape.items()}", tape=S.name(VERIFY_TAPE))))
    bwd_body += backward
    bwd_body.append(gast.Return(value=results))
    bwd_args = gast.arguments(args=[S.name(v) for v in [RECORD, "grad_ys"] + into],
                              posonlyargs=[], vararg=None, kwonlyargs=[], kw_defaults=[],
                              kwarg=None, defaults=[] if into else [S.const(None)])
    for a in bwd_args.args:
        a.ctx = gast.Param()
    fwd = gast.FunctionDef(name=fwd_name, args=fwd_args, body=fwd_body, decorator_list=[],
                           returns=None, type_comment=None, type_params=[])
    bwd = gast.FunctionDef(name=bwd_name, args=bwd_args, body=bwd_body, decorator_list=[],
                           returns=None, type_comment=None, type_params=[])
    for f in (fwd, bwd):
        for attr in ("_srcdiff_generator", "verify_unchecked"):
            if hasattr(node, attr):
                setattr(f, attr, getattr(node, attr))
    return fwd, bwd


def _names(names):
    return gast.Tuple(elts=[S.name(v) for v in names], ctx=gast.Load())
