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

A view ``w = v[i]`` (slices, ``None``, ``...``, integers) is read the same way, as
``v[i]``, when ``v`` or ``w`` is changed in place later (``v *= a``, ``v[0] = s``,
``w += a``, which becomes ``v[i] += a``): the same conditions, with ``v += a`` and
``w += a`` allowed (in place on an array), ``v`` and the integers in ``i`` shown to be an
array and integers by a first analysis (driver.front_end asks again with them), and a
check when the code runs that ``w`` is a view of ``v`` (``view_of``: a slice of a list
is a copy). A store into an entry of ``w`` (``w[j] = a``), or a call changing ``w``
(``w.fill(a)``, ``out=w``), stays a change through ``w``, which the alias checks see.
"""

import gast

from srcdiff import runtime_checks
from srcdiff.compiler.front.scopes import map_children
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_SCOPES = (gast.FunctionDef, gast.Lambda, gast.ListComp, gast.SetComp, gast.DictComp,
           gast.GeneratorExp)


def same_names(parsed, fn, body, held=None):
    """``body`` (statements of ``fn``) with the reads of each such ``u`` after its
    ``u = v`` read as ``v``, and of each view ``w = v[i]`` changed in place as ``v[i]``
    (:func:`_view`; ``held``: ``{name: "array" or "int"}``, what a first analysis shows
    names hold); changed statements are copies."""
    params = {a.id for a in fn.args.args} | {a.id for a in fn.args.kwonlyargs} | {
        a.id for a in (fn.args.vararg, fn.args.kwarg) if a is not None}
    uses = _Uses(body)
    k = 0
    while k < len(body):
        s = body[k]
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name)):
            k += 1
            continue
        u = s.targets[0].id
        if u in params or u in uses.scoped or k not in uses.bound.get(u, ()) \
                or any(j < k for j in uses.bound[u]):
            k += 1
            continue
        if isinstance(s.value, gast.Name):
            v = s.value.id
            if u != v and v not in uses.scoped and uses.bound[u] == [k] \
                    and not uses.after(uses.bound, v, k):
                body = body[:k + 1] + [_read_as(x, u, S.name(v)) for x in body[k + 1:]]
        elif _view(s.value, u, uses, k, held or {}):
            parsed.namespace["view_of"] = runtime_checks.view_of
            check = S.locate(gast.Expr(value=S.call("view_of", [
                S.name(u), S.name(s.value.value.id), S.const(u)])), s)
            body = body[:k + 1] + [check] + [_read_as(x, u, s.value) for x in body[k + 1:]]
            uses = _Uses(body)
        k += 1
    return body


def views_to_read(fn, held):
    """Would :func:`same_names` read a view by its array in ``fn``? (Asked after a first
    analysis tells which names hold arrays and integers: ``held``.)"""
    uses = _Uses(fn.body)
    return any(isinstance(s, gast.Assign) and len(s.targets) == 1
               and isinstance(s.targets[0], gast.Name)
               and uses.bound[s.targets[0].id][0] == k
               and _view(s.value, s.targets[0].id, uses, k, held)
               for k, s in enumerate(fn.body))


def _view(e, w, uses, k, held):
    """Is ``w = e`` (the ``k``-th statement) a view to read as ``e`` afterwards: ``e`` is
    ``v[i]`` with ``v`` an array and ``i`` made of slices, ``None``, ``...`` and integers
    (constants, or names ``held`` shows hold integers: a view of an array, checked when
    it runs, ``view_of``), ``v`` and the names in ``i`` are not bound again (``v += a``
    on an array changes it in place: allowed), and a later statement changes ``v`` or
    ``w`` in place (else nothing needs it), none by a call naming ``w`` (``w.fill(a)``,
    ``out=w``: as before, a change through ``w``)."""
    if not (isinstance(e, gast.Subscript) and isinstance(e.value, gast.Name)
            and held.get(e.value.id) == "array"):
        return False
    v = e.value.id
    parts = e.slice.elts if isinstance(e.slice, gast.Tuple) else [e.slice]
    if not any(isinstance(p, gast.Slice) or isinstance(p, gast.Constant)
               and (p.value is None or p.value is Ellipsis) for p in parts):
        return False
    names = {v}
    for p in parts:
        for n in gast.walk(p):
            if isinstance(n, gast.Name) and held.get(n.id) == "int":
                names.add(n.id)
            elif isinstance(n, gast.Name) or not isinstance(n, _INDEX_NODES) \
                    or isinstance(n, gast.Constant) and not (
                    n.value is None or n.value is Ellipsis or type(n.value) is int):
                return False
    if names & uses.scoped or any(uses.after(uses.bound, n, k) for n in names - {v}) \
            or uses.bound_again(v, k) or uses.bound_again(w, k, 1) \
            or uses.after(uses.effects, w, k):
        return False
    return any(uses.after(table, n, k) for table, n in (
        (uses.augmented, v), (uses.augmented, w), (uses.stores, v), (uses.effects, v),
        (uses.outs, None)))


_INDEX_NODES = (gast.Slice, gast.Constant, gast.Name, gast.Load, gast.UnaryOp, gast.USub,
                gast.BinOp, gast.Add, gast.Sub, gast.Mult, gast.FloorDiv)


class _Uses:
    """Where the top-level statements of ``body`` bind and change names, built in one
    walk: each table maps a name to the indices of the statements (at any depth) that

    * ``bound``: bind it (once per binding), ``scoped``: the names bound inside nested
      functions or comprehensions (or declared ``nonlocal``/``global``);
    * ``augmented``: ``name += a``; ``attributes``: assign an attribute of it;
    * ``stores``: store into an entry of it (``name[i] = a``, ``name[i][j] += a``);
    * ``effects``: name it in a call made for its effect or as ``out=``;
    * ``outs`` (under None): hold any ``out=``."""

    def __init__(self, body):
        self.bound, self.scoped = {}, set()
        self.augmented, self.attributes, self.stores = {}, {}, {}
        self.effects, self.outs = {}, {}
        for k, s in enumerate(body):
            every = dataflow.nodes(s)  # (one walk for both)
            inner = {id(n) for c in every if isinstance(c, _SCOPES)
                     for n in gast.walk(c) if n is not c}
            for n in every:
                self._note(n, k, s, inner)

    def _note(self, n, k, s, inner):
        if isinstance(n, (gast.Nonlocal, gast.Global)):
            self.scoped.update(n.names)
        name = n.id if isinstance(n, gast.Name) and isinstance(
            n.ctx, (gast.Store, gast.Del)) else n.name if isinstance(
                n, (gast.FunctionDef, gast.ClassDef)) else None
        if name is not None:
            if id(n) in inner or isinstance(n, gast.FunctionDef) and n is not s:
                self.scoped.add(name)
            self.bound.setdefault(name, []).append(k)
        if isinstance(n, gast.AugAssign) and isinstance(n.target, gast.Name):
            self.augmented.setdefault(n.target.id, []).append(k)
        elif isinstance(n, gast.Attribute) and isinstance(n.ctx, gast.Store) \
                and isinstance(n.value, gast.Name):
            self.attributes.setdefault(n.value.id, []).append(k)
        elif isinstance(n, gast.Subscript) and isinstance(n.ctx, gast.Store) \
                and _base(n) is not None:
            self.stores.setdefault(_base(n), []).append(k)
        elif isinstance(n, gast.Expr) or isinstance(n, gast.keyword) and n.arg == "out":
            for m in gast.walk(n):
                if isinstance(m, gast.Name):
                    self.effects.setdefault(m.id, []).append(k)
            if isinstance(n, gast.keyword):
                self.outs.setdefault(None, []).append(k)

    @staticmethod
    def after(table, name, k):
        """Does a statement after the ``k``-th appear under ``name`` in ``table``?"""
        return any(j > k for j in table.get(name, ()))

    def bound_again(self, name, k, own=0):
        """Is ``name`` bound after the ``k``-th statement other than by ``name += a``
        (in place on an array), or an attribute of it assigned? (``own``: bindings in
        the ``k``-th statement itself beside the one being read.)"""
        later = sum(j > k for j in self.bound.get(name, ()))
        augmented = sum(j > k for j in self.augmented.get(name, ()))
        return self.after(self.attributes, name, k) or later != augmented \
            or self.bound.get(name, []).count(k) > own


def _read_as(node, u, e):
    """``node`` with its reads of ``u`` read as ``e`` (a name or a view expression; not
    inside nested functions or lambdas); a copy where anything changed."""
    if isinstance(node, gast.Name) and node.id == u and isinstance(node.ctx, gast.Load):
        return S.locate(S.copy(e), node)
    if isinstance(node, (gast.FunctionDef, gast.Lambda)) or isinstance(
            node, gast.Subscript) and isinstance(node.ctx, gast.Store) and _base(node) == u \
            and not isinstance(e, gast.Name):
        return node  # (``w[j] = a`` of a view stays a store through ``w``: ``v[i][j]`` is
        # refused)
    if isinstance(node, gast.AugAssign) and isinstance(node.target, gast.Name) \
            and node.target.id == u and not isinstance(e, gast.Name):
        target = S.copy(e)  # (``w += a`` of a view: ``v[i] += a``, in place)
        target.ctx = gast.Store()
        node = S.locate(gast.AugAssign(target=target, op=node.op,
                                       value=_read_as(node.value, u, e)), node)
        return node
    return map_children(node, lambda c: _read_as(c, u, e))


def _base(node):
    """The name a chain of subscripts ``a[i][j]`` starts from, or None."""
    while isinstance(node, gast.Subscript):
        node = node.value
    return node.id if isinstance(node, gast.Name) else None
