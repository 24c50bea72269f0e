"""``math`` functions and ``**`` for ``backend="numba"`` that fail where Python fails.

numba computes ``math.sqrt(-1.0)`` as NaN, ``math.log(0.0)`` as -inf and
``math.exp(1000.0)`` as inf, where Python raises ValueError or OverflowError (and so do
the function and the NumPy backend's gradient, which calls the same ``math`` function);
and numba computes ``2 ** -1`` of two ints as the int 0, where Python gives 0.5 (a wrong
gradient: red38). The generated code's calls of the ``math`` functions below are
rewritten to the versions here (:func:`rewrite`), which raise as CPython does:

- CPython's ``math_1`` rule: a NaN result of an argument that is not NaN raises
  ValueError ("math domain error"); an infinite result of a finite argument raises
  OverflowError for the functions that overflow (``exp``, ``expm1``, ``cosh``, ``sinh``)
  and ValueError for the others (``log(0.0)``, ``atanh(1.0)``, ``log1p(-1.0)``);
- ``math.log(x, base)``: ValueError as ``log`` for either, ZeroDivisionError for base 1;
- ``math.pow(x, y)`` of finite numbers: NaN raises ValueError; infinity raises ValueError
  for ``x == 0`` and OverflowError otherwise;
- ``a ** b`` (:func:`power`) of two ints with ``b < 0``: Python's result is a float, which
  numba's typing (one type per expression) cannot give, and NumPy's int64 raises; it
  raises SrcdiffError (a refusal at run time, never the int 0). ``a ** b`` and ``a << b``
  (:func:`shift_left`) of ints whose result may pass int64 (Python's ints grow, numba's
  wrap around: ``10 ** 19``) raise SrcdiffError too (from 2**62, by a float estimate).
  Other operands compute ``a ** b`` and ``a << b`` as before. ``+``, ``-``, ``*``,
  ``//``, unary ``-``, ``abs`` and ``int()`` of ints: numba_ints.py (:func:`rewrite`
  calls it).

Invariant: each function returns numba's ``math`` result unchanged where it does not
raise; tests/soundness/test_numba_math_errors.py checks the errors and the values.
"""

import ast
import math

from srcdiff.compiler.emit import numba_ints
from srcdiff.compiler.emit.numba_helpers import njit, numba, overload, types
from srcdiff.errors import SrcdiffError

# math functions whose infinite results of finite arguments are OverflowError
OVERFLOWING = ("exp", "expm1", "cosh", "sinh")
# the others that raise ValueError (functions of ``math`` not here never raise on floats)
DOMAINS = ("sqrt", "log", "log10", "log2", "log1p", "acos", "asin", "acosh", "atanh",
           "sin", "cos", "tan")
NEGATIVE_POWER = ("backend='numba' cannot raise an int to a negative int power: Python's "
                  "result is a float, numba's the int 0 (NumPy's int64 raises ValueError); "
                  "make an operand a float, or use backend='numpy'")
INT_RANGE = ("backend='numba': an int power or left shift reaches 2**62 (Python's ints "
             "grow, numba's int64 wraps around); make an operand a float, or use "
             "backend='numpy'")
BIG = 2.0 ** 62  # (a float power below it is an int power below 2**63: int64 holds it)


def _checked(x, r, overflows):
    """``r``, the result of a ``math`` function of ``x``, or CPython's ``math_1`` error."""
    if r != r and x == x:
        raise ValueError("math domain error")
    if math.isinf(r) and math.isfinite(x):
        if overflows:
            raise OverflowError("math range error")
        raise ValueError("math domain error")
    return r


def _domain(x, r):
    return _checked(x, r, False)


def _range(x, r):
    return _checked(x, r, True)


def math_exp(x): return _range(x, math.exp(x))
def math_expm1(x): return _range(x, math.expm1(x))
def math_cosh(x): return _range(x, math.cosh(x))
def math_sinh(x): return _range(x, math.sinh(x))
def math_sqrt(x): return _domain(x, math.sqrt(x))
def math_log10(x): return _domain(x, math.log10(x))
def math_log2(x): return _domain(x, math.log2(x))
def math_log1p(x): return _domain(x, math.log1p(x))
def math_acos(x): return _domain(x, math.acos(x))
def math_asin(x): return _domain(x, math.asin(x))
def math_acosh(x): return _domain(x, math.acosh(x))
def math_atanh(x): return _domain(x, math.atanh(x))
def math_sin(x): return _domain(x, math.sin(x))
def math_cos(x): return _domain(x, math.cos(x))
def math_tan(x): return _domain(x, math.tan(x))


