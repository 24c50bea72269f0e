"""Part of stage 2: ``del d[k]`` on a local dict and the statements ``L.insert(i, v)`` and
``L.extend(items)``, rewritten into statements the rest of the pipeline models, before
anything else reads the function (deletions.py then refuses every ``del x[...]`` left).

* ``L.insert(i, v)`` is Python's: ``i`` and ``v`` evaluated in order, then ``i`` clamped
  (``i + len(L)`` when negative, then into ``[0, len(L)]``), ``L`` grown by an append of
  ``v`` and its entries from ``i`` on moved up one place, ``v`` stored at ``i`` (``_INSERT``
  below, after a check when the code runs that ``L`` is a list: runtime_checks.py
  ``list_only``). That is the same object ``L`` changed by an append and stores, which the
  analyses follow as the user's own (another name holding ``L`` sees them; the aliasing
  checks judge them).
* ``L.extend(items)``: ``items`` made a list first (``list(items)``: Python's
  ``L.extend(L)`` appends ``L``'s entries as they were), then each appended in order
  (``_EXTEND``), after the same check that ``L`` is a list: the appends the analyses
  follow as the user's own.
* ``del d[k]`` makes ``d`` a new dict, ``{j: d[j] for j in d.keys() if j != k}`` after
  ``d[k]`` is read (a missing key raises KeyError as ``del`` does). Rebinding ``d`` is
  Python's deletion only where no other reference to the old dict can be used: so ``d`` must
  be a local bound only by ``d = {...}`` (a display or a comprehension), never a parameter,
  ``global`` or ``nonlocal``, named by no nested function, lambda or class, and read only as
  ``d[...]``, ``d.get(...)``, ``k in d``, ``len(d)`` or by a loop over ``d`` or
  ``d.keys()/values()/items()`` that holds no ``del d[...]`` (Python raises when a dict
  changes size while a loop runs over it). Any other ``del x[...]`` is refused as before.
"""

import builtins

import gast

from srcdiff import runtime_checks
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_NESTED = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)
_VIEWS = ("keys", "values", "items")
_INSERT = """
unused = list_only(L, "insert")
at = I
value = V
size = len(L)
at = min(max(at + size if at < 0 else at, 0), size)
L.append(value)
for k in range(size, at, -1):
    L[k] = L[k - 1]
L[at] = value
"""
_EXTEND = """
unused = list_only(L, "extend")
items = list(ITEMS)
for item in items:
    L.append(item)
"""
_DELETE = """
key = K
unused = D[key]
D = {j: D[j] for j in D.keys() if j != key}
"""


def without_entry_removals(parsed, fn, names):
    """``fn`` with its ``L.insert(i, v)`` and ``L.extend(items)`` statements and its
    ``del d[k]`` of local dicts rewritten (module docstring); ``fn`` itself when it has
    none."""
    if not any(_insertion(n) or _extension(n) or isinstance(n, gast.Delete)
               for n in dataflow.nodes(fn)):
        return fn
    dicts = _local_dicts(fn)
    if any(_insertion(n) or _extension(n) for n in dataflow.nodes(fn)):
        parsed.namespace["list_only"] = runtime_checks.list_only
    body = _block(S.copy(fn.body), dicts, names, _plain_builtins(parsed))  # (fn unchanged)
    new = gast.FunctionDef(name=fn.name, args=fn.args, body=body,
                           decorator_list=fn.decorator_list, returns=fn.returns,
                           type_comment=None, type_params=getattr(fn, "type_params", []))
    return S.locate(new, fn)


def _plain_builtins(parsed):
    """Do ``len``, ``range``, ``min`` and ``max`` denote the builtins in ``fn``?"""
    return all(parsed.lookup(b) is getattr(builtins, b)
               for b in ("len", "range", "min", "max", "list"))


def _block(body, dicts, names, plain):
    out = []
    for s in body:
        if _insertion(s) and plain:
            out.extend(_insert(s, names))
        elif _extension(s) and plain:
            out.extend(_extend(s, names))
        elif isinstance(s, gast.Delete) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Subscript) \
                and isinstance(s.targets[0].value, gast.Name) \
                and s.targets[0].value.id in dicts \
                and not isinstance(s.targets[0].slice, gast.Slice):
            out.extend(_delete(s, names))
        else:
            if not isinstance(s, _NESTED):
                for field in ("body", "orelse", "finalbody"):
                    if isinstance(getattr(s, field, None), list):
                        setattr(s, field, _block(getattr(s, field), dicts, names, plain))
                for h in getattr(s, "handlers", ()):
                    h.body = _block(h.body, dicts, names, plain)
            out.append(s)
    return out


