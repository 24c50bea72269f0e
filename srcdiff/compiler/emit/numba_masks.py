"""Reads at a boolean mask and ``index_add`` at one for ``backend="numba"`` (``x[m]`` and
its gradient, ``np.sum(v[v < 0.2])``), beside numba_pieces.py's integer-array version and
on the terms of numba_helpers.py (its docstring).

numba reads an array at a mask of one axis only (a mask of two is an AssertionError in its
lowering). :func:`rewrite` writes each read ``a[m]`` whose index ``m`` is a name bound only
to comparisons (the generator's ``cmp = x > 0``: a bool or an array of bools) as
``masked_read(a, m)``: for a mask of ``a``'s shape, of two axes or more, the entries of
``a`` flattened in C order at the positions of ``m`` flattened the same way, which is
NumPy's ``a[m]`` (its entries where ``m`` holds, in C order); of another shape NumPy's
IndexError; any other ``m`` read as written (``a[m]``), numba's meaning.

NumPy's ``b[m] += g`` for a mask ``m`` of ``x``'s shape reaches the positions where ``m``
holds, in C order, each once: the positions ``np.nonzero(m)`` gives, in the same order,
which numba_pieces.py's integer-array ``index_add`` adds into one after the other (each
position once: the same sums as NumPy's, ``g`` a number or one entry a position). A mask
of another shape than ``x`` is NumPy's IndexError; a mask of fewer axes (rows of a 2-d
``x``) has no implementation here: numba's typing refuses it. Checked against the NumPy
backend and finite differences by tests/numba/test_numba_call_errors.py.
"""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_helpers, numba_views
from srcdiff.compiler.emit.numba_helpers import _arr, _none, _num, overload, types


@overload(numba_helpers.index_add)
def _index_add_mask(b, x, index, g, distinct=False):
    if not (_arr(x, 2) and isinstance(index, types.Array)
            and isinstance(index.dtype, types.Boolean) and index.ndim == x.ndim
            and (_num(g) or _arr(g, 1)) and (_none(b) or (_arr(b, 2) and b.ndim == x.ndim))):
        return None
    if x.ndim == 1:
        def masked1(b, x, index, g, distinct=False):
            if index.shape != x.shape:
                raise IndexError("srcdiff: a boolean index of another shape than the array")
            return numba_helpers.index_add(b, x, np.nonzero(index)[0], g)
        return masked1

    def masked2(b, x, index, g, distinct=False):
        if index.shape != x.shape:
            raise IndexError("srcdiff: a boolean index of another shape than the array")
        return numba_helpers.index_add(b, x, np.nonzero(index), g)
    return masked2


def rewrite(fn):
    """Every read ``a[m]`` in ``fn`` of a name ``m`` every binding of which is
    ``m = <comparison>`` as ``masked_read(a, m)`` (module docstring), in place."""
    compared = {n.targets[0].id for n in ast.walk(fn) if _compared(n)}
    masks = compared - _stored_otherwise(fn, compared) - {
        a.arg for a in ast.walk(fn) if isinstance(a, ast.arg)}
    numba_views.replace_children(fn, lambda e: _read(e, masks))


def _stored_otherwise(fn, names):
    """The ``names`` bound somewhere in ``fn`` other than by ``name = <comparison>``."""
    out = set()
    for node in ast.walk(fn):
        if _compared(node):
            continue
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [
            node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For,
                                              ast.comprehension)) else []
        for t in targets:
            out |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name) and n.id in names}
        if isinstance(node, ast.NamedExpr) and node.target.id in names:
            out.add(node.target.id)
    return out


def _compared(node):
    """Whether ``node`` is ``name = <comparison>``."""
    return isinstance(node, ast.Assign) and len(node.targets) == 1 \
        and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Compare)


def _read(node, masks):
    if (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load)
            and isinstance(node.slice, ast.Name) and node.slice.id in masks):
        return ast.Call(func=ast.Name(id="masked_read", ctx=ast.Load()),
                        args=[node.value, node.slice], keywords=[])
    return node


def masked_read(a, m):
    """``a[m]`` (module docstring)."""


@overload(masked_read)
def _masked_read(a, m):
    if isinstance(a, types.Array) and isinstance(m, types.Array) \
            and isinstance(m.dtype, types.Boolean) and m.ndim == a.ndim >= 2:
        def flat(a, m):
            if m.shape != a.shape:
                raise IndexError("srcdiff: a boolean index of another shape than the array")
            return np.ascontiguousarray(a).reshape(a.size)[
                np.ascontiguousarray(m).reshape(m.size)]
        return flat
    return lambda a, m: a[m]
