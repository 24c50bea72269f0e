"""Part of stage 2: ``del name`` statements, dropped when doing so changes nothing.

``del x`` unbinds ``x``; the value itself only goes out of use. Dropping the statement
leaves every value the function computes as it was, provided that Python would raise at
none of the points where the two programs differ:

* ``x`` is surely bound where it is deleted (else ``del`` raises NameError);
* no path from the ``del`` reads ``x`` before binding it again (that read raises);
* no nested function or lambda names ``x`` (it may run after the ``del``), and ``x`` is
  the function's own (not ``nonlocal`` or ``global``).

Each is decided over the structured statements (branches joined, loops to a fixpoint,
``break``/``continue``/``return`` followed) by tracking the names that *may be unbound*
and, among them, those a ``del`` may have unbound; what fails is refused. ``del x[i]`` and
``del obj.attr`` change a container or an object: refused with their own messages.

A ``global`` statement none of whose names the function binds is dropped too
(:func:`without_read_globals`): such names are read from the module with or without it.
"""

import copy

import gast

from srcdiff.compiler.front.scopes import own_expressions
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_NESTED = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)
_COMPREHENSIONS = (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)


def without_read_globals(fn, body):
    """``body`` (of ``fn``) without its ``global`` statements whose names nothing in ``fn``
    binds (``global SCALE`` then only reads of ``SCALE``): a name no statement binds is read
    from the module either way, so the statement changes nothing (one naming a bound name
    stays, and is refused: srcdiff does not follow module state)."""
    every = dataflow.nodes(fn)  # (one walk for the four questions; most functions hold no
    if not any(isinstance(n, gast.Global) for n in every):  # ``global``: the first answers)
        return body
    bound = {n.id for n in every if isinstance(n, gast.Name)
             and not isinstance(n.ctx, gast.Load)} | {
        n.name for n in every if isinstance(n, _NESTED[:2] + (gast.ClassDef,))} | {
        (a.asname or a.name).split(".")[0] for n in every
        if isinstance(n, (gast.Import, gast.ImportFrom)) for a in n.names}

    def keep(s):
        return not (isinstance(s, gast.Global) and not set(s.names) & bound)
    return _filtered(body, keep)


def _filtered(body, keep):
    out = []
    for s in body:
        if not keep(s):
            continue
        fields = {f: _filtered(getattr(s, f), keep) for f in ("body", "orelse", "finalbody")
                  if isinstance(s, (gast.If, gast.For, gast.While)) and getattr(s, f, None)}
        if fields and any(fields[f] != getattr(s, f) for f in fields):
            s = copy.copy(s)
            for f, v in fields.items():
                setattr(s, f, v or [S.locate(gast.Pass(), s)])
        out.append(s)
    return out


def without_deletions(parsed, fn):
    """``fn``'s body with its ``del name`` statements (and its nested functions') dropped,
    after checking that dropping them changes nothing (module docstring); refused
    otherwise. ``fn.body`` itself when it has none."""
    if not any(isinstance(n, gast.Delete) for n in dataflow.nodes(fn)):
        return fn.body
    _Deletions(parsed, fn).block(fn.body, frozenset(_locals(fn) - _parameters(fn)),
                                 frozenset())
    return _dropped(fn.body)


def _parameters(fn):
    a = fn.args
    params = [p.id for p in a.posonlyargs + a.args + a.kwonlyargs]
    return set(params) | {p.id for p in (a.vararg, a.kwarg) if p is not None}


