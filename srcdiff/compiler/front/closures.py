"""Nested functions: how a call binds their parameters (positional, keyword-only, their
defaults held where the function is defined), and the enclosing function's variables they
assign (``nonlocal``).

A nested ``def`` is inlined where it is called (normalize.py ``inline``), its own
variables renamed. A name it declares ``nonlocal`` is not renamed: the inlined body
assigns the enclosing variable itself, as the call does in Python, at the point the
call runs. That is exact under three conditions, each checked here:

* the ``nonlocal`` names the enclosing function's variables: the nested function is
  defined directly in the differentiated function (a ``nonlocal`` of a function
  nested in another nested function, or in the differentiated function itself, is
  refused; so is ``global``);
* nothing else in the statement holding the call reads or writes one of those names
  before the call ends (an atom ``acc`` is read where its operation runs, after the
  inlined body: ``acc + add(v)`` would read the new value where Python reads the old),
  except the targets an assignment binds after its value (``acc = add(v)``);
* the call's result is held in a name of its own when it is a name (``return acc``):
  a later call in the same statement would otherwise change what it reads.
"""

import gast

from srcdiff.compiler.front.scopes import own_expressions
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S


class Closures:
    """The normalizer's ``nonlocal`` handling (mixed into normalize._Normalizer)."""

    def nonlocal_names(self, fdef):
        """The names the nested function ``fdef`` declares ``nonlocal`` in its own body
        (refusing ``global``, and ``nonlocal`` where it would not name a variable of the
        differentiated function)."""
        names = set()
        for n in gast.walk(fdef):
            if isinstance(n, gast.Global):
                raise self.error(n, "`global` is not supported: srcdiff cannot follow module "
                                 "state", hint="pass the value as an argument and return it")
            if isinstance(n, gast.Nonlocal):
                if not _in_own_body(fdef, n) or self.inlining:
                    raise self.error(n, "`nonlocal` is supported in a function nested "
                                     "directly in the differentiated one, naming its "
                                     "variables", hint="return the new value and assign it "
                                     "in the caller")
                names.update(n.names)
        return frozenset(names)

    def stmt_Nonlocal(self, s):
        if not self.inlining:  # (the differentiated function's own: a closure's state)
            raise self.error(s, "`nonlocal` in the differentiated function is not supported: "
                             "srcdiff cannot follow state kept outside it",
                             hint="pass the value as an argument and return the new value")

    def check_nonlocal_calls(self, s):
        """Refuse a statement that reads or writes a name a nested function it calls
        assigns (``nonlocal``) before that call ends (see the module docstring)."""
        if not any(self.nonlocals.values()):
            return
        nodes = [n for x in own_expressions(s) for n in dataflow.in_walk_order(x)]
        for c in nodes:
            names = self.assigned_by(c.func.id) if isinstance(c, gast.Call) \
                and isinstance(c.func, gast.Name) else None
            if not names:
                continue
            end = (getattr(c, "end_lineno", None), getattr(c, "end_col_offset", None))
            inside = {id(m) for m in gast.walk(c)}
            targets = {id(t) for t in getattr(s, "targets", ())
                       if isinstance(s, gast.Assign) and isinstance(t, gast.Name)}
            for m in nodes:
                if isinstance(m, gast.Name) and m.id in names and id(m) not in inside \
                        and id(m) not in targets and (
                            not isinstance(m.ctx, gast.Load) or None in end
                            or (m.lineno, m.col_offset) < end):
                    raise self.error(m, f"`{m.id}` is used in the statement that calls "
                                     f"`{c.func.id}`, which assigns it (`nonlocal`): srcdiff "
                                     "does not follow which value it reads there",
                                     hint=f"call `{c.func.id}` in a statement of its own")

    def assigned_by(self, name, seen=()):
        """The enclosing variables a call of the nested function ``name`` may assign: its
        own ``nonlocal`` names and those of the nested functions it calls."""
        fdef = self.local_functions.get(name)
        if fdef is None or name in seen:
            return frozenset()
        out = set(self.nonlocals.get(name, ()))
        for c in gast.walk(fdef):
            if isinstance(c, gast.Call) and isinstance(c.func, gast.Name):
                out |= self.assigned_by(c.func.id, (*seen, name))
        return frozenset(out)

    def call_values(self, fdef, e):
        """``(params, values)``: the parameters of the nested ``fdef`` (the positional ones,
        then the keyword-only ones) and the node the call ``e`` binds to each (an argument,
        or the default), as Python binds them; a call Python refuses is refused."""
        a = fdef.args
        positional, keyword_only = [p.id for p in a.args], [p.id for p in a.kwonlyargs]
        params = positional + keyword_only
        if len(e.args) > len(positional):
            raise self.error(e, f"{fdef.name}() takes {len(positional)} positional "
                             f"arguments, {len(e.args)} given")
        values = dict(zip(positional, e.args))
        for k in e.keywords:
            if k.arg not in params or k.arg in values:
                raise self.error(e, f"{fdef.name}() has no parameter {k.arg!r}, or gets "
                                 "two values for it" if k.arg else
                                 f"{fdef.name}() is called with **: list the arguments")
            values[k.arg] = k.value
        for p, d in zip(positional[len(positional) - len(a.defaults):], a.defaults):
            values.setdefault(p, d)
        for p, d in zip(keyword_only, a.kw_defaults):
            if d is not None:  # (None: a keyword-only parameter without a default)
                values.setdefault(p, d)
        missing = [p for p in params if p not in values]
        if missing:
            raise self.error(e, f"{fdef.name}() is missing {', '.join(missing)}")
        return params, values

    def held_default(self, name, p, d):
        """The default ``d`` of the parameter ``p`` of the nested function ``name``: a
        constant as it is; else a name bound here to its value (Python evaluates it
        where the function is defined)."""
        if d is None or isinstance(d, gast.Constant):
            return d
        held = self.names.fresh(f"{name}_{p}_default")
        self.emit(S.assign(held, self.atom(d)))
        return S.name(held)

    def bind_argument(self, fdef, p, arg, fresh):
        """The name the inlined body of ``fdef`` reads for its parameter ``p``: the name
        ``arg`` passed for it when ``p`` is never bound in ``fdef`` and nothing the call
        runs assigns ``arg`` (``nonlocal``), as both then hold one value throughout the
        call (no ``p = arg``: no second name of one array for the analyses to follow,
        which forward mode over a gradient did not, across loops: hvp 0.66 for 0.86);
        else ``fresh``, bound here to ``arg``."""
        if isinstance(arg, gast.Name) and arg.id not in self.assigned_by(fdef.name) \
                and not any(isinstance(n, gast.Name) and n.id == p and isinstance(
                    n.ctx, (gast.Store, gast.Del)) for n in gast.walk(fdef)):
            return arg.id
        self.emit(S.assign(fresh, arg))
        return fresh

    def held_result(self, fdef, value):
        """The atom an inlined call of ``fdef`` gives: a name of its own when it is a name
        and some nested function assigns enclosing variables (a later call in the same
        statement may change it: ``get() + add(v)``, ``get`` returning ``acc``)."""
        if any(self.nonlocals.values()) and isinstance(value, gast.Name):
            held = self.names.fresh(f"{fdef.name}_result")
            self.emit(S.assign(held, value))
            return S.name(held)
        return value


def _in_own_body(fdef, node):
    """Is ``node`` a statement of ``fdef``'s own body (not of a function nested in it)?"""
    stack = list(fdef.body)
    while stack:
        x = stack.pop()
        if x is node:
            return True
        if not isinstance(x, (gast.FunctionDef, gast.Lambda)):
            stack.extend(c for c in gast.iter_child_nodes(x) if isinstance(c, gast.stmt))
    return False
