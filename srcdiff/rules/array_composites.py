"""NumPy functions that select, repeat or space out entries, as compositions of primitives
with rules (composites.py explains the mechanism), computed as NumPy computes them:

- ``np.astype(x, dtype, copy=)`` (NumPy 2): the method ``x.astype``.
- ``np.delete(arr, obj, axis=None)``: ``np.take`` of the positions NumPy keeps (those
  ``np.delete`` keeps of ``np.arange`` along the axis: slices, integers, negative or
  repeated, and boolean masks as NumPy reads them); ``axis=None`` of the ravelled array.
- ``np.broadcast_arrays(*args)``: ``np.broadcast_to`` each to the common shape (a tuple).
- ``np.average(..., returned=True)``: the average and the sum of the weights (the count of
  the averaged entries without weights), spread to the average's shape as NumPy spreads it.
- ``np.logspace``: ``base ** np.linspace(start, stop)``, NumPy's own formula, ``base``
  given one axis of length one where the samples run; ``np.geomspace``: the ``logspace``
  of the base-10 logarithms of ``start`` and ``stop`` (divided by ``start``'s sign), the
  end points set to ``start`` and ``stop`` as NumPy sets them; complex ends are refused.
- ``np.add.reduceat(array, indices, axis=0)``: the sum of each segment, or the entry where
  an index does not grow (``np.take`` and ``np.sum``), joined along the axis.
- ``np.resize(a, new_shape)``: the ravelled array repeated (``np.take`` of its positions
  modulo its size) and reshaped; an empty array or shape gives zeros.
- ``np.unwrap(p, discont, axis, period=)``: ``p`` plus the running sum of its corrections
  (multiples of ``period``, whose derivative is zero wherever the corrections do not jump).

tests/rules/test_array_composites.py compares them with NumPy and checks their
derivatives against central differences.
"""

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.rules.composites import average_weights_shape, composite


@composite(getattr(np, "astype", None))
def astype(x, dtype, *, copy=True):  # (NumPy's x and dtype are positional-only)
    return x.astype(dtype, copy=copy)


def delete_index(arr, obj, axis):
    """The positions ``np.delete(arr, obj, axis)`` keeps along ``axis`` (all of the
    ravelled array's for ``axis=None``), and the axis. A constant (numpy_rules.py lists it)."""
    if axis is None:
        return np.delete(np.arange(np.size(arr)), obj), 0
    if np.ndim(arr) == 0:
        raise np.exceptions.AxisError(axis, 0)
    return np.delete(np.arange(np.shape(arr)[axis]), obj), axis


@composite(np.delete)
def delete(arr, obj, axis=None):
    index, along = delete_index(arr, obj, axis)
    if axis is None:
        arr = np.ravel(arr)
    return np.take(arr, index, axis=along)


def broadcast_shape(*args):
    """The shape ``np.broadcast_arrays`` gives its arguments. A constant."""
    return np.broadcast_shapes(*[np.shape(a) for a in args])


@composite(np.broadcast_arrays)
def broadcast_arrays(*args):
    shape = broadcast_shape(*args)
    out = []
    for a in args:
        out.append(np.broadcast_to(a, shape))
    return tuple(out)


# The weights are differentiated like ``a``: ``sum(a * w) / sum(w)``, NumPy's own formula
@composite(np.average)
def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    if weights is None:
        avg = np.mean(a, axis=axis, keepdims=keepdims)
        if returned:
            scale = np.full(np.shape(avg), np.size(a) / np.size(avg), dtype=np.result_type(avg))
            return avg, scale
        return avg
    w = np.reshape(weights, average_weights_shape(a, axis, weights))
    total = np.sum(np.broadcast_to(w, np.shape(a)), axis=axis, keepdims=keepdims)
    avg = np.sum(a * w, axis=axis, keepdims=keepdims) / total
    if returned:
        return avg, total
    return avg


def logspace_shapes(start, stop, base):
    """The shapes NumPy gives ``np.logspace``'s ``start``, ``stop`` and ``base``: theirs,
    with leading axes of length one up to the most axes of the three. A constant."""
    shapes = [np.shape(start), np.shape(stop), np.shape(base)]
    most = len(np.broadcast_shapes(*shapes))
    return tuple((1,) * (most - len(s)) + s for s in shapes)


