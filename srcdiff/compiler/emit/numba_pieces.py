"""numba versions of the shape and reduction helpers of generated gradients
(``backend="numba"``), beside numba_helpers.py and on the same terms (its docstring): an
overload per helper picks the implementation for its argument types, float arrays of one
or two dimensions; any other type has no implementation, which numba_emit.py reports as a
SrcdiffError. The semantics are the NumPy backend's (rules/shape_rules.split_rest,
runtime.extreme_grad), restricted to those types.
"""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_helpers
from srcdiff.compiler.emit.numba_broadcast import cut3
from srcdiff.compiler.emit.numba_helpers import (  # noqa: F401  (shares_nd: here before)
    _arr,
    _num,
    njit,
    numba,
    overload,
    shares_nd,
    types,
)


def split_rest(g, heads, axis=0):
    """The pieces of ``g`` for ``np.concatenate(heads + (last,), axis)``'s adjoint: one per
    head (its length along ``axis``), then the rest (rules/shape_rules.split_rest)."""


@njit
def _cut1(g, start, end, axis):
    if axis != 0 and axis != -1:
        raise ValueError("srcdiff: split_rest's axis is out of range")
    return g[start:end]


@njit
def _cut2(g, start, end, axis):
    if axis == 0 or axis == -2:
        return g[start:end, :]
    if axis != 1 and axis != -1:
        raise ValueError("srcdiff: split_rest's axis is out of range")
    return g[:, start:end]


def _split_impl(cut, ndim, count):
    """``split_rest`` for ``count`` heads, ``cut`` the slicing of an ``ndim``-array."""
    if count == 1:
        def one(g, heads, axis=0):
            ax = axis % ndim
            e1 = heads[0].shape[ax]
            return cut(g, 0, e1, axis), cut(g, e1, g.shape[ax], axis)
        return one
    if count == 2:
        def two(g, heads, axis=0):
            ax = axis % ndim
            e1 = heads[0].shape[ax]
            e2 = e1 + heads[1].shape[ax]
            return cut(g, 0, e1, axis), cut(g, e1, e2, axis), cut(g, e2, g.shape[ax], axis)
        return two
    return None


@overload(split_rest)
def _split_rest(g, heads, axis=0):
    if not (_arr(g, 3) and isinstance(heads, types.BaseTuple)
            and all(_arr(t, 3) and t.ndim == g.ndim for t in heads.types)
            and isinstance(axis, (types.Integer, types.Omitted, int))):
        return None
    return _split_impl((_cut1, _cut2, cut3)[g.ndim - 1], g.ndim, len(heads.types))


def extreme_grad(g, x=None, top=None, axis=None, keepdims=False):
    """The adjoint of ``np.max``/``np.min`` of ``x`` reaching ``top``: ``g`` shared
    equally among the elements equal to ``top`` (runtime.extreme_grad), over the whole
    array (``axis=None``) or, for a 2-d ``x``, over one axis (``keepdims`` either way)."""


def _none(t):
    return t is None or isinstance(t, (types.NoneType, types.Omitted))


