"""Python and NumPy operations numba does not compile for some argument types, which
generated gradients use, with their Python/NumPy meaning (``backend="numba"``):

- ``np.clip(a, lo, hi)`` of three numbers (numba's takes arrays): numba_emit.py writes
  every ``np.clip(a, lo, hi)`` as ``clip_of(a, lo, hi)``, numba's ``np.clip`` of arrays,
  and of numbers NumPy's definition ``minimum(maximum(a, lo), hi)`` (NaN propagated,
  ``hi`` when ``lo > hi``).
- ``np.where(c, a, b)`` of three numbers (numba's gives a 0-d array, which it will not
  unify with a number; NumPy's 0-d array computes as its number, and ``p *= np.where(...)``
  leaves ``p`` a number): numba_emit.py writes every three-argument ``np.where`` as
  ``where_of(c, a, b)``, numba's ``np.where`` of arrays, and of numbers ``a if c else b``
  (NumPy's choice: ``c`` true when nonzero, NaN included) in NumPy's result type.
- ``np.full((), v)`` and ``np.copy(v)`` of a number (0-d arrays in numba and NumPy; NumPy's
  compute as their number, a name holding one never shared: analysis/objects.py
  may_make_zero_d refuses that): ``full_of`` gives ``v`` itself for the shape ``()``,
  ``copy_of`` a number itself; of arrays numba's ``np.full`` and ``np.copy``.
- ``np.expand_dims(v, axis)`` of a number (a 0-d array in NumPy, whose axis 0 or -1 gives
  shape ``(1,)``; numba's takes arrays only): ``expand_dims_of``, ``np.full(1, v)`` of a
  number (another axis: NumPy's AxisError, a ValueError), numba's ``np.expand_dims`` else.
- ``r[k]`` of a ``range`` object ``r`` (the reverse sweep of ``for i in reversed(range(n))``
  reads ``range1[k]``): an overload of ``operator.getitem`` for numba's range type and an
  integer, ``r.start + k * r.step``, a negative ``k`` counted from the end, IndexError out
  of range (Python's; numba_pieces._position, as for an index array's entry). numba has
  no ``getitem`` of a range; the overload adds one for the whole process, Python's.
- ``np.linspace(a, b, n, endpoint=False)`` (numba's takes no ``endpoint``): ``linspace_open``,
  NumPy's formula; ``endpoint=True`` is dropped (numba's default).
- ``float(b)`` of a bool (the gradient of ``math.fabs``): Python's 1.0 or 0.0, an overload
  of ``float`` for numba's bool type (numba has none), for the whole process.

Invariant: each gives the value Python/NumPy give; tests/numba/test_numba_fuzz_causes.py
checks them through gradients against the NumPy backend and finite differences, and the
values and errors of ``range`` indexing against Python's.
"""

import ast
import operator

import numpy as np

from srcdiff.compiler.emit.numba_helpers import _num, overload, types
from srcdiff.compiler.emit.numba_pieces import _position


def clip_of(a, lo, hi):
    """``np.clip(a, lo, hi)`` (module docstring)."""


@overload(clip_of)
def _clip_of(a, lo, hi):
    if _num(a) and _num(lo) and _num(hi):
        return lambda a, lo, hi: np.minimum(np.maximum(a, lo), hi)
    return lambda a, lo, hi: np.clip(a, lo, hi)


def where_of(c, a, b):
    """``np.where(c, a, b)`` (module docstring)."""


@overload(where_of)
def _where_of(c, a, b):
    if _num(c) and _num(a) and _num(b):
        kind = np.result_type(np.dtype(str(a)), np.dtype(str(b))).type
        return lambda c, a, b: kind(a) if c else kind(b)
    return lambda c, a, b: np.where(c, a, b)


def full_of(shape, v):
    """``np.full(shape, v)`` (module docstring)."""


@overload(full_of)
def _full_of(shape, v):
    if isinstance(shape, types.BaseTuple) and len(shape) == 0 and _num(v):
        return lambda shape, v: v
    return lambda shape, v: np.full(shape, v)


def copy_of(a):
    """``np.copy(a)`` (module docstring)."""


@overload(copy_of)
def _copy_of(a):
    if _num(a):
        return lambda a: a
    return lambda a: np.copy(a)


