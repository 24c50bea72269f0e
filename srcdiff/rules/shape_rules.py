"""Rules for NumPy's shape changes, joins and splits, indexing functions and constructors.

These functions move, copy or select elements without arithmetic, so each
reverse rule applies the transpose of the same data movement (``flip`` undoes
``flip``, ``concatenate`` cuts, ``take`` scatters with accumulation) and each
forward rule applies the movement itself to the tangent. Notation as in
numpy_rules.py (``g``, ``ans``, ``d``).

Functions returning several arrays (``split`` and friends) get their gradient
as a list with ``None`` for pieces no output depends on (``fill_zeros``).
``sort``/``partition`` send each output element's gradient to the input
element it came from; tied values may be matched in either order.
``reshape``/``ravel`` with ``order="F"`` (or ``"A"``/``"K"`` of a Fortran-ordered
input) move gradients back in the same index order; ``"K"`` of an array that is
neither C- nor Fortran-contiguous is refused at run time.
"""

import numpy as np
from numpy.lib import stride_tricks

from srcdiff.errors import SrcdiffError
from srcdiff.rules.reduction_rules import diagonal_grad
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import add_at, broadcast_like, fill_zeros, is_constant, unbroadcast

# ------------------------------------------------------------- shape changes


@R.linear(np.transpose, np.permute_dims)
def transpose(g, ans, a, axes=None):
    if axes is None:
        return np.transpose(g)
    if is_constant(axes):  # negative axes count from the end
        return np.transpose(g, np.argsort(np.mod(axes, np.ndim(a))))
    return np.transpose(g, None if axes is None else np.argsort(np.mod(axes, np.ndim(a))))


@R.vjp(np.reshape)
def reshape(g, ans, a, shape=None, order="C", copy=None):
    if is_constant(order) and order == "C":
        return np.reshape(g, np.shape(a))
    return np.reshape(g, np.shape(a), order=index_order(a, order))


@R.jvp(np.reshape)
def reshape_jvp(d, ans, a, shape=None, order="C", copy=None):
    if is_constant(order) and order == "C":
        return np.reshape(d, np.shape(ans))
    return np.reshape(d, np.shape(ans), order=index_order(a, order))


@R.vjp(np.ravel)
def ravel(g, ans, a, order="C"):
    if is_constant(order) and order == "C":
        return np.reshape(g, np.shape(a))
    return np.reshape(g, np.shape(a), order=index_order(a, order))


@R.jvp(np.ravel)
def ravel_jvp(d, ans, a, order="C"):
    if is_constant(order) and order == "C":
        return np.reshape(d, np.shape(ans))
    return np.ravel(d, order=index_order(a, order))


def index_order(a, order):
    """The index order (``"C"`` or ``"F"``) in which ``np.reshape``/``np.ravel`` with ``order``
    read ``a``: ``"A"`` and ``"K"`` depend on ``a``'s memory layout, which must then be one
    of the two (``"K"`` of a strided view reads in an order no index order describes)."""
    if order in ("C", "F"):
        return order
    flags = np.asarray(a).flags
    if order == "A":
        return "F" if flags.f_contiguous and not flags.c_contiguous else "C"
    if order == "K" and (flags.c_contiguous or flags.f_contiguous):
        return "C" if flags.c_contiguous else "F"
    # (a SrcdiffError: the transforms give it the user's file and line, api/located.py)
    raise SrcdiffError(f"no gradient for order={order!r} of an array that is neither "
                       "C- nor Fortran-contiguous; copy it first (np.ascontiguousarray)")


R.nondiff(index_order)


@R.vjp(np.expand_dims)
def expand_dims(g, ans, a, axis):
    return np.reshape(g, np.shape(a))


@R.vjp(np.squeeze)
def squeeze(g, ans, a, axis=None):
    return np.reshape(g, np.shape(a))


@R.vjp(np.atleast_1d, np.atleast_2d, np.atleast_3d)
def atleast_nd(g, ans, ary):
    return np.reshape(g, np.shape(ary))


@R.jvp(np.expand_dims, np.squeeze, np.atleast_1d, np.atleast_2d, np.atleast_3d)
def reshaped_jvp(d, ans, a, *args, **kwargs):
    return np.reshape(d, np.shape(ans))


@R.linear(np.broadcast_to)
def broadcast_to(g, ans, array, shape):
    return unbroadcast(g, array)


@R.linear(np.moveaxis)
def moveaxis(g, ans, a, source, destination):
    return np.moveaxis(g, destination, source)


@R.linear(np.swapaxes)
def swapaxes(g, ans, a, axis1, axis2):
    return np.swapaxes(g, axis1, axis2)


