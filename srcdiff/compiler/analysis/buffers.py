"""Part of stage 3: ping-pong buffers, names that trade distinct new arrays (aliasing.py).

A stencil keeps two arrays and swaps them every step::

    u = x.copy(); w = np.zeros_like(x)
    for t in range(n):
        w[1:-1] = ... u ...
        u, w = w, u          # in ANF: w1 = w; u1 = u; u = w1; w = u1

sharing.py's relations are flow-insensitive: through the copies of the swap, ``u`` and
``w`` may share memory, and the store into ``w`` while ``u`` is live is refused. They never
do: each holds an array of its own, and a permutation of the names keeps the arrays
apart. This module proves that much, and nothing more.

*Movers* are the array names (none a parameter) every binding of which is an assignment
of: a new array, made by a call or an operator that allocates (:func:`_allocates`, with
sharing.py's ``new_object``: no name shares it) at a *site*, the statement; a copy
``n = m`` of a mover, or a view of one (``n = m[1:]``, ``n = m.T``: a subscript or a
primitive that sharing.py links to ``m`` alone); or ``n += v`` (the same array, or a new
one: the analysis keeps ``n``'s site, which can only add sharing). No mover is a
parameter, a loop target, a container, read through ``list()``, or linked by sharing.py
but through a statement that reads it by name, and each is copied into or from another
mover (the others need none of this).

Invariant 1 (:meth:`Buffers._block`): for each run reaching a statement ``s``, some
*environment* in ``before[s]`` gives each mover ``m`` the site ``env[m]`` that made the
array ``m`` holds there, or views, with its age: made by the site's latest run so far or
by an earlier one (None: unbound). A site's run gives the mover it binds its value, as
the latest, and ages every mover holding the site's latest (their array is now an earlier
run's); a copy or a view takes its source's, an ``if`` joins its branches, a loop joins
its head to a fixpoint and leaves with its head's states or those at a ``break`` (jump
lowering leaves no other exit from a loop body); a ``return`` or ``raise`` is taken as
falling through (more states, never fewer). Past ``LIMIT`` environments at a statement
the analysis gives up: sharing.py's group stands.

Invariant 2: arrays made at different sites, or by a site's latest run and an earlier
one, are different arrays that share no memory (each run of a site allocates; two arrays
of earlier runs count as one: ``w = np.zeros_like(u)`` then ``u, w = w, u`` in a loop
leaves ``u`` the latest and ``w`` an earlier one, apart), and a name shares memory with
(or holds) one only through a relation sharing.py records: a view, an entry, a call's
result. Such a relation ``(a, m)`` with a mover ``m``, made at statements ``d`` that read
``m``, means ``a`` was made from an array of a site in ``{env[m]: env in before[d]}`` (of
either age: a relation does not age).

So in :meth:`Buffers.group`, sharing.py's relations have each mover replaced by those
sites (copies between movers dropped: the environments say which object each holds), and
a write's group is searched from the site of the changed array: per environment, for a
write into a mover. What is made from another site's array shares none of the changed
one's memory: a path may pass one site at most (``once``). The movers holding the site at
the same age in the same environment join the group. The result is intersected with
sharing.py's own group (it only ever removes names), and aliasing.py uses it only to
refuse a write seen through a live name: the sharers a store is undone for
(recording.py), undos.py's ``ever`` groups and the check of objects outside the function
keep sharing.py's group, since ``u`` holds the array a store changed through ``w`` in
another trip.
"""

import copy
import operator

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY
from srcdiff.compiler.analysis.fixpoint import fixpoint
from srcdiff.compiler.analysis.objects import new_astype
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

# environments at one statement beyond which the analysis gives up (sharing.py's group);
# a loop's head gains one a round at least: its fixpoint ends within errors.FIXPOINT_LIMIT
# (64: LIMIT stays below it); the ages (_LATEST, _OLDER) make more of them than sites alone
LIMIT = 48
# callables whose result is a new array (or a number), with the most positional arguments
# that keep it so (``np.array(x, float, False)`` may be ``x``; a ufunc's outputs: nin)
_ALLOCATING = ((np.zeros, 3), (np.zeros_like, 4), (np.ones, 3), (np.ones_like, 4),
               (np.empty, 3), (np.empty_like, 4), (np.full, 4), (np.full_like, 5),
               (np.copy, 3), (np.array, 2), (np.where, 3), (np.arange, 4), (np.linspace, 7),
               (np.eye, 5), (operator.add, 2), (operator.sub, 2), (operator.mul, 2),
               (operator.truediv, 2), (operator.floordiv, 2), (operator.mod, 2),
               (operator.pow, 2), (operator.matmul, 2), (operator.neg, 1), (operator.pos, 1))
_KEEP = ("keep",)
_LATEST, _OLDER = 0, 1  # an array of a site's latest run, of an earlier one (Invariant 1)
_SITE = ("site",)


def site_node(site):
    """The node standing for the arrays a site makes (no identifier has a space)."""
    return f"<site {site}>"


class _TooMany(Exception):
    pass