def math_log(x, base=None):
    """``math.log(x)`` or ``math.log(x, base)`` (a stub: numba's version is below)."""


def math_pow(x, y):
    r = math.pow(x, y)
    if math.isfinite(x) and math.isfinite(y):
        if r != r:
            raise ValueError("math domain error")
        if math.isinf(r):
            if x == 0:
                raise ValueError("math domain error")
            raise OverflowError("math range error")
    return r


def power(a, b):
    """``a ** b`` (a stub: numba's version is below)."""


def shift_left(a, b):
    """``a << b`` (a stub: numba's version is below)."""


NAMES = ("math_pow",) + tuple(f"math_{f}" for f in OVERFLOWING + DOMAINS if f != "log")
_PLAIN = {name: globals()[name] for name in NAMES}

if numba is not None:
    _checked = njit(_checked)
    _domain = njit(_domain)
    _range = njit(_range)
    for _name, _fn in _PLAIN.items():
        globals()[_name] = njit(_fn)

    @overload(math_log)
    def _math_log(x, base=None):
        if base is None or isinstance(base, (types.NoneType, types.Omitted)):
            return lambda x, base=None: _domain(x, math.log(x))

        def with_base(x, base=None):
            num = _domain(x, math.log(x))
            den = _domain(base, math.log(base))
            if den == 0:
                raise ZeroDivisionError("float division by zero")
            return num / den
        return with_base

    @overload(power, prefer_literal=True)
    def _power(a, b):
        ints = (types.Integer, types.Boolean)
        if (isinstance(b, types.IntegerLiteral) and b.literal_value == 2
                and isinstance(a, types.Array) and isinstance(a.dtype, types.Float)):
            # ``x ** 2`` of a float array, the exponent written in the source: NumPy's
            # square (its power's fast path for 2), exactly; numba's array ``**`` of an
            # int exponent it does not see calls pow per entry (4x slower on nbody)
            return lambda a, b: a * a
        if isinstance(a, ints) and isinstance(b, ints):
            def of_ints(a, b):
                if b < 0:
                    raise SrcdiffError(NEGATIVE_POWER)
                if not -BIG < float(a) ** b < BIG:
                    raise SrcdiffError(INT_RANGE)
                return a ** b
            return of_ints
        return lambda a, b: a ** b

    @overload(shift_left)
    def _shift_left(a, b):
        if isinstance(a, types.Integer) and isinstance(b, types.Integer):
            def of_ints(a, b):
                if b < 0:
                    raise ValueError("negative shift count")
                if a != 0 and (b >= 62 or not -BIG < float(a) * 2.0 ** b < BIG):
                    raise SrcdiffError(INT_RANGE)
                return a << b
            return of_ints
        return lambda a, b: a << b


def helpers():
    """The functions :func:`rewrite` calls, by name."""
    out = {name: globals()[name] for name in NAMES}
    out.update(math_log=math_log, power=power, shift_left=shift_left)
    out.update(numba_ints.helpers())
    return out


def rewrite(tree):
    """``math.f(...)`` of the functions above as ``math_f(...)`` and ``a ** b`` as
    ``power(a, b)``, in place."""
    checked = set(OVERFLOWING + DOMAINS + ("pow",))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "math"
                and node.func.attr in checked and not node.keywords):
            node.func = ast.Name(id=f"math_{node.func.attr}", ctx=ast.Load())
    numba_ints.rewrite(tree)
    return _Powers().visit(tree)


_CHECKED_OPS = {ast.Pow: "power", ast.LShift: "shift_left"}


class _Powers(ast.NodeTransformer):
    def visit_AugAssign(self, node):
        self.generic_visit(node)
        helper = _CHECKED_OPS.get(type(node.op))
        if helper is None:
            return node
        read = ast.parse(ast.unparse(node.target), mode="eval").body
        return ast.Assign(targets=[node.target], value=ast.Call(
            func=ast.Name(id=helper, ctx=ast.Load()), args=[read, node.value], keywords=[]))

    def visit_BinOp(self, node):
        self.generic_visit(node)
        helper = _CHECKED_OPS.get(type(node.op))
        if helper is None:
            return node
        return ast.Call(func=ast.Name(id=helper, ctx=ast.Load()),
                        args=[node.left, node.right], keywords=[])
