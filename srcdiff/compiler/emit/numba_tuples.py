"""numba versions of the helpers that carry the gradient of a called function's tuple of
outputs (``backend="numba"``), on the terms of numba_helpers.py (its docstring).

A called function ``k1x, k1y = rhs(...)`` returns a tuple; the gradient builds its
cotangent entry by entry, ``b = item_add(None, rhs1, 1, g1)``, ``b = item_add(b, rhs1, 0,
g0)``, and the called function's backward sweep reads ``cotangent(grad_ys[0], sub)``. The
NumPy runtime builds a list, ``None`` for an entry no gradient reached yet
(runtime.item_add), which ``cotangent`` reads as zeros (runtime.cotangent). numba types
no list of ``None`` and arrays, but it types a tuple of them, each entry its own type: here
the cotangent is a tuple, ``None`` where the list has ``None``, and each entry holds
exactly what the list's does (``g``, or ``b[k] + g``: runtime.add_tree of two numbers or
arrays). The entry must be a constant (numba types a tuple entry by its position: the
overload asks for the literal), as the generator writes it; anything else (a variable
position, a slice, a list or dict ``x``, nested tuples) has no implementation: refused.
"""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_helpers
from srcdiff.compiler.emit.numba_helpers import _none, _num, numba, overload, types


def _value(t):
    """A number or an array of numbers (what ``b[k] + g`` adds as runtime.add_tree does)."""
    return _num(t) or isinstance(t, types.Array) and t.ndim >= 1 \
        and isinstance(t.dtype, (types.Float, types.Integer))


def cotangent(g, y):
    """The incoming gradient of a called function's output ``y``: zeros for ``None``
    (runtime.cotangent, runtime.zeros_tree of a number or an array)."""


@overload(cotangent)
def _cotangent(g, y):
    if not _none(g):
        return (lambda g, y: g) if _value(g) else None
    if _num(y):
        return lambda g, y: 0.0
    if _value(y) and isinstance(y.dtype, types.Float):
        return lambda g, y: np.zeros_like(y)
    if _value(y):  # (an int array's gradient is float)
        return lambda g, y: np.zeros(y.shape)
    return None


def item_add(b, x, key, g):
    """The gradient of a tuple ``x`` with ``g`` added at the constant position ``key``,
    ``b`` the gradient so far or ``None`` (module docstring; runtime.item_add)."""


def check_keys(fn, where):
    """Refuse, before numba runs, ``item_add`` and ``item_grad`` with a constant key that
    is not an int: the gradient of an entry of a dict (``d["a"]``), which no numba version
    here takes (tuples and lists only: numba types a dict of arrays and ``None`` as no
    container these helpers read). ``where``: numba_emit._Where."""
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("item_add", "item_grad")):
            continue
        key = node.args[2 if node.func.id == "item_add" else 1] if len(node.args) > 2 else None
        if not (isinstance(key, ast.Constant) and type(key.value) is not int):
            continue
        x = node.args[1] if node.func.id == "item_add" else node.args[2]
        if isinstance(x, ast.Name) and x.id in {a.arg for a in fn.args.args}:
            raise where.error("the numba backend does not take a dict as an argument",
                              'pass arrays or numbers, or use backend="numpy" for this '
                              "function")  # (as numba_runner.Runner says it at a call)
        raise where.error(f"the numba backend does not differentiate through the entry "
                          f"{key.value!r} of a dict (its helpers take tuples and lists only)",
                          'use backend="numpy" for this function, or pass the entries as '
                          "arguments", node=node)


def _literal_overload(stub):
    """numba's overload asking for literal arguments first (a constant ``key`` arrives as
    its value), not cached: the implementation is written for the types (exec)."""
    if numba is None:  # pragma: no cover - numba is in the test extra
        return lambda impl: impl
    return numba.extending.overload(stub, prefer_literal=True)


@_literal_overload(item_add)
def _item_add(b, x, key, g):
    if not (isinstance(x, types.BaseTuple) and isinstance(key, types.IntegerLiteral)):
        return None
    n, k = len(x.types), key.literal_value
    if not -n <= k < n or not (_none(b) or isinstance(b, types.BaseTuple)
                               and len(b.types) == n) or not (_none(g) or _value(g)):
        return None
    k %= n
    items = []
    for i in range(n):
        own = "None" if _none(b) else f"b[{i}]"
        if i != k or _none(g):
            items.append(own)
        elif _none(b) or _none(b.types[i]):
            items.append("g")
        elif _value(b.types[i]):
            items.append(f"b[{i}] + g")
        else:
            return None
    namespace = {}
    exec(f"def impl(b, x, key, g):\n    return ({', '.join(items)},)\n", namespace)
    return namespace["impl"]


# ----------------------------------------------------------------- tapes of tuples
# A save site of a range loop (numba_tapes.py) that saves a tuple (a called function's
# outputs, kept to be restored): the tape is a list of the tuples themselves, as the NumPy
# backend's ``_stack`` holds them (a reference each, never a copy), where a tape of
# arrays copies each value into a row. ``tape_get``, ``tape_get_prev`` and
# ``tape_get_entry`` read a list as they read an array (``tape[k]``); ``tape_put`` appends
# (trip ``k`` is the ``k``-th save: the list's length). A saved list (numba_lists.py) is
# kept the same way, a reference, as ``_stack`` keeps it.

@overload(numba_helpers.tape_alloc)
def _tape_alloc_tuple(n, value):
    if not isinstance(value, (types.BaseTuple, types.List)):  # (a list: numba_lists.py's)
        return None

    def tuples(n, value):
        out = [value]
        out.pop()
        return out
    return tuples


@overload(numba_helpers.tape_put)
def _tape_put_tuple(tape, k, value):
    if not (isinstance(tape, types.List) and isinstance(value, (types.BaseTuple, types.List))):
        return None

    def append(tape, k, value):
        if k != len(tape):
            raise IndexError("srcdiff: a tape of tuples was written out of order")
        tape.append(value)
    return append