@overload(extreme_grad)
def _extreme_grad(g, x=None, top=None, axis=None, keepdims=False):
    if not (_arr(x) and isinstance(keepdims, (types.Boolean, types.Omitted, bool))):
        return None
    if _none(axis) and _num(g) and _num(top):
        def whole(g, x=None, top=None, axis=None, keepdims=False):
            hit = x == top
            return hit * (g / hit.sum())  # (no hit, a NaN top: ZeroDivisionError)
        return whole
    if _none(axis) and _arr(g) and _arr(top) and g.ndim == top.ndim == x.ndim:
        def kept_whole(g, x=None, top=None, axis=None, keepdims=False):  # (kept_all's)
            if g.size != 1 or top.size != 1:
                raise ValueError("srcdiff: extreme_grad of a gradient without the kept axes")
            hit = x == np.ascontiguousarray(top).reshape(1)[0]
            return hit * (np.ascontiguousarray(g).reshape(1)[0] / hit.sum())
        return kept_whole
    if x.ndim == 2 and isinstance(axis, types.Integer) and _arr(g, 1) and _arr(top, 1):
        def rows(g, x=None, top=None, axis=None, keepdims=False):
            if keepdims:
                raise ValueError("srcdiff: extreme_grad with keepdims=True")
            return _share(g, x, top, axis % 2)
        return rows
    if x.ndim == 2 and isinstance(axis, types.Integer) and _arr(g) and _arr(top) \
            and g.ndim == 2 and top.ndim == 2:
        def kept(g, x=None, top=None, axis=None, keepdims=False):  # (the axis of length 1)
            ax = axis % 2
            if not keepdims or g.shape[ax] != 1 or top.shape[ax] != 1:
                raise ValueError("srcdiff: extreme_grad of a gradient without the kept axis")
            return _share(np.ascontiguousarray(g).reshape(g.size), x,
                          np.ascontiguousarray(top).reshape(top.size), ax)
        return kept
    return None


def _share(g, x, top, ax):
    """extreme_grad over the axis ``ax`` (0 or 1) of a 2-d ``x``, ``g`` and ``top`` 1-d."""


@overload(_share)
def _share_impl(g, x, top, ax):
    def impl(g, x, top, ax):
        out = np.zeros(x.shape)
        n_out, n_in = (x.shape[1], x.shape[0]) if ax == 0 else (x.shape[0], x.shape[1])
        if g.shape[0] != n_out or top.shape[0] != n_out:
            raise ValueError("srcdiff: extreme_grad of a gradient of another shape")
        for i in range(n_out):
            count = 0
            for j in range(n_in):
                if (x[j, i] if ax == 0 else x[i, j]) == top[i]:
                    count += 1
            share = g[i] / count
            for j in range(n_in):
                if ax == 0 and x[j, i] == top[i]:
                    out[j, i] = share
                elif ax == 1 and x[i, j] == top[i]:
                    out[i, j] = share
        return out
    return impl


def unreduce(g, x, axis=None, keepdims=False, like=None):
    """The gradient of a reduction of ``x`` over ``axis`` spread back to the shape of ``x``
    (runtime.unreduce): a read-only broadcast view, as the NumPy backend's (``like``, which
    lets NumPy keep the reduced axes of length 1, gives the same values either way)."""


@overload(unreduce)
def _unreduce(g, x, axis=None, keepdims=False, like=None):
    if not (_arr(x, 3) and (_num(g) or _arr(g, 3))
            and isinstance(keepdims, (types.Boolean, types.Omitted, bool))):
        return None
    if _none(axis) or _num(g):
        return lambda g, x, axis=None, keepdims=False, like=None: np.broadcast_to(g, x.shape)
    if isinstance(axis, types.Integer) and g.ndim == x.ndim - 1:
        def one_axis(g, x, axis=None, keepdims=False, like=None):
            if keepdims:
                raise ValueError("srcdiff: unreduce of a gradient without the kept axis")
            return np.broadcast_to(np.expand_dims(g, axis % x.ndim), x.shape)
        return one_axis
    if isinstance(axis, types.Integer) and g.ndim == x.ndim:
        def kept(g, x, axis=None, keepdims=False, like=None):
            if not keepdims:
                raise ValueError("srcdiff: unreduce of a gradient of the wrong rank")
            return np.broadcast_to(g, x.shape)
        return kept
    return None


def max_axis(x, axis):
    """``np.max(x, axis=axis)`` of a 2-d float array (numba's np.max takes no axis)."""


def min_axis(x, axis):
    """``np.min(x, axis=axis)`` of a 2-d float array."""


@njit
def _axis2(axis):
    """A 2-d array's ``axis`` counted from the front; out of range, NumPy's AxisError (a
    ValueError here): never another axis's numbers (``axis % 2`` took 2 for 0)."""
    if axis < -2 or axis > 1:
        raise ValueError("srcdiff: axis is out of bounds for array of dimension 2")
    return axis % 2