@R.linear(np.rollaxis)
def rollaxis(g, ans, a, axis, start=0):
    return np.transpose(g, np.argsort(rollaxis_order(np.ndim(a), axis, start)))


def rollaxis_order(ndim, axis, start=0):
    """The permutation ``np.rollaxis(a, axis, start)`` applies, as ``np.transpose`` axes."""
    axis %= ndim
    start = start + ndim if start < 0 else start
    order = [i for i in range(ndim) if i != axis]
    order.insert(start - 1 if start > axis else start, axis)
    return order


@R.linear(stride_tricks.sliding_window_view)
def sliding_window_view(g, ans, x, window_shape, axis=None):
    return window_sums(g, np.shape(x), window_shape, axis)


def window_sums(g, shape, window_shape, axis=None):
    """``sliding_window_view``'s adjoint, an array of ``shape``: each window's entries added
    back where they were read. ``g`` has the view's shape: ``shape`` with each windowed
    axis shortened by its window less one, then the window's axes; an axis windowed twice
    shifts by both offsets."""
    window = tuple(np.atleast_1d(window_shape).tolist())
    axes = tuple(range(len(shape))) if axis is None else tuple(np.atleast_1d(axis).tolist())
    axes = tuple(a % len(shape) for a in axes)
    kept = list(shape)
    for a, w in zip(axes, window):
        kept[a] -= w - 1
    out = np.zeros(shape, np.result_type(g))
    for offset in np.ndindex(window):
        start = [0] * len(shape)
        for a, o in zip(axes, offset):
            start[a] += o
        out[tuple(slice(b, b + n) for b, n in zip(start, kept))] += g[(Ellipsis,) + offset]
    return out


@R.linear(window_sums)
def window_sums_transpose(g, ans, h, shape, window_shape, axis=None):
    return stride_tricks.sliding_window_view(g, window_shape, axis)


@R.vjp(add_at)
def add_at_vjp(g, ans, a, index, v):
    # linear in a and v: a's entries pass through; v was broadcast to a[index]'s shape and
    # added at each occurrence of a position, so it reads g there (a repeat reads it again)
    return g, None, unbroadcast(g[index], v)


@R.jvp(add_at)
def add_at_jvp(d, ans, a, index, v):
    return d, None, add_at(np.zeros(np.shape(ans), np.result_type(d, ans)), index, d)


@R.linear(np.flip)
def flip(g, ans, m, axis=None):
    return np.flip(g, axis)


@R.linear(np.fliplr)
def fliplr(g, ans, m):
    return np.fliplr(g)


@R.linear(np.flipud)
def flipud(g, ans, m):
    return np.flipud(g)


@R.linear(np.rot90)
def rot90(g, ans, m, k=1, axes=(0, 1)):
    return np.rot90(g, -k, axes)


@R.vjp(np.roll)
def roll(g, ans, a, shift, axis=None):
    return np.roll(g, np.negative(shift), axis), None


@R.jvp(np.roll)
def roll_jvp(d, ans, a, shift, axis=None):
    return np.roll(d, shift, axis), None


@R.vjp(np.tile)
def tile(g, ans, A, reps):
    return tile_grad(g, A, reps), None


@R.jvp(np.tile)
def tile_jvp(d, ans, A, reps):
    return np.tile(d, reps), None


def tile_grad(g, a, reps):
    """Sum the tiles of ``g``: view it as (rep_0, n_0, rep_1, n_1, ...) and sum the reps."""
    shape = np.shape(a)
    reps = (reps,) if np.ndim(reps) == 0 else tuple(reps)
    n = max(len(shape), len(reps))
    shape_n = (1,) * (n - len(shape)) + tuple(shape)
    reps = (1,) * (n - len(reps)) + reps
    g = np.reshape(g, np.ravel(np.stack([reps, shape_n], axis=1)))  # (rep_0, n_0, rep_1, ...)
    return np.reshape(np.sum(g, axis=tuple(range(0, 2 * n, 2))), shape)


@R.vjp(np.repeat)
def repeat(g, ans, a, repeats, axis=None):
    return repeat_grad(g, a, repeats, axis), None


@R.jvp(np.repeat)
def repeat_jvp(d, ans, a, repeats, axis=None):
    return np.repeat(d, repeats, axis), None


