"""Adjoints of calls to user functions, differentiated from their own source.

Where neither the caller nor ``g`` writes into a value in place (records.py),
a call ``y = g(a, b)`` keeps ``g``'s record: the primal sweep runs
``y, _record_g = fwd_g(a, b)`` (inside loops it also appends the record to a
list of its own, ``_g_records``, one record per trip) and the adjoint calls
``bwd_g(_record_g, grad_ys=b_y)``, which runs only ``g``'s backward sweep. So
each level of a recursion costs one primal and one backward sweep: O(depth).

Otherwise (and in the reference pipeline) the call stays a plain call in the
primal sweep, and its adjoint calls ``grad_g(a, b, grad_ys=b_y)``, which
recomputes ``g``'s primal internally.

Either gradient function is generated from ``g``'s source for exactly the
arguments that are active at this call site and specialized on what the caller
knows about them (ranks, integers), compiled once per (function, active
arguments, argument facts) and shared by every call site, recursion included:
the names are registered before ``g``'s own body is compiled.
"""

import inspect

import gast

from srcdiff.compiler.analysis.facts import arg_fact, bind_call, fact_of
from srcdiff.compiler.front.parse import function_name
from srcdiff.compiler.ir import syntax as S


def _signature(view, op):
    """``(bound arguments, active parameter names, facts key)`` of a user call."""
    sig, bound = bind_call(op, view.error)
    params = [p for p in sig.parameters.values()]
    for p in params:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise view.error(op.stmt.value, f"{op.label} takes *args or **kwargs, which "
                            "srcdiff cannot differentiate through",
                            hint="give the helper explicit parameters")
    active = [name for name, node in bound.arguments.items()
              if isinstance(node, gast.Name) and node.id in view.a.active]
    facts = {}
    for p in params:
        if p.name in bound.arguments:
            facts[p.name] = fact_of(view.a, bound.arguments[p.name])
        elif p.default is not inspect.Parameter.empty:
            facts[p.name] = arg_fact(p.default)
    return bound, tuple(active), tuple(sorted(facts.items(), key=str))


def record_call(view, op, s, depth):
    """The primal sweep's code for ``y = g(...)`` keeping ``g``'s record, or None (the
    call stays plain). Registers the record for the call's adjoint (``view.records``)."""
    ctx = view.context
    if ctx is None or not view.may_record or not isinstance(s, gast.Assign) \
            or not isinstance(s.targets[0], gast.Name):
        return None
    _, active, facts = _signature(view, op)
    names = ctx.record_names(op.func, active, facts) if active else None
    if names is None:
        return None
    base = function_name(op.func)
    rec = view.names.private("record_" + base)
    call = S.copy(s.value)
    call.func = S.name(names[0])
    pair = gast.Tuple(elts=[S.name(s.targets[0].id, store=True), S.name(rec, store=True)],
                      ctx=gast.Store())
    out = [S.locate(gast.Assign(targets=[pair], value=call, type_comment=None), s)]
    tape = None
    if depth:  # one record per trip, taken back in reverse order
        tape = view.names.private(base + "_records")
        out.append(S.locate(gast.Expr(value=S.call(tape + ".append", [S.name(rec)])), s))
    view.records[S.key(s)] = (rec, names[1], tape)
    return out


def adjoint_of_call(view, op, g, atom, s):
    """(statements, [(operand name, gradient expression, owned)]) for a user call."""
    fn = op.func
    ctx = view.context
    bound, active, facts = _signature(view, op)
    if not active:
        return [], []
    tmp = view.names.fresh("b_" + function_name(fn) + "_args")
    kept = view.records.get(S.key(s))
    stmts = []
    if kept is not None:  # the record of the call's primal (record_call)
        rec, bwd, tape = kept
        if tape is not None:
            stmts.append(S.assign(rec, S.call(tape + ".pop"), s))
        call = S.call(S.name(bwd), [S.name(rec)], [("grad_ys", S.copy(g))])
    else:
        name = ctx.adjoint_name(fn, active, facts)
        args = [atom(x) for x in op.args]
        kwargs = [(k, atom(v)) for k, v in op.kwargs.items()]
        call = S.call(S.name(name), args, kwargs + [("grad_ys", S.copy(g))])
    stmts.append(S.assign(tmp, call, s))
    pairs = []
    for k, pname in enumerate(active):
        node = bound.arguments[pname]
        pairs.append((view.renamed.get(node.id, node.id),
                      gast.Subscript(value=S.name(tmp), slice=S.const(k), ctx=gast.Load()),
                      False))
    return stmts, pairs