@composite(np.logspace)
def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    first, last, along = logspace_shapes(start, stop, base)
    y = np.linspace(np.reshape(start, first), np.reshape(stop, last), num=num,
                    endpoint=endpoint, axis=axis)
    out = np.power(np.expand_dims(np.reshape(base, along), axis), y)
    if dtype is not None:
        out = out.astype(dtype)
    return out


def geomspace_ends(start, stop, num, endpoint):
    """The sign ``np.geomspace`` divides its ends by and where it sets them back (masks over
    the samples' axis, first): refuses zero ends as NumPy does, and complex ends. A
    constant."""
    if np.iscomplexobj(start) or np.iscomplexobj(stop):
        raise SrcdiffError("np.geomspace with complex ends is not differentiated; "
                           "write it as np.exp of np.linspace of the logarithms")
    if np.any(np.asarray(start) == 0) or np.any(np.asarray(stop) == 0):
        raise ValueError("Geometric sequence cannot include zero")
    sign = np.sign(np.broadcast_to(start, np.broadcast_shapes(np.shape(start), np.shape(stop))))
    shape = (num,) + (1,) * np.ndim(sign)
    k = np.arange(num).reshape(shape)
    return sign, k == 0, (k == num - 1) & bool(endpoint) & (num > 1)


@composite(np.geomspace)
def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    start = np.asarray(start) * 1.0
    stop = np.asarray(stop) * 1.0
    sign, first, last = geomspace_ends(start, stop, num, endpoint)
    out = np.logspace(np.log10(start / sign), np.log10(stop / sign), num=num, endpoint=endpoint)
    out = np.where(first, start / sign, np.where(last, stop / sign, out)) * sign
    if axis != 0:
        out = np.moveaxis(out, 0, axis)
    if dtype is not None:
        out = out.astype(dtype)
    return out


def reduceat_bounds(array, indices, axis):
    """The segments ``np.add.reduceat`` sums along ``axis``: from each index to the next,
    or the index's entry alone where the next is not larger, the last to the end; indices
    outside the axis raise as NumPy raises. A constant."""
    n = np.shape(array)[axis]
    indices = [int(i) for i in np.asarray(indices).ravel()]
    for i in indices:
        if not 0 <= i < n:
            raise IndexError(f"index {i} out-of-bounds in add.reduceat [0, {n})")
    ends = indices[1:] + [n]
    return [np.arange(i, j if j > i else i + 1) for i, j in zip(indices, ends)]


@composite(np.add.reduceat)
def add_reduceat(array, indices, axis=0):
    array = np.asarray(array)
    parts = []
    for segment in reduceat_bounds(array, indices, axis):
        parts.append(np.sum(np.take(array, segment, axis=axis), axis=axis, keepdims=True))
    if not parts:
        return np.take(array, np.zeros(0, dtype=int), axis=axis)
    return np.concatenate(parts, axis=axis)


