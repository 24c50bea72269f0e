"""Shape reads moved to an operand: ``spread(g, v)`` and ``size_of(v)`` read ``v``'s shape
only, and ``v = a - c`` (``c`` a number) or ``v = gammaln(a)`` has ``a``'s shape. Reading
``a`` there leaves ``v`` unread when nothing else reads it, and dead-code elimination then
drops its computation: the sum rule's ``spread(b_s, sub)`` kept a loss term
``sub = gammaln(y + r) - gammaln(r)`` (two gammaln calls over the data) for its shape alone.

Invariant: where the rewritten call runs, ``a`` holds a value with ``v``'s shape, because

* ``v = E`` is the only binding of ``v`` in the function, a statement of its own body (not
  in a loop or branch) before the read; and ``a`` is a parameter never rebound, or bound
  once by an earlier statement of the body, so ``a`` and ``v`` hold their one value each;
  and neither may be re-shaped in place: neither is named in ``.resize``, an attribute
  store (``x.shape = ...``), nor as an argument of a call other than of NumPy's, SciPy's
  and math's functions (as the rules spell them), the known library calls and the
  run-time helpers (none of which re-shapes an argument; a user function's forward or
  backward sweep might);
* ``E`` keeps the shape of ``a``: ``-a``/``+a``; arithmetic other than ``@`` of ``a`` with
  numbers (literals, names the shape analysis knows hold one number); a call with the one
  argument ``a`` of a one-input ufunc (analysis/effects.py library_calls, which also
  proves the spelling denotes it); and ``a`` holds an array or a number (not a list,
  whose ``a * 2`` repeats it).

Verification mode reads ``verify_shape(a, v)`` instead, which checks the shapes agree.
"""

import gast

from srcdiff import runtime, runtime_checks, runtime_memory, runtime_snapshots
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_SHAPE_ONLY = {"spread": 1, "size_of": 0}  # helper -> the argument read for its shape only
_HELPERS = frozenset(name for module in (runtime, runtime_memory, runtime_snapshots,
                                                    runtime_checks)
                     for name, obj in vars(module).items() if callable(obj))


def shape_sources(fn, scalars, arrays, known, verify=False, facts=None):
    """Rewrite ``fn``'s shape-only reads (see the module docstring); returns ``fn``.
    ``scalars``: names holding one number; ``arrays``: names holding arrays (not lists);
    ``known``: library_calls' table (spelling -> the ufunc's number of inputs, or 0).
    ``facts``: the optimizer's kept node lists (facts.py), asked and kept up to date."""
    stores = {}
    # (one walk of each statement for the three questions: the function's nodes are its
    # statements' and those of its other fields)
    per_statement = [(facts.nodes if facts is not None else dataflow.nodes)(s)
                     for s in fn.body]
    top = {id(s) for s in fn.body}
    every = [fn] + [n for c in dataflow.children(fn) if id(c) not in top
                    for n in dataflow.nodes(c)]
    for nodes in per_statement:
        every.extend(nodes)
    for n in every:
        if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Del)):
            stores[n.id] = stores.get(n.id, 0) + 1
    params = {a.id for a in fn.args.args}
    changed = _may_reshape(every, known)
    defined = {}  # name -> (position in fn.body, the operand whose shape it has)
    for k, s in enumerate(fn.body):
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name):
            v = s.targets[0].id
            a = _shape_operand(s.value, scalars, arrays, known)
            if a is not None and stores.get(v) == 1 and v not in params | changed \
                    and a not in changed and (a in params and a not in stores or a not in params
                                              and stores.get(a) == 1 and a in defined):
                defined[v] = (k, a)
            elif stores.get(v) == 1 and v not in params:
                defined.setdefault(v, (k, None))
    if not any(a is not None for _, a in defined.values()):
        return fn
    for k, nodes in enumerate(per_statement):
        for n in nodes:
            if not isinstance(n, gast.Call) or not isinstance(n.func, gast.Name):
                continue
            at = _SHAPE_ONLY.get(n.func.id)
            if at is None or len(n.args) <= at or not isinstance(n.args[at], gast.Name):
                continue
            v = n.args[at].id
            if v not in defined or defined[v][0] >= k:
                continue
            a = v
            while defined.get(a, (0, None))[1] is not None:
                a = defined[a][1]
            if a != v:
                if facts is not None:  # (the statement changes: it and those inside it)
                    for x in nodes:
                        if isinstance(x, gast.stmt):
                            facts.forget(x)
                n.args[at] = S.call("verify_shape", [S.name(a), S.name(v)]) if verify \
                    else S.name(a)
    return fn


def _shape_operand(e, scalars, arrays, known):
    """The name whose shape ``e`` has, by the rules of the module docstring, or None."""
    if isinstance(e, gast.UnaryOp) and isinstance(e.op, (gast.USub, gast.UAdd)):
        return _held(e.operand, scalars, arrays)
    if isinstance(e, gast.BinOp) and not isinstance(e.op, gast.MatMult):
        sides = [x for x in (e.left, e.right) if not _number(x, scalars)]
        return _held(sides[0], scalars, arrays) if len(sides) == 1 else None
    if isinstance(e, gast.Call) and len(e.args) == 1 and not e.keywords:
        if known.get(S.expr_source(e.func)) == 1:
            return _held(e.args[0], scalars, arrays)
    return None


def _held(x, scalars, arrays):
    return x.id if isinstance(x, gast.Name) and (x.id in arrays or x.id in scalars) else None


def _number(x, scalars):
    if isinstance(x, gast.Constant):
        return isinstance(x.value, (int, float)) and not isinstance(x.value, bool)
    return isinstance(x, gast.Name) and x.id in scalars


def _may_reshape(every, known):
    """Names a function may re-shape in place (see the module docstring); ``every``: the
    nodes of the function (``dataflow.nodes``)."""
    out = set()
    for n in every:
        if isinstance(n, gast.Attribute) and isinstance(n.value, gast.Name) \
                and (n.attr == "resize" or isinstance(n.ctx, gast.Store)):
            out.add(n.value.id)
        elif isinstance(n, gast.Call):
            f = n.func
            parts = S.dotted_parts(f)
            if parts is not None and (len(parts) == 1 and parts[0] in _HELPERS
                                      or parts[0] in ("np", "scipy", "math")
                                      or ".".join(parts) in known):
                continue
            if isinstance(f, gast.Attribute) and f.attr in ("append", "pop"):
                continue  # (a list's: the tape's)
            for a in list(n.args) + [k.value for k in n.keywords]:
                out |= {x.id for x in dataflow.nodes(a) if isinstance(x, gast.Name)}
    return out
