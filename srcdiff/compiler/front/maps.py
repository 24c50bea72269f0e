"""Part of stage 2, before the lowering: ``map(f, xs)``, ``functools.reduce(f, xs, init)``
and local names of functions (``functools.partial`` made inside: partials.py).

* A local name bound once, at the top of the function, to a function or module known when
  compiling (``e = np.exp``; ``from numpy import exp as e`` or ``import numpy as xp`` when
  the module is a global of the function's module, ``np``) stands for that object: its
  reads are replaced by the expression (``np.exp``), so calls through it resolve to their
  rules, and the binding goes. A name bound twice, in a branch or loop, or read before the
  binding keeps its meaning (calls through it stay refused); an import whose module no
  global names stays refused (normalize.py).
* A local bound so once to one of two such functions, ``act = np.tanh if c else np.sin``,
  and read only as the function of calls: the binding becomes ``chosen = True if c else
  False`` (the test's truth when it ran, as Python decides which function ``act`` holds)
  and each call ``act(h)`` becomes ``np.tanh(h) if chosen else np.sin(h)`` (innermost calls
  first), so each call reaches exactly the function the name holds. Any other read (``fs =
  [act]``), a second binding, or a branch that is not a known function keeps the name's
  meaning: calls through it are refused.
* ``map(f, a, b)`` is Python's lazy ``(f(p, q) for p, q in zip(a, b))``: written so where
  the iterator is consumed at once, as the argument of ``sum``, ``list``, ``tuple``,
  ``sorted``, ``min`` or ``max`` or as a comprehension's iterable (a lambda's body with its
  parameters as the comprehension's variables: ``map(lambda v: v * v, xs)`` is
  ``(v * v for v in xs)``); a ``for`` loop over it is a loop over ``zip(a, b)`` whose body
  first binds the target to ``f(p, q)``, as the iterator computes it step by step. Elsewhere
  (``m = map(...)``, read once or twice) it is refused: a map object is exhausted after one
  pass, which a list is not. Likewise ``zip(a, b)`` as the argument of ``list``, ``tuple``
  or ``sorted`` is the generator of its tuples, ``((p, q) for p, q in zip(a, b))``.
* ``v = functools.reduce(f, xs, init)`` (or ``return``, ``v += ...``) is the loop it runs,
  before the statement: ``acc = init``, ``for item in xs: acc = f(acc, item)``, then ``v =
  acc`` (``xs`` evaluated first, as in the call; without ``init``, ``acc = xs[0]`` and the
  loop over ``xs[1:]``, for a name or a display ``xs``). Elsewhere in an expression it is
  refused: moved before the statement, it would run before what the statement evaluates
  first (a random draw, a branch not taken).
"""

import builtins
import functools
import inspect

import gast

from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.front.partials import partial_calls
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_CONSUMERS = (sum, list, tuple, sorted, min, max)
_ZIP_CONSUMERS = (list, tuple, sorted)  # (`list(zip(a, b))`: the generator of its tuples)
_TRIGGERS = {"map", "reduce", "zip", "partial"}


def maps_and_aliases(parsed, body, names):
    """``body`` (a function's statements) with local aliases replaced, then maps lowered
    (see the module docstring): new statements where anything changes, ``body`` itself
    where nothing does."""
    if not any(_alias_like(s) for s in body) and not any(
            n.id in _TRIGGERS if isinstance(n, gast.Name) else
            isinstance(n, gast.Attribute) and n.attr in ("reduce", "partial")
            for s in body for n in dataflow.nodes(s)):
        return body
    body = partial_calls(parsed, [S.copy(s) for s in body], names,
                         _binding_counts(parsed.node))  # (partials.py)
    body = local_aliases(parsed, body, names)
    return MapLowering(parsed, names).block(body)


def _alias_like(s):
    return isinstance(s, (gast.Import, gast.ImportFrom)) or isinstance(s, gast.Assign) \
        and isinstance(s.value, (gast.Name, gast.Attribute, gast.IfExp))


def local_aliases(parsed, body, names=None):
    """``body`` with the reads of local aliases of functions and modules replaced (see the
    module docstring); the binding statements dropped (a choice's replaced by its flag)."""
    counts = _binding_counts(parsed.node)
    out, aliases, choices = [], {}, {}
    for k, s in enumerate(body):
        found = _alias(parsed, s, counts)
        if found is not None and not _read_before(found[0], body[:k]):
            aliases[found[0]] = found[1]
            continue
        choice = _choice(parsed, s, counts, body) if names is not None else None
        if choice is not None and not _read_before(choice[0], body[:k]):
            flag = names.fresh("chosen")
            choices[choice[0]] = (flag, s.value.body, s.value.orelse)
            s = S.locate(S.assign(flag, gast.IfExp(test=s.value.test, body=S.const(True),
                                                   orelse=S.const(False))), s)
        out.append(s)
    if choices:
        _call_choices(out, choices)
    if not aliases:
        return out if choices else body
    for s in out:
        for n in dataflow.nodes(s):
            for field, value in gast.iter_fields(n):
                if isinstance(value, gast.Name) and isinstance(value.ctx, gast.Load) \
                        and value.id in aliases:
                    setattr(n, field, S.locate(S.copy(aliases[value.id]), value))
                elif isinstance(value, list):
                    for i, v in enumerate(value):
                        if isinstance(v, gast.Name) and isinstance(v.ctx, gast.Load) \
                                and v.id in aliases:
                            value[i] = S.locate(S.copy(aliases[v.id]), v)
    return out