def repeat_grad(g, a, repeats, axis=None):
    """Add each copy of ``g`` back to the element it repeats."""
    a = np.asarray(a)
    if axis is None or a.ndim == 0:  # (NumPy repeats a 0-d array as one of one element)
        flat = repeat_grad(np.ravel(g), np.ravel(a), repeats, 0)
        return np.reshape(flat, a.shape)
    n = a.shape[axis]
    source = np.repeat(np.arange(n), repeats)
    rest = tuple(k for i, k in enumerate(a.shape) if i != axis % a.ndim)
    out = np.zeros((n,) + rest, dtype=np.result_type(g, float))
    np.add.at(out, source, np.moveaxis(g, axis, 0))
    return np.moveaxis(out, 0, axis)


@R.vjp(np.pad)
def pad(g, ans, array, pad_width, mode="constant", **kwargs):
    return pad_grad(g, array, pad_width, mode, kwargs), None


@R.jvp(np.pad)
def pad_jvp(d, ans, array, pad_width, mode="constant", **kwargs):
    return pad_tangent(d, pad_width, mode, kwargs), None


_COPYING_PADS = ("edge", "reflect", "symmetric", "wrap")


def _pad_widths(pad_width, ndim):
    """``(before, after)`` per axis, as np.pad reads ``pad_width``: ``n``, ``(n,)``,
    ``(before, after)``, ``((before, after),)`` or one pair per axis all broadcast."""
    return np.broadcast_to(np.asarray(pad_width, dtype=int), (ndim, 2))


def pad_grad(g, array, pad_width, mode="constant", kwargs=None):
    """The gradient of ``np.pad`` for ``array``: the interior of ``g``, plus what the
    copying modes (edge, reflect, symmetric, wrap) copied out of ``array``."""
    shape = np.shape(array)
    widths = _pad_widths(pad_width, len(shape))
    if mode == "constant":
        return g[tuple(slice(lo, lo + n) for (lo, _), n in zip(widths, shape))]
    if mode in _COPYING_PADS and (kwargs or {}).get("reflect_type", "even") == "even":
        source = np.pad(np.arange(int(np.prod(shape))).reshape(shape), pad_width, mode)
        out = np.zeros(int(np.prod(shape)), dtype=np.result_type(g, float))
        np.add.at(out, source.ravel(), np.ravel(g))
        return out.reshape(shape)
    raise NotImplementedError(_pad_refusal("gradient", mode, kwargs))


def pad_tangent(d, pad_width, mode="constant", kwargs=None):
    """The tangent of ``np.pad``: constant padding is constant (zero tangent); the copying
    modes copy the tangent as they copy the values. The other modes are refused, as by
    :func:`pad_grad` (a statistic such as ``maximum`` is not the statistic of the tangents)."""
    if mode == "constant":
        return np.pad(d, pad_width)
    if mode in _COPYING_PADS and (kwargs or {}).get("reflect_type", "even") == "even":
        return np.pad(d, pad_width, mode)
    raise NotImplementedError(_pad_refusal("tangent", mode, kwargs))


@R.checks(np.pad)
def pad_check(literals):
    """A mode written in the call that the rules below do not model (refused when the call
    is compiled; a mode computed at run time is checked by the rules)."""
    mode, reflect = literals.get("mode", "constant"), literals.get("reflect_type", "even")
    if mode == "constant" or mode in _COPYING_PADS and reflect == "even":
        return None
    kwargs = {k: v for k, v in literals.items() if k not in ("array", "pad_width", "mode")}
    return _pad_modes(mode, kwargs)


def _pad_refusal(what, mode, kwargs):
    return f"no {what} for np.pad: {_pad_modes(mode, kwargs)}"


def _pad_modes(mode, kwargs):
    options = "".join(f", {k}={v!r}" for k, v in (kwargs or {}).items())
    return (f"mode={mode!r}{options} is not modelled (supported: mode='constant' with any "
            "constant_values, and 'edge', 'reflect', 'symmetric', 'wrap' with "
            "reflect_type='even')")


@R.linear(np.tril)
def tril(g, ans, m, k=0):
    return np.tril(g, k)


@R.linear(np.triu)
def triu(g, ans, m, k=0):
    return np.triu(g, k)


@R.linear(np.diag)
def diag(g, ans, v, k=0):
    if np.ndim(v) == 1:
        return np.diag(g, k)
    return diagonal_grad(g, v, k, 0, 1)


@R.linear(np.diagflat)
def diagflat(g, ans, v, k=0):
    return np.reshape(np.diagonal(g, k), np.shape(v))


@R.linear(np.diagonal)
def diagonal(g, ans, a, offset=0, axis1=0, axis2=1):
    return diagonal_grad(g, a, offset, axis1, axis2)


# ------------------------------------------------------------ joins and splits


