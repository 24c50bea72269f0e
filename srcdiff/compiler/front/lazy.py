"""Part of stage 2, before the lowering: values Python computes lazily, generator
expressions and dict views (``d.values()``, ``d.items()``, ``d.keys()``).

``g = (x * k for _ in range(2)); k = 5.0; sum(g)`` reads ``k`` when ``sum`` runs (10 x),
and a second ``sum(g)`` is 0; ``vals = d.values(); d["a"] = y; sum(vals)`` sees ``y``.
The lowering computes such a value where it is written (a generator expression as a list,
a view as the list of its entries), which is the same program only where nothing can run
between the two. So:

* a ``for`` loop directly over a generator expression is rewritten as the loop the
  iterator runs: ``for v in (e(t) for t in ts if c(t)): body`` is ``for t2 in ts: if
  c(t2): v = e(t2); body`` (the expression's variables renamed: they are its own), each
  value computed when the loop reaches it (several ``for`` clauses: nested loops, when the
  body has no ``break`` of its own); a ``for`` loop directly over a view is lowered the
  same way by containers.py (``dict_loop``);
* every other lazy value must be consumed at once where it is written: the one argument
  of an eager consumer (``sum``, ``list``, ``tuple``, ``sorted``, ``min``, ``max``,
  ``any``, ``all``, ``set``, ``frozenset``, ``dict``, ``len``, ``math.fsum``,
  ``math.prod``, ``str.join``; keywords ``default``, ``reverse`` or a lambda), the
  sequence of ``functools.reduce``, unpacked (``a, b = ...``, ``f(*...)``), a
  comprehension's iterable (no ``:=`` in it), the right of ``in``; or an argument of a
  ``zip``, ``enumerate``, ``reversed``, ``map`` or ``filter`` so consumed; or inside
  the iterable of a ``for`` loop (``zip(d.keys(), d.values())``) whose target and body
  are quiet (below) and bind nothing it reads;
* or be bound once to a name read once, in one of those places but a loop's, by a later
  statement of its block, the statements from the binding to the read quiet and binding
  nothing it reads; a generator expression's name read only as a later loop's iterable,
  the statements between quiet, is that loop's expression, rewritten as above.

Quiet statements change no value in place: no store through an index or attribute, no
augmented assignment, no call as a statement, no ``:=``, no ``out=``, calls only of
library functions (of NumPy's, none that writes an argument: shared_values.py
``numpy_call_changes_nothing``) and of methods that change nothing (a user's function
may change what a closure holds). None of the names a lazy value reads may be declared ``global`` or
``nonlocal`` anywhere in the function. Anything else is refused, with what to write.
"""

import functools
import math

import gast

from srcdiff.compiler.front.maps import _binding_counts
from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.front.shared_values import numpy_call_changes_nothing
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S

_COMPREHENSIONS = (gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp)
_EAGER = (sum, list, tuple, sorted, min, max, any, all, set, frozenset, dict, len,
          math.fsum, math.prod)
_PASSING = (zip, enumerate, reversed, map, filter)
_VIEWS = ("values", "items", "keys")
_CHANGING_METHODS = {"append", "extend", "insert", "pop", "remove", "clear", "sort",
                     "reverse", "update", "setdefault", "popitem", "fill", "resize", "put",
                     "itemset", "partition", "setfield", "add", "discard"}
_LIBRARIES = ("numpy", "scipy", "math", "builtins", "operator", "functools", "itertools",
              "cmath")


def lazy_values(parsed, body, names):
    """``body`` (changed in place) with its ``for`` loops over generator expressions
    rewritten, after refusing every lazy value not consumed at once (module docstring)."""
    if not any(_is_lazy(n) for s in body for n in dataflow.nodes(s)):
        return body
    # (the rewrites below change loops and blocks in place: a copy, so that the parsed
    # function's tree stays as written, which Parsed.all_names keeps the names of)
    body = S.copy(body)
    fn = parsed.node
    counts = _binding_counts(fn)
    _inline_named_loops(parsed, body, counts)
    loops = [n for s in body for n in dataflow.nodes(s) if isinstance(n, gast.For)
             and isinstance(n.iter, gast.GeneratorExp) and _unrolls(n)]
    for loop in loops:
        _as_loop_of_its_iterator(loop, names)
    lazy = [n for s in body for n in dataflow.nodes(s) if _is_lazy(n)]
    declared = {k for n in dataflow.nodes(fn) if isinstance(n, (gast.Global, gast.Nonlocal))
                for k in n.names}
    named = _named(parsed, body, counts)
    eager = set()  # ids of the nodes consumed at once (lazy values, or a named one's read)
    for s in body:
        for n in dataflow.nodes(s):
            eager |= _consumed_at_once(parsed, n)
    for v in lazy:
        reads = {n.id for n in dataflow.names(v)}
        read = named.get(id(v), v)  # (a name bound to it: its one read)
        if reads & declared or id(read) not in eager:
            what = "a generator expression" if isinstance(v, gast.GeneratorExp) else \
                f"`.{v.func.attr}()` (a view of the dict, which sees its later changes)"
            raise parsed.error(
                v, f"{what} is evaluated lazily, when it is consumed; srcdiff computes it "
                   "where it is written, which is the same only where it is consumed at "
                   "once: the one argument of sum, list, tuple, sorted, min, max, any or "
                   "all, a comprehension's iterable, or a `for` loop's iterable (or a name "
                   "bound to it and read once that way, nothing changed in place between)",
                hint="write a list (`[...]`, `list(d.values())`) where the values should "
                     "be taken, or consume the value where it is written")
    return body