def _alias(parsed, s, counts):
    """``(name, expression)`` when the statement ``s`` binds a local alias, else None."""
    if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) and isinstance(s.value, (gast.Name,
                                                                            gast.Attribute)):
        name, obj = s.targets[0].id, parsed.resolve(s.value)
        if obj is not MISSING and (callable(obj) or inspect.ismodule(obj)) \
                and counts.get(name) == 1:
            return name, s.value
        return None
    if isinstance(s, (gast.Import, gast.ImportFrom)) and len(s.names) == 1 \
            and not (isinstance(s, gast.ImportFrom) and (s.level or s.module is None)):
        alias = s.names[0]
        if isinstance(s, gast.Import) and alias.asname is None and "." in alias.name:
            return None  # (``import a.b`` binds ``a``)
        name = alias.asname or alias.name
        if counts.get(name) != 1:
            return None
        module = alias.name if isinstance(s, gast.Import) else s.module
        expr = _global_expression(parsed, module)
        if expr is not None and isinstance(s, gast.ImportFrom):
            expr = gast.Attribute(value=expr, attr=alias.name, ctx=gast.Load())
            if parsed.resolve(expr) is MISSING:
                return None
        return None if expr is None else (name, expr)
    return None


def _choice(parsed, s, counts, body):
    """``(name, ...)`` when ``s`` binds a name once in the function to one of two functions
    known when compiling (``act = np.tanh if c else np.sin``) and every read of the name
    calls it (``act(h)``): each call is then ``np.tanh(h) if chosen else np.sin(h)``, with
    ``chosen`` the test's truth when ``s`` ran. Else None (the name keeps its meaning: a
    call through it is refused)."""
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1 and isinstance(
            s.targets[0], gast.Name) and isinstance(s.value, gast.IfExp)):
        return None
    name = s.targets[0].id
    for f in (s.value.body, s.value.orelse):
        obj = parsed.resolve(f) if isinstance(f, (gast.Name, gast.Attribute)) else MISSING
        if obj is MISSING or not callable(obj) or inspect.ismodule(obj):
            return None
    if counts.get(name) != 1:
        return None
    called = {id(n.func) for t in body for n in dataflow.nodes(t) if isinstance(n, gast.Call)}
    for t in body:
        for n in dataflow.nodes(t):
            if isinstance(n, gast.Name) and n.id == name and isinstance(n.ctx, gast.Load) \
                    and id(n) not in called:
                return None
    return (name,)


def _call_choices(body, choices):
    """Each call through a choice's name made the conditional expression of the two calls."""
    def made(call):
        flag, first, second = choices[call.func.id]
        other = S.copy(call)
        call.func, other.func = S.locate(S.copy(first), call.func), S.locate(
            S.copy(second), call.func)
        return S.locate(gast.IfExp(test=S.name(flag), body=call, orelse=other), call)

    def is_choice_call(v):
        return isinstance(v, gast.Call) and isinstance(v.func, gast.Name) \
            and v.func.id in choices

    for s in body:  # (innermost first: ``act(act(x))`` copies a call already made)
        for n in reversed(list(dataflow.nodes(s))):
            for field, value in gast.iter_fields(n):
                if is_choice_call(value):
                    setattr(n, field, made(value))
                elif isinstance(value, list):
                    for i, v in enumerate(value):
                        if is_choice_call(v):
                            value[i] = made(v)


def _global_expression(parsed, module):
    """A name (or attribute chain) of the function's globals that denotes the module named
    ``module`` (``np`` for ``numpy``, ``np.linalg`` for ``numpy.linalg``), or None."""
    parts = module.split(".")
    for k in range(len(parts), 0, -1):
        head = ".".join(parts[:k])
        for g, v in sorted(parsed.namespace.items()):
            if inspect.ismodule(v) and v.__name__ == head and g not in parsed.locals:
                expr = gast.Name(id=g, ctx=gast.Load(), annotation=None, type_comment=None)
                for attr in parts[k:]:
                    expr = gast.Attribute(value=expr, attr=attr, ctx=gast.Load())
                if inspect.ismodule(parsed.resolve(expr)):
                    return expr
    return None


