"""The gradients of ``np.array(obj)`` under ``backend="numba"``: numba versions of
``unstack_like(g, obj)`` (reverse mode) and ``stack_tangents(d, obj)`` (forward mode),
rules/shape_rules.py's, for what numba passes: an array ``obj`` (``np.array(xs)`` of an
array: a copy) and a list or tuple of numbers (``np.array([y, 0.9, x])``).

Same meaning as the NumPy runtime's: ``unstack_like`` of an array is ``g`` itself, of a
sequence of numbers the list of ``g``'s entries (NumPy's are 0-d views ``g[i, ...]``, here
floats: the same values), of a list of arrays of one shape the list of ``g``'s rows
``g[i]`` (views, as NumPy's); ``stack_tangents`` of a missing tangent (None) is zeros of
``obj``'s shape, of an array tangent that array (``np.asarray``), of a sequence of number
tangents their array. ``item_grad(b, key, x)`` of a float ``x`` and such a list ``b``, or
a 1-d array ``b`` (the unstacked gradient of a list the rewrite passed as an array), or of
a tuple ``b`` of arrays or floats of ``x``'s kind (a helper's returned tuple in forward
mode), is ``b[key]`` (the runtime's), 0.0 when ``b`` is None. Other kinds (nested lists,
lists of arrays, dicts) have no implementation; ``item_add(b, x, key, g)`` of an
array ``x`` and an integer key is the runtime's ``index_add`` into a copy of ``b`` (an
entry of such rows read at a constant position): numba's typing error, not a number. ``seed``
and ``zeros_tree`` of a tuple of numbers (a pair returned from inside a loop, seeded whole)
are the runtime's lists of floats: ones (or ``grad_ys``'s entries) and zeros.
``sequence_grad(g, x)``, the adjoint of ``list(x)`` (numba's ``list`` of a 1-d array: its
floats, NumPy's scalars' values), of a 1-d float array ``x`` is ``g``'s entries as an
array (zeros for None), of a float array of more axes the rows' gradients stacked, of a
list of numbers ``list(g)`` (None for None), the runtime's.
``np.array(s)`` of a float (``stack_rows``) is the float, as a 0-d array computes, its
gradient (``unstack_like``) the float ``g``.
Invariant: each returns the values the NumPy runtime's returns; tests/numba/
test_numba_stacks.py compares gradients with the NumPy backend's and finite differences.
"""

import numpy as np

from srcdiff.compiler.emit import numba_helpers, numba_tuples
from srcdiff.compiler.emit.numba_helpers import _none, overload, types

NAMES = ("unstack_like", "stack_tangents", "item_grad", "sequence_grad")


def _numbers(t):
    """A list or tuple of numbers (a tuple: every entry a number)."""
    if isinstance(t, types.List):
        return isinstance(t.dtype, (types.Float, types.Integer)) \
            and not isinstance(t.dtype, types.Boolean)
    if isinstance(t, types.BaseTuple):
        return len(t) > 0 and all(isinstance(e, (types.Float, types.Integer))
                                  and not isinstance(e, types.Boolean) for e in t)
    return False


def unstack_like(g, obj):
    """``shape_rules.unstack_like`` (module docstring)."""


@overload(unstack_like)
def _unstack_like(g, obj):
    if isinstance(obj, types.Array) and isinstance(g, types.Array) \
            or isinstance(obj, types.Float) and isinstance(g, types.Float):
        return lambda g, obj: g  # (a float: stack_rows's below, the gradient a number)
    if _numbers(obj) and isinstance(g, types.Array) and g.ndim == 1:
        def entries(g, obj):
            out = [0.0] * len(obj)
            for i in range(len(obj)):
                out[i] = g[i]
            return out
        return entries
    if isinstance(obj, types.List) and isinstance(obj.dtype, types.Array) \
            and isinstance(g, types.Array) and g.ndim == obj.dtype.ndim + 1:
        def rows(g, obj):  # (np.array of a list of arrays of one shape: g's rows, views)
            return [g[i] for i in range(len(obj))]
        return rows
    return None


def sequence_grad(g, x):
    """``runtime_memory.sequence_grad`` (module docstring)."""