def resize_index(a, new_shape):
    """The positions of the ravelled ``a`` that ``np.resize(a, new_shape)`` repeats (None
    when ``a`` or the new shape is empty) and the shape as a tuple; a negative length
    raises as NumPy raises. A constant."""
    shape = (int(new_shape),) if np.ndim(new_shape) == 0 else tuple(int(d) for d in new_shape)
    if any(d < 0 for d in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    size = int(np.prod(shape))
    if np.size(a) == 0 or size == 0:
        return None, shape
    return np.arange(size) % np.size(a), shape


@composite(np.resize)
def resize(a, new_shape):
    index, shape = resize_index(a, new_shape)
    if index is None:
        return np.zeros_like(a, shape=shape)
    return np.reshape(np.take(np.ravel(a), index), shape)


def unwrap_start(p, axis):
    """The shape of the zero correction of ``np.unwrap``'s first sample: ``p``'s with
    ``axis`` of length one (zero for an empty axis). A constant."""
    shape = list(np.shape(p))
    shape[axis] = min(shape[axis], 1)
    return tuple(shape)


@composite(np.unwrap)
def unwrap(p, discont=None, axis=-1, *, period=2 * np.pi):
    p = np.asarray(p)
    dd = np.diff(p, axis=axis)
    if discont is None:
        discont = period / 2
    if np.issubdtype(np.result_type(dd, period), np.integer):
        high, rem = divmod(period, 2)
        ambiguous = rem == 0
    else:
        high = period / 2
        ambiguous = True
    ddmod = np.mod(dd + high, period) - high
    if ambiguous:
        ddmod = np.where((ddmod == -high) & (dd > 0), high, ddmod)
    correct = np.where(np.abs(dd) < discont, 0, ddmod - dd)
    corrections = np.cumsum(correct, axis=axis)
    zero = np.zeros(unwrap_start(p, axis), dtype=np.result_type(corrections))
    return p + np.concatenate([zero, corrections], axis=axis)



# ------------------------------------------------------------------ polynomials, products


@composite(np.nancumprod)
def nancumprod(a, axis=None):  # (NaN counted as one, as NumPy counts it)
    a = np.asarray(a)
    if np.issubdtype(np.result_type(a), np.inexact):
        a = np.where(np.isnan(a), 1, a)
    return np.cumprod(a, axis=axis)


def poly_object(name, polynomials, options=()):
    """NumPy's own ``np.<name>(*polynomials, *options)`` when a polynomial is a
    ``np.poly1d`` (NumPy then returns a poly1d): srcdiff has no rule that makes one, so a
    poly1d is a constant, and the result is one when the other polynomials are poly1d too
    and the options integers or None (refused otherwise: an array there may depend on the
    inputs). None without a poly1d: the definition computes the arrays. A constant."""
    if not any(isinstance(p, np.poly1d) for p in polynomials):
        return None
    if not all(isinstance(p, np.poly1d) for p in polynomials) or not all(
            o is None or isinstance(o, (int, np.integer)) for o in options):
        raise SrcdiffError(f"np.{name} of a np.poly1d with arrays is not differentiated "
                           "(NumPy returns a poly1d)",
                           hint="pass the coefficients (`p.coeffs`) of a constant poly1d")
    return getattr(np, name)(*polynomials, *options)


def poly_padding(a1, a2):
    """The count of leading zeros ``np.polyadd``/``np.polysub`` put before ``a1`` and
    before ``a2`` (the shorter one made as long as the other). A constant."""
    diff = len(np.atleast_1d(a2)) - len(np.atleast_1d(a1))
    return max(diff, 0), max(-diff, 0)


def poly_aligned(a1, a2):
    """``a1`` and ``a2`` as 1-D arrays of one length, the shorter one after leading zeros
    (``np.polyadd``'s and ``np.polysub``'s alignment)."""
    a1 = np.atleast_1d(a1)
    a2 = np.atleast_1d(a2)
    before1, before2 = poly_padding(a1, a2)
    if before1:
        a1 = np.concatenate([np.zeros(before1, dtype=np.result_type(a1)), a1])
    if before2:
        a2 = np.concatenate([np.zeros(before2, dtype=np.result_type(a2)), a2])
    return a1, a2


@composite(np.polyadd)
def polyadd(a1, a2):
    whole = poly_object("polyadd", (a1, a2))
    if whole is not None:
        return whole
    a1, a2 = poly_aligned(a1, a2)
    return a1 + a2


@composite(np.polysub)
def polysub(a1, a2):
    whole = poly_object("polysub", (a1, a2))
    if whole is not None:
        return whole
    a1, a2 = poly_aligned(a1, a2)
    return a1 - a2


def polyint_order(p, m, k):
    """``np.polyint``'s order ``m`` as an int, checked as NumPy checks it with the
    constants ``k``. A constant."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if k is not None and not (np.size(k) == 1 or np.size(k) >= m):
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    return m


@composite(np.polyint)
def polyint(p, m=1, k=None):
    whole = poly_object("polyint", (p,), (m, k))
    if whole is not None:
        return whole
    m = polyint_order(p, m, k)
    p = np.asarray(p)
    if k is None:
        k = np.zeros(m)
    k = np.atleast_1d(k)
    if np.size(k) == 1 and m > 1:
        k = k[0] * np.ones(m)
    for i in range(m):
        p = np.concatenate([p / np.arange(len(p), 0, -1), k[i:i + 1]])
    return p



def polyder_order(p, m):
    """``np.polyder``'s order ``m`` as an int, checked as NumPy checks it. A constant."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    return m


@composite(np.polyder)
def polyder(p, m=1):
    whole = poly_object("polyder", (p,), (m,))
    if whole is not None:
        return whole
    m = polyder_order(p, m)
    p = np.asarray(p)
    for _ in range(m):
        p = p[:-1] * np.arange(len(p) - 1, 0, -1)
    return p


def poly_start(a):
    """Where the coefficients ``np.poly1d`` keeps of ``a`` start: its first nonzero one (the
    last one when all are zero: a poly1d of zeros is ``[0.]``). A constant."""
    nonzero = np.flatnonzero(np.atleast_1d(a))
    return int(nonzero[0]) if nonzero.size else max(np.size(a) - 1, 0)


@composite(np.polymul)
def polymul(a1, a2):  # (np.convolve of the coefficients without leading zeros)
    whole = poly_object("polymul", (a1, a2))
    if whole is not None:
        return whole
    a1 = np.atleast_1d(a1)
    a2 = np.atleast_1d(a2)
    return np.convolve(a1[poly_start(a1):], a2[poly_start(a2):])

def trim_zeros_index(filt, trim, axis):
    """The index ``np.trim_zeros(filt, trim, axis)`` reads ``filt`` at: a slice for 1-D
    ``filt`` (a list stays a list), else a tuple of slices, from the first to the last
    nonzero entry along each trimmed axis (empty when every entry is zero). A constant."""
    a = np.asarray(filt)
    trim = trim.lower()
    if trim not in {"fb", "bf", "f", "b"}:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    axes = range(a.ndim) if axis is None else [int(k) % a.ndim for k in np.atleast_1d(axis)]
    nonzero = np.argwhere(a)
    if nonzero.size == 0:
        start = stop = [0] * a.ndim
    else:
        start = list(nonzero.min(axis=0)) if "f" in trim else [None] * a.ndim
        stop = list(nonzero.max(axis=0) + 1) if "b" in trim else [None] * a.ndim
    index = tuple(slice(start[k], stop[k]) if k in axes else slice(None)
                  for k in range(a.ndim))
    return index[0] if len(index) == 1 else index


@composite(getattr(np, "trim_zeros", None))
def trim_zeros(filt, trim="fb", axis=None):
    return filt[trim_zeros_index(filt, trim, axis)]


@composite(getattr(np, "matvec", None))
def matvec(x1, x2):  # (NumPy 2.2's gufunc: (..., n, m), (..., m) -> (..., n))
    return np.matmul(x1, np.expand_dims(x2, -1))[..., 0]


@composite(getattr(np, "vecmat", None))
def vecmat(x1, x2):  # (NumPy 2.2's gufunc: (..., n), (..., n, m) -> (..., m), x1 conjugated)
    return np.matmul(np.expand_dims(np.conj(x1), -2), x2)[..., 0, :]

# ------------------------------------------------------------------ np.putmask, np.place
# statements that change their first argument: front/in_place.py lowers
# ``np.putmask(a, mask, values)`` to ``a[...] = putmask_result(a, mask, values)`` (and
# np.place likewise), a store whose adjoint and checks are any store's


def mask_positions(a, mask, values, name):
    """Where ``np.putmask``/``np.place`` (``name``) reads each entry of ``a`` from in the
    ravelled ``values`` (``np.putmask``: the entry's own position, ``np.place``: its count
    among the masked ones, both modulo the count of values; None without values), and the
    mask in ``a``'s shape; raises as NumPy raises. A constant (numpy_rules.py lists it)."""
    if type(a) is not np.ndarray:
        raise TypeError(f"{name}: first argument must be an array, not {type(a).__name__}")
    m = np.asarray(mask).astype(bool)
    if m.size != a.size:
        raise ValueError(f"{name}: mask and data must be the same size")
    m = m.reshape(a.shape)
    n = np.size(values)
    if n == 0:
        if name == "place" and m.any():
            raise ValueError("Cannot insert from an empty array!")
        return None, m
    if name == "putmask":
        return np.arange(a.size).reshape(a.shape) % n, m
    return np.where(m, np.cumsum(m.ravel()).reshape(a.shape) - 1, 0) % n, m


def putmask_result(a, mask, values):
    at, m = mask_positions(a, mask, values, "putmask")
    if at is None:
        return a
    return np.where(m, np.take(np.ravel(values), at), a)


def place_result(arr, mask, vals):
    at, m = mask_positions(arr, mask, vals, "place")
    if at is None:
        return arr
    return np.where(m, np.take(np.ravel(vals), at), arr)


composite(putmask_result)(putmask_result)
composite(place_result)(place_result)
