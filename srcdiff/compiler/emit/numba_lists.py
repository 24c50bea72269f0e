"""numba versions of the run-time helpers of Python lists of numbers or arrays
(``backend="numba"``), on the terms of numba_helpers.py (its docstring): Python's ``sum``
of a list (numba's own builtin, allowed by numba_emit.py) and its gradient
``sum_of_items_grad``; ``pop_grad``, the gradient of ``xs.append(x)``; ``fill_zeros``, a
list's tangents with ``None`` made zeros (the forward rules of ``sum``, ``np.concatenate``,
``np.stack``...); ``repeat_sequence`` (``[a, b] * n``) and its gradient
``sequence_repeat_grad``.

Same meaning as the NumPy runtime's (runtime.py, runtime_memory.py,
rules/reduction_rules.py), restricted to what numba types: lists of floats, or of float
arrays of one number of axes, built in the compiled code (numba types no list of
``None``; a list display with ``None`` entries among arrays or floats is a list of
optionals, which ``fill_zeros`` reads). Where the NumPy runtime keeps ``None`` for an
entry no gradient reached, these keep a zero of the entry's shape: the same numbers, as
every reader of such a list (``item_grad``, ``add_tree``, ``fill_zeros``) reads ``None`` as
zero. Summation order: numba's ``sum`` adds left to right from ``start`` as Python's
does (``acc = acc + x``), and ``sequence_repeat_grad`` adds each copy's gradient in the
order of the copies, as the runtime's loop does: the same floating-point operations.
Other kinds (tuples of mixed entries, dicts, nested lists) have no implementation here:
numba_emit.py refuses what calls them with those arguments before numba runs
(:func:`covered`).

Invariant: each returns the values the NumPy runtime's returns; tests/numba/
test_numba_lists.py compares gradients with the NumPy backend's and central finite
differences.
"""

import ast
import copy

import numpy as np

from srcdiff.compiler.emit import numba_helpers, numba_stacks, numba_tuples
from srcdiff.compiler.emit.numba_broadcast import unbroadcast
from srcdiff.compiler.emit.numba_helpers import _none, overload, types

NAMES = ("sum_of", "sum_of_items_grad", "pop_grad", "fill_zeros", "repeat_sequence",
         "sequence_repeat_grad", "sequence_tangent")

# (literal in each raise: numba's exception arguments are constants)
# the start of a ValueError a helper raises for what it cannot compute (numba_emit.py's
# runner turns it into a SrcdiffError naming it: a refusal, not a number)
REFUSED = "srcdiff: the numba backend cannot compute "


def check_uses(fn, where):
    """Write each ``sum(...)`` as ``sum_of(...)`` (numba's builtin ``sum`` starts from the
    int 0, which it cannot add to an array in its types; :func:`sum_of` adds as Python
    does); refuse ``fill_zeros(...)`` anywhere but as the list ``sum`` adds (``sum``'s forward
    rule): its other readers (``np.concatenate``, ``np.stack``...) take the list as numba
    does not (tuples only), which numba's typing would reject after generation."""
    inside_sum = {id(c.args[0]) for c in ast.walk(fn) if isinstance(c, ast.Call)
                  and isinstance(c.func, ast.Name) and c.func.id == "sum" and c.args}
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "fill_zeros" and id(node) not in inside_sum:
            raise where.error("the numba backend has no compiled version of `fill_zeros` "
                              "but in the tangent of sum(...), which its gradient calls",
                              'use backend="numpy" for this function', node=node)
    _zeros_for_nones(fn, where)
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id == "sum" and not node.keywords and 1 <= len(node.args) <= 2:
            node.func.id = "sum_of"


def _zeros_for_nones(fn, where):
    """``t_xs = [t_a, None, t_c]``, the tangents of ``xs = [a, 0.25, c]`` (a constant's:
    None), as ``[t_a, zeros_tree(0.25), t_c]``: numba cannot lower a list of numbers with a
    ``None`` among them. Every reader of a tangent list reads None as a zero of its
    entry's shape (runtime.fill_zeros, item_grad, add_tree), the same numbers as the zero
    written here. Only where ``xs = [...]`` is the statement right before, of one
    length, its entries names, constants and arithmetic of them (read again); a display with a
    None left among other entries that this module's helpers read is refused (a list of
    Nones alone numba types: sequence_tangent's zeros)."""
    for node in ast.walk(fn):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for before, stmt in zip(block, block[1:]):
                pair = [_display(before), _display(stmt)]
                if None not in pair and pair[1][0] == "t_" + pair[0][0] \
                        and len(pair[0][1].elts) == len(pair[1][1].elts):
                    _fill(pair[1][1], pair[0][1])
    readers = {id(a) for c in ast.walk(fn) if isinstance(c, ast.Call)
               and isinstance(c.func, ast.Name) and c.func.id in NAMES + ("sum",)
               for a in c.args if isinstance(a, ast.Name)}
    read = {a.id for c in ast.walk(fn) if isinstance(c, ast.Call) for a in c.args
            if id(a) in readers}
    for node in ast.walk(fn):
        found = _display(node)
        nones = [isinstance(e, ast.Constant) and e.value is None
                 for e in found[1].elts] if found else []
        if any(nones) and not all(nones) and found[0] in read:
            raise where.error("the numba backend cannot pass a list with a constant's None "
                              "tangent among numbers or arrays to sum(...) or a list helper",
                              'use backend="numpy" for this function', node=node)


