"""Integer arithmetic for ``backend="numba"`` that fails where numba's int64 would wrap.

numba types Python's ints as int64, whose ``+``, ``-``, ``*``, unary ``-`` and ``abs`` wrap
around past 2**63 where CPython's ints grow (a factorial kept in an int past ``20!``, a
binomial coefficient ``c = c * (n - j) // (j + 1)``, a hash ``h = h * 31 + i``: the NumPy
backend's gradient was right, numba's a silently wrong number); ``MIN // -1`` is numba's 0
(CPython's 2**63); ``int(x)``, ``math.floor``/``ceil``/``trunc`` and one-argument
``round`` of an infinite, NaN or out-of-range float are numba's ``-2**63`` where CPython
raises or gives a bigger int. The generated code's operations that may see two ints are
rewritten (:func:`rewrite`) to calls of the overloads here: of two ints (numba's
``Integer`` types that are signed, or bools) they compute the int64 result and raise
SrcdiffError (:data:`OVERFLOW`) where it is not CPython's; ``int(x)`` of a float raises
CPython's ValueError (NaN) and OverflowError (infinity), SrcdiffError past int64.
Other operand types compute the operation as written (the same numba code once inlined):
floats, arrays (NumPy's int64 array arithmetic wraps too; numba's is NumPy's), unsigned
ints (NumPy's rules, as numba's). An augmented assignment of a name keeps its meaning for
arrays (``a += b`` in place).

Not rewritten (the operation stays as written): where the generated code shows that an
operand is a float (:func:`floats`: a float literal, a ``/``, a ``float()`` or a float
``math``/``np`` function, a name every binding of which is such a value, an entry of one:
the adjoints, the loop-carried float state), so most of a gradient's text and machine
code are unchanged; the trip counters of the tapes (``_kN += 1``, ``_kN -= 1``, ``_kN -
1``: numba_tapes.py counts trips of a loop, below 2**63); and augmented assignments of
entries (``counts[i] += 1``: an array's entry, NumPy's wrapping int64, as numba's).

Invariant: each overload returns the plain operation's value wherever it does not raise;
tests/soundness/test_numba_int_overflow.py checks the errors, the values against Python's
ints, and that float code is written as before.
"""

import ast
import re

from srcdiff.compiler.emit import numba_helpers
from srcdiff.compiler.emit.numba_helpers import njit, numba, overload, types
from srcdiff.errors import SrcdiffError

OVERFLOW = ("backend='numba': an int operation's result passes int64 (Python's ints grow, "
            "numba's int64 wraps around); make an operand a float, or use backend='numpy'")
BEYOND = ("backend='numba': int() of a float past int64 (Python's int is exact, numba's "
          "int64 wraps around); use backend='numpy'")
MIN = -(2 ** 63)
_TOP = 2.0 ** 63

# the names the rewritten code calls, by operation
BINARY = {ast.Add: "int_add", ast.Sub: "int_sub", ast.Mult: "int_mul",
          ast.FloorDiv: "int_floordiv"}
AUGMENTED = {ast.Add: "int_iadd", ast.Sub: "int_isub", ast.Mult: "int_imul",
             ast.FloorDiv: "int_ifloordiv"}
# calls of one argument whose int result numba computes from a float without a check
TO_INT = {"int": "int_of", "round": "round_of", "math.floor": "floor_of",
          "math.ceil": "ceil_of", "math.trunc": "trunc_of", "abs": "int_abs"}
# functions whose result is a float (or a float array) whatever the arguments' types
_MATH_FLOATS = ("sqrt", "exp", "expm1", "log", "log10", "log2", "log1p", "sin", "cos",
                "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh",
                "acosh", "atanh", "pow", "fabs", "hypot", "erf", "erfc", "gamma", "lgamma",
                "degrees", "radians", "copysign", "fmod")
FLOAT_CALLS = frozenset(
    {"float", "scalar_seed", "seed", "zeros_tree", "tanh_fast"}  # (numba_helpers.py)
    | {f"math.{f}" for f in _MATH_FLOATS} | {f"math_{f}" for f in _MATH_FLOATS}
    | {f"np.{f}" for f in ("sqrt", "exp", "expm1", "log", "log10", "log2", "log1p", "sin",
                           "cos", "tan", "tanh", "sinh", "cosh", "arctan", "arcsin",
                           "arccos", "arctan2", "hypot", "true_divide", "mean")})
# calls whose result is a float (or float array) when one of their arguments is
FLOAT_IF_ANY = frozenset({"mul_into", "add_into", "power", "add_tree", "np.dot", "matmul_of",
                          "np.outer", "np.maximum", "np.minimum"})
