"""Part of stage 2, before the lowering: a generator function nested in the differentiated
one, whose every call is consumed at once, as a function returning the list of its values.

    def pairs(w):                                 def pairs(w):
        for j in range(len(w) - 1):                   yielded = []
            yield w[j], w[j + 1]            ->        for j in range(len(w) - 1):
    s = sum(a * b for a, b in pairs(v))                   yielded.append((w[j], w[j + 1]))
                                                      return yielded

The list holds the values the generator yields, in order; computed before the consumer reads
the first instead of one at a time, which is the same program when nothing runs between two
values and nothing stops early:

* every read of the generator's name is a call consumed whole where it is made: the one
  argument of ``sum``, ``list``, ``tuple``, ``sorted``, ``min`` or ``max``, or the iterable
  of a comprehension or generator expression with no ``:=`` (a ``for`` loop may ``break``;
  a generator object kept in a name is exhausted after one pass, a list is not);
* the name is bound once (the ``def``), its ``yield``s are statements (``yield value``, no
  ``yield from``, no ``x = yield``) and its ``return``s carry no value.

Any other nested generator is refused with what to change (a module-level generator is
refused when it is read: front/parse.py).
"""

import gast

from srcdiff.compiler.front.maps import _CONSUMERS, _binding_counts
from srcdiff.compiler.front.parse import _own_nodes
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_COMPREHENSIONS = (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)


def generators_as_lists(parsed, body, names):
    """``body`` (the differentiated function's statements; changed in place) with its
    nested generator functions rewritten as the module docstring says."""
    fn = parsed.node
    defs = [n for s in body for n in dataflow.nodes(s) if isinstance(n, gast.FunctionDef)
            and _own_yields(n)]
    if not defs:
        return body
    counts = _binding_counts(fn)
    consumed = _consumed_calls(parsed, body)
    for g in defs:
        reads = [n for s in body for n in dataflow.nodes(s) if isinstance(n, gast.Name)
                 and n.id == g.name and isinstance(n.ctx, gast.Load)]
        why = _why_not(g, counts, reads, consumed)
        if why is not None:
            raise parsed.error(
                g, f"the generator `{g.name}` is differentiated as the list of its values, "
                   f"which needs {why}",
                hint="build and return a list of the values instead (`out.append(v)` for "
                     "`yield v`)")
        yielded = names.fresh("yielded")
        g.body = [S.assign(yielded, gast.List(elts=[], ctx=gast.Load()), g.body[0])] \
            + _as_appends(g.body, yielded) + [_returning(yielded, g.body[-1])]
    # (the function's tree changed in place: names kept before (Parsed.all_names) are
    # asked again, `yielded` among them)
    parsed.__dict__.pop("_all_names", None)
    return body


def _own_yields(fdef):
    return [n for n in _own_nodes(fdef) if isinstance(n, (gast.Yield, gast.YieldFrom))]


def _consumed_calls(parsed, body):
    """The functions (name nodes, by id) of the calls whose result is consumed at once
    (see the module docstring)."""
    out = set()
    for s in body:
        for n in dataflow.nodes(s):
            if isinstance(n, gast.Call) and len(n.args) == 1 \
                    and parsed.callee(n.func) in _CONSUMERS:
                out.add(_function_of(n.args[0]))
            elif isinstance(n, _COMPREHENSIONS) and not any(
                    isinstance(m, gast.NamedExpr) for m in gast.walk(n)):
                out |= {_function_of(c.iter) for c in n.generators}
    return out


def _function_of(node):
    return id(node.func) if isinstance(node, gast.Call) else None


def _why_not(g, counts, reads, consumed):
    own = list(_own_nodes(g))
    statements = {id(n.value) for n in own if isinstance(n, gast.Expr)}
    if g.decorator_list or counts.get(g.name) != 1:
        return "its name bound once, by its `def` alone"
    if any(isinstance(n, gast.YieldFrom) or isinstance(n, gast.Yield) and id(n) not in
           statements for n in own):
        return "`yield value` statements (no `yield from`, no value received)"
    if any(isinstance(n, gast.Return) and n.value is not None for n in own):
        return "`return` without a value"
    if not reads or not all(id(r) in consumed for r in reads):
        return ("each call consumed at once where it is made (the one argument of sum, "
                "list, tuple, sorted, min or max, or a comprehension's iterable without "
                "`:=`)")
    return None


def _as_appends(body, yielded):
    out = []
    for s in body:
        if isinstance(s, gast.Expr) and isinstance(s.value, gast.Yield):
            value = s.value.value or gast.Constant(value=None, kind=None)
            append = gast.Expr(value=S.call(gast.Attribute(
                value=S.name(yielded), attr="append", ctx=gast.Load()), [value]))
            s = S.locate(append, s)
        elif isinstance(s, gast.Return):
            s = _returning(yielded, s)
        elif not isinstance(s, (gast.FunctionDef, gast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(s, field, None)
                if isinstance(inner, list) and inner:
                    setattr(s, field, _as_appends(inner, yielded))
            for h in getattr(s, "handlers", None) or ():
                h.body = _as_appends(h.body, yielded)
        out.append(s)
    return out


def _returning(yielded, like):
    out = gast.Return(value=S.name(yielded))
    S.locate(out, like)
    return out