@overload(sequence_grad)
def _sequence_grad(g, x):
    # the adjoint of list(x) of a float array x: g's entries or rows (None: zeros) as an array
    # of x's shape; of a list of numbers x: list(g) (None stays None), the runtime's
    if isinstance(x, types.Array) and isinstance(x.dtype, types.Float) and _none(g):
        return lambda g, x: np.zeros(x.shape)
    if isinstance(x, types.Array) and isinstance(x.dtype, types.Float) \
            and isinstance(g, types.List) and (
                isinstance(g.dtype, types.Float) and x.ndim == 1
                or isinstance(g.dtype, types.Array) and g.dtype.ndim == x.ndim - 1):
        def rows(g, x):  # (NumPy's np.stack of the items' gradients: floats, or rows)
            if len(g) != x.shape[0]:
                raise ValueError("srcdiff: one gradient for each item of list()")
            out = np.zeros(x.shape)
            for i in range(len(g)):
                out[i] = g[i]
            return out
        return rows
    if _numbers(x) and isinstance(x, types.List):
        if _none(g):
            return lambda g, x: None
        if isinstance(g, types.List) and isinstance(g.dtype, types.Float):
            return lambda g, x: list(g)
    return None


@overload(numba_tuples.item_add)
def _item_add_of_array(b, x, key, g):
    # runtime.item_add of an array ``x`` (an entry of an unstacked list of arrays read at an
    # integer key): index_add into a copy of ``b`` (None: a new zero array), the runtime's
    if not (isinstance(x, types.Array) and isinstance(key, types.Integer)
            and (_none(b) or isinstance(b, types.Array) and b.ndim == x.ndim)):
        return None
    if _none(b):
        return lambda b, x, key, g: numba_helpers.index_add(None, x, key, g)
    return lambda b, x, key, g: numba_helpers.index_add(b.copy(), x, key, g)


@overload(numba_helpers.stack_rows)
def _stack_float(items):
    # ``np.array(s)`` of a float: NumPy's 0-d float64 array, which computes as its number;
    # here the number (as numba_builtins' copy_of: a name holding a new 0-d array is never
    # changed in place where another name shares it, analysis/objects.may_make_zero_d)
    if isinstance(items, types.Float):
        return lambda items: items
    return None


def stack_tangents(d, obj):
    """``shape_rules.stack_tangents`` (module docstring)."""


@overload(stack_tangents)
def _stack_tangents(d, obj):
    if isinstance(obj, types.Float) and (_none(d) or isinstance(d, types.Float)):
        return (lambda d, obj: 0.0) if _none(d) else (lambda d, obj: d)  # (stack_rows's)
    if _none(d) and isinstance(obj, types.Array):
        return lambda d, obj: np.zeros(obj.shape)
    if _none(d) and _numbers(obj):
        return lambda d, obj: np.zeros(len(obj))
    if isinstance(d, types.Array) and isinstance(obj, types.Array):
        return lambda d, obj: np.asarray(d)
    if _numbers(d) and _numbers(obj):
        def stacked(d, obj):
            out = np.empty(len(d))
            for i in range(len(d)):
                out[i] = d[i]
            return out
        return stacked
    return None


def item_grad(b, key, x):
    """``runtime.item_grad`` of the list ``unstack_like`` gives (module docstring)."""


@overload(item_grad)
def _item_grad(b, key, x):
    if not (isinstance(x, types.Float) and isinstance(key, types.Integer)):
        return None
    if _none(b):
        return lambda b, key, x: 0.0
    if _numbers(b) and isinstance(b, types.List) or isinstance(b, types.Array) and b.ndim == 1:
        return lambda b, key, x: b[key]
    return None


@overload(item_grad)
def _item_grad_of_tuple(b, key, x):
    # a tuple's tangent of entries of one kind (a helper's returned tuple of arrays, forward
    # mode): its entry, as the runtime's ``b[key]``; each entry is a value (never None)
    if not (isinstance(b, types.UniTuple) and isinstance(key, types.Integer)):
        return None
    entry = b.dtype
    if isinstance(entry, types.Array) and isinstance(x, types.Array) and entry.ndim == x.ndim \
            or isinstance(entry, types.Float) and isinstance(x, types.Float):
        return lambda b, key, x: b[key]
    return None


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}


# The seed and the zero gradient of a tuple of numbers (``return a, b`` from inside a loop:
# the gradient seeds its ``_retval`` as a whole): runtime.seed's and runtime.zeros_tree's
# list of floats, read back by item_grad above. Other trees have no implementation here.
@overload(numba_helpers.seed)
def _seed_of_numbers(grad_ys, y, index=None):
    if not (isinstance(y, types.BaseTuple) and _numbers(y)):
        return None
    if _none(grad_ys):
        return lambda grad_ys, y, index=None: [1.0 for _ in range(len(y))]
    if not _numbers(grad_ys):
        return None

    def checked(grad_ys, y, index=None):
        if len(grad_ys) != len(y):
            raise ValueError("grad_ys for the output must be a sequence of as many entries")
        return [float(g) for g in grad_ys]
    return checked


@overload(numba_helpers.zeros_tree)
def _zeros_of_numbers(x):
    if isinstance(x, types.BaseTuple) and _numbers(x):
        return lambda x: [0.0 for _ in range(len(x))]
    return None
