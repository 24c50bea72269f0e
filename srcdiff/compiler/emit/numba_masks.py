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

numba stores at a mask of one axis only too (the same AssertionError, at the first call).
A store ``a[m] = v`` (``a`` a name, ``m`` such a mask) is written ``a[...] =
masked_put(a, m, v)``, and ``a[m] op= v`` as ``a[...] = masked_put(a, m, masked_read(a, m)
op v)`` (NumPy's: read, then written; a mask reaches each position once). It stays a store
into ``a`` at the same statement, which is what the later passes (tapes, fusing) read;
``masked_put`` writes ``v`` (a number, or a 1-d array of one value or one a position) into
``a`` at ``np.nonzero(m)``'s positions, in C order, NumPy's store, and returns ``a``.
Another count of values is NumPy's ValueError, another shape its IndexError; a mask of one
axis is numba's own store. Once the passes that read stores have run (numba_emit, last),
:func:`without_self_copies` writes each ``a[...] = masked_put(a, m, v)`` as the statement
``masked_put(a, m, v)``: the store copied ``a`` onto itself (numba's overlapping copy, 23 ms
for 1e6 entries against 0.44 ms for the put alone), which changes no entry since
``masked_put`` returns ``a`` itself, written.

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
    numba_views.replace_children(fn, lambda e: _store(e, masks))


def _store(node, masks):
    """``a[m] = v`` as ``a[...] = masked_put(a, m, v)``, ``a[m] op= v`` as ``a[...] =
    masked_put(a, m, masked_read(a, m) op v)`` (NumPy's: the entries read, then written;
    a mask reaches each position once), for a name ``a`` and a mask name ``m``: still a
    store into ``a`` where it was written (what the later passes see), which numba lowers."""
    target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 \
        else node.target if isinstance(node, ast.AugAssign) else None
    if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
            and isinstance(target.slice, ast.Name) and target.slice.id in masks):
        return node
    a, m = target.value.id, target.slice.id
    value = node.value
    if isinstance(node, ast.AugAssign):
        value = ast.BinOp(left=_read(ast.Subscript(value=ast.Name(id=a, ctx=ast.Load()),
                                                   slice=ast.Name(id=m, ctx=ast.Load()),
                                                   ctx=ast.Load()), masks),
                          op=node.op, right=value)
    put = ast.Call(func=ast.Name(id="masked_put", ctx=ast.Load()),
                   args=[ast.Name(id=a, ctx=ast.Load()), ast.Name(id=m, ctx=ast.Load()),
                         value], keywords=[])
    whole = ast.Subscript(value=ast.Name(id=a, ctx=ast.Load()),
                          slice=ast.Constant(value=Ellipsis), ctx=ast.Store())
    return ast.copy_location(ast.Assign(targets=[whole], value=put), node)


def without_self_copies(tree):
    """Every statement ``a[...] = masked_put(a, m, v)`` of ``tree`` as ``masked_put(a, m,
    v)`` (in place; module docstring). Invariant: ``masked_put`` writes into its first
    argument and returns it, so the store copied ``a`` onto itself (no entry changed);
    tests/numba/test_numba_mask_stores.py checks the generated source has no such store
    and the gradients still agree with the NumPy backend's."""
    numba_views.replace_children(tree, _put_alone)


def _put_alone(node):
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
        return node
    target, value = node.targets[0], node.value
    if (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)
            and isinstance(target.slice, ast.Constant) and target.slice.value is Ellipsis
            and isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id == "masked_put" and isinstance(value.args[0], ast.Name)
            and value.args[0].id == target.value.id):
        return ast.copy_location(ast.Expr(value=value), node)
    return node


def _stored_otherwise(fn, names):
    """The ``names`` bound somewhere in ``fn`` other than by ``name = <comparison>`` or by
    a restore from the tape (:func:`_restored`: a value the name held before, pushed)."""
    out = set()
    restored = _restored(fn)
    for node in ast.walk(fn):
        if _compared(node) or _restores(node, restored):
            continue
        targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [
            node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For,
                                              ast.comprehension)) else []
        for t in targets:
            out |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name) and n.id in names
                    and not isinstance(n.ctx, ast.Load)}  # (not ``a[m] = v``'s m)
        if isinstance(node, ast.NamedExpr) and node.target.id in names:
            out.add(node.target.id)
    return out


def _restored(fn):
    """The names ``fn`` binds only by ``name = _stack.pop()``."""
    popped, other = set(), set()
    for n in ast.walk(fn):
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            pop = isinstance(n, ast.Assign) and ast.unparse(n.value) == "_stack.pop()"
            for t in targets:
                (popped if pop else other).update(
                    x.id for x in ast.walk(t) if isinstance(x, ast.Name)
                    and isinstance(x.ctx, ast.Store))
    return popped - other


def _restores(node, restored):
    """Whether ``node`` is ``m = None`` (a name first bound in a loop starts unbound: never
    read as a value), ``m = _stack.pop()`` or ``m = m_before`` (``m_before`` bound only by
    ``_stack.pop()``): the tape gives back a value ``m`` held before, pushed where it was
    saved (``_stack.append(m)``), so a mask stays a mask (a mask store in a loop's adjoint).
    Invariant: ``masked_read``/``masked_put`` of another index fall back to numba's own
    ``a[m]``, so a name wrongly taken for a mask still computes NumPy's meaning."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)):
        return False
    v = node.value
    return (isinstance(v, ast.Constant) and v.value is None
            or ast.unparse(v) == "_stack.pop()"
            or isinstance(v, ast.Name) and v.id in restored)


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


def masked_put(a, m, v):
    """``a[m] = v`` done in ``a``, returning ``a`` (:func:`_store`)."""


_COUNT = "srcdiff: NumPy boolean array indexing assignment cannot assign these input values"


@overload(masked_put)
def _masked_put(a, m, v):
    if not (isinstance(a, types.Array) and isinstance(m, types.Array)
            and isinstance(m.dtype, types.Boolean) and m.ndim == a.ndim >= 2):
        def plain(a, m, v):  # (one axis: numba's own store; else its typing's meaning)
            a[m] = v
            return a
        return plain
    if not (_num(v) or isinstance(v, types.Array) and v.ndim == 1):
        return None  # (numba's typing refuses the call)
    if a.ndim > 3:
        return None
    scalar = _num(v)

    def put(a, m, v):
        if m.shape != a.shape:
            raise IndexError("srcdiff: a boolean index of another shape than the array")
        where = np.nonzero(m)  # (the positions in C order, NumPy's)
        count = where[0].shape[0]
        if not scalar and v.shape[0] != count and v.shape[0] != 1:
            raise ValueError(_COUNT)
        for k in range(count):
            _put_at(a, where, k, v if scalar else v[k if v.shape[0] == count else 0])
        return a
    return put


def _put_at(a, where, k, value):
    """``a[where[0][k], where[1][k], ...] = value``."""


@overload(_put_at)
def _put_at_impl(a, where, k, value):
    if a.ndim == 2:
        def at2(a, where, k, value):
            a[where[0][k], where[1][k]] = value
        return at2

    def at3(a, where, k, value):
        a[where[0][k], where[1][k], where[2][k]] = value
    return at3


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