def _is_lazy(n):
    return isinstance(n, gast.GeneratorExp) or (
        isinstance(n, gast.Call) and isinstance(n.func, gast.Attribute)
        and n.func.attr in _VIEWS and not n.args and not n.keywords)


# ------------------------------------------------ loops over generator expressions


def _inline_named_loops(parsed, body, counts):
    """``g = (generator expression); ...; for v in g:`` with ``g`` bound once and read
    only there, the statements between quiet: the expression moved into the loop."""
    for block in _blocks(body):
        for s in list(block):
            if not (isinstance(s, gast.Assign) and isinstance(s.value, gast.GeneratorExp)
                    and len(s.targets) == 1 and isinstance(s.targets[0], gast.Name)):
                continue
            k, name = block.index(s), s.targets[0].id
            at = _reads_in(block, name)
            if counts.get(name) != 1 or len(at) != 1 or at[0][0] <= k:
                continue
            j, read = at[0]
            loop = block[j]
            reads = {n.id for n in dataflow.names(s.value)}
            if isinstance(loop, gast.For) and loop.iter is read \
                    and _quiet(parsed, block[k + 1:j], reads):
                loop.iter = s.value
                block.remove(s)


def _blocks(body):
    return [body] + [getattr(n, f) for s in body for n in dataflow.nodes(s)
                     for f in ("body", "orelse", "finalbody")
                     if isinstance(getattr(n, f, None), list)]


def _reads_in(block, name):
    return [(j, n) for j, t in enumerate(block) for n in dataflow.names(t)
            if n.id == name and isinstance(n.ctx, gast.Load)]


def _unrolls(loop):
    """Whether ``loop`` (over a generator expression) can be the loops of its iterator:
    one ``for`` clause, or a body with no ``break`` of its own and no ``else``."""
    if len(loop.iter.generators) == 1:
        return not loop.iter.generators[0].is_async
    return not loop.orelse and not any(isinstance(n, gast.Break) for n in _own(loop.body))


def _own(statements):
    """The nodes of ``statements`` outside nested loops and functions."""
    todo = list(statements)
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, (gast.For, gast.While, gast.FunctionDef, gast.Lambda)):
            todo.extend(gast.iter_child_nodes(n))


def _as_loop_of_its_iterator(loop, names):
    """``loop`` (``for target in (elt for ... )``) changed in place into the loops its
    iterator runs, the target bound to ``elt`` first in the innermost body."""
    g = loop.iter
    rename, clauses = {}, []
    for gen in g.generators:
        it = S.substituted(gen.iter, rename)
        for n in gast.walk(gen.target):
            if isinstance(n, gast.Name):
                rename[n.id] = names.fresh(n.id)
        clauses.append((S.substituted(gen.target, rename), it,
                        [S.substituted(c, rename) for c in gen.ifs]))
    body = [S.assign(loop.target, S.substituted(g.elt, rename), loop)] + loop.body
    for target, it, ifs in reversed(clauses[1:]):
        for cond in reversed(ifs):
            body = [S.locate(gast.If(test=cond, body=body, orelse=[]), loop)]
        body = [S.locate(gast.For(target=target, iter=it, body=body, orelse=[],
                                  type_comment=None), loop)]
    target, it, ifs = clauses[0]
    for cond in reversed(ifs):
        body = [S.locate(gast.If(test=cond, body=body, orelse=[]), loop)]
    loop.target, loop.iter, loop.body = target, it, body


# ----------------------------------------------------------- consumed at once