# calls whose result is a float (or float array) when their first argument is: a helper
# returning an array of its first argument's dtype (or that argument), or a float for a
# number; ``tape_get*`` read a tape (:func:`floats`: a tape of floats)
FLOAT_IF_FIRST = frozenset({
    "unbroadcast", "zeros_like_of", "index_add", "sum_rows", "spread", "view_of",
    "reshaped", "max_axis", "min_axis", "broadcast_like", "tape_get", "tape_get_prev",
    "tape_rows", "np.copy", "np.sum", "np.cumsum", "np.transpose", "np.reshape",
    "np.ascontiguousarray", "np.abs", "np.max", "np.min", "np.diff", "np.zeros_like",
    "np.ones_like", "np.full_like", "np.empty_like"})
_COUNTER = re.compile(r"_[kn]\d+\Z")  # numba_tapes.py's trip counters and totals


def _stub(name, arity):
    def stub(*args):
        raise NotImplementedError(f"{name}: compiled by numba only")
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = f"numba_ints.{name} of {arity} operand(s) (an overload below)."
    return stub


_STUBS = {name: _stub(name, 2) for name in (*BINARY.values(), *AUGMENTED.values())}
_STUBS.update({name: _stub(name, 1) for name in (*TO_INT.values(), "int_neg")})
globals().update(_STUBS)


def helpers():
    """The functions :func:`rewrite` calls, by name."""
    return dict(_STUBS)


def _int(t):
    return isinstance(t, types.Boolean) or isinstance(t, types.Integer) and t.signed


if numba is not None:
    import math

    import numpy as np

    def _with_overflow(method):
        """An intrinsic ``(a op b, whether it overflowed)`` of two int64: LLVM's
        ``llvm.s*.with.overflow.i64`` (exact; a check on the wrapped result in Python
        terms is not: numba's ``*`` is ``mul nsw``, and LLVM folded ``(x * y) // x`` to
        ``y``)."""
        def op(typingctx, a, b):
            sig = types.Tuple((types.int64, types.boolean))(types.int64, types.int64)

            def codegen(context, builder, signature, args):
                both = getattr(builder, method)(*args)
                return context.make_tuple(builder, signature.return_type, [
                    builder.extract_value(both, 0), builder.extract_value(both, 1)])
            return sig, codegen
        op.__name__ = method
        return numba.extending.intrinsic(op)

    _sadd = _with_overflow("sadd_with_overflow")
    _ssub = _with_overflow("ssub_with_overflow")
    _smul = _with_overflow("smul_with_overflow")

    def _raising(op):
        def checked(a, b):
            r, over = op(np.int64(a), np.int64(b))
            if over:
                raise SrcdiffError(OVERFLOW)
            return r
        return checked

    def _floordiv(a, b):
        x, y = np.int64(a), np.int64(b)
        if x == MIN and y == -1:
            raise SrcdiffError(OVERFLOW)
        return x // y

    _CHECKED = {"add": _raising(_sadd), "sub": _raising(_ssub), "mul": _raising(_smul),
                "floordiv": _floordiv}
    _PLAIN = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b,
              "mul": lambda a, b: a * b, "floordiv": lambda a, b: a // b}

    def _in_place(op):
        def iadd(a, b):
            a += b
            return a

        def isub(a, b):
            a -= b
            return a

        def imul(a, b):
            a *= b
            return a

        def ifloordiv(a, b):
            a //= b
            return a
        return {"add": iadd, "sub": isub, "mul": imul, "floordiv": ifloordiv}[op]

    def _binary(op, in_place):
        checked = _CHECKED[op]
        plain = _in_place(op) if in_place else _PLAIN[op]

        def typer(a, b):
            return checked if _int(a) and _int(b) else plain
        return typer

    def _of_arrays(expr, caller, callee):
        """Inline (numba's IR) where an operand is an array: the plain operation then
        joins the array expression around it (numba fuses ``b * (1.0 - h * h)`` into
        one loop, not across a call)."""
        return any(isinstance(caller.typemap[v.name], types.Array) for v in expr.args)

    def _inlined(stub):
        return numba.extending.overload(stub, inline=_of_arrays,
                                        jit_options={"cache": numba_helpers.CACHE})

    for _op in ("add", "sub", "mul", "floordiv"):
        _inlined(_STUBS[f"int_{_op}"])(_binary(_op, False))
        _inlined(_STUBS[f"int_i{_op}"])(_binary(_op, True))

    @njit
    def _not_min(a):
        """``a`` as an int64 whose negation int64 holds."""
        x = np.int64(a)
        if x == MIN:
            raise SrcdiffError(OVERFLOW)
        return x

    @_inlined(_STUBS["int_neg"])
    def _int_neg(a):
        if _int(a):
            return lambda a: -_not_min(a)
        return lambda a: -a

    @_inlined(_STUBS["int_abs"])
    def _int_abs(a):
        if _int(a):
            return lambda a: abs(_not_min(a))
        return lambda a: abs(a)

    def _float_to_int(fn):
        def typer(x):
            if isinstance(x, types.Float):
                def of_float(x):
                    if x != x:
                        raise ValueError("cannot convert float NaN to integer")
                    if math.isinf(x):
                        raise OverflowError("cannot convert float infinity to integer")
                    if not -_TOP <= x < _TOP:
                        raise SrcdiffError(BEYOND)
                    return fn(x)
                return of_float
            return lambda x: fn(x)
        return typer

    overload(_STUBS["int_of"])(_float_to_int(int))
    overload(_STUBS["round_of"])(_float_to_int(round))
    overload(_STUBS["floor_of"])(_float_to_int(math.floor))
    overload(_STUBS["ceil_of"])(_float_to_int(math.ceil))
    overload(_STUBS["trunc_of"])(_float_to_int(math.trunc))