@R.vjp(np.concatenate, np.concat)
def concatenate(g, ans, arrays, axis=0):
    return split_like(g, arrays, axis)


@R.jvp(np.concatenate, np.concat)
def concatenate_jvp(d, ans, arrays, axis=0):
    return np.concatenate(fill_zeros(d, arrays), axis=axis)


def split_like(g, arrays, axis=0):
    """Cut ``g`` into pieces shaped like ``arrays`` along ``axis`` (concatenate's adjoint)."""
    if axis is None:
        sizes = np.cumsum([np.size(a) for a in arrays])[:-1]
        return [np.reshape(p, np.shape(a)) for p, a in zip(np.split(g, sizes), arrays)]
    lead = (slice(None),) * (axis % np.ndim(g))  # slices, not np.split: any array type has them
    parts, end = [], 0
    for a in arrays:
        start, end = end, end + np.shape(a)[axis]
        parts.append(g[lead + (slice(start, end),)])
    return parts


def split_rest(g, heads, axis=0):
    """Cut ``g`` into the pieces of ``np.concatenate(heads + (last,), axis)``'s adjoint:
    one per entry of ``heads`` (their lengths along ``axis``), then what remains of ``g``,
    which is ``last``'s piece since ``g`` has the shape of the concatenation (reverse/
    contributions.py: ``last`` is then not read for its length). ``heads`` are arrays
    (of any library: only their shapes and basic slices of ``g`` are used)."""
    if axis == 0:  # the common case, without building keys
        parts, end = [], 0
        for a in heads:
            start, end = end, end + a.shape[0]
            parts.append(g[start:end])
        parts.append(g[end:])
        return parts
    lead = (slice(None),) * (axis % g.ndim)
    parts, end = [], 0
    for a in heads:
        start, end = end, end + a.shape[axis]
        parts.append(g[lead + (slice(start, end),)])
    parts.append(g[lead + (slice(end, None),)])
    return parts


@R.vjp(np.stack)
def stack(g, ans, arrays, axis=0):
    return stacked_parts(g, len(arrays), axis)


@R.jvp(np.stack)
def stack_jvp(d, ans, arrays, axis=0):
    return np.stack(fill_zeros(d, arrays), axis=axis)


@R.vjp(np.vstack, np.row_stack)
def vstack(g, ans, tup):
    return stacked_grads(g, tup, "vstack")


@R.jvp(np.vstack, np.row_stack)
def vstack_jvp(d, ans, tup):
    return np.vstack(fill_zeros(d, tup))


@R.vjp(np.hstack)
def hstack(g, ans, tup):
    return stacked_grads(g, tup, "hstack")


@R.jvp(np.hstack)
def hstack_jvp(d, ans, tup):
    return np.hstack(fill_zeros(d, tup))


@R.vjp(np.dstack)
def dstack(g, ans, tup):
    return stacked_grads(g, tup, "dstack")


@R.jvp(np.dstack)
def dstack_jvp(d, ans, tup):
    return np.dstack(fill_zeros(d, tup))


@R.vjp(np.column_stack)
def column_stack(g, ans, tup):
    return stacked_grads(g, tup, "column_stack")


@R.jvp(np.column_stack)
def column_stack_jvp(d, ans, tup):
    return np.column_stack(fill_zeros(d, tup))


def stacked_parts(g, n, axis=0):
    """The ``n`` slices of ``g`` along ``axis`` (``np.stack``'s adjoint): views of ``g``,
    as ``np.take`` would copy them (any array type has basic indexing; the trailing
    ``...`` spells out the axes after, which the array API requires)."""
    lead = (slice(None),) * (axis % np.ndim(g))
    return [g[lead + (i, Ellipsis)] for i in range(n)]


def stacked_grads(g, tup, how):
    """Cut the gradient of ``np.vstack``/``hstack``/``dstack``/``column_stack`` into pieces."""
    arrays = [np.asarray(a) for a in tup]
    if how == "vstack":
        axis, shapes = 0, [np.shape(np.atleast_2d(a)) for a in arrays]
    elif how == "dstack":
        axis, shapes = 2, [np.shape(np.atleast_3d(a)) for a in arrays]
    elif how == "column_stack":
        axis, shapes = 1, [(a.size, 1) if a.ndim < 2 else a.shape for a in arrays]
    else:
        axis = 0 if np.ndim(np.atleast_1d(arrays[0])) == 1 else 1
        shapes = [np.shape(np.atleast_1d(a)) for a in arrays]
    cuts = np.cumsum([s[axis] for s in shapes])[:-1]
    grads = [np.reshape(p, a.shape) for p, a in zip(np.split(g, cuts, axis=axis), arrays)]
    return np.stack(grads) if isinstance(tup, np.ndarray) else grads


