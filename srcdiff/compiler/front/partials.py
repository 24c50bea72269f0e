"""Part of stage 2, before the lowering (called by maps.py): ``functools.partial`` made
inside the function.

``f = functools.partial(g, a, k=v)`` holds ``g`` and the *values* its arguments had when
the statement ran; a call ``f(x, j=w)`` is ``g(a, x, k=v, j=w)`` with those values, a
keyword of the call replacing the partial's of the same name. So where

* the statement is one of the function's own statements (not under a branch or in a loop)
  and the only binding of ``f`` anywhere in the function (nested functions included), and
  ``f`` is not read before it,
* ``g`` denotes a function known when compiling (a global, ``np.sum``) or a nested ``def``
  bound once, before the statement, among the function's own statements,
* the partial has no ``*``/``**`` arguments, and every read of ``f`` is the function of a
  call without ``**`` arguments,

the statement becomes ``partial_a = a`` (and ``partial_v = v``) for each argument that is
not a literal (the value it has now, as the partial keeps it: the same object, so a change
made in place later is seen through both, as in Python), and each call ``f(x, j=w)``
becomes ``g(partial_a, x, k=partial_v, j=w)``, whose rules and checks are ``g``'s own (a
``g`` that changes its argument is refused as its direct call is). Anything else keeps
``f``'s meaning: a call through it is refused ("cannot tell what `f` refers to").
"""

import functools

import gast

from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S


def partial_calls(parsed, body, names, counts):
    """``body`` with each partial the module docstring describes replaced (a new list and
    new statements where any is; ``body`` itself where none is). ``counts``: how many
    times each name is bound in the function (maps.py ``_binding_counts``)."""
    found = {}
    for k, s in enumerate(body):
        p = _partial(parsed, s, counts, body[:k])
        if p is not None and _only_called(p[0], body):
            found[k] = p
    if not found:
        return body
    out, partials = [], {}
    for k, s in enumerate(body):
        if k not in found:
            out.append(s)
            continue
        name, call = found[k]
        bound = [_held(a, name, s, names, out) for a in call.args[1:]]
        keywords = [gast.keyword(arg=w.arg, value=_held(w.value, name, s, names, out))
                    for w in call.keywords]
        partials[name] = (call.args[0], bound, keywords)
    for s in out:
        _rewrite_calls(s, partials)
    return out


def _partial(parsed, s, counts, before):
    """``(name, call)`` when ``s`` is ``name = functools.partial(g, ...)`` as the module
    docstring requires, else None."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1 and isinstance(
            s.targets[0], gast.Name) and isinstance(s.value, gast.Call)):
        return None
    name, call = s.targets[0].id, s.value
    if parsed.resolve(call.func) is not functools.partial or not call.args \
            or counts.get(name) != 1 or any(isinstance(n, gast.Name) and n.id == name
                                            for t in before for n in dataflow.nodes(t)):
        return None
    if any(isinstance(a, gast.Starred) for a in call.args) \
            or any(w.arg is None for w in call.keywords):
        return None
    g = call.args[0]
    if isinstance(g, (gast.Name, gast.Attribute)):
        obj = parsed.resolve(g)
        if obj is not MISSING and callable(obj):
            return name, call
    if isinstance(g, gast.Name) and counts.get(g.id) == 1 and any(
            isinstance(t, gast.FunctionDef) and t.name == g.id for t in before):
        return name, call  # (a nested def: inlined at each call, normalize.py)
    return None


def _only_called(name, body):
    """Is every read of ``name`` in ``body`` the function of a call without ``**``?"""
    called = {id(n.func) for t in body for n in dataflow.nodes(t) if isinstance(n, gast.Call)
              and not any(w.arg is None for w in n.keywords)}
    return all(id(n) in called for t in body for n in dataflow.nodes(t)
               if isinstance(n, gast.Name) and n.id == name and isinstance(n.ctx, gast.Load))


def _held(value, name, s, names, out):
    """``value`` as the partial holds it: a literal as it is, anything else in a name bound
    now (appended to ``out``)."""
    if isinstance(value, gast.Constant):
        return value
    held = names.fresh(f"{name}_arg")
    out.append(S.locate(S.assign(held, value), s))
    return S.name(held)


def _rewrite_calls(s, partials):
    """Each call through a partial's name in ``s`` made the call of its function (in place:
    ``f(f(x))``'s inner call node is kept, and rewritten once, in whichever order)."""
    for n in reversed(list(dataflow.nodes(s))):
        if isinstance(n, gast.Call) and isinstance(n.func, gast.Name) \
                and n.func.id in partials:
            g, bound, keywords = partials[n.func.id]
            given = {w.arg for w in n.keywords}
            n.func = S.locate(S.copy(g), n.func)
            n.args = [S.copy(a) for a in bound] + n.args
            n.keywords = [S.copy(w) for w in keywords if w.arg not in given] + n.keywords
