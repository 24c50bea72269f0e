"""numba versions of the run-time helpers of stores into lists and of list concatenation,
and of ``last_writes`` (``backend="numba"``, issue 18), on the terms of numba_lists.py (its
docstring: lists of floats or of float arrays of one number of axes, a list gradient holding
zeros where the NumPy runtime's holds ``None``):

- ``item_saved(xs, i)`` / ``item_restore(xs, i, saved)`` (runtime_snapshots.py; the save and
  the undo of a store ``xs[i] = v`` into a list): the entry overwritten, its object itself
  (not a copy: the undos of in-place changes to it then reach the entry put back, as the
  NumPy runtime's item_saved explains), and put back. A list always holds the key
  (the dict case, a store adding a key, has no implementation: numba types no dict here).
- ``item_clear(b, i)`` (runtime.item_clear): a new list gradient with entry ``i`` zero (the
  runtime's ``None``: a zero of the entry's shape), or a float copy of an array gradient
  with ``b[i] = 0.0``; ``None`` stays ``None``.
- ``concat_sequences(a, b)`` (runtime_memory.py, ``a + b`` of two lists or two tuples):
  numba's ``+`` of two lists of one entry type, or of two tuples; ``sequence_part_grad(g,
  start, stop)``: the list ``g[start:stop]``, ``None`` for ``None``; of a tuple's gradient
  (a tuple, numba_tuples.py, which numba cuts at constant positions only) a ValueError
  starting numba_lists.REFUSED, which the runner reports as a located SrcdiffError.
- ``last_writes(x, index)`` (runtime.py): ``True`` for an integer, a slice, a tuple of them
  and a boolean mask (every write lasts); for a 1-d integer array ``index`` into ``x``'s
  first axis, whether each write is the last one at its position, broadcast over the other
  axes of ``x`` (shape of ``x[index]``): the write that lasts is the last in index order, as
  NumPy's store and numba's both write. Other indexes have no implementation (refused by
  numba's typing when the gradient first runs, a located SrcdiffError).
- ``index_add(b, x, index, g)`` at a 1-d integer-array index of the rows of ``x`` (2 axes or
  more; numba_pieces.py's takes 1-d ``x`` or a pair of index arrays): ``g``'s rows added
  at their positions one after the other, np.add.at's sums.

Invariant: each returns the NumPy runtime's values; tests/numba/test_numba_list_items.py
compares gradients with the NumPy backend's (1e-12 relative) and central finite differences.
"""

import numpy as np

from srcdiff.compiler.emit import numba_helpers
from srcdiff.compiler.emit.numba_helpers import _none, overload, types
from srcdiff.compiler.emit.numba_lists import _list
from srcdiff.compiler.emit.numba_pieces import _position

NAMES = ("item_saved", "item_restore", "item_clear", "concat_sequences",
         "sequence_part_grad", "last_writes")
# those whose list arguments are lists (``last_writes(b, items)`` takes an index: numba_emit's
# list_indices writes a list display read as an index as an integer array)
TAKE_LISTS = tuple(n for n in NAMES if n != "last_writes")


def item_saved(x, key):
    """``xs[i]``, the entry's object (module docstring)."""


@overload(item_saved)
def _item_saved(x, key):
    if not (_list(x) and isinstance(key, types.Integer)):
        return None
    return lambda x, key: x[key]


def item_restore(x, key, saved):
    """``xs[i] = saved`` (module docstring)."""


@overload(item_restore)
def _item_restore(x, key, saved):
    if not (_list(x) and isinstance(key, types.Integer)):
        return None

    def restore(x, key, saved):
        x[key] = saved
    return restore


def item_clear(b, key):
    """``b`` with entry ``key`` zero (module docstring)."""