@R.vjp(np.append)
def append(g, ans, arr, values, axis=None):
    grads = append_grads(g, arr, values, axis)
    return grads[0], grads[1]


@R.jvp(np.append)
def append_jvp(d, ans, arr, values, axis=None):
    return (np.append(d, np.zeros(np.shape(values)), axis),
            np.append(np.zeros(np.shape(arr)), d, axis))


def append_grads(g, arr, values, axis=None):
    """The gradients of ``np.append(arr, values, axis)``: the two parts of ``g``."""
    if axis is None:
        n = np.size(arr)
        g = np.ravel(g)
        return np.reshape(g[:n], np.shape(arr)), np.reshape(g[n:], np.shape(values))
    first, second = np.split(g, [np.shape(arr)[axis]], axis=axis)
    return first, second


def check_split(pieces, ary, name="np.split"):
    """The pieces of ``name(ary, points)`` (split's adjoint concatenates their gradients):
    None where they cut ``ary`` into consecutive parts; srcdiff's refusal where they
    overlap, as split points that go back (``[4, 2]``: NumPy returns ``ary[:4]``, an empty
    ``ary[4:2]`` and ``ary[2:]``) make them. Each piece is a slice of ``ary`` between two
    points taken as slice bounds, the first 0 and the last the length: their lengths sum
    to more than the length exactly when two of them overlap. A read-only check
    (ir/calls.py)."""
    if sum(np.size(p) for p in pieces) != np.size(ary):
        raise SrcdiffError(
            f"{name} with split points that go back (overlapping pieces, of sizes "
            f"{[int(np.size(p)) for p in pieces]} for {int(np.size(ary))} entries) is not "
            "differentiated", hint="give the split points in increasing order (NumPy's "
                                   "pieces then cut the array into consecutive parts)")


R.nondiff(check_split)


@R.vjp(np.split, np.array_split)
def split(g, ans, ary, indices_or_sections, axis=0):
    check_split(ans, ary)  # (overlapping pieces: refused)
    return np.concatenate(fill_zeros(g, ans), axis=axis), None


@R.jvp(np.split)
def split_jvp(d, ans, ary, indices_or_sections, axis=0):
    return np.split(d, indices_or_sections, axis=axis), None


@R.jvp(np.array_split)
def array_split_jvp(d, ans, ary, indices_or_sections, axis=0):
    return np.array_split(d, indices_or_sections, axis=axis), None


@R.vjp(np.hsplit)
def hsplit(g, ans, ary, indices_or_sections):
    check_split(ans, ary, "np.hsplit")
    return np.hstack(fill_zeros(g, ans)), None


@R.jvp(np.hsplit)
def hsplit_jvp(d, ans, ary, indices_or_sections):
    return np.hsplit(d, indices_or_sections), None


@R.vjp(np.vsplit)
def vsplit(g, ans, ary, indices_or_sections):
    check_split(ans, ary, "np.vsplit")
    return np.vstack(fill_zeros(g, ans)), None


@R.jvp(np.vsplit)
def vsplit_jvp(d, ans, ary, indices_or_sections):
    return np.vsplit(d, indices_or_sections), None


@R.vjp(np.dsplit)
def dsplit(g, ans, ary, indices_or_sections):
    check_split(ans, ary, "np.dsplit")
    return np.dstack(fill_zeros(g, ans)), None


@R.jvp(np.dsplit)
def dsplit_jvp(d, ans, ary, indices_or_sections):
    return np.dsplit(d, indices_or_sections), None


R.tuple_output(np.split, np.array_split, np.hsplit, np.vsplit, np.dsplit)


@R.vjp(np.array, np.asarray)
def array(g, ans, object, dtype=None, **kwargs):
    if "ndmin" in kwargs:  # length-1 axes in front of the object's own
        return unstack_like(np.reshape(g, np.shape(object)), object)
    return unstack_like(g, object)


@R.jvp(np.array, np.asarray)
def array_jvp(d, ans, object, dtype=None, **kwargs):
    if "ndmin" in kwargs:
        return np.reshape(stack_tangents(d, object), np.shape(ans))
    return stack_tangents(d, object)


def unstack_like(g, obj):
    """The gradient of ``np.array(obj)`` for a (nested) list or an array ``obj``."""
    if isinstance(obj, (list, tuple)):
        return [unstack_like(g[i, ...], o) for i, o in enumerate(obj)]  # (the array API
        # wants every axis indexed: g[i, ...] is NumPy's g[i])
    return g