def _extreme_axis(bigger):
    def impl(x, axis):
        ax = _axis2(axis)
        if x.shape[0] == 0 or x.shape[1] == 0:
            raise ValueError("zero-size array to reduction operation which has no identity")
        n_out, n_in = (x.shape[1], x.shape[0]) if ax == 0 else (x.shape[0], x.shape[1])
        out = np.empty(n_out)
        for i in range(n_out):
            best = x[0, i] if ax == 0 else x[i, 0]
            for j in range(1, n_in):
                v = x[j, i] if ax == 0 else x[i, j]
                if np.isnan(v) or (v > best if bigger else v < best):
                    best = v  # (NaN propagates, as NumPy's)
                    if np.isnan(v):
                        break
            out[i] = best
        return out
    return impl


def _extreme_axis_overload(bigger):
    def typed(x, axis):
        if _arr(x) and x.ndim == 2 and isinstance(x.dtype, types.Float) \
                and isinstance(axis, types.Integer):
            return _extreme_axis(bigger)
        return None
    return typed


overload(max_axis)(_extreme_axis_overload(True))
overload(min_axis)(_extreme_axis_overload(False))


def view_of(w, v, name):
    """``w = v[i]`` is a view of ``v`` (runtime_checks.view_of): in compiled code both are
    arrays and ``i`` a basic index (front/aliases.py reads only such), always a view."""


@overload(view_of)
def _view_of(w, v, name):
    if isinstance(w, types.Array) and isinstance(v, types.Array):
        return lambda w, v, name: 0
    return None


def check_broadcast(*terms):
    """runtime_checks.check_broadcast in compiled code: a term is an array (its shape), a
    number (no axes) or a tuple of numbers (one axis, as ``np.shape`` says), checked axis by
    axis in code written for the terms' types."""


def _uncached_overload(stub):
    """numba's overload, not cached: the implementation is written for the argument types
    (exec), and numba caches only functions of a source file."""
    return numba.extending.overload(stub) if numba is not None else (lambda impl: impl)


@_uncached_overload(check_broadcast)
def _check_broadcast(*terms):
    def axes(t, expr):  # the expressions of the axes of term type ``t`` read at ``expr``
        if isinstance(t, types.Array):
            return [f"{expr}.shape[{k}]" for k in range(t.ndim)]
        if _num(t):
            return []
        if isinstance(t, types.BaseTuple) and all(map(_num, t.types)):
            return [str(len(t.types))]
        raise TypeError(f"srcdiff: check_broadcast of {t}")

    if len(terms) == 1 and isinstance(terms[0], types.BaseTuple):  # (numba's *terms)
        terms = terms[0].types
    shapes = [axes(t, f"terms[{k}]") for k, t in enumerate(terms)]
    rank = max(map(len, shapes), default=0)
    lines = []
    for axis in range(rank):  # (counted from the end: at most one length other than 1)
        lines.append(f"    d{axis} = 1")
        for shape in shapes:
            if axis >= rank - len(shape):
                e = shape[axis - (rank - len(shape))]
                lines.append(f"    if {e} != 1:\n        if d{axis} != 1 and d{axis} != {e}:\n"
                             f"            raise ValueError(_MISMATCH)\n        d{axis} = {e}")
    namespace = {"_MISMATCH": "srcdiff: operands could not be broadcast together"}
    exec("def impl(*terms):\n" + "\n".join(lines + ["    return 0"]), namespace)
    return namespace["impl"]


def check_in_place(m, v, op="add"):
    """runtime_memory.check_in_place in compiled code: ``m op= v`` of an array ``m`` keeps
    ``m``'s shape (``v`` a number, or an array of no more axes, each of length 1 or
    ``m``'s); ``m @= v`` is not compiled (no implementation: refused), nor an int or bool
    ``m`` with an operand of another dtype (NumPy casts the result back)."""


