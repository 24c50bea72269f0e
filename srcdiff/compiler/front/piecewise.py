"""Part of stage 2, before the lowering: ``np.piecewise(x, condlist, funclist)`` as the loop
NumPy runs (numpy/lib/_function_base_impl.py), written out before the statement::

    px = np.asarray(x)   # (np.asanyarray in NumPy: the same for ndarrays)
    pc = piecewise_conditions(px, condlist, len(funclist))   # a constant (assembly_rules.py)
    py = np.zeros_like(px)
    if np.any(pc[0]):                     # a function: called on the selected elements
        py = masked_put(py, pc[0], f0(px[pc[0]]))
    py = masked_put(py, pc[1], 0.5)       # a number: stored
    ...

and the statement reads ``py``. ``masked_put(y, c, v)`` is ``y[c] = v`` as a value, with
rules (refused when ``x`` holds integers: NumPy truncates the values into them).

Lowered only where each function is known when compiling, so that the call reaches what
NumPy calls: ``funclist`` is a list or tuple display whose entries are lambdas of one
parameter (bound to a fresh name right there, then called, as ``functools.reduce``'s are,
maps.py), expressions naming a function (``np.sin``, a module-level ``def``) or numbers,
and the call has no ``*args``/``**kw`` and nothing starred. Any other form is left as it is
(a differentiated one is then refused: np.piecewise has no rule).

The call moves before its statement, so it is lowered where that changes nothing: it is
the value of an assignment or a ``return``, or inside one whose
other calls are NumPy's (not ``np.random``) and ``math``'s functions or pure builtins, with
no ``:=``, and not inside a lambda, comprehension, conditional expression or ``and``/``or``
(which may not evaluate it).
"""

import builtins
import math
import numbers

import gast
import numpy as np

from srcdiff.compiler.front.maps import lower_inner_blocks
from srcdiff.compiler.front.parse import MISSING
from srcdiff.compiler.front.writes import mutates_first_argument, writes_by_keyword
from srcdiff.compiler.ir import dataflow
from srcdiff.compiler.ir import syntax as S
from srcdiff.rules.assembly_rules import masked_put, piecewise_conditions

_PURE_BUILTINS = {abs, len, float, int, sum, min, max, round, bool, range, list, tuple, zip,
                  enumerate}
_GUARDS = (gast.Lambda, gast.ListComp, gast.SetComp, gast.DictComp, gast.GeneratorExp,
           gast.IfExp, gast.BoolOp)


def lower_piecewise(parsed, body, names):
    """``body`` with the calls of ``np.piecewise`` the module docstring describes lowered
    (new statements; ``body`` itself when there is none)."""
    if not any(isinstance(n, gast.Attribute) and n.attr == "piecewise"
               or isinstance(n, gast.Name) and n.id == "piecewise"
               for s in body for n in dataflow.nodes(s)):
        return body
    return _Lowering(parsed, names).block([S.copy(s) for s in body])


