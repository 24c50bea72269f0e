"""Fields of named tuples read as entries: ``p.w`` of ``p = P(w=..., b=...)`` is ``p[0]``.

A named tuple (``collections.namedtuple``, ``typing.NamedTuple``) is a tuple whose
class names its entries; JAX-style code passes parameters as one and reads them by
field. The argument facts name the fields of every named-tuple argument and of the
named tuples inside it (facts.record_fields: ``{path: fields}``, a path being the
parameter and the entry indices leading to the tuple). A read ``p.w`` of a parameter
the function never rebinds, or ``p.enc.w`` / ``p[1].w`` along entries of named tuples,
is then the read ``p[0]`` (``p[1][0]``) of the entry the field names: a tuple never
changes, so what the facts saw when the function was called holds throughout. Every
other attribute stays as written (NumPy's ``x.T``, a module's function, or a refusal).
"""

import gast

from srcdiff.compiler.front.scopes import map_children
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_COMPREHENSIONS = (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)


def fields_as_entries(fn, body, records):
    """``body`` (statements of ``fn``) with each field read of a named tuple the facts
    know (``records``: path -> field names) written as its entry read. Shared nodes are
    never changed: a changed statement is a copy."""
    records = record_roots(fn, records)
    return inlined_fields(records, body)


def record_roots(fn, records):
    """The entries of ``records`` whose parameter ``fn`` never rebinds (nor deletes)."""
    if not records:
        return {}
    own = {id(n) for c in dataflow.nodes(fn) if isinstance(c, _COMPREHENSIONS)
           for g in c.generators for n in gast.walk(g.target)}  # (their own scope)
    stored = {n.id for n in dataflow.nodes(fn) if isinstance(n, gast.Name)
              and isinstance(n.ctx, (gast.Store, gast.Del)) and id(n) not in own}
    roots = {path[0] for path in records} & {a.id for a in fn.args.args} - stored
    return {p: f for p, f in records.items() if p[0] in roots}


def inlined_fields(records, body):
    """``body`` with the field reads of ``records`` (record_roots') rewritten. Also applied
    to the body of a nested function inlined at a call (normalize.py ``inline``), after its
    parameters are renamed: a parameter ``q`` the nested function never binds, given the
    name ``p`` of such a parameter (``layer(p, x)``), is read as ``p`` itself
    (closures.py ``bind_argument``), so ``q.W`` is ``p.W``, the entry read ``p[0]``."""
    if not records:
        return body
    roots = {path[0] for path in records}
    return [_rewrite(s, records, roots) for s in body]


def _path(e, records):
    """The path of ``e`` when it reads (through constant entries) a named tuple the
    facts know: ``(p,)``, ``(p, 1)``, ...; else None."""
    if isinstance(e, gast.Name) and isinstance(e.ctx, gast.Load):
        return (e.id,) if (e.id,) in records else None
    if isinstance(e, gast.Subscript) and isinstance(e.slice, gast.Constant) \
            and type(e.slice.value) is int and e.slice.value >= 0:
        inner = _path(e.value, records)
        if inner is not None and (*inner, e.slice.value) in records:
            return (*inner, e.slice.value)
    return None


def _shadows(node, roots):
    """Does ``node`` (a nested function, lambda or comprehension) bind one of ``roots``
    for its own body?"""
    if isinstance(node, (gast.FunctionDef, gast.Lambda)):
        args = node.args
        names = {a.id for a in args.args + args.posonlyargs + args.kwonlyargs
                 if isinstance(a, gast.Name)}
        names |= {a.id for a in (args.vararg, args.kwarg) if isinstance(a, gast.Name)}
        if isinstance(node, gast.FunctionDef):
            names |= {n.id for n in dataflow.nodes(node)
                      if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Del))}
        return bool(names & roots)
    if isinstance(node, _COMPREHENSIONS):
        return any(isinstance(n, gast.Name) and n.id in roots
                   for g in node.generators for n in gast.walk(g.target))
    return False


def _rewrite(node, records, roots):
    """``node`` with its field reads rewritten (a copy when anything changed)."""
    if _shadows(node, roots):
        return node
    node = map_children(node, lambda c: _rewrite(c, records, roots))
    if isinstance(node, gast.Attribute) and isinstance(node.ctx, gast.Load):
        path = _path(node.value, records)
        fields = records.get(path) if path is not None else None
        if fields is not None and node.attr in fields:
            return S.locate(gast.Subscript(value=node.value,
                                           slice=gast.Constant(fields.index(node.attr), None),
                                           ctx=gast.Load()), node)
    return node
