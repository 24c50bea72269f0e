"""Facts about the objects a function's statements make, for sharing.py: whether a
statement defines a name as reaching.py counts it, whether ``astype`` copies, what a read
out of a container with known entries gives, which callables are srcdiff's own."""

import math

import gast
import numpy as np

from srcdiff.compiler.analysis.activity import ARRAY, INT, entry_of
from srcdiff.compiler.analysis.facts import ZERO_D
from srcdiff.compiler.front import derivatives
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S


def defines(statement, name):
    """Is ``statement`` a definition of ``name`` that reaching.py counts?"""
    if isinstance(statement, gast.For):
        return isinstance(statement.target, gast.Name) and statement.target.id == name
    return isinstance(statement, gast.Assign) and isinstance(statement.targets[0], gast.Name) \
        and statement.targets[0].id == name


def new_astype(op):
    """Is ``op`` ``y = x.astype(dtype)`` without ``copy=False``: a new array (NumPy's
    ``astype`` copies unless told not to), so a change of ``y`` is not one of ``x``?"""
    call = op.stmt.value
    if op.label != ".astype" or not isinstance(call, gast.Call) or len(call.args) > 4:
        return False  # (the fifth positional argument is ``copy``)
    return all(k.arg != "copy" or isinstance(k.value, gast.Constant) and k.value.value is True
               for k in call.keywords)


def entry_fact(analysis, op):
    """The fact of the entry an index op reads out of a container whose entries are known
    (a parameter's, from the argument; an entry's of it), or None."""
    base = op.args[0].id if op.args and isinstance(op.args[0], gast.Name) else None
    if base is None or base not in analysis.children:  # (a container: a list(m) too)
        return None
    return entry_of(analysis.children.get(base), op.index, analysis.kinds)


def is_number(fact):
    """A float, int or bool entry (not a 0-d array): a new object at every change."""
    return fact[0] in (ARRAY, INT) and fact[1] == () and not (len(fact) > 2
                                                                and fact[2] == ZERO_D)


def srcdiff_own(fn):
    """srcdiff's own functions (rule helpers, generated code, derivatives), differentiated
    again for higher orders: their results are what their own compilation made them."""
    code = getattr(fn, "__code__", None)
    return (getattr(fn, "__module__", None) or "").startswith("srcdiff") or (
        code is not None and code.co_filename.startswith("<srcdiff")) \
        or derivatives.is_derivative(fn) or getattr(fn, "__srcdiff_primitive__", False)


# math's functions that may return something other than a float, an int or a bool (an
# object's own __floor__, __ceil__, __trunc__; the product or sum of arrays)
_MATH_NOT_NUMBER = frozenset({"floor", "ceil", "trunc", "prod", "sumprod"})


def binds_number(op):
    """Does the definition ``op`` bind its target to a Python number whatever its operands
    hold: a literal (``b = 1.0``), ``float(...)``, ``int(...)``, ``bool(...)``, ``len(...)``,
    or one of ``math``'s float-valued functions (``math.tanh(v)``)? A number is immutable:
    no change made in place can be seen through it."""
    value = op.stmt.value if isinstance(op.stmt, gast.Assign) else None
    if isinstance(value, gast.Constant):
        return type(value.value) in (int, float, bool)
    if not isinstance(value, gast.Call) or op.kind not in ("prim", "const"):
        return False
    f = op.func
    if f in (float, int, bool, len):
        return True
    return getattr(f, "__module__", None) == "math" and getattr(f, "__self__", None) is math \
        and f.__name__ not in _MATH_NOT_NUMBER and getattr(math, f.__name__, None) is f


def _of_operands(op):
    """Is ``op``'s value a number whenever its operands (atoms, :func:`_operands`) are
    numbers: an operator's result, a copy, ``min``, ``max`` or ``abs`` of them?"""
    value = op.stmt.value
    if isinstance(value, (gast.BinOp, gast.UnaryOp, gast.Compare, gast.Name)):
        return True
    return isinstance(value, gast.Call) and op.func in (min, max, abs) and bool(value.args) \
        and not value.keywords


def _operands(value):
    if isinstance(value, gast.BinOp):
        return [value.left, value.right]
    if isinstance(value, gast.UnaryOp):
        return [value.operand]
    if isinstance(value, gast.Compare):
        return [value.left, *value.comparators]
    return [value] if isinstance(value, gast.Name) else list(value.args)


class NumberBindings:
    """Which names hold a Python number at a statement, binding by binding (sharing.py):
    every definition of the name that may reach it binds one (:func:`binds_number`), for a
    name every binding of which reaching.py counts (``counted``: Python raises on a read
    before any binding), or for a parameter in ``numbers`` (its argument is a number, every
    other binding of it a counted definition: the argument holds where none reaches)."""

    def __init__(self, analysis, reaching, counted, numbers=()):
        self.reaching, self.counted, self.numbers = reaching, counted, frozenset(numbers)
        made = [op for op in analysis.order if op.target is not None
                and op.kind not in ("store", "append") and isinstance(op.stmt, gast.Assign)]
        self.defs = {S.key(op.stmt) for op in made if binds_number(op)}
        # arithmetic of numbers (``a = s * 0.5``, ``c = b``, ``max(a, b)``) is a number: the
        # greatest set of such definitions whose operands hold numbers wherever they run
        # (each run reads what earlier runs of definitions in the set made: by induction)
        maybe = {S.key(op.stmt): op for op in made if _of_operands(op)}
        self.defs |= set(maybe)
        dropped = True
        while dropped:
            dropped = False
            for key, op in list(maybe.items()):
                if not all(self._atom(n, op.stmt) for n in _operands(op.stmt.value)):
                    del maybe[key]
                    self.defs.discard(key)
                    dropped = True

    def _atom(self, node, stmt):
        if isinstance(node, gast.Constant):
            return type(node.value) in (int, float, bool)
        return isinstance(node, gast.Name) and self.holds_number(node.id, stmt)

    def holds_number(self, name, stmt):
        """Does ``name`` certainly hold a number just before ``stmt`` runs?"""
        reach = self.reaching.get(S.key(stmt))
        if reach is None:
            return False
        defs = reach.get(name, ())
        if name not in self.numbers and (name not in self.counted or not defs):
            return False
        return all(d in self.defs for d in defs)

    def read_as_number(self, name, statements):
        """Does each of ``statements`` (those that made a name share ``name``'s object, or
        put it into a container) read ``name`` where it holds a number? Then what they made
        shares no memory with any object ``name`` holds elsewhere (a number is not one an
        in-place change can reach)."""
        return bool(statements) and all(
            name in {n.id for n in gast.walk(m) if isinstance(n, gast.Name)
                     and isinstance(n.ctx, gast.Load)} and self.holds_number(name, m)
            for m in statements)