def _bounded(envs):
    if len(envs) > LIMIT:
        raise _TooMany()
    return envs


class Buffers:
    """The movers of one ANF function and where they are (module docstring)."""

    def __init__(self, fn, analysis, sharing):
        self.analysis, self.sharing = analysis, sharing
        self.how, self.movers = _movers(fn, analysis, sharing)
        self.before = {}  # S.key(statement) -> the environments just before it
        self.index = {m: k for k, m in enumerate(sorted(self.movers))}
        self.contracted = None
        if not self.movers:
            return
        try:
            self._block(fn.body, frozenset([(None,) * len(self.index)]))
            self.contracted = self._contract()
        except _TooMany:
            self.movers = frozenset()

    # ------------------------------------------------------------------ the flow
    def _block(self, stmts, envs):
        for s in stmts:
            key = S.key(s)
            self.before[key] = self.before.get(key, frozenset()) | envs
            if getattr(s, "orelse", None) and not isinstance(s, gast.If) or (
                    getattr(s, "body", None) and not isinstance(s, (gast.If, gast.For,
                                                                     gast.While))):
                raise _TooMany()  # (a block the structured ANF does not have: give up)
            if isinstance(s, gast.If):
                envs = self._block(s.body, envs) | self._block(s.orelse, envs)
            elif isinstance(s, (gast.For, gast.While)):
                head = fixpoint(lambda h, s=s: _bounded(h | self._block(s.body, h)), envs,
                                "ping-pong buffers")
                out = set(head)
                for b in _breaks(s.body):  # (jump lowering leaves `if _brk: break` alone)
                    out |= self.before[S.key(b)]
                envs = frozenset(out)
            else:
                envs = self._step(s, envs)
            envs = _bounded(envs)
        return envs

    def _step(self, s, envs):
        how = self.how.get(S.key(s))
        op = self.analysis.op(s)
        if how is None or how == _KEEP or op.target not in self.index:
            return envs
        k = self.index[op.target]
        if how == _SITE:  # (the arrays of the site's earlier runs age: _OLDER)
            site = (S.key(s), _LATEST)
            return frozenset(tuple((v[0], _OLDER) if v == site else v for v in env[:k])
                             + (site,) + tuple((v[0], _OLDER) if v == site else v
                                               for v in env[k + 1:]) for env in envs)
        j = self.index[how[1]]
        return frozenset(env[:k] + (env[j],) + env[k + 1:] for env in envs)

    def _sites(self, name, stmts):
        k = self.index[name]
        if any(S.key(d) not in self.before for d in stmts):
            raise _TooMany()  # (a statement the flow did not see: give up)
        return {env[k][0] for d in stmts for env in self.before[S.key(d)] if env[k]}

    def _contract(self):
        """A copy of the Sharing whose relations name sites instead of movers."""
        sh, movers = self.sharing, self.movers
        c = copy.copy(sh)
        c.edges, c.made, c.read_from = {}, {}, {}
        c.holds, c.positions, c.put = {}, {}, {}
        for (a, b), stmt in sh.edges.items():
            if a in movers:
                continue  # a copy between movers (_movers: their only relations)
            made = sh.made.get((a, b), [stmt])
            for node in ([b] if b not in movers else
                         [site_node(t) for t in self._sites(b, made)]):
                pair = (a, node)
                read = sh.read_from.get((a, b))
                if pair in c.edges and c.read_from.get(pair) != read:
                    raise _TooMany()  # (two relations of different kinds: give up)
                c.edges[pair] = stmt
                c.made.setdefault(pair, []).extend(made)
                if read is not None:
                    c.read_from[pair] = read
        for (ct, e), stmt in sh.holds.items():
            put = sh.put.get((ct, e), [stmt])
            for node in ([e] if e not in movers else
                         [site_node(t) for t in self._sites(e, put)]):
                pair = (ct, node)
                c.holds[pair] = stmt
                c.put.setdefault(pair, []).extend(put)
                c.positions[pair] = set(c.positions.get(pair, set())) | set(
                    sh.positions.get((ct, e), {None}))
        self.nodes = frozenset(site_node(t[0]) for envs in self.before.values()
                               for env in envs for t in env if t is not None)
        return c

    # ------------------------------------------------------------------ the query
    def group(self, x, at, is_list=False, full=None):
        """sharing.py's group of the write ``at`` into ``x`` (``full``, when computed),
        less the names that cannot share memory with the array it changes (module
        docstring)."""
        if full is None:
            full = self.sharing.group(x, at=at, is_list=is_list)
        envs = self.before.get(S.key(at)) if self.contracted is not None else None
        if not envs or not set(full) & self.movers:
            return full
        c, index = self.contracted, self.index
        keep = {x}
        if x in self.movers:
            k = index[x]
            for t in {env[k] for env in envs} - {None}:  # (relations: of either age)
                keep |= set(c.group(site_node(t[0]), at=at, is_list=is_list, once=self.nodes))
                keep |= {m for env in envs if env[k] == t for m, j in index.items()
                         if env[j] == t}
        else:
            reached = set(c.group(x, at=at, is_list=is_list, once=self.nodes))
            keep |= reached
            keep |= {m for env in envs for m, j in index.items()
                     if env[j] is not None and site_node(env[j][0]) in reached}
        return {n: d for n, d in full.items() if n in keep}