def stack_tangents(d, obj):
    """The tangent of ``np.array(obj)`` from the (nested) tangents ``d`` of ``obj``'s entries."""
    if d is None:
        return np.zeros(np.shape(obj))
    if isinstance(obj, (list, tuple)):
        return np.array([stack_tangents(di, o) for di, o in zip(d, obj)])
    return np.asarray(d)


@R.self_adjoint(np.copy)
def copy(g, ans, a, order="K"):  # (order= chooses the copy's memory layout, not its values)
    return g


# the same values in a layout of NumPy's choosing (the argument itself when it has it: the
# alias analysis counts the result as the argument, analysis/scan.py _PASSTHROUGH); at least
# one axis for ascontiguousarray/asfortranarray, so a number's gradient is reshaped back
@R.vjp(np.ascontiguousarray, np.asfortranarray)
def as_layout(g, ans, a, dtype=None):
    return np.reshape(g, np.shape(a))


@R.jvp(np.ascontiguousarray, np.asfortranarray)
def as_layout_jvp(d, ans, a, dtype=None):
    return np.reshape(d, np.shape(ans))


@R.vjp(np.asanyarray)
def asanyarray(g, ans, a, dtype=None, order=None):
    return np.reshape(g, np.shape(a))


@R.jvp(np.asanyarray)
def asanyarray_jvp(d, ans, a, dtype=None, order=None):
    return np.reshape(d, np.shape(ans))


# (the result may be the argument itself: a change through either is one of both, which the
# sharing analysis then follows or refuses, analysis/sharing.py)
R.view(np.ascontiguousarray, np.asfortranarray, np.asanyarray)


# ------------------------------------------------------------- selections


@R.vjp(np.take)
def take(g, ans, a, indices, axis=None, out=None, mode="raise"):
    return take_grad(g, a, indices, axis, mode), None


@R.jvp(np.take)
def take_jvp(d, ans, a, indices, axis=None, out=None, mode="raise"):
    return np.take(d, indices, axis=axis, mode=mode), None


def take_grad(g, a, indices, axis=None, mode="raise"):
    """Scatter-add ``g`` to the elements of ``a`` that ``np.take`` read (repeats accumulate)."""
    shape = np.shape(a)
    if axis is None:
        flat = take_grad(g, np.ravel(a), indices, 0, mode)
        return np.reshape(flat, shape)
    axis %= len(shape)
    n = shape[axis]
    idx = np.asarray(indices)
    idx = idx % n if mode == "wrap" else np.clip(idx, 0, n - 1) if mode == "clip" else idx
    out = np.zeros((n,) + shape[:axis] + shape[axis + 1:], dtype=np.result_type(g, float))
    g = np.moveaxis(np.asarray(g), list(range(axis, axis + idx.ndim)), list(range(idx.ndim)))
    np.add.at(out, idx, g)
    return np.moveaxis(out, 0, axis)


@R.vjp(np.take_along_axis)
def take_along_axis(g, ans, arr, indices, axis=-1):
    return take_along_axis_grad(g, arr, indices, axis), None


@R.jvp(np.take_along_axis)
def take_along_axis_jvp(d, ans, arr, indices, axis=-1):
    return np.take_along_axis(d, indices, axis), None


def along_axis_index(indices, axis, shape):
    """An index tuple that reads ``np.take_along_axis(a, indices, axis)`` from ``a``."""
    nd = len(shape)
    index = []
    for i in range(nd):
        if i == axis:
            index.append(indices)
        else:
            index.append(np.arange(shape[i]).reshape([-1 if j == i else 1 for j in range(nd)]))
    return tuple(index)


def take_along_axis_grad(g, arr, indices, axis=-1):
    """Scatter-add ``g`` back along ``axis`` (the adjoint of ``np.take_along_axis``)."""
    shape = np.shape(arr)
    if axis is None:
        return np.reshape(take_along_axis_grad(g, np.ravel(arr), indices, 0), shape)
    axis %= len(shape)
    out = np.zeros(shape, dtype=np.result_type(g, float))
    index = along_axis_index(np.asarray(indices), axis, shape)
    np.add.at(out, index, np.broadcast_to(g, np.broadcast_shapes(*[np.shape(i) for i in index])))
    return out


# (``kind``/``stable``: the algorithm only; the gradient follows the permutation ``ans`` is
# of ``a``, read from both, which every algorithm's sorted values determine up to ties)
@R.vjp(np.sort)
def sort(g, ans, a, axis=-1, kind=None, order=None, *, stable=None):
    return sort_grad(g, ans, a, axis)