def _binding_counts(fn):
    """How many times each name is bound (or declared global/nonlocal) anywhere in ``fn``."""
    counts = {}
    for n in dataflow.nodes(fn):
        names = []
        if isinstance(n, gast.Name) and not isinstance(n.ctx, gast.Load):
            names = [n.id]
        elif isinstance(n, (gast.FunctionDef, gast.ClassDef)) and n is not fn:
            names = [n.name]
        elif isinstance(n, (gast.Global, gast.Nonlocal)):
            names = list(n.names) * 2
        elif isinstance(n, (gast.Import, gast.ImportFrom)):
            names = [(a.asname or a.name).split(".")[0] for a in n.names]
        for k in names:
            counts[k] = counts.get(k, 0) + 1
    return counts


def _read_before(name, statements):
    return any(isinstance(n, gast.Name) and n.id == name
               for s in statements for n in dataflow.nodes(s))


# ----------------------------------------------------------------- map


def lower_inner_blocks(s, lower):
    """The blocks inside the statement ``s`` (bodies, ``else``, ``finally``, handlers)
    replaced by ``lower(block)``."""
    for field in ("body", "orelse", "finalbody"):
        inner = getattr(s, field, None)
        if isinstance(inner, list) and inner:
            setattr(s, field, lower(inner))
    for h in getattr(s, "handlers", None) or ():
        h.body = lower(h.body)