def _consumed_at_once(parsed, n):
    """The ids of the nodes ``n`` consumes at once (see the module docstring), and of
    the arguments of a ``zip``, ``enumerate``, ``reversed``, ``map`` or ``filter`` so
    consumed."""
    todo = _consumed_by(parsed, n)
    out = set()
    while todo:
        m = todo.pop()
        out.add(id(m))
        if isinstance(m, gast.Call) and parsed.callee(m.func) in _PASSING:
            todo += m.args
    return out


def _consumed_by(parsed, n):
    if isinstance(n, gast.Compare):  # (`k in d.keys()`)
        return [c for op, c in zip(n.ops, n.comparators)
                if isinstance(op, (gast.In, gast.NotIn))]
    if isinstance(n, gast.Call) and n.args:
        callee = parsed.callee(n.func)
        if callee is functools.reduce and len(n.args) >= 2:
            return [n.args[1]]
        keys = all(k.arg in ("default", "reverse") or isinstance(k.value, gast.Lambda)
                   for k in n.keywords)
        if len(n.args) == 1 and keys and (callee in _EAGER or isinstance(
                n.func, gast.Attribute) and n.func.attr == "join"):
            return [n.args[0]]
    elif isinstance(n, _COMPREHENSIONS) and not any(
            isinstance(m, gast.NamedExpr) for m in dataflow.nodes(n)):
        return [c.iter for c in n.generators]
    elif isinstance(n, gast.Assign) and all(
            isinstance(t, (gast.Tuple, gast.List)) for t in n.targets):
        return [n.value]  # (unpacked: `a, b = (f(t) for t in ts)`)
    elif isinstance(n, gast.Starred) and isinstance(n.ctx, gast.Load):
        return [n.value]  # (`f(*(g(t) for t in ts))`)
    elif isinstance(n, gast.For):
        if _is_lazy(n.iter) and not isinstance(n.iter, gast.GeneratorExp):
            return [n.iter]  # (a view: lowered as a loop over its keys, containers.py)
        inside = [m for m in dataflow.nodes(n.iter) if _is_lazy(m)]
        reads = {m.id for v in inside for m in dataflow.names(v)}
        if inside and _quiet(parsed, [n.target] + n.body + n.orelse, reads):
            return inside
    return []


def _named(parsed, body, counts):
    """``{id(lazy value): its one read}`` for each ``name = lazy value`` bound once and
    read once, not by a loop, by a later statement of its block, the statements from the
    binding to the read quiet."""
    out = {}
    for block in _blocks(body):
        for k, s in enumerate(block):
            if not (isinstance(s, gast.Assign) and _is_lazy(s.value) and len(s.targets) == 1
                    and isinstance(s.targets[0], gast.Name)):
                continue
            name = s.targets[0].id
            at = _reads_in(block, name)
            if counts.get(name) != 1 or len(at) != 1 or at[0][0] <= k \
                    or isinstance(block[at[0][0]], (gast.For, gast.While)):
                continue
            j, read = at[0]
            reads = {n.id for n in dataflow.names(s.value)}
            if _quiet(parsed, block[k + 1:j + 1], reads):
                out[id(s.value)] = read
    return out


def _quiet(parsed, statements, reads):
    """Whether ``statements`` change no value in place and bind no name of ``reads``
    (see the module docstring)."""
    for s in statements:
        if isinstance(s, (gast.AugAssign, gast.Expr)) and not (
                isinstance(s, gast.Expr) and isinstance(s.value, gast.Constant)):
            return False  # (a docstring-like constant is quiet)
        for n in dataflow.nodes(s):
            if isinstance(n, gast.NamedExpr) or isinstance(n, gast.Name) and n.id in reads \
                    and not isinstance(n.ctx, gast.Load):
                return False
            if isinstance(n, (gast.Subscript, gast.Attribute)) \
                    and not isinstance(n.ctx, gast.Load):
                return False
            if isinstance(n, gast.Call) and not _quiet_call(parsed, n):
                return False
    return True


def _quiet_call(parsed, call):
    if isinstance(call.func, gast.Attribute) and call.func.attr in _CHANGING_METHODS \
            or any(k.arg in (None, "out") for k in call.keywords):
        return False
    callee = parsed.callee(call.func)
    if callee is MISSING:
        # (unknown when compiling: a method of a local value changes nothing unless it
        # is one of the changing methods above; a local function may)
        return isinstance(call.func, gast.Attribute)
    module = (getattr(callee, "__module__", None) or getattr(
        type(callee), "__module__", None) or "").split(".")[0]
    if module == "numpy":  # (np.copyto, np.add.at, ...: shared_values.py)
        return numpy_call_changes_nothing(parsed, call)
    return module in _LIBRARIES
