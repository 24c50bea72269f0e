"""Python and NumPy operations numba does not compile for some argument types, which
generated gradients use, with their Python/NumPy meaning (``backend="numba"``):

- ``np.clip(a, lo, hi)`` of three numbers (numba's takes arrays): numba_emit.py writes
  every ``np.clip(a, lo, hi)`` as ``clip_of(a, lo, hi)``, numba's ``np.clip`` of arrays,
  and of numbers NumPy's definition ``minimum(maximum(a, lo), hi)`` (NaN propagated,
  ``hi`` when ``lo > hi``).
- ``r[k]`` of a ``range`` object ``r`` (the reverse sweep of ``for i in reversed(range(n))``
  reads ``range1[k]``): an overload of ``operator.getitem`` for numba's range type and an
  integer, ``r.start + k * r.step``, a negative ``k`` counted from the end, IndexError out
  of range (Python's). numba has no ``getitem`` of a range; the overload adds one for the
  whole process, Python's.

Invariant: each gives the value Python/NumPy give; tests/numba/test_numba_fuzz_causes.py
checks them through gradients against the NumPy backend and finite differences, and the
values and errors of ``range`` indexing against Python's.
"""

import ast
import operator

import numpy as np

from srcdiff.compiler.emit.numba_helpers import _num, overload, types


def clip_of(a, lo, hi):
    """``np.clip(a, lo, hi)`` (module docstring)."""


@overload(clip_of)
def _clip_of(a, lo, hi):
    if _num(a) and _num(lo) and _num(hi):
        return lambda a, lo, hi: np.minimum(np.maximum(a, lo), hi)
    return lambda a, lo, hi: np.clip(a, lo, hi)


@overload(operator.getitem)
def _range_item(r, k):
    if not (isinstance(r, types.RangeType) and isinstance(k, types.Integer)):
        return None

    def item(r, k):
        n = len(r)
        j = k + n if k < 0 else k
        if j < 0 or j >= n:
            raise IndexError("range object index out of range")
        return r.start + j * r.step
    return item


def list_indices(fn, helper_names):
    """``x[[i, j]]`` and ``items = [i, j]`` read only as an index (``x[items]``), saved on
    ``_stack`` or passed to a helper (``last_writes(b, items)``) as ``np.array([i, j])``:
    numba indexes with an integer array, not a list; NumPy indexes with a list as with the
    array of its entries (advanced indexing), so ``x[items]``, read or written, means the
    same. A list name read any other way (``len``, ``+``, a loop) stays a list."""
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