def _display(stmt):
    """``(name, display)`` of ``name = [...]``, else None."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
            and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.List):
        return stmt.targets[0].id, stmt.value
    return None


def _pure(e):
    """Names, constants and arithmetic of them: read again, the same value (the tangent
    display is the statement right after the primal's: nothing rebinds them between)."""
    return all(isinstance(n, (ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.operator,
                              ast.unaryop, ast.Load)) for n in ast.walk(e))


def _fill(display, primal):
    """The None entries of ``display`` as ``zeros_tree`` of ``primal``'s entries there."""
    for i, e in enumerate(display.elts):
        p = primal.elts[i]
        if isinstance(e, ast.Constant) and e.value is None and _pure(p):
            display.elts[i] = ast.Call(func=ast.Name(id="zeros_tree", ctx=ast.Load()),
                                       args=[copy.deepcopy(p)], keywords=[])


def sum_of(items, start=0):
    """Python's ``sum(items, start)``: ``((start + x0) + x1) + ...``, left to right."""


@overload(sum_of)
def _sum_of(items, start=0):
    if not (_list(items) and not isinstance(items.dtype, types.Optional)
            or isinstance(items, types.UniTuple) and _entry(items.dtype)
            or isinstance(items, types.Array) and items.ndim >= 1
            and isinstance(items.dtype, types.Float)):
        return None
    if not (_none(start) or not isinstance(start, types.Type)  # (omitted: the default)
            or isinstance(start, (types.Float, types.Integer))
            and not isinstance(start, types.Boolean) or _entry(start)):
        return None
    entry = items.dtype
    if isinstance(items, types.Array) and items.ndim > 1 or isinstance(entry, types.Array):
        def arrays(items, start=0):  # (the first addition makes the array the sum's type)
            if len(items) == 0:
                raise ValueError("srcdiff: the numba backend cannot compute sum() of no "
                                 "arrays (Python's is the int 0)")
            acc = start + items[0]
            for i in range(1, len(items)):
                acc = acc + items[i]
            return acc
        return arrays

    def numbers(items, start=0):  # (an int start: Python's int + float, the same float)
        acc = start + 0.0 if len(items) == 0 else start + items[0]
        for i in range(1, len(items)):
            acc = acc + items[i]
        return acc
    return numbers


def _entry(t):
    """A float (or int) number, or a float array of at least one axis: a list's entry."""
    if isinstance(t, types.Optional):
        t = t.type
    if isinstance(t, types.Boolean):
        return False
    return isinstance(t, (types.Float, types.Integer)) or isinstance(t, types.Array) \
        and t.ndim >= 1 and isinstance(t.dtype, types.Float)


def _list(t):
    """A list (numba's reflected or typed) of :func:`_entry`."""
    return isinstance(t, (types.List, types.ListType)) and _entry(t.dtype)


def sum_of_items_grad(g, items):
    """``reduction_rules.sum_of_items_grad``: each item's gradient of ``sum(items)``."""


@overload(sum_of_items_grad)
def _sum_of_items_grad(g, items):
    if _list(items) and isinstance(items.dtype, (types.Float, types.Integer)) \
            and isinstance(g, (types.Float, types.Integer)):
        def numbers(g, items):  # (unbroadcast of a number to a number: the number)
            return [float(g) for _ in range(len(items))]
        return numbers
    if _list(items) and isinstance(items.dtype, types.Array) and isinstance(g, types.Array):
        return lambda g, items: [unbroadcast(g, x) for x in items]
    if isinstance(items, types.Array) and items.ndim == 1 and isinstance(
            items.dtype, types.Float) and isinstance(g, (types.Float, types.Integer)):
        return lambda g, items: np.full(items.shape, float(g))  # (empty: np.zeros's)
    return None


def pop_grad(b, x):
    """``runtime.pop_grad``: undo ``xs.append(x)`` on the gradient ``b`` of ``xs``."""


@overload(pop_grad)
def _pop_grad(b, x):
    if _none(b) and _entry(x):
        return lambda b, x: (None, numba_helpers.zeros_tree(x))
    if _list(b) and not isinstance(b.dtype, types.Optional) and _entry(x):
        def popped(b, x):
            rest = list(b)
            g = rest.pop()
            return rest, g
        return popped
    return None


def fill_zeros(gs, xs):
    """``runtime.fill_zeros``: the tangents ``gs`` of the entries ``xs``, ``None`` zeros."""


@overload(fill_zeros)
def _fill_zeros(gs, xs):
    if not (_list(xs) and not isinstance(xs.dtype, types.Optional)
            and (_list(gs) or isinstance(gs, types.UniTuple) and _entry(gs.dtype))):
        return None

    def filled(gs, xs):
        n = min(len(gs), len(xs))  # (zip's)
        out = [numba_helpers.zeros_tree(xs[i]) for i in range(0)]  # (typed, empty)
        for i in range(n):
            g = gs[i]
            if g is None:
                out.append(numba_helpers.zeros_tree(xs[i]))
            else:
                out.append(g)
        return out
    return filled


def repeat_sequence(a, n):
    """``runtime_memory.repeat_sequence`` of a list: ``a * n``."""


@overload(repeat_sequence)
def _repeat_sequence(a, n):
    if _list(a) and isinstance(n, types.Integer) and not isinstance(n, types.Boolean):
        return lambda a, n: a * n
    return None


def sequence_repeat_grad(g, size):
    """``runtime_memory.sequence_repeat_grad``: each of ``size`` items' gradient, the sum of
    its copies' in ``g`` (None: None)."""


@overload(sequence_repeat_grad)
def _sequence_repeat_grad(g, size):
    if _none(g):
        return lambda g, size: None
    if not (_list(g) and not isinstance(g.dtype, types.Optional)):
        return None

    if isinstance(g.dtype, types.Array):
        def arrays(g, size):  # (no copy, n == 0: the zeros' shape is unknown here)
            if len(g) < size:
                raise ValueError("srcdiff: the numba backend cannot compute the "
                                 "gradient of a list of arrays repeated 0 times")
            out = [g[k] for k in range(size)]
            for k in range(size, len(g)):
                out[k % size] = out[k % size] + g[k]
            return out
        return arrays

    def numbers(g, size):  # (the runtime's None for an item with no copy: 0.0)
        out = [g[k] if k < len(g) else 0.0 for k in range(size)]
        for k in range(size, len(g)):
            out[k % size] = out[k % size] + g[k]
        return out
    return numbers


def sequence_tangent(d, x):
    """``runtime_memory.sequence_tangent`` of a list ``x``: ``list(d)``, zeros for None."""


@overload(sequence_tangent)
def _sequence_tangent(d, x):
    if not (_list(x) and not isinstance(x.dtype, types.Optional)):
        return None
    if _none(d) or isinstance(d, types.List) and _none(d.dtype):  # (a list of Nones too)
        return lambda d, x: [numba_helpers.zeros_tree(v) for v in x]
    if _list(d) and not isinstance(d.dtype, types.Optional):
        return lambda d, x: list(d)
    return None


@overload(numba_helpers.zeros_tree)
def _zeros_of_list(x):
    # runtime.zeros_tree of a list: the list of its entries' zeros
    if _list(x) and not isinstance(x.dtype, types.Optional):
        return lambda x: [numba_helpers.zeros_tree(v) for v in x]
    return None


@overload(numba_stacks.item_grad)
def _item_grad_of_arrays(b, key, x):
    # runtime.item_grad of a list of arrays (sum_of_items_grad's): ``b[key]``
    if not (isinstance(key, types.Integer) and isinstance(x, types.Array)):
        return None
    if _none(b):
        return lambda b, key, x: numba_helpers.zeros_tree(x)
    if _list(b) and isinstance(b.dtype, types.Array) and b.dtype.ndim == x.ndim:
        return lambda b, key, x: b[key]
    return None


@overload(numba_helpers.add_tree)
def _add_lists(a, b):
    # runtime.add_tree of two lists: entry by entry, as zip pairs them (the shorter's length)
    if not (_list(a) and _list(b) and not isinstance(a.dtype, types.Optional)
            and not isinstance(b.dtype, types.Optional)):
        return None
    return lambda a, b: [a[i] + b[i] for i in range(min(len(a), len(b)))]


@overload(numba_tuples.item_add)
def _item_add_of_list(b, x, key, g):
    # runtime.item_add of a list ``x`` (of numbers, or of arrays of ``g``'s axes) and an
    # integer key: a new list, ``b``'s (None: zeros of ``x``'s entries) with ``g`` added at
    # ``key`` (runtime.add_tree: ``b[key] + g``; ``zeros + g`` where the runtime's entry
    # was None and it keeps ``g`` itself: the same numbers, in a new array)
    numbers = _list(x) and isinstance(x.dtype, (types.Float, types.Integer)) \
        and isinstance(g, (types.Float, types.Integer))
    arrays = _list(x) and isinstance(x.dtype, types.Array) and isinstance(g, types.Array) \
        and g.ndim == x.dtype.ndim
    if not ((numbers or arrays) and isinstance(key, types.Integer)):
        return None
    if not (_none(b) or _list(b) and not isinstance(b.dtype, types.Optional)):
        return None

    def added(b, x, key, g):
        out = [numba_helpers.zeros_tree(v) for v in x] if b is None else list(b)
        out[key] = out[key] + g
        return out
    return added


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