def _insertion(s):
    """Is ``s`` the statement ``L.insert(i, v)`` (a name ``L``, two plain arguments)?"""
    if not isinstance(s, gast.Expr) or not isinstance(s.value, gast.Call):
        return False
    call = s.value
    return isinstance(call.func, gast.Attribute) and call.func.attr == "insert" \
        and isinstance(call.func.value, gast.Name) and len(call.args) == 2 \
        and not call.keywords and not any(isinstance(a, gast.Starred) for a in call.args)


def _extension(s):
    """Is ``s`` the statement ``L.extend(items)`` (a name ``L``, one plain argument)?"""
    if not isinstance(s, gast.Expr) or not isinstance(s.value, gast.Call):
        return False
    call = s.value
    return isinstance(call.func, gast.Attribute) and call.func.attr == "extend" \
        and isinstance(call.func.value, gast.Name) and len(call.args) == 1 \
        and not call.keywords and not isinstance(call.args[0], gast.Starred)


def _extend(s, names):
    call = s.value
    fresh = {n: names.fresh(n) for n in ("unused", "items", "item")}
    return _made(_EXTEND, s, L=call.func.value.id, ITEMS=call.args[0], **fresh)


def _insert(s, names):
    call = s.value
    fresh = {n: names.fresh(n) for n in ("unused", "at", "value", "size", "k")}
    return _made(_INSERT, s, L=call.func.value.id, I=call.args[0], V=call.args[1], **fresh)


def _delete(s, names):
    t = s.targets[0]
    fresh = {n: names.fresh(n) for n in ("key", "unused", "j")}
    return _made(_DELETE, s, D=t.value.id, K=t.slice, **fresh)


def _made(template, s, **subs):
    """The statements of ``template`` at ``s``'s position (the template's own positions
    dropped, the user's expressions put in keep theirs)."""
    made = S.stmts(template)
    for n in gast.walk(gast.Module(body=made, type_ignores=[])):
        for attr in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
            n.__dict__.pop(attr, None)
    return [S.locate(S.substitute(m, subs), s) for m in made]


def _local_dicts(fn):
    """The names ``del d[k]`` may rebind (module docstring)."""
    a = fn.args
    params = {p.id for p in a.posonlyargs + a.args + a.kwonlyargs}
    params |= {p.id for p in (a.vararg, a.kwarg) if p is not None}
    candidates = {t.value.id for n in dataflow.nodes(fn) if isinstance(n, gast.Delete)
                  for t in n.targets if isinstance(t, gast.Subscript)
                  and isinstance(t.value, gast.Name)} - params
    if not candidates:
        return set()
    parents, refused = {}, set()
    for n in gast.walk(fn):
        for c in gast.iter_child_nodes(n):
            parents[c] = n
        if isinstance(n, (gast.Global, gast.Nonlocal)):
            refused.update(n.names)
        elif isinstance(n, _NESTED) and n is not fn:
            refused.update(x.id for x in gast.walk(n) if isinstance(x, gast.Name))
    for n in gast.walk(fn):
        if isinstance(n, gast.Name) and n.id in candidates and not _allowed(n, parents):
            refused.add(n.id)
    return candidates - refused


def _allowed(n, parents):
    """Is this occurrence of the name ``n`` one a rebinding ``del`` keeps Python's meaning
    for (module docstring)?"""
    up = parents.get(n)
    if isinstance(n.ctx, gast.Store):  # (only `d = {...}`)
        return isinstance(up, gast.Assign) and up.targets == [n] \
            and isinstance(up.value, (gast.Dict, gast.DictComp))
    if isinstance(n.ctx, gast.Del):  # (`del d`: deletions.py judges it)
        return True
    if isinstance(up, gast.Subscript) and up.value is n:
        return True
    if isinstance(up, gast.Compare) and n in up.comparators \
            and all(isinstance(op, (gast.In, gast.NotIn)) for op in up.ops):
        return True
    if isinstance(up, gast.Call) and up.args == [n] and isinstance(up.func, gast.Name) \
            and up.func.id == "len" and not up.keywords:
        return True
    loop = up
    if isinstance(up, gast.Attribute) and up.value is n:
        call = parents.get(up)
        if not (isinstance(call, gast.Call) and call.func is up):
            return False
        if up.attr == "get":
            return True
        loop = parents.get(call) if up.attr in _VIEWS and not call.args else None
        n = call
    if isinstance(loop, (gast.For, gast.comprehension)) and loop.iter is n:
        name = n.func.value.id if isinstance(n, gast.Call) else n.id
        return isinstance(loop, gast.comprehension) or not any(
            isinstance(x, gast.Delete) and any(
                isinstance(t, gast.Subscript) and isinstance(t.value, gast.Name)
                and t.value.id == name for t in x.targets) for x in gast.walk(loop))
    return False
