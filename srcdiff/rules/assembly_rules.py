"""Rules for arrays assembled from pieces: ``np.block`` and ``np.insert``.

Both move elements without arithmetic, so each reverse rule sends every element of ``g``
back to the piece it was copied from, and each forward rule assembles the tangents the
same way (``None`` tangents, a constant piece's, made zeros). Where an element came from
is not re-derived here: NumPy itself assembles arrays of element numbers (``np.insert`` of
``arange`` arrays), so broadcasting, negative and repeated positions, boolean masks and
``axis=None`` mean exactly what they mean to NumPy. Notation as in numpy_rules.py.

Invariant: ``np.block(pieces)`` is the pieces concatenated along the last axis at the
innermost nesting level, the one before at the next level out, and so on, each piece given
leading axes of length one up to the result's dimension; ``block_grad`` cuts ``g`` at the
same places and removes those axes. tests/rules/test_assembly_rules.py checks both rules
against central differences.
"""

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import filled, unbroadcast


@R.vjp(np.block)
def block(g, ans, arrays):
    return block_grad(g, arrays)


@R.jvp(np.block)
def block_jvp(d, ans, arrays):
    return np.block(filled(d, arrays))


def _depth(arrays):
    return 1 + _depth(arrays[0]) if isinstance(arrays, list) and arrays else 0


def _first_leaf(arrays):
    return _first_leaf(arrays[0]) if isinstance(arrays, list) else arrays


def block_grad(g, arrays):
    """``g`` cut into pieces shaped and nested like ``arrays`` (``np.block``'s adjoint)."""
    return _block_part(g, arrays, -_depth(arrays), np.ndim(g))


def _block_part(g, arrays, axis, ndim):
    if not isinstance(arrays, list):
        return np.reshape(g, np.shape(arrays))
    lead = (slice(None),) * (ndim + axis)
    parts, end = [], 0
    for piece in arrays:
        shape = (1,) * ndim + np.shape(_first_leaf(piece))  # its extent along ``axis``
        start, end = end, end + shape[axis]
        parts.append(_block_part(g[lead + (slice(start, end),)], piece, axis + 1, ndim))
    return parts


@R.vjp(np.insert)
def insert(g, ans, arr, obj, values, axis=None):
    return insert_grad(g, arr, obj, values, axis, 0), None, insert_grad(g, arr, obj, values,
                                                                        axis, 1)


@R.jvp(np.insert)
def insert_jvp(d, ans, arr, obj, values, axis=None):
    return (np.insert(d, obj, np.zeros(np.shape(values)), axis), None,
            np.insert(np.zeros(np.shape(arr)), obj, insert_values_tangent(d, arr), axis))


def insert_values_tangent(d, arr):
    """The tangent of ``np.insert``'s ``values``, refused where NumPy casts the values to
    the integer dtype of ``arr`` (their derivative is lost in the truncation)."""
    if not np.issubdtype(np.asarray(arr).dtype, np.inexact):
        raise SrcdiffError("np.insert casts `values` to the integer dtype of `arr`: "
                                  "not differentiable (make `arr` a float array)")
    return d


def insert_grad(g, arr, obj, values, axis=None, which=0):
    """The gradient of ``np.insert(arr, obj, values, axis)`` for ``arr`` (``which`` 0) or
    ``values`` (1): ``g``'s elements summed into the element each was copied from."""
    if which == 1:
        g = insert_values_tangent(g, arr)
    source = insert_sources(arr, obj, values, axis, which)
    picked = source >= 0
    out = np.zeros(np.size(values) if which == 1 else np.size(arr))
    np.add.at(out, source[picked], np.ravel(g)[picked])
    return np.reshape(out, np.shape(values) if which == 1 else np.shape(arr))


def insert_sources(arr, obj, values, axis=None, which=0):
    """For each element of ``np.insert(arr, obj, values, axis)`` (flattened), the number of
    the element of ``arr`` (``which`` 0) or ``values`` (1) it copies, -1 for the others:
    NumPy inserts numbered arrays (a constant, registered below)."""
    numbered = np.arange(np.size(values if which else arr)).reshape(
        np.shape(values if which else arr))
    if which == 0:
        return np.ravel(np.insert(numbered, obj, np.full(np.shape(values), -1), axis))
    return np.ravel(np.insert(np.full(np.shape(arr), -1), obj, numbered, axis))


R.nondiff(insert_sources)


# ------------------------------------------------------------ np.piecewise, lowered
# front/piecewise.py lowers ``np.piecewise(x, [c...], [f...])`` to NumPy's own loop: the
# conditions as NumPy reads them (``piecewise_conditions``, a constant), then per function
# ``y = masked_put(y, cond, f(x[cond]))``: ``y[cond] = v`` as a value, not a store.


