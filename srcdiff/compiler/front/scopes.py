"""Part of stage 2: which names a function's statements bind, and where.

Read by the normalizer before it lowers anything: a nested ``def`` bound twice under a
branch or in a loop is refused (which one a call runs is decided when the code runs), and a
comprehension's variable that the function also uses elsewhere is renamed (a comprehension
has its own scope; lowered to a loop of the function, it would overwrite the other).
"""

import copy

import gast

from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S


def bindings(body, in_block=False, out=None):
    """``{name: (statements binding it, is one under a branch or in a loop?)}`` for the
    statements of ``body`` (not inside nested functions, lambdas or comprehensions, whose
    names are their own)."""
    out = {} if out is None else out

    def bind(name, nested):
        count, any_nested = out.get(name, (0, False))
        out[name] = (count + 1, any_nested or nested)

    for s in body:
        if isinstance(s, (gast.FunctionDef, gast.ClassDef)):
            bind(s.name, in_block)
            continue
        for x in own_expressions(s):
            for n in _walk_scope(x):
                if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store):
                    bind(n.id, in_block)
        for f in ("body", "orelse", "finalbody"):
            inner = getattr(s, f, None)
            if isinstance(inner, list) and inner:
                bindings(inner, True, out)
        for h in getattr(s, "handlers", None) or ():
            bindings(h.body, True, out)
    return out


def own_expressions(stmt):
    """The expressions of statement ``stmt`` itself (targets, values, tests, iterables),
    not those of the blocks it holds."""
    for field, value in gast.iter_fields(stmt):
        if field not in ("body", "orelse", "finalbody", "handlers"):
            for x in (value if isinstance(value, list) else [value]):
                if isinstance(x, gast.AST):
                    yield x


def outside_comprehensions(node):
    """The names ``node`` holds outside comprehensions' own scopes (a comprehension's first
    iterable is read in the enclosing scope)."""
    out = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, gast.Name):
            out.add(n.id)
        elif isinstance(n, (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)):
            stack.append(n.generators[0].iter)
            continue
        stack.extend(dataflow.children(n))
    return out


_SCOPES = (gast.Lambda, gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)


def _walk_scope(node):
    """The nodes of ``gast.walk(node)`` without those inside lambdas and comprehensions (their
    own scopes), in no particular order."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(n, _SCOPES):
            stack.extend(dataflow.children(n))
    return out


def map_children(node, visit):
    """``node`` with each child ``c`` replaced by ``visit(c)``: ``node`` itself when no
    child changed, else a shallow copy (shared nodes are never changed)."""
    changed = {}
    for field, value in gast.iter_fields(node):
        if isinstance(value, gast.AST):
            new = visit(value)
            if new is not value:
                changed[field] = new
        elif isinstance(value, list):
            new = [visit(x) if isinstance(x, gast.AST) else x for x in value]
            if any(a is not b for a, b in zip(new, value)):
                changed[field] = new
    if not changed:
        return node
    node = copy.copy(node)
    for field, value in changed.items():
        setattr(node, field, value)
    return node


def tuple_display_lengths(fn, bound):
    """``{name: n}`` for the names ``fn``'s own statements bind exactly once (``bound``:
    ``bindings(fn.body)``), by ``name = (a, b, ...)``, a tuple display of ``n`` entries none
    starred; no parameter, and none a nested function declares ``nonlocal``. Wherever such a
    name is read it holds that display's tuple (or is unbound, and raises as Python does),
    so ``h(*t)`` passes ``t[0], ..., t[n - 1]`` (``spread_tuple_names``)."""
    a = fn.args
    params = {p.id for p in a.posonlyargs + a.args + a.kwonlyargs}
    params |= {p.id for p in (a.vararg, a.kwarg) if p is not None}
    shared = {name for n in dataflow.nodes(fn) if isinstance(n, gast.Nonlocal) for name in n.names}
    out = {}
    stack = list(fn.body)
    while stack:
        s = stack.pop()
        if isinstance(s, (gast.FunctionDef, gast.ClassDef)):
            continue
        for f in ("body", "orelse", "finalbody"):
            stack.extend(getattr(s, f, None) or ())
        if isinstance(s, gast.Assign) and isinstance(s.value, gast.Tuple) \
                and not any(isinstance(e, gast.Starred) for e in s.value.elts):
            for t in s.targets:
                if isinstance(t, gast.Name) and bound.get(t.id, (0,))[0] == 1 \
                        and t.id not in params | shared:
                    out[t.id] = len(s.value.elts)
    return out


def spread_tuple_names(call, lengths):
    """``call`` with each ``*t`` of a name ``t`` of ``lengths`` (``tuple_display_lengths``)
    written as ``*(t[0], ..., t[n - 1])`` (a new node; ``call`` itself if none)."""
    if not any(isinstance(x, gast.Starred) and isinstance(x.value, gast.Name)
               and x.value.id in lengths for x in call.args):
        return call

    def spread(x):
        if not (isinstance(x, gast.Starred) and isinstance(x.value, gast.Name)
                and x.value.id in lengths):
            return x
        items = [S.locate(gast.Subscript(value=S.name(x.value.id), slice=S.const(k),
                                         ctx=gast.Load()), x)
                 for k in range(lengths[x.value.id])]
        return S.locate(gast.Starred(value=gast.Tuple(elts=items, ctx=gast.Load()),
                                     ctx=gast.Load()), x)
    return S.locate(gast.Call(func=call.func, args=[spread(x) for x in call.args],
                              keywords=call.keywords), call)