def _scope_nodes(node):
    """The nodes of ``node`` outside nested functions, lambdas and comprehensions."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        out.append(n)
        if not isinstance(n, _NESTED + _COMPREHENSIONS):
            stack.extend(dataflow.children(n))
    return out


def _locals(fn):
    out = set()
    for s in fn.body:
        for n in _scope_nodes(s):
            if isinstance(n, gast.Name) and isinstance(n.ctx, (gast.Store, gast.Del)):
                out.add(n.id)
            elif isinstance(n, (gast.FunctionDef, gast.ClassDef)):
                out.add(n.name)
    return out


def _stored(stmt):
    """The names ``stmt`` itself binds (not its blocks', nor its comprehensions')."""
    if isinstance(stmt, (gast.FunctionDef, gast.ClassDef)):
        return {stmt.name}
    if isinstance(stmt, gast.AnnAssign) and stmt.value is None:
        return set()  # (`y: float` alone binds nothing)
    return {n.id for x in own_expressions(stmt) for n in _scope_nodes(x)
            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}


def _read(stmt):
    """The names ``stmt`` itself reads (comprehensions included: they run right away; a
    nested function's defaults and decorators, not its body, checked apart)."""
    if isinstance(stmt, gast.FunctionDef):
        parts = stmt.args.defaults + [d for d in stmt.args.kw_defaults if d is not None] \
            + stmt.decorator_list
    else:
        parts = list(own_expressions(stmt))
    out = set().union(*(_loads(x) for x in parts))
    if isinstance(stmt, gast.AugAssign) and isinstance(stmt.target, gast.Name):
        out.add(stmt.target.id)  # (`x += v` reads x: its target is a Store)
    return out


def _loads(node, own=frozenset()):
    """The names ``node`` reads, a comprehension's own variables (``own``) aside: its
    first iterable is read in the enclosing scope, the rest in its own."""
    if isinstance(node, gast.Name):
        return {node.id} if isinstance(node.ctx, gast.Load) and node.id not in own else set()
    if isinstance(node, _COMPREHENSIONS):
        gens = node.generators
        inner = own | {n.id for g in gens for n in gast.walk(g.target)
                       if isinstance(n, gast.Name)}
        rest = [node.key, node.value] if isinstance(node, gast.DictComp) else [node.elt]
        rest += [g.iter for g in gens[1:]] + [c for g in gens for c in g.ifs]
        return _loads(gens[0].iter, own).union(*(_loads(x, inner) for x in rest))
    return set().union(*(_loads(c, own) for c in dataflow.children(node)))


class _Deletions:
    """The walk over one function's statements. A state is ``(unbound, deleted)``: the
    names that may be unbound at a point, and those of them a ``del`` may have unbound."""

    def __init__(self, parsed, fn):
        self.parsed = parsed
        self.fn = fn
        self.loops = []  # per enclosing loop: [states at `break`, states at `continue`]
        self.where = {}  # name -> the `del` that deleted it (for the message)
        self.declared = {name for n in gast.walk(fn) if isinstance(n, (gast.Nonlocal,
                                                                       gast.Global))
                         for name in n.names}
        self.nested = {n.id for x in gast.walk(fn) if isinstance(x, (gast.FunctionDef,
                                                                      gast.Lambda))
                       and x is not fn for n in gast.walk(x) if isinstance(n, gast.Name)}

    def block(self, stmts, unbound, deleted):
        state = (unbound, deleted)
        for s in stmts:
            if state is None:  # after return, break or continue: never runs
                break
            state = self.stmt(s, *state)
        return state

    def stmt(self, s, unbound, deleted):
        if isinstance(s, gast.FunctionDef):
            _Deletions(self.parsed, s).block(
                s.body, frozenset(_locals(s) - _parameters(s)), frozenset())
        self.reads(s, _read(s), deleted)
        if isinstance(s, gast.Delete):
            return self.delete(s, unbound, deleted)
        if isinstance(s, gast.If):
            return _join(self.block(s.body, unbound, deleted),
                         self.block(s.orelse, unbound, deleted))
        if isinstance(s, (gast.For, gast.While)):
            return self.loop(s, unbound, deleted)
        if isinstance(s, gast.With):
            unbound, deleted = _bind(_stored(s), unbound, deleted)
            return self.block(s.body, unbound, deleted)
        if isinstance(s, (gast.Return, gast.Raise)):
            return None
        if isinstance(s, (gast.Break, gast.Continue)) and self.loops:
            self.loops[-1][isinstance(s, gast.Continue)].append((unbound, deleted))
            return None
        return _bind(_stored(s), unbound, deleted)

    def loop(self, s, unbound, deleted):
        """A loop's head joins the state before it and those its trips end with, until
        nothing changes; it exits from its head (or a `break`)."""
        head = (unbound, deleted)
        while True:
            self.loops.append(([], []))
            if isinstance(s, gast.For):
                trip = self.block(s.body, *_bind(_stored(s), *head))
            else:
                self.reads(s, _read(s), head[1])  # the test, read again at each trip
                trip = self.block(s.body, *head)
            breaks, continues = self.loops.pop()
            new = _join(head, trip, *continues)
            if new == head:
                break
            head = new
        after = _join(head, *breaks)
        return self.block(s.orelse, *after) if s.orelse and after is not None else after

    def reads(self, s, names, deleted):
        for name in sorted(names & deleted):
            d = self.where[name]
            raise self.parsed.error(
                s, f"`{name}` is read after `del {name}` (line {self.line(d)}), where it "
                "may be unbound (Python raises NameError)",
                hint=f"bind `{name}` again before reading it, or drop the `del`")

    def line(self, node):
        return self.parsed.source_line(node)[1]

    def delete(self, s, unbound, deleted):
        for target in s.targets:
            for t in target.elts if isinstance(target, (gast.Tuple, gast.List)) else [target]:
                if isinstance(t, gast.Subscript):
                    raise self.parsed.error(
                        s, "`del x[...]` (removing an entry of a list, dict or array) is "
                        "supported for `del d[k]` of a dict that is a local variable no other "
                        "name, container or loop over it holds", hint="build a new value "
                        "without the entry (`np.delete(x, i)`, a comprehension)")
                if isinstance(t, gast.Attribute):
                    raise self.parsed.error(
                        s, "`del obj.attr` is not supported: srcdiff does not follow an "
                        "object's attributes being removed", hint="leave the attribute")
                if not isinstance(t, gast.Name):
                    raise self.parsed.error(s, "this `del` target is not supported",
                                            hint="delete plain names, or none")
                unbound, deleted = self.delete_name(s, t.id, unbound, deleted)
        return unbound, deleted

    def delete_name(self, s, name, unbound, deleted):
        if name in self.declared:
            raise self.parsed.error(s, f"`del {name}` of a `nonlocal` or `global` name is "
                                    "not supported", hint="let the variable go out of use")
        if name in self.nested:
            raise self.parsed.error(s, f"`del {name}`: a nested function or lambda names "
                                    f"`{name}`, and may run after the `del`",
                                    hint="let the variable go out of use instead")
        if name in unbound:
            raise self.parsed.error(s, f"`del {name}` where `{name}` may be unbound (Python "
                                    "raises NameError)",
                                    hint=f"delete `{name}` only where it is surely bound")
        self.where.setdefault(name, s)
        return unbound | {name}, deleted | {name}


def _bind(names, unbound, deleted):
    return unbound - names, deleted - names


def _join(*states):
    """The state where paths meet (None: no path reaches it)."""
    live = [x for x in states if x is not None]
    if not live:
        return None
    return (frozenset().union(*(u for u, _ in live)),
            frozenset().union(*(d for _, d in live)))


def _dropped(stmts):
    out = []
    for s in stmts:
        if isinstance(s, gast.Delete):
            continue
        if any(isinstance(n, gast.Delete) for n in gast.walk(s)):
            s = copy.copy(s)
            for f in ("body", "orelse"):
                inner = getattr(s, f, None)
                if inner:
                    setattr(s, f, _dropped(inner) or [S.locate(gast.Pass(), s)])
        out.append(s)
    return out