def _movers(fn, analysis, sharing):
    """``(how, movers)``: S.key(definition) -> ``_SITE``, ``_KEEP`` or ``("copy", source)``
    for the definitions of candidates, and the movers (module docstring)."""
    params = {a.id for a in fn.args.args}
    how, defs, bad, bound = {}, {}, set(params), set()
    views = {}
    for (a, b), made in sharing.made.items():
        for m in made:
            views.setdefault(S.key(m), set()).add(b)
    for op in analysis.order:
        s = op.stmt
        if op.target is None or op.kind in ("store", "append"):
            continue
        if not (isinstance(s, gast.Assign) and len(s.targets) == 1
                and isinstance(s.targets[0], gast.Name) and s.targets[0].id == op.target):
            bad.add(op.target)
            continue
        bound.add(id(s.targets[0]))
        kind = _definition(op, sharing, views)
        if kind is None:
            bad.add(op.target)
        else:
            how[S.key(s)] = kind
            defs.setdefault(op.target, []).append((S.key(s), kind))
    for n in dataflow.names(fn):  # bound otherwise: a loop's target, a del
        if not isinstance(n.ctx, gast.Load) and id(n) not in bound:
            bad.add(n.id)
    for n in gast.walk(fn):  # (a global or nonlocal name lives on after the call)
        if isinstance(n, (gast.Global, gast.Nonlocal)):
            bad.update(n.names)
    names = {n for n in defs if n not in bad and analysis.kinds.get(n) == ARRAY
             and n not in sharing.mutable}
    names -= {c for c, _ in sharing.holds}
    for c, sources in sharing.copied_entries.items():
        names -= {c} | set(sources)
    # each relation sharing.py made from a name must read the name there (its sites are
    # the name's at that statement), and a name's own relations must be its copies
    for (a, b), stmt in sharing.edges.items():
        made = sharing.made.get((a, b), [stmt])
        if not all(_reads(m, b) for m in made):
            names.discard(b)
        if not all(how.get(S.key(m)) == ("copy", b) for m in made):
            names.discard(a)
    for (c, e), stmt in sharing.holds.items():
        if not all(_reads(m, e) for m in sharing.put.get((c, e), [stmt])):
            names.discard(e)
    changed = True
    while changed:  # (a copy of a name that is not a candidate is not one)
        changed = False
        for n in sorted(names):
            if any(kind[0] == "copy" and kind[1] not in names for _, kind in defs[n]):
                names.discard(n)
                changed = True
    moved = {n for n in names for _, kind in defs[n] if kind[0] == "copy" and kind[1] != n}
    moved |= {kind[1] for n in moved for _, kind in defs[n] if kind[0] == "copy"}
    return how, frozenset(moved)


def _definition(op, sharing, views):
    """How the assignment ``op`` binds its name, for a candidate mover, or None. ``views``:
    S.key(statement) -> the names sharing.py says its result shares memory with."""
    s = op.stmt
    if getattr(s, "srcdiff_inplace", False):
        return _KEEP
    if isinstance(s.value, gast.Name):
        return ("copy", s.value.id)
    if op.kind in ("index", "prim") and op.args and isinstance(op.args[0], gast.Name) \
            and views.get(S.key(s)) == {op.args[0].id}:
        return ("copy", op.args[0].id)  # a view of its array (sharing.py): the same site's
    if not sharing.new_object(op.target, S.key(s)) or "out" in op.kwargs:
        return None
    if op.kind == "copy" and new_astype(op):
        return _SITE
    if op.kind in ("prim", "const") and isinstance(s.value, (gast.Call, gast.BinOp,
                                                             gast.UnaryOp)) \
            and _allocates(op.func, len(s.value.args) if isinstance(s.value, gast.Call)
                           else len(op.args)):
        return _SITE
    return None


def _breaks(body):
    """The ``break`` statements of a loop with body ``body`` (not of loops inside it)."""
    for s in body:
        if isinstance(s, gast.Break):
            yield s
        elif isinstance(s, gast.If):
            yield from _breaks(s.body)
            yield from _breaks(s.orelse)


def _allocates(fn, positional):
    """Does a call of ``fn`` with that many positional arguments (and no ``out=``) return a
    new array (or a number)?"""
    if isinstance(fn, np.ufunc):
        return positional <= fn.nin
    return any(fn is f and positional <= most for f, most in _ALLOCATING)


def _reads(stmt, name):
    """Does ``stmt`` read ``name`` itself (the relation it makes is to what ``name`` holds
    there)?"""
    value = stmt.value if isinstance(stmt, (gast.Assign, gast.Expr)) else None
    return value is not None and name in {n.id for n in dataflow.names(value)
                                          if isinstance(n.ctx, gast.Load)}