# ----------------------------------------------------------------- the rewrite

def floats(fn):
    """The names of ``fn`` that hold floats (or float arrays) whatever its arguments'
    types: bound only by plain or augmented assignments of float values
    (:func:`is_float`), the largest such set (a loop's ``s = s + x[i] * w`` with ``s =
    0.0`` first: float by induction over the bindings)."""
    return kinds(fn)[0]


def kinds(fn):
    """``(floats, others)``: the names of ``fn`` that hold floats (:func:`floats`), and
    those that hold no Python int (:func:`no_int`: floats, arrays, lists, tuples, NumPy's
    own numbers), each the largest set whose every binding is such a value."""
    bindings = _bindings(fn)
    known = _largest(bindings, lambda v, names: is_float(v, names))
    others = _largest(bindings, lambda v, names: no_int(v, known, names))
    return known, others


def _largest(bindings, holds):
    names = set(bindings)
    changed = True
    while changed:
        changed = False
        for name in list(names):
            if not all(holds(v, names) for v in bindings[name]):
                names.discard(name)
                changed = True
    return names


def _bindings(fn):
    """The values each name of ``fn`` is bound to, for names bound only by plain or
    augmented assignments (and tapes, by ``tape_alloc`` and ``tape_put``)."""
    bindings, other, plain = {}, set(), set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            for t in node.targets:
                bindings.setdefault(t.id, []).append(node.value)
                plain.add(id(t))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            bindings.setdefault(node.target.id, []).append(
                ast.BinOp(left=node.target, op=node.op, right=node.value))
            plain.add(id(node.target))
        elif (isinstance(node, ast.Call) and ast.unparse(node.func) == "tape_put"
              and len(node.args) == 3 and isinstance(node.args[0], ast.Name)):
            # a row stored into a tape: a tape of floats holds only floats
            bindings.setdefault(node.args[0].id, []).append(ast.Call(
                func=ast.Name(id="tape_alloc", ctx=ast.Load()),
                args=[ast.Constant(value=0), node.args[2]], keywords=[]))
    for node in ast.walk(fn):  # (any other binding: a loop's target, an unpacking, ...)
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) \
                and id(node) not in plain:
            other.add(node.id)
        elif isinstance(node, ast.arg):
            other.add(node.arg)
    return {k: v for k, v in bindings.items() if k not in other}



def is_float(e, known):
    """Whether ``e`` is a float (or an array of floats) whatever the types of the names
    not in ``known`` (names that hold floats)."""
    if isinstance(e, ast.Constant):
        return isinstance(e.value, (float, complex))
    if isinstance(e, ast.Name):
        return e.id in known
    if isinstance(e, ast.BinOp):
        if isinstance(e.op, ast.Div):
            return True
        if isinstance(e.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow,
                             ast.MatMult)):
            return is_float(e.left, known) or is_float(e.right, known)
        return False
    if isinstance(e, ast.UnaryOp):
        return isinstance(e.op, (ast.USub, ast.UAdd)) and is_float(e.operand, known)
    if isinstance(e, ast.IfExp):
        return is_float(e.body, known) and is_float(e.orelse, known)
    if isinstance(e, ast.Subscript):
        return is_float(e.value, known)
    if isinstance(e, ast.Attribute):
        return e.attr == "T" and is_float(e.value, known)
    if isinstance(e, ast.Call):
        name = ast.unparse(e.func)
        if name in FLOAT_CALLS:
            return True
        if name in ("np.zeros", "np.ones", "np.empty") and not e.keywords:
            return True
        if name == "tape_alloc" and len(e.args) == 2:
            return is_float(e.args[1], known)
        if name == "tape_get_entry" and len(e.args) == 3:
            return is_float(e.args[0], known) and is_float(e.args[2], known)
        if name in FLOAT_IF_FIRST:
            return bool(e.args) and is_float(e.args[0], known)
        return name in FLOAT_IF_ANY and any(is_float(a, known) for a in e.args)
    return False