@overload(item_clear)
def _item_clear(b, key):
    if _none(b):
        return lambda b, key: None
    if _list(b) and isinstance(key, types.Integer):
        def cleared(b, key):
            out = list(b)
            out[key] = numba_helpers.zeros_tree(out[key])
            return out
        return cleared
    if isinstance(b, types.Array) and isinstance(b.dtype, (types.Float, types.Integer)):
        def zeroed(b, key):
            out = b.astype(np.float64)  # (a copy, float: the runtime's result_type)
            out[key] = 0.0
            return out
        return zeroed
    return None


def concat_sequences(a, b):
    """``a + b`` of two lists or two tuples (module docstring)."""


@overload(concat_sequences)
def _concat_sequences(a, b):
    if _list(a) and _list(b) and a.dtype == b.dtype:
        return lambda a, b: a + b
    if isinstance(a, types.BaseTuple) and isinstance(b, types.BaseTuple):
        return lambda a, b: a + b
    return None


def sequence_part_grad(g, start, stop):
    """``g[start:stop]`` of a list gradient (module docstring)."""


@overload(sequence_part_grad)
def _sequence_part_grad(g, start, stop):
    if _none(g):
        return lambda g, start, stop: None
    if _list(g):
        return lambda g, start, stop: list(g[start:stop])
    if isinstance(g, types.BaseTuple):  # (numba cuts a tuple at constant positions only)
        def refused(g, start, stop):
            raise ValueError("srcdiff: the numba backend cannot compute the gradient of a "
                             "concatenation of two tuples (a + b)")
        return refused
    return None


def last_writes(x, index):
    """Which writes of ``x[index] = v`` last (module docstring)."""


def _basic(t):
    return isinstance(t, (types.Integer, types.SliceType)) or isinstance(
        t, types.Array) and isinstance(t.dtype, types.Boolean)


@overload(last_writes)
def _last_writes(x, index):
    if not isinstance(x, types.Array):
        return None
    if _basic(index) or isinstance(index, types.BaseTuple) and all(map(_basic, index)):
        return lambda x, index: True
    if not (isinstance(index, types.Array) and index.ndim == 1
            and isinstance(index.dtype, types.Integer) and x.ndim >= 1):
        return None

    def rows(x, index):
        n, k = x.shape[0], index.shape[0]
        order = np.full(n, -1, dtype=np.int64)
        at = np.empty(k, dtype=np.int64)
        for t in range(k):
            p = index[t] + n if index[t] < 0 else index[t]
            if p < 0 or p >= n:
                raise IndexError("srcdiff: an index out of bounds of the array stored into")
            at[t] = p
            order[p] = t  # (the last write at p wins, as NumPy's store and numba's)
        rest = x.size // n if n else 0
        lasted = np.empty((k, rest), dtype=np.bool_)
        for t in range(k):
            lasted[t, :] = order[at[t]] == t
        return lasted.reshape((k,) + x.shape[1:])
    return rows


@overload(numba_helpers.index_add)
def _index_add_rows(b, x, index, g, distinct=False):
    # runtime.index_add at a 1-d integer-array index of the rows of an array of 2 axes or
    # more (the adjoint of ``m[[1, 0]]``): ``g``'s rows added one after the other at their
    # positions, as np.add.at (``g`` shaped like ``x[index]``)
    if not (isinstance(x, types.Array) and x.ndim >= 2 and isinstance(index, types.Array)
            and index.ndim == 1 and isinstance(index.dtype, types.Integer)
            and isinstance(g, types.Array) and g.ndim == x.ndim
            and (_none(b) or isinstance(b, types.Array) and b.ndim == x.ndim)):
        return None

    def rows(b, x, index, g, distinct=False):
        out = np.zeros(x.shape) if b is None else b
        n = index.shape[0]
        if g.shape[0] != n or g.shape[1:] != x.shape[1:]:
            raise ValueError("srcdiff: the gradient of x[index] has another shape")
        for k in range(n):
            out[_position(index[k], x.shape[0])] += g[k]
        return out
    return rows


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