def expand_dims_of(a, axis):
    """``np.expand_dims(a, axis)`` (module docstring)."""


@overload(expand_dims_of)
def _expand_dims_of(a, axis):
    if _num(a) and isinstance(axis, types.Integer):
        def number(a, axis):
            if axis != 0 and axis != -1:
                raise ValueError("srcdiff: np.expand_dims of a number takes axis 0 or -1")
            return np.full(1, a)
        return number
    return lambda a, axis: np.expand_dims(a, axis)


@overload(operator.getitem)
def _range_item(r, k):
    if not (isinstance(r, types.RangeType) and isinstance(k, types.Integer)):
        return None
    return lambda r, k: r.start + _position(k, len(r)) * r.step


@overload(float)
def _float_of_bool(v):
    # Python's float of a bool, 1.0 or 0.0 (math_rules' gradient of math.fabs is
    # ``float(x > 0.0) - float(x < 0.0)``; numba has no float of a bool)
    if isinstance(v, types.Boolean):
        return lambda v: 1.0 if v else 0.0
    return None


def linspace_open(start, stop, num):
    """``np.linspace(start, stop, num, endpoint=False)`` of numbers (numba's np.linspace
    takes no ``endpoint``): NumPy's formula, ``i * step + start`` with ``step = (stop -
    start) / num``, or ``i / num * (stop - start) + start`` where that step is 0."""


@overload(linspace_open)
def _linspace_open(start, stop, num):
    if not (_num(start) and _num(stop) and isinstance(num, types.Integer)):
        return None

    def impl(start, stop, num):
        if num < 0:
            raise ValueError("srcdiff: np.linspace of a negative number of samples")
        out, delta = np.empty(num), stop * 1.0 - start * 1.0
        step = delta / num if num > 0 else 0.0
        for i in range(num):
            out[i] = (i * step if step != 0 else i / num * delta) + start * 1.0
        return out
    return impl


def list_indices(fn, helper_names):
    """``x[[i, j]]`` and ``items = [i, j]`` read only as an index (``x[items]``), saved on
    ``_stack`` or passed to a helper (``last_writes(b, items)``) as ``np.array([i, j])``:
    numba indexes with an integer array, not a list; NumPy indexes with a list as with the
    array of its entries (advanced indexing), so ``x[items]``, read or written, means the
    same. A list name read any other way (``len``, ``+``, a loop) stays a list, and so does
    one passed to ``concat_rows`` (the respelled ``np.concatenate([w[1:], w[:1]])``: arrays
    of different lengths, which ``np.array`` cannot stack; ``stack_rows`` of its array is
    the same array)."""
    helper_names = set(helper_names) - {"concat_rows"}
    def as_array(lst):
        return ast.Call(func=ast.Attribute(value=ast.Name(id="np", ctx=ast.Load()),
                                           attr="array", ctx=ast.Load()),
                        args=[lst], keywords=[])

    def index_list(node):
        return isinstance(node, ast.List) and node.elts and not any(
            isinstance(e, (ast.Starred, ast.Slice)) for e in node.elts)

    lists, index_reads, other_reads = set(), set(), set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Subscript) and index_list(node.slice):
            node.slice = as_array(node.slice)
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and index_list(node.value)):
            lists.add(node.targets[0].id)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name):
            index_reads.add(id(node.slice))
        if isinstance(node, ast.Call) and (ast.unparse(node.func) == "_stack.append" or (
                isinstance(node.func, ast.Name) and node.func.id in helper_names)):
            index_reads.update(id(a) for a in node.args if isinstance(a, ast.Name))
    for node in ast.walk(fn):
        if (isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
                and id(node) not in index_reads):
            other_reads.add(node.id)
    bound_otherwise = {t.id for node in ast.walk(fn) if isinstance(node, ast.Assign)
                       and not index_list(node.value) for t in node.targets
                       if isinstance(t, ast.Name) and not (
                           isinstance(node.value, ast.Constant) and node.value.value is None)
                       and not ast.unparse(node.value).endswith("_stack.pop()")
                       and not ast.unparse(node.value) == f"{t.id}_before"}
    names = lists - other_reads - bound_otherwise
    for node in ast.walk(fn):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id in names
                and index_list(node.value)):
            node.value = as_array(node.value)
