"""Adjoints of calls to user functions, differentiated from their own source.

Where neither the caller nor ``g`` writes into a value in place (records.py),
a call ``y = g(a, b)`` keeps ``g``'s record: the primal sweep runs
``y, _record_g = fwd_g(a, b)`` (inside loops it also appends the record to a
list of its own, ``_g_records``, one record per trip) and the adjoint calls
``bwd_g(_record_g, b_y, b_a, ...)``, which runs only ``g``'s backward sweep and adds
``g``'s part of each gradient into the array passed for it: the caller's own gradient
of that argument where it owns one (``_own_buffer``), else None, which ``g`` takes as
zero (for the parameters ``g`` never rebinds: driver.py ``_accumulates``; the others'
parts are returned and added by the caller). It returns its gradients as a tuple, or
its one gradient bare (:func:`bare_result`): ``b_a = bwd_g(_record_g, b_y, b_a)``.
So each level of a recursion costs one primal and one backward sweep: O(depth).

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

from srcdiff.compiler.analysis.activity import ARRAY
from srcdiff.compiler.analysis.facts import arg_fact, fact_of, lowered_call
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.front.parse import function_name
from srcdiff.compiler.ir import syntax as S


def _signature(view, op):
    """``(callee, {parameter: node}, positional nodes, {keyword: node}, active parameter
    names, facts key)`` of a user call: the callee is the function itself, its lowering
    for this call (``*args``, ``**kwargs``, keyword-only parameters: front/signatures.py),
    or for a derivative made by srcdiff, its generated code (front/derivatives.py)."""
    fn, sig, arguments, args, kwargs = lowered_call(op, view.error)
    active = [name for name, node in arguments.items()
              if isinstance(node, gast.Name) and node.id in view.a.active]
    facts = {}
    for p in sig.parameters.values():
        if p.name in arguments:
            facts[p.name] = fact_of(view.a, arguments[p.name])
        elif p.default is not inspect.Parameter.empty:
            facts[p.name] = arg_fact(p.default)
    facts = tuple(sorted(facts.items(), key=str))
    if active and derivatives.is_derivative(fn):
        fn = derivatives.generated_function(fn, facts, "reverse", view.error, op.stmt.value)
    return fn, arguments, args, kwargs, tuple(active), facts


def record_call(view, op, s, depth):
    """The primal sweep's code for ``y = g(...)`` keeping ``g``'s record, or None (the
    call stays plain). Registers the record for the call's adjoint (``view.records``).
    Only a plain function called as written keeps one (not a lowered signature, a
    method or a derivative made by srcdiff: those run their gradient whole)."""
    ctx = view.context
    if ctx is None or not view.may_record or not isinstance(s, gast.Assign) \
            or not isinstance(s.targets[0], gast.Name) or not inspect.isfunction(op.func):
        return None
    fn, _, _, _, active, facts = _signature(view, op)
    if fn is not op.func:
        return None
    names = ctx.record_names(fn, active, facts) if active else None
    if names is None:
        return None
    base = function_name(fn)
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
    view.records[S.key(s)] = (rec, names[1], tape, names[2])
    return out


def adjoint_of_call(view, op, g, atom, s):
    """(statements, [(operand name, gradient expression, owned)]) for a user call."""
    ctx = view.context
    fn, arguments, args, kwargs, active, facts = _signature(view, op)
    if not active:
        return [], []
    kept = view.records.get(S.key(s))
    bare = kept is not None and bare_result(active)
    stmts = []
    passed = {}  # parameter -> the caller's gradient it accumulates into
    if kept is not None:  # the record of the call's primal (record_call)
        rec, bwd, tape, into = kept
        if tape is not None:
            stmts.append(S.assign(rec, S.call(tape + ".pop"), s))
        buffers = []
        for pname in into:
            bx = _own_buffer(view, op, arguments[pname], passed)
            if bx is not None:
                passed[pname] = bx
            buffers.append(S.name(bx) if bx is not None else S.const(None))
        call = S.call(S.name(bwd), [S.name(rec), S.copy(g)] + buffers)
    else:
        name = ctx.adjoint_name(fn, active, facts)
        args = [atom(x) for x in args]
        kwargs = [(k, atom(v)) for k, v in kwargs.items()]
        call = S.call(S.name(name), args, kwargs + [("grad_ys", S.copy(g))])
    if bare and active[0] in passed:  # the caller's gradient, with the callee's part added in
        stmts.append(S.assign(passed[active[0]], call, s))
        return stmts, []
    # (a bare result is named for its one gradient)
    tmp = view.names.fresh("b_" + function_name(fn) + ("_" + active[0] if bare else "_args"))
    stmts.append(S.assign(tmp, call, s))
    pairs = []
    for k, pname in enumerate(active):
        node = arguments[pname]
        part = S.name(tmp) if bare else \
            gast.Subscript(value=S.name(tmp), slice=S.const(k), ctx=gast.Load())
        if pname in passed:  # the caller's gradient, with the callee's part added in
            stmts.append(S.assign(passed[pname], part, s))
            continue
        # owned where the callee's sweep ended owning it (a fresh array: _owned_results);
        # else, given None for its buffer, the callee may return its first contribution as
        # it is, which may be a view (spread's read-only broadcast, its grad_ys)
        pairs.append((view.renamed.get(node.id, node.id), part,
                      kept is not None and pname in _owned_results(ctx, kept[1])))
    return stmts, pairs


def _owned_results(ctx, bwd):
    """The parameters whose gradient ``bwd`` (a generated backward sweep, ``bwd_g``)
    returns as a fresh array nothing else refers to: the ones its own generator ended
    owning (adjoint.py ``owned_results``, kept by driver.Context.record_names once
    ``bwd_g`` is compiled). None yet for a call inside ``g`` itself (a recursion: ``g`` is
    being compiled): nothing is owned. Invariant: a returned gradient marked owned is a
    fresh writable array that no other live name references, so the caller may add into
    it in place; ``bwd_g_neg`` (reverse/negated.py, swapped in later) returns what
    ``bwd_g`` does, or its negation (a fresh array too)."""
    return ctx.owned.get(bwd, ()) if ctx is not None else ()


def bare_result(active):
    """Does ``bwd_g`` for these active parameters return its one gradient bare (not in a
    1-tuple)? Yes for exactly one: driver.py compiles it so (``as_tuple``) and
    :func:`adjoint_of_call`, its only caller, reads the result whole; both ask this."""
    return len(active) == 1


def _own_buffer(view, op, node, passed):
    """The caller's gradient of ``node`` when the callee may accumulate into it (add its
    part in place and return it), or None (the callee is given None: it starts from zeros).

    Invariant: the gradient is defined, owned (an array no other name refers to, so
    changing it in place changes nothing else: state.py), not uniform, of an array not
    known to be a scalar (so it has that array's shape and no scalar stands for it), and passed for
    one parameter only (two parameters given one buffer would add each other's parts
    twice); the call does not rebind ``node``'s variable (its gradient there is the
    gradient of the value passed)."""
    state = view.state
    x = view.renamed.get(node.id, node.id)
    bx = view.adj.get(x)
    shape = view.a.shapes.get(x)
    if state is None or bx is None or bx not in state.defined or bx not in state.owned \
            or bx in state.uniform or bx in passed.values() or x == op.target \
            or node.id == op.target or view.a.kinds.get(x) != ARRAY \
            or shape == ():
        return None
    return bx