@_uncached_overload(check_in_place)
def _check_in_place(m, v, op="add"):
    if isinstance(op, types.StringLiteral) and op.literal_value == "matmul":
        return None
    if not isinstance(m, types.Array) or _num(v) and (isinstance(m.dtype, types.Float) or (
            isinstance(v, types.Integer) and m.dtype == types.int64)):  # (m's dtype kept)
        return lambda m, v, op="add": 0
    if not isinstance(v, types.Array) or v.ndim > m.ndim or v.dtype != m.dtype and not \
            isinstance(m.dtype, types.Float):
        return None if not isinstance(v, types.Array) or v.ndim <= m.ndim else _more_axes
    lines = []
    for k in range(1, v.ndim + 1):
        lines.append(f"    if v.shape[-{k}] != 1 and v.shape[-{k}] != m.shape[-{k}]:\n"
                     "        raise ValueError(_MISMATCH)")
    namespace = {"_MISMATCH": "srcdiff: non-broadcastable output operand"}
    exec("def impl(m, v, op='add'):\n" + "\n".join(lines + ["    return 0"]), namespace)
    return namespace["impl"]


def _more_axes(m, v, op="add"):
    raise ValueError("srcdiff: non-broadcastable output operand")


def reshaped(a, shape):
    """``np.reshape(a, shape)`` in compiled code: numba reshapes only a C-contiguous array
    (of any other layout, a transpose's gradient ``b_m = b_t.T * g``, it raises
    NotImplementedError at run time). A C-contiguous ``a`` is viewed as NumPy views it;
    any other is copied in C order first, the values NumPy's reshape gives."""


@overload(reshaped)
def _reshaped(a, shape):
    if not isinstance(a, types.Array):
        return None
    if isinstance(shape, types.BaseTuple) and len(shape) == 0:
        return numba_helpers.to_number  # (``np.shape(s)`` of a number ``s``: its number)
    if a.layout == "C":
        return lambda a, shape: np.reshape(a, shape)
    return lambda a, shape: np.reshape(np.ascontiguousarray(a), shape)


def set_slice(view, value):
    """``x[s] = value`` for a basic slice ``s``, written ``set_slice(x[s], value)``
    (:func:`slice_stores`): numba's slice assignment compiles the formatting of its
    shape-mismatch message into every function that has one (~1.5 s of compile in each
    process: it is not cached); this one's message is fixed and the helper is cached.
    For a 1-d float ``view`` the same numbers as NumPy's assignment are written: a number,
    or ``value``'s entries (one entry of a length-1 ``value`` broadcast), read through a
    copy when ``value`` shares memory with ``view`` (NumPy reads all of it first); another
    length is a ValueError. Other arrays go through numba's assignment as before; anything
    but an array (a list's slice is a new list) has no implementation: refused."""


def shares(a, b):
    """Whether the 1-d arrays ``a`` and ``b`` may share memory (their byte ranges meet)."""
    if a.shape[0] == 0 or b.shape[0] == 0:
        return False
    pa, pb = a.ctypes.data, b.ctypes.data
    ea, eb = (a.shape[0] - 1) * a.strides[0], (b.shape[0] - 1) * b.strides[0]
    return (pa + min(0, ea) < pb + max(0, eb) + b.itemsize
            and pb + min(0, eb) < pa + max(0, ea) + a.itemsize)


_shares = njit(shares)





@overload(set_slice)
def _set_slice(view, value):
    if not isinstance(view, types.Array):
        return None
    if view.ndim == 1 and isinstance(view.dtype, types.Float) and _num(value):
        def fill(view, value):
            for i in range(view.shape[0]):
                view[i] = value
        return fill
    if view.ndim == 1 and isinstance(view.dtype, types.Float) and _arr(value, 1):
        def copy(view, value):
            n, m = view.shape[0], value.shape[0]
            if m == 1:
                v0 = value[0]
                for i in range(n):
                    view[i] = v0
                return
            if m != n:
                raise ValueError("srcdiff: a slice assigned an array of another length")
            src = value.copy() if _shares(view, value) else value
            for i in range(n):
                view[i] = src[i]
        return copy

    def assign(view, value):
        view[...] = value
    return assign