class _Lowering:
    def __init__(self, parsed, names):
        self.parsed, self.names = parsed, names

    def block(self, body):
        out = []
        for s in body:
            lower_inner_blocks(s, self.block)
            if isinstance(s, (gast.Assign, gast.Return)) and s.value is not None:
                out += self.statement(s)
            out.append(s)
        return out

    def is_piecewise(self, node):
        return isinstance(node, gast.Call) and self.parsed.callee(node.func) is np.piecewise

    def statement(self, s):
        """The statements computing each eligible piecewise call of ``s``, in order; the
        calls replaced by the names holding their values."""
        calls = [n for n in dataflow.nodes(s.value) if self.is_piecewise(n)
                 and self.eligible(n)]
        if not calls or (s.value is not calls[0] or len(calls) > 1) and not self.movable(s):
            return []
        before = []
        for call in calls:
            if any(call in set(dataflow.nodes(other)) for other in calls if other is not call):
                return []  # (a piecewise call in another's arguments: left as it is)
        for call in calls:
            before += self.lowered(call, s)
        return before

    def eligible(self, call):
        if len(call.args) != 3 or call.keywords or any(isinstance(a, gast.Starred)
                                                       for a in call.args):
            return False
        funcs = call.args[2]
        return isinstance(funcs, (gast.List, gast.Tuple)) and bool(funcs.elts) and all(
            self.kind(f) is not None for f in funcs.elts)

    def kind(self, f):
        """"lambda", "function" or "number" for an entry of ``funclist``; None otherwise."""
        if isinstance(f, gast.Lambda):
            a = f.args
            if len(a.args) == 1 and not (a.vararg or a.kwarg or a.kwonlyargs or a.defaults
                                         or getattr(a, "posonlyargs", None)):
                return "lambda"
            return None
        number = f.operand if isinstance(f, gast.UnaryOp) and isinstance(
            f.op, (gast.USub, gast.UAdd)) else f
        if isinstance(number, gast.Constant) and isinstance(number.value, numbers.Number) \
                and not isinstance(number.value, (bool, complex)):
            return "number"
        obj = self.parsed.resolve(f) if isinstance(f, (gast.Name, gast.Attribute)) else None
        if obj is not None and obj is not MISSING and callable(obj) \
                and not isinstance(obj, type):
            return "function"
        return None

    def movable(self, s):
        """Whether the piecewise calls of ``s`` may run before the rest of its value: its
        other calls have no effects, nothing is bound in it, and each piecewise call is
        evaluated whenever the statement is (see the module docstring)."""
        inside = {id(m) for n in dataflow.nodes(s.value) if self.is_piecewise(n)
                  for m in dataflow.nodes(n) if m is not n}  # (evaluated first either way)
        for n in dataflow.nodes(s.value):
            if id(n) in inside:
                continue
            if isinstance(n, gast.NamedExpr):
                return False
            if isinstance(n, _GUARDS) and any(self.is_piecewise(m) for m in dataflow.nodes(n)):
                return False
            if isinstance(n, gast.Call) and not self.is_piecewise(n) and not self.pure(n):
                return False
        return True

    def pure(self, call):
        obj = self.parsed.callee(call.func)
        if any(k.arg in ("out", None) for k in call.keywords) or mutates_first_argument(obj) \
                or obj is not MISSING and writes_by_keyword(obj, call):
            return False  # (writes into an array)
        if obj in _PURE_BUILTINS and getattr(builtins, obj.__name__, None) is obj:
            return True
        module = getattr(obj, "__module__", None) or ""
        if obj is math or getattr(math, getattr(obj, "__name__", ""), None) is obj:
            return True
        return (isinstance(obj, np.ufunc) or module.startswith("numpy")) \
            and not module.startswith("numpy.random")

    def lowered(self, call, s):
        x, conds, funcs = call.args
        px, pc, py = (self.names.fresh(k) for k in ("piecewise_x", "piecewise_cond",
                                                    "piecewise"))
        out = [S.assign(px, S.call(self.helper(np.asarray), [x])),
               S.assign(pc, S.call(self.helper(piecewise_conditions), [
                   S.name(px), conds, S.const(len(funcs.elts))]))]
        called = []
        for f in funcs.elts:
            kind = self.kind(f)
            if kind == "lambda":
                fname = self.names.fresh("piece")
                out.append(S.assign(fname, f))
                f = S.name(fname)
            called.append((kind, f))
        out.append(S.assign(py, S.call(self.helper(np.zeros_like), [S.name(px)])))
        for k, (kind, f) in enumerate(called):
            cond = gast.Subscript(value=S.name(pc), slice=S.const(k), ctx=gast.Load())
            if kind == "number":
                out.append(self.put(py, cond, f))
                continue
            selected = gast.Subscript(value=S.name(px), slice=S.copy(cond), ctx=gast.Load())
            test = S.call(self.helper(np.any), [S.copy(cond)])
            out.append(gast.If(test=test, body=[self.put(py, cond, S.call(f, [selected]))],
                               orelse=[]))
        self.replace(s, call, S.name(py))
        return [S.locate(n, s) for n in out]

    def put(self, py, cond, value):
        return S.assign(py, S.call(self.helper(masked_put), [S.name(py), S.copy(cond), value]))

    def helper(self, obj):
        return S.name(self.parsed.bind(obj, self.names))

    @staticmethod
    def replace(s, call, new):
        if s.value is call:
            s.value = new
            return
        for n in dataflow.nodes(s.value):
            for field, value in gast.iter_fields(n):
                if value is call:
                    setattr(n, field, new)
                    return
                if isinstance(value, list) and any(v is call for v in value):
                    value[[v is call for v in value].index(True)] = new
                    return