@R.jvp(np.sort)
def sort_jvp(d, ans, a, axis=-1, kind=None, order=None, *, stable=None):
    return sort_tangent(d, ans, a, axis)


@R.vjp(np.partition)
def partition(g, ans, a, kth, axis=-1, kind="introselect", order=None):
    return sort_grad(g, ans, a, axis), None


@R.jvp(np.partition)
def partition_jvp(d, ans, a, kth, axis=-1, kind="introselect", order=None):
    return sort_tangent(d, ans, a, axis), None


def matching_permutation(a, ans, axis=-1):
    """Indices ``p`` with ``take_along_axis(a, p, axis) == ans`` (``ans`` rearranges ``a``)."""
    ia = np.argsort(a, axis=axis, kind="stable")
    ians = np.argsort(ans, axis=axis, kind="stable")
    p = np.empty_like(ia)
    np.put_along_axis(p, ians, ia, axis)
    return p


def sort_grad(g, ans, a, axis=-1):
    """The gradient of ``np.sort``/``np.partition``: each element's gradient goes back home."""
    if axis is None:
        return np.reshape(sort_grad(np.ravel(g), ans, np.ravel(a), 0), np.shape(a))
    p = matching_permutation(a, ans, axis)
    out = np.zeros(np.shape(a), dtype=np.result_type(g, float))
    np.put_along_axis(out, p, g, axis)
    return out


def sort_tangent(d, ans, a, axis=-1):
    """The tangent of ``np.sort``/``np.partition``: ``d`` rearranged like ``a``."""
    if axis is None:
        return sort_tangent(np.ravel(d), ans, np.ravel(a), 0)
    return np.take_along_axis(d, matching_permutation(a, ans, axis), axis)


@R.vjp(np.select, wrt=("default",))
def select(g, ans, condlist, choicelist, default=0):
    return None, select_grads(g, condlist, choicelist), select_default_grad(g, condlist, default)


@R.jvp(np.select, wrt=("default",))
def select_jvp(d, ans, condlist, choicelist, default=0):
    return (None, broadcast_like(np.select(condlist, fill_zeros(d, choicelist), 0.0), ans),
            broadcast_like(np.where(any_of(condlist, ans), 0.0, d), ans))


def any_of(condlist, like):
    """Where some condition of ``np.select(condlist, ...)`` holds (shaped like ``like``)."""
    taken = np.zeros(np.shape(like), dtype=bool)
    for cond in condlist:
        taken = taken | cond
    return taken


def select_default_grad(g, condlist, default):
    """The gradient of ``np.select``'s ``default``: where no condition holds."""
    return unbroadcast(np.where(any_of(condlist, g), 0.0, g), default)


def select_grads(g, condlist, choicelist):
    """The gradient of ``np.select`` for each choice: where its condition is the first true one."""
    taken = np.zeros(np.shape(g), dtype=bool)
    grads = []
    for cond, choice in zip(condlist, choicelist):
        grads.append(unbroadcast(np.where(cond & ~taken, g, 0.0), choice))
        taken = taken | cond
    return grads


@R.vjp(np.choose)
def choose(g, ans, a, choices, out=None, mode="raise"):
    return None, choose_grads(g, a, choices, mode)


@R.jvp(np.choose)
def choose_jvp(d, ans, a, choices, out=None, mode="raise"):
    return None, broadcast_like(np.choose(a, fill_zeros(d, choices), mode=mode), ans)


def choose_grads(g, a, choices, mode="raise"):
    """The gradient of ``np.choose`` for each choice: where ``a`` picks it."""
    n = len(choices)
    a = np.asarray(a)
    a = a % n if mode == "wrap" else np.clip(a, 0, n - 1) if mode == "clip" else a
    grads = [unbroadcast(np.where(a == k, g, 0.0), c) for k, c in enumerate(choices)]
    return np.stack(grads) if isinstance(choices, np.ndarray) else grads


# ---------------------------------------------------------------- constructors


@R.vjp(np.full)
def full(g, ans, shape, fill_value, dtype=None, order="C"):
    return None, unbroadcast(g, fill_value)


@R.jvp(np.full)
def full_jvp(d, ans, shape, fill_value, dtype=None, order="C"):
    return None, broadcast_like(d, ans)


@R.vjp(np.full_like)
def full_like(g, ans, a, fill_value, dtype=None, order="K", subok=True, shape=None):
    return None, unbroadcast(g, fill_value)


@R.jvp(np.full_like)
def full_like_jvp(d, ans, a, fill_value, dtype=None, order="K", subok=True, shape=None):
    return None, broadcast_like(d, ans)