def slice_stores(tree):
    """Each ``x[s] = v`` under ``tree`` whose index is a slice or a tuple of slices (a
    basic index: ``x[s]`` is a view when ``x`` is an array) as ``set_slice(x[s], v)``."""
    for node in ast.walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for k, s in enumerate(block):
                if not (isinstance(s, ast.Assign) and len(s.targets) == 1
                        and isinstance(s.targets[0], ast.Subscript)):
                    continue
                t = s.targets[0]
                index = t.slice.elts if isinstance(t.slice, ast.Tuple) else [t.slice]
                if not all(isinstance(e, ast.Slice) for e in index):
                    continue
                view = ast.Subscript(value=t.value, slice=t.slice, ctx=ast.Load())
                block[k] = ast.Expr(ast.Call(func=ast.Name(id="set_slice", ctx=ast.Load()),
                                             args=[view, s.value], keywords=[]))
    return tree



def _int_array(t):
    return isinstance(t, types.Array) and t.ndim == 1 and isinstance(t.dtype, types.Integer)


def _position(i, n):
    """The position an index ``i`` (an index array's entry, a ``range``'s item: numba_builtins)
    reaches along an axis of length ``n`` (negative from the end), or IndexError as
    NumPy's and Python's."""


@overload(_position)
def _position_impl(i, n):
    def impl(i, n):
        p = i + n if i < 0 else i
        if p < 0 or p >= n:
            raise IndexError("srcdiff: an index is out of range")
        return p
    return impl


def _index_len(a, b):
    """The length two 1-d index arrays broadcast to (each of it or of length 1)."""


@overload(_index_len)
def _index_len_impl(a, b):
    def impl(a, b):
        n = b.shape[0] if a.shape[0] == 1 else a.shape[0]
        if b.shape[0] != 1 and b.shape[0] != n:
            raise IndexError("srcdiff: index arrays of lengths that do not broadcast")
        return n
    return impl


@overload(numba_helpers.index_add)
def _index_add_arrays(b, x, index, g, distinct=False):
    """index_add (numba_helpers.py) at an integer-array index: ``x[i]`` of a 1-d ``x`` or
    ``x[i, j]`` of a 2-d one, ``i``, ``j`` 1-d int arrays and ``g`` a number or a 1-d
    float array: the positions reached added into one after the other, as np.add.at
    (``distinct`` or not: the same sum)."""
    if not (_arr(x, 2) and (_num(g) or _arr(g, 1))
            and (_none(b) or (_arr(b, 2) and b.ndim == x.ndim))):
        return None
    if x.ndim == 1 and _int_array(index):
        def gather1(b, x, index, g, distinct=False):
            out = np.zeros(x.shape) if b is None else b
            n = index.shape[0]
            _check_len(g, n)
            for k in range(n):
                out[_position(index[k], x.shape[0])] += _entry(g, k)
            return out
        return gather1
    if (x.ndim == 2 and isinstance(index, types.BaseTuple) and len(index.types) == 2
            and all(_int_array(t) for t in index.types)):
        def gather2(b, x, index, g, distinct=False):
            out = np.zeros(x.shape) if b is None else b
            rows, cols = index
            n = _index_len(rows, cols)
            _check_len(g, n)
            for k in range(n):
                i = _position(rows[k if rows.shape[0] != 1 else 0], x.shape[0])
                j = _position(cols[k if cols.shape[0] != 1 else 0], x.shape[1])
                out[i, j] += _entry(g, k)
            return out
        return gather2
    return None


def _entry(g, k):
    """``g[k]`` of an array, ``g`` itself of a number."""


@overload(_entry)
def _entry_impl(g, k):
    if _num(g):
        return lambda g, k: g
    return lambda g, k: g[k]


def _check_len(g, n):
    """ValueError unless ``g`` is a number or of length ``n``."""