class MapLowering:
    """``map(...)`` lowered in a function body (see the module docstring)."""

    def __init__(self, parsed, names):
        self.parsed, self.names = parsed, names

    def is_map(self, node):
        return isinstance(node, gast.Call) and self.parsed.callee(node.func) is builtins.map

    def is_zip(self, node):
        return isinstance(node, gast.Call) and self.parsed.callee(node.func) is builtins.zip \
            and node.args and not node.keywords \
            and not any(isinstance(a, gast.Starred) for a in node.args)

    def zipped(self, call):
        """``zip(a, b)`` consumed at once (``sorted(zip(a, b), key=...)``) as the generator
        ``((p, q) for p, q in zip(a, b))``: the same tuples, made by a comprehension."""
        names = [self.names.fresh("item") for _ in call.args]
        return S.locate(gast.GeneratorExp(
            elt=gast.Tuple(elts=[S.name(v) for v in names], ctx=gast.Load()),
            generators=[gast.comprehension(target=gast.Tuple(elts=[S.name(v, store=True)
                                                                  for v in names],
                                                            ctx=gast.Store()),
                                           iter=call, ifs=[], is_async=0)]), call)

    def is_reduce(self, node):
        return isinstance(node, gast.Call) \
            and self.parsed.callee(node.func) is functools.reduce

    def block(self, body):
        out = []
        for s in body:
            if isinstance(s, gast.For) and self.is_map(s.iter):
                before, s = self.loop(s)
                out += before
            if (isinstance(s, (gast.Assign, gast.Return)) or isinstance(s, gast.AugAssign)
                    and isinstance(s.target, gast.Name)) and self.is_reduce(s.value):
                out += self.reduction(s)
            lower_inner_blocks(s, self.block)
            self.expressions(s)
            out.append(s)
        return out

    def expressions(self, s):
        """The maps consumed at once inside ``s``'s own expressions, as generators; any
        other refused."""
        for n in dataflow.nodes(s):
            if isinstance(n, gast.Call) and self.parsed.callee(n.func) in _CONSUMERS \
                    and n.args and self.is_map(n.args[0]):
                n.args[0] = self.generator(n.args[0])
            elif isinstance(n, gast.Call) and self.parsed.callee(n.func) in _ZIP_CONSUMERS \
                    and n.args and self.is_zip(n.args[0]):
                n.args[0] = self.zipped(n.args[0])
            elif isinstance(n, gast.comprehension) and self.is_map(n.iter):
                n.iter = self.generator(n.iter)
        for n in dataflow.nodes(s):
            if self.is_reduce(n):
                raise self.parsed.error(
                    n, "functools.reduce(...) is differentiated as the whole value of an "
                       "assignment or a `return` (`acc = reduce(f, xs, init)`), lowered to a "
                       "loop", hint="assign it to a variable first")
            if self.is_map(n) and not (isinstance(s, gast.For) and n is s.iter):
                raise self.parsed.error(
                    n, "map(...) is differentiated where it is consumed at once: the "
                       "argument of sum, list, tuple, sorted, min or max, a comprehension's "
                       "or a for loop's iterable (a map object is exhausted after one pass)",
                    hint="write a list comprehension: `[f(v) for v in xs]`")

    def _parts(self, call):
        if not call.args[1:] or call.keywords or any(isinstance(a, gast.Starred)
                                                     for a in call.args):
            raise self.parsed.error(call, "map(f, ...) needs a function and at least one "
                                          "iterable, written out",
                                    hint="write a list comprehension: `[f(v) for v in xs]`")
        its = call.args[1:]
        return call.args[0], its[0] if len(its) == 1 else S.locate(
            gast.Call(func=self._zip(call), args=list(its), keywords=[]), call), len(its)

    def _zip(self, call):
        if self.parsed.lookup("zip") is not builtins.zip:
            raise self.parsed.error(call, "map(f, a, b) is lowered to zip(a, b), but `zip` "
                                          "is not the builtin here", hint="rename the `zip`")
        return gast.Name(id="zip", ctx=gast.Load(), annotation=None, type_comment=None)

    def _params(self, f, k):
        """``(targets, element)``: the comprehension's variables and the value of one item."""
        a = f.args if isinstance(f, gast.Lambda) else None
        if a is not None and not (a.vararg or a.kwarg or a.kwonlyargs or a.defaults
                                  or getattr(a, "posonlyargs", None)) and len(a.args) == k:
            return [S.name(p.id, store=True) for p in a.args], f.body
        names = [self.names.fresh("item") for _ in range(k)]
        return [S.name(v, store=True) for v in names], gast.Call(
            func=f, args=[S.name(v) for v in names], keywords=[])

    def generator(self, call):
        f, it, k = self._parts(call)
        targets, elt = self._params(f, k)
        target = targets[0] if k == 1 else gast.Tuple(elts=targets, ctx=gast.Store())
        return S.locate(gast.GeneratorExp(elt=elt, generators=[gast.comprehension(
            target=target, iter=it, ifs=[], is_async=0)]), call)

    def reduction(self, s):
        """``v = reduce(f, xs, init)``: ``acc = init``, ``for item in xs: acc = f(acc, item)``
        before the statement, which then reads ``acc`` (without ``init``: ``acc = xs[0]`` and
        the loop over ``xs[1:]``, for a name or a display ``xs``)."""
        call = s.value
        if call.keywords or any(isinstance(a, gast.Starred) for a in call.args) \
                or len(call.args) not in (2, 3):
            raise self.parsed.error(call, "functools.reduce(f, xs[, init]) is differentiated "
                                          "with its arguments written out",
                                    hint="write the loop: `acc = init; for v in xs: ...`")
        f, xs = call.args[0], call.args[1]
        out = []
        if isinstance(f, gast.Lambda):  # (bound to a name, then called: inlined)
            fname = self.names.fresh("reducer")
            out.append(S.locate(S.assign(fname, f), s))
            f = S.name(fname)
        acc, item = self.names.fresh("acc"), self.names.fresh("item")
        if not isinstance(xs, gast.Name) and (len(call.args) == 3 or isinstance(
                xs, (gast.List, gast.Tuple))):  # (evaluated before ``init``, as in the call)
            seq = self.names.fresh("items")
            out.append(S.locate(S.assign(seq, xs), s))
            xs = S.name(seq)
        if len(call.args) == 3:
            out.append(S.locate(S.assign(acc, call.args[2]), s))
        elif isinstance(xs, gast.Name):
            out.append(S.locate(S.assign(acc, gast.Subscript(
                value=S.copy(xs), slice=S.const(0), ctx=gast.Load())), s))
            xs = gast.Subscript(value=S.copy(xs), slice=gast.Slice(
                lower=S.const(1), upper=None, step=None), ctx=gast.Load())
        else:
            raise self.parsed.error(call, "functools.reduce without an initial value is "
                                          "differentiated over a name or a list or tuple",
                                    hint="pass the initial value: `reduce(f, xs, init)`")
        step = S.locate(S.assign(acc, gast.Call(func=f, args=[S.name(acc), S.name(item)],
                                                keywords=[])), s)
        out.append(S.locate(gast.For(target=S.name(item, store=True), iter=xs, body=[step],
                                     orelse=[], type_comment=None), s))
        s.value = S.locate(S.name(acc), call)
        return self.block(out)

    def loop(self, s):
        """``for t in map(f, a, b)``: ``for p, q in zip(a, b): t = f(p, q)`` then the body."""
        f, it, k = self._parts(s.iter)
        before = []
        if isinstance(f, gast.Lambda):  # (bound to a name, then called: inlined)
            fname = self.names.fresh("mapped")
            before.append(S.locate(S.assign(fname, f), s))
            f = S.name(fname)
        names = [self.names.fresh("item") for _ in range(k)]
        target = S.name(names[0], gast.Store()) if k == 1 else gast.Tuple(
            elts=[S.name(v, store=True) for v in names], ctx=gast.Store())
        bind = S.locate(gast.Assign(targets=[s.target], value=gast.Call(
            func=f, args=[S.name(v) for v in names], keywords=[]), type_comment=None), s)
        s.target, s.iter, s.body = target, it, [bind] + s.body
        return before, s