def closure(names, edges):
    group = set(names)
    changed = True
    while changed:
        changed = False
        for a, b in edges:
            if (a in group) != (b in group):
                group |= {a, b}
                changed = True
    return group



def bound_by_definitions(fn, parameters=False):
    """The names every binding of which is a definition reaching.py counts (a plain
    ``name = ...`` or a ``for name in ...`` of ``fn``'s own body): not a parameter, nor
    bound another way (``+=``, a tuple target, ``with ... as``, ``global``, a nested
    function's own or a nested ``def``), so the definitions reaching a statement are
    every object the name may hold there (Python raises for a read before binding).
    ``parameters``: a parameter's binding by the call counts too (a parameter no
    definition reaches holds its argument)."""
    counted, other = set(), set()
    args = fn.args
    names = [a.id for a in args.args + args.posonlyargs + args.kwonlyargs
             if isinstance(a, gast.Name)]
    (counted if parameters else other).update(names)
    other.update(a.id for a in (args.vararg, args.kwarg) if isinstance(a, gast.Name))
    nested = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)
    stack = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, nested):
            if getattr(node, "name", None):
                other.add(node.name)
            other.update(n.id for n in gast.walk(node) if isinstance(n, gast.Name)
                         and isinstance(n.ctx, (gast.Store, gast.Del)))
            continue
        if isinstance(node, (gast.Global, gast.Nonlocal)):
            other.update(node.names)
        if isinstance(node, gast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], gast.Name):
            counted.add(node.targets[0].id)
            stack.append(node.value)
            continue
        if isinstance(node, gast.For) and isinstance(node.target, gast.Name):
            counted.add(node.target.id)
            stack.extend([node.iter, *node.body, *node.orelse])
            continue
        if isinstance(node, gast.Name) and isinstance(node.ctx, (gast.Store, gast.Del)):
            other.add(node.id)
        if isinstance(node, gast.ExceptHandler) and isinstance(node.name, gast.Name):
            other.add(node.name.id)
        stack.extend(dataflow.children(node))  # (gast.iter_child_nodes', faster)
    return counted - other


# NumPy functions that are not ufuncs but whose value for numbers, or for arrays they reduce
# to one number, is a NumPy scalar (immutable), never a 0-d array
_SCALAR_VALUED = frozenset({
    np.sum, np.mean, np.prod, np.max, np.min, np.amax, np.amin, np.var, np.std, np.ptp,
    np.nansum, np.nanmean, np.nanprod, np.nanmax, np.nanmin, np.nanvar, np.nanstd,
    np.median, np.nanmedian, np.average, np.percentile, np.quantile, np.trace, np.dot,
    np.vdot, np.inner, np.einsum, np.interp, np.linalg.norm, np.linalg.det, np.around,
    np.round, np.clip})
_NUMBER_MODULES = ("math", "cmath", "_operator", "operator", "builtins")


def zero_d_made(analysis, summaries):
    """The names of rank 0 that a statement may bind to a new 0-d array
    (:func:`may_make_zero_d`; ``summaries``: aliasing.py's, ``id(op) -> Summary`` of calls
    of user functions)."""
    return {op.target for op in analysis.order if op.target is not None
            and op.kind not in ("store", "append") and analysis.ranks.get(op.target) == 0
            and may_make_zero_d(op, summaries)}


def may_make_zero_d(op, summaries):
    """May ``op`` bind its target to a new 0-d ndarray where the facts say a number (rank
    0)? Such an array is mutable: ``y += v`` changes it in place, seen through every name
    sharing it (``z = y``). A user function's value may be one when it is a new object
    (its summary says it shares no argument; one that may share an argument is a 0-d
    array where that argument is one: sharing.py follows the argument), and so may NumPy's
    functions that are not ufuncs (``np.where(x > 0, x, 0.0)``, ``np.select``, ``np.copy``
    of a float, ``np.zeros(())``); ufuncs, operators, ``math``, builtins and
    ``_SCALAR_VALUED`` make numbers. (Saying yes costs only a check: sharing.py's
    ``may_be_array``.)"""
    if op.kind == "call":
        found = summaries.get(id(op))
        return found is not None and not found.returns
    f = op.func
    if op.kind not in ("prim", "const", "unknown") or f is None:
        return False
    if isinstance(f, np.ufunc) or f in (float, int, complex, bool) or (
            isinstance(f, type) and issubclass(f, np.generic)):
        return False
    try:
        if f in _SCALAR_VALUED:
            return False
    except TypeError:  # (unhashable)
        return True
    return getattr(f, "__module__", None) not in _NUMBER_MODULES