@overload(_check_len)
def _check_len_impl(g, n):
    if _num(g):
        return lambda g, n: None

    def impl(g, n):
        if g.shape[0] != n:
            raise ValueError("srcdiff: index_add of a gradient of another length")
    return impl


def kept_all(s, x):
    """A reduction ``s`` of all of ``x``'s axes kept as NumPy's ``keepdims=True`` keeps
    them: an array of ``x``'s number of axes, each of length 1, holding ``s``."""


@overload(kept_all)
def _kept_all(s, x):
    if not (isinstance(s, (types.Float, types.Integer, types.Boolean))
            and isinstance(x, types.Array) and x.ndim >= 1):
        return None
    shape = (1,) * x.ndim  # (a constant of the implementation: one per number of axes)
    return lambda s, x: np.full(shape, s)


@overload(numba_helpers.spread)
def _spread_array(g, x):
    # runtime.spread of an array ``g`` (the gradient of a reduction kept with keepdims):
    # broadcast to ``x``'s shape (NumPy's rules, its error otherwise), here a new array
    if isinstance(g, types.Array) and isinstance(x, types.Array) and 1 <= g.ndim <= x.ndim \
            and isinstance(g.dtype, types.Float):
        return lambda g, x: np.broadcast_to(g, x.shape).copy()
    return None


def mean_axis(x, axis):
    """``np.mean(x, axis=axis)`` of a 2-d float array (numba's np.mean takes no axis)."""


def var_axis(x, axis):
    """``np.var(x, axis=axis)`` of a 2-d float array: NumPy's two passes (the mean, then
    the mean of the squared differences from it)."""


def _axis_sums(x, ax, shift):
    """Per entry of the other axis, the sum over ``ax`` of ``(x - shift)**2`` (``shift``
    an array) or of ``x`` (``shift`` None)."""


@overload(_axis_sums)
def _axis_sums_impl(x, ax, shift):
    squares = not _none(shift)

    def impl(x, ax, shift):
        n_out = x.shape[1] if ax == 0 else x.shape[0]
        out = np.zeros(n_out)
        for i in range(x.shape[0]):
            for j in range(x.shape[1]):
                k = j if ax == 0 else i
                v = x[i, j]
                if squares:
                    v = (v - shift[k]) * (v - shift[k])
                out[k] += v
        return out
    return impl


def _reduce_axis(variance):
    def typed(x, axis):
        if not (_arr(x) and x.ndim == 2 and isinstance(x.dtype, types.Float)
                and isinstance(axis, types.Integer)):
            return None

        def impl(x, axis):
            ax = _axis2(axis)
            n = x.shape[ax]
            mean = _axis_sums(x, ax, None) / n
            return _axis_sums(x, ax, mean) / n if variance else mean
        return impl
    return typed


overload(mean_axis)(_reduce_axis(False))
overload(var_axis)(_reduce_axis(True))


def centre(a, axis=None, mean=None):
    """reduction_rules.centre: what var/std subtract, ``mean=`` or the mean kept over
    ``axis`` (a number for ``axis=None``, where NumPy's ``(1, 1)`` array broadcasts to the
    same values; one axis of a 2-d array)."""


@overload(centre)
def _centre(a, axis=None, mean=None):
    if not _none(mean):
        return lambda a, axis=None, mean=None: mean
    if _arr(a, 3) and _none(axis):
        return lambda a, axis=None, mean=None: np.mean(a)
    if _arr(a) and a.ndim == 2 and isinstance(axis, types.Integer):
        return lambda a, axis=None, mean=None: np.expand_dims(mean_axis(a, axis), axis % 2)
    return None


def dof(ddof, correction=None):
    """reduction_rules.dof: ``correction`` if given, else ``ddof``."""


@overload(dof)
def _dof(ddof, correction=None):
    if _none(correction) and _num(ddof):
        return lambda ddof, correction=None: ddof
    if _num(correction):
        return lambda ddof, correction=None: correction
    return None
