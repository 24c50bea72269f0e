"""A second name for the same object read as the first: ``u = v`` then ``u[0] += s``.

After ``u = v`` both names refer to one object until either is bound again, so every
later read of ``u`` may read ``v`` instead, and a change made through ``u`` is then a
change of ``v`` that the store analysis follows (instead of a change through an alias
that it must refuse, analysis/aliasing.py). The rewrite is made only where that holds
for the whole rest of the function:

* ``u = v`` is a statement of the function's own body (not in a loop or branch), ``u``
  is not a parameter, and that statement is the only binding of ``u`` anywhere in the
  function (no other assignment, augmented assignment, loop or comprehension variable,
  ``del``, or binding inside a nested function);
* ``v`` is not bound by any statement after it, nor anywhere inside a nested function
  or a comprehension (which may run later);
* reads inside nested functions and lambdas keep ``u`` (still bound to the object).

``u = v`` itself stays: ``u`` is then simply not read.
"""

import gast

from srcdiff.compiler.front.scopes import map_children
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_SCOPES = (gast.FunctionDef, gast.Lambda, gast.ListComp, gast.SetComp, gast.DictComp,
           gast.GeneratorExp)


def same_names(fn, body):
    """``body`` (statements of ``fn``) with the reads of each such ``u`` after its
    ``u = v`` read as ``v``; changed statements are copies."""
    params = {a.id for a in fn.args.args} | {a.id for a in fn.args.kwonlyargs} | {
        a.id for a in (fn.args.vararg, fn.args.kwarg) if a is not None}
    bound, scoped = _bindings(body)
    for k, s in enumerate(body):
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.Name)):
            continue
        u, v = s.targets[0].id, s.value.id
        if u == v or u in params or bound.get(u) != [k] or u in scoped or v in scoped \
                or any(j > k for j in bound.get(v, ())):
            continue
        body = body[:k + 1] + [_read_as(x, u, v) for x in body[k + 1:]]
    return body


def _bindings(body):
    """``({name: indices of the top-level statements binding it}, names bound inside
    nested functions or comprehensions)``."""
    bound, scoped = {}, set()
    for k, s in enumerate(body):
        inner = {id(n) for c in dataflow.nodes(s) if isinstance(c, _SCOPES)
                 for n in gast.walk(c) if n is not c}
        for n in dataflow.nodes(s):
            name = n.id if isinstance(n, gast.Name) and isinstance(
                n.ctx, (gast.Store, gast.Del)) else None
            if isinstance(n, (gast.Nonlocal, gast.Global)):
                scoped.update(n.names)
            if isinstance(n, (gast.FunctionDef, gast.ClassDef)):
                name = n.name
            if name is None:
                continue
            if id(n) in inner or isinstance(n, gast.FunctionDef) and n is not s:
                scoped.add(name)
            bound.setdefault(name, []).append(k)
    return bound, scoped


def _read_as(node, u, v):
    """``node`` with its reads of ``u`` read as ``v`` (not inside nested functions or
    lambdas); a copy where anything changed."""
    if isinstance(node, gast.Name) and node.id == u and isinstance(node.ctx, gast.Load):
        return S.locate(gast.Name(id=v, ctx=gast.Load(), annotation=None,
                                  type_comment=None), node)
    if isinstance(node, (gast.FunctionDef, gast.Lambda)):
        return node
    return map_children(node, lambda c: _read_as(c, u, v))