# NumPy's functions whose results are Python ints
_NP_INTS = ("np.size", "np.ndim")
# helpers whose results are arrays whatever their arguments
_ARRAYS = ("index_add", "tape_alloc", "tape_rows", "concat_rows", "stack_rows",
           "matmul_of", "matmul_lhs", "matmul_rhs")  # (the last three: ``@``, numba_broadcast.py)


def no_int(e, known, others):
    """Whether ``e`` is no Python int whatever the types of the names not in ``known``
    (floats) or ``others`` (no Python ints): a float (:func:`is_float`), an array, list or
    tuple (a slice, a display, ``.shape``, an operation with one), or a NumPy result (an
    ``np`` call, ``@``: its ints are NumPy's, which wrap in CPython as in numba)."""
    if is_float(e, known):
        return True
    if isinstance(e, ast.Name):
        return e.id in others
    if isinstance(e, (ast.Tuple, ast.List, ast.ListComp)):
        return True
    if isinstance(e, ast.Subscript):
        index = e.slice.elts if isinstance(e.slice, ast.Tuple) else [e.slice]
        return any(isinstance(i, ast.Slice) or isinstance(i, ast.Constant)
                   and i.value in (None, Ellipsis) for i in index)
    if isinstance(e, ast.BinOp):
        return isinstance(e.op, ast.MatMult) or isinstance(
            e.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Pow)) and (
            no_int(e.left, known, others) or no_int(e.right, known, others))
    if isinstance(e, ast.UnaryOp):
        return isinstance(e.op, (ast.USub, ast.UAdd)) and no_int(e.operand, known, others)
    if isinstance(e, ast.IfExp):
        return no_int(e.body, known, others) and no_int(e.orelse, known, others)
    if isinstance(e, ast.Attribute):
        return e.attr in ("T", "shape")
    if isinstance(e, ast.Call):
        name = ast.unparse(e.func)
        return name in _ARRAYS or name.startswith("np.") and name not in _NP_INTS
    return False


def _exempt(op, left, right):
    """Whether ``left op right`` needs no check: a trip counter stepped by one, or two int
    literals whose result (Python's, computed here) int64 holds."""
    if (isinstance(left, ast.Name) and _COUNTER.match(left.id)
            and isinstance(right, ast.Constant) and right.value == 1):
        return True
    if not all(isinstance(e, ast.Constant) and type(e.value) is int for e in (left, right)):
        return False
    try:
        value = {ast.Add: int.__add__, ast.Sub: int.__sub__, ast.Mult: int.__mul__,
                 ast.FloorDiv: int.__floordiv__}[type(op)](left.value, right.value)
    except ZeroDivisionError:
        return True  # (numba raises it too)
    return MIN <= value < -MIN


def _call(name, *args):
    return ast.Call(func=ast.Name(id=name, ctx=ast.Load()), args=list(args), keywords=[])


class _Ints(ast.NodeTransformer):
    def __init__(self, fn):
        self.known, self.others = kinds(fn)

    def _maybe_int(self, *operands):
        return not any(no_int(e, self.known, self.others) for e in operands)

    def visit_BinOp(self, node):
        # (decided on the operands as written, before their own rewrite)
        name = BINARY.get(type(node.op))
        checked = (name is not None and self._maybe_int(node.left, node.right)
                   and not _exempt(node.op, node.left, node.right))
        self.generic_visit(node)
        return _call(name, node.left, node.right) if checked else node

    def visit_UnaryOp(self, node):
        checked = isinstance(node.op, ast.USub) and self._maybe_int(node.operand) \
            and not isinstance(node.operand, ast.Constant)
        self.generic_visit(node)
        return _call("int_neg", node.operand) if checked else node

    def visit_AugAssign(self, node):
        name = AUGMENTED.get(type(node.op))
        checked = (name is not None and isinstance(node.target, ast.Name)
                   and self._maybe_int(node.target, node.value)
                   and not _exempt(node.op, node.target, node.value))
        self.generic_visit(node)
        if not checked:
            return node
        read = ast.Name(id=node.target.id, ctx=ast.Load())
        return ast.Assign(targets=[node.target], value=_call(name, read, node.value))

    def visit_Call(self, node):
        name = TO_INT.get(ast.unparse(node.func))
        checked = (name is not None and len(node.args) == 1 and not node.keywords
                   and not isinstance(node.args[0], ast.Starred)
                   and (name != "int_abs" or self._maybe_int(node.args[0])))
        self.generic_visit(node)
        if checked:
            node.func = ast.Name(id=name, ctx=ast.Load())
        return node


def rewrite(tree):
    """The int-capable operations of ``tree``'s functions as calls of the overloads above
    (in place)."""
    for fn in [n for n in tree.body if isinstance(n, ast.FunctionDef)]:
        _Ints(fn).visit(fn)
    return tree