def piecewise_conditions(x, condlist, n_functions):
    """``condlist`` as ``np.piecewise`` reads it for ``x`` and ``n_functions`` functions: a
    boolean array, one row per function (the "otherwise" row appended when there is one
    function more than conditions). NumPy's code (numpy/lib/_function_base_impl.py)."""
    x = np.asanyarray(x)
    if np.isscalar(condlist) or (
            not isinstance(condlist[0], (list, np.ndarray)) and x.ndim != 0):
        condlist = [condlist]
    condlist = np.asarray(condlist, dtype=bool)
    if len(condlist) == n_functions - 1:
        otherwise = ~np.any(condlist, axis=0, keepdims=True)
        condlist = np.concatenate([condlist, otherwise], axis=0)
    elif len(condlist) != n_functions:
        raise ValueError(f"with {len(condlist)} condition(s), either {len(condlist)} or "
                         f"{len(condlist) + 1} functions are expected")
    return condlist


R.nondiff(piecewise_conditions)


def masked_put(y, cond, v):
    """A copy of ``y`` with ``v`` stored where ``cond`` holds (``y[cond] = v``, as a value)."""
    out = np.copy(y)
    out[cond] = v
    return out


@R.vjp(masked_put, name="masked_put")
def masked_put_vjp(g, ans, y, cond, v):
    return masked_put(np.asarray(g), cond, 0.0), None, masked_values_grad(g, cond, v, ans)


@R.jvp(masked_put, name="masked_put")
def masked_put_jvp(d, ans, y, cond, v):
    return (masked_put(d, cond, 0.0), None,
            masked_put(np.zeros(np.shape(ans)), cond, stored_tangent(d, ans)))


def stored_tangent(d, ans):
    """``d``, the tangent of values stored into ``ans``; refused where ``ans`` holds integers
    (the values are truncated: their derivative is lost)."""
    if not np.issubdtype(np.asarray(ans).dtype, np.inexact):
        raise SrcdiffError("np.piecewise stores the functions' values into an array of x's "
                           "integer dtype: not differentiable (make x a float array)")
    return d


def masked_values_grad(g, cond, v, ans):
    """The gradient of the values ``v`` of ``masked_put``: ``g`` where ``cond`` holds, summed
    over what ``v`` was broadcast to."""
    g = stored_tangent(g, ans)
    return unbroadcast(np.asarray(g)[cond], v)  # (a 0-d ``ans``'s gradient may be a float)


# ------------------------------------------------------------ np.put_along_axis's positions


def along_axis_positions(a, indices, axis):
    """The index ``np.put_along_axis(a, indices, values, axis)`` stores at, as NumPy builds
    it: ``indices`` (integers, as many dimensions as ``a``) along ``axis``, each other axis's
    positions spread along its own dimension. front/in_place.py lowers the call to NumPy's
    own store, ``a[along_axis_positions(a, indices, axis)] = values`` (``values`` broadcast
    to the positions; a repeated position takes the last value). A constant."""
    if type(a) is not np.ndarray:
        raise TypeError(f"np.put_along_axis puts into an array, not a {type(a).__name__}")
    indices = np.asarray(indices)
    if axis is None:
        raise SrcdiffError("np.put_along_axis is differentiated along an axis; axis=None "
                           "(the flattened array) is not supported",
                           hint="use np.put(a, indices, values) for flat positions")
    if not np.issubdtype(indices.dtype, np.integer):
        raise IndexError("`indices` must be an integer array")
    if indices.ndim != a.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    if not -a.ndim <= axis < a.ndim:
        raise np.exceptions.AxisError(axis, a.ndim)
    axis %= a.ndim
    return tuple(indices if k == axis else np.arange(n).reshape(
        [-1 if j == k else 1 for j in range(a.ndim)]) for k, n in enumerate(a.shape))


R.nondiff(along_axis_positions)


# ------------------------------------------------------------ an option's value, cast


def cast_like(value, like):
    """``value`` as a 0-d array of ``like``'s dtype: how NumPy reads a reduction's
    ``initial=`` or np.pad's ``constant_values=`` (rules/composites.py option definitions)."""
    return np.asarray(value).astype(np.asarray(like).dtype)


@R.vjp(cast_like, name="cast_like")
def cast_like_vjp(g, ans, value, like):
    return np.reshape(cast_tangent(g, ans), np.shape(value)), None


@R.jvp(cast_like, name="cast_like")
def cast_like_jvp(d, ans, value, like):
    return np.reshape(cast_tangent(d, ans), np.shape(ans)), None


def cast_tangent(d, ans):
    """``d``, refused where the value was cast to an integer dtype (truncated: its
    derivative is lost; ``np.sum(int_array, initial=s)`` is constant in ``s``)."""
    if not np.issubdtype(np.asarray(ans).dtype, np.inexact):
        raise SrcdiffError(f"a value computed from the differentiated inputs is cast to "
                           f"{np.asarray(ans).dtype} (NumPy casts `initial=` and "
                           "`constant_values=` to the array's dtype): truncated, not "
                           "differentiable", hint="make the array a float array")
    return d