# retstep=True makes the output a tuple (samples, step): not declared, so refused
@R.vjp(np.linspace)
def linspace(g, ans, start, stop, num=50, endpoint=True, *, dtype=None, axis=0):
    grads = linspace_grads(g, start, stop, num, endpoint, axis)
    return grads[0], grads[1]


@R.jvp(np.linspace)
def linspace_jvp(d, ans, start, stop, num=50, endpoint=True, *, dtype=None, axis=0):
    return (np.linspace(d, 0.0 * np.asarray(stop), num, endpoint, axis=axis),
            np.linspace(0.0 * np.asarray(start), d, num, endpoint, axis=axis))


def linspace_grads(g, start, stop, num=50, endpoint=True, axis=0):
    """``linspace`` is ``start + (stop - start) t``: the gradients sum ``g (1 - t)``, ``g t``."""
    t = np.linspace(0.0, 1.0, num, endpoint)
    shape = [1] * np.ndim(g)
    shape[axis] = num
    t = t.reshape(shape)
    return (unbroadcast(np.sum(g * (1.0 - t), axis=axis), start),
            unbroadcast(np.sum(g * t, axis=axis), stop))


# ------------------------------------------------- second order: the scatter helpers
# Generated gradients call the helpers above; differentiating that code again
# (sd.grad of a gradient, sd.hvp) needs their rules. Each helper is linear in
# its first argument and its transpose is the gather it undoes; the other
# arguments only give shapes, indices or a permutation that is locally constant,
# so they get no gradient (None is exact, not an approximation).


@R.vjp(take_grad, name="take_grad")
def take_grad_vjp(g, ans, grad, a, indices, axis=None, mode="raise"):
    return np.take(g, indices, axis=axis, mode=mode), None, None


@R.jvp(take_grad, name="take_grad")
def take_grad_jvp(d, ans, grad, a, indices, axis=None, mode="raise"):
    return take_grad(d, a, indices, axis, mode), None, None


@R.vjp(take_along_axis_grad, name="take_along_axis_grad")
def take_along_axis_grad_vjp(g, ans, grad, arr, indices, axis=-1):
    return np.take_along_axis(g, indices, axis), None, None


@R.jvp(take_along_axis_grad, name="take_along_axis_grad")
def take_along_axis_grad_jvp(d, ans, grad, arr, indices, axis=-1):
    return take_along_axis_grad(d, arr, indices, axis), None, None


@R.vjp(repeat_grad, name="repeat_grad")
def repeat_grad_vjp(g, ans, grad, a, repeats, axis=None):
    return np.reshape(np.repeat(g, repeats, axis), np.shape(grad)), None, None


@R.jvp(repeat_grad, name="repeat_grad")
def repeat_grad_jvp(d, ans, grad, a, repeats, axis=None):
    return repeat_grad(d, a, repeats, axis), None, None


@R.vjp(sort_grad, name="sort_grad")
def sort_grad_vjp(g, ans, grad, sorted_, a, axis=-1):
    return sort_tangent(g, sorted_, a, axis), None, None


@R.jvp(sort_grad, name="sort_grad")
def sort_grad_jvp(d, ans, grad, sorted_, a, axis=-1):
    return sort_grad(d, sorted_, a, axis), None, None


@R.vjp(sort_tangent, name="sort_tangent")
def sort_tangent_vjp(g, ans, d, sorted_, a, axis=-1):
    return sort_grad(g, sorted_, a, axis), None, None


@R.jvp(sort_tangent, name="sort_tangent")
def sort_tangent_jvp(d, ans, tangent, sorted_, a, axis=-1):
    return sort_tangent(d, sorted_, a, axis), None, None


@R.vjp(pad_grad, name="pad_grad")
def pad_grad_vjp(g, ans, grad, array, pad_width, mode="constant", kwargs=None):
    return pad_tangent(g, pad_width, mode, kwargs), None, None


@R.jvp(pad_grad, name="pad_grad")
def pad_grad_jvp(d, ans, grad, array, pad_width, mode="constant", kwargs=None):
    return pad_grad(d, array, pad_width, mode, kwargs), None, None


@R.vjp(pad_tangent, name="pad_tangent")
def pad_tangent_vjp(g, ans, d, pad_width, mode="constant", kwargs=None):
    return pad_grad(g, d, pad_width, mode, kwargs), None


@R.jvp(pad_tangent, name="pad_tangent")
def pad_tangent_jvp(d, ans, tangent, pad_width, mode="constant", kwargs=None):
    return pad_tangent(d, pad_width, mode, kwargs), None
