"""``np.linalg.cond``, ``tensorsolve``, ``tensorinv``, ``np.nanmedian``, ``np.nanquantile``,
``np.nanpercentile`` and ``np.polyfit`` as compositions of primitives with rules
(composites.py explains the mechanism), computed as NumPy computes them:

- ``np.linalg.cond(x, p)``: for ``p`` None, 2 or -2 the ratio of the largest and smallest
  singular values (``np.linalg.svd(x, compute_uv=False)``); for any other ``p`` (``'fro'``,
  ``'nuc'``, 1, -1, inf, -inf) the ``p``-norm of ``x`` times that of its inverse. A NaN
  result from an input without NaN is inf, as NumPy makes it. (A singular ``x`` with such a
  ``p``: ``np.linalg.inv`` raises where NumPy gives inf; the condition number has no
  derivative there.)
- ``np.linalg.tensorsolve(a, b, axes)``: NumPy's steps: ``axes`` moved to the end of ``a``
  in their order, ``a`` reshaped to ``(prod, prod)`` (``prod`` the size of the solution,
  whose shape is that of ``a``'s last ``a.ndim - b.ndim`` axes), ``np.linalg.solve``
  against ``b`` ravelled, reshaped; LinAlgError where NumPy raises it. ``tensorinv(a,
  ind)``: ``np.linalg.inv`` of ``a`` reshaped to (the size of its axes from ``ind`` on,
  the rest), reshaped to those axes then the first ``ind``.
- ``np.nanmedian(a, axis, keepdims=)``: along the merged reduced axes, the mean of the two
  middle elements (the same one twice for an odd count) of the sorted slice, NaN sorting
  last, at the positions its count of non-NaN elements gives; a slice of NaN only gives
  NaN. Its gradient goes to those one or two elements (``np.sort``'s and
  ``np.take_along_axis``'s rules); ties share it as ``np.sort``'s rule shares them.
  ``overwrite_input`` only lets NumPy reorder ``a``; ``out=`` is the compiler's (a result
  stored into a variable).
- ``np.nanquantile(a, q, axis, method="linear", keepdims=)`` (``np.nanpercentile``: of
  ``q / 100``, as NumPy divides it): on the same sorted slices, NumPy's virtual index
  ``q * (n - 1)`` of the ``n`` non-NaN elements, the two elements around it
  (``np.take_along_axis``) and NumPy's linear interpolation between them (from the upper
  one where the fraction is at least one half, as NumPy's ``_lerp``). ``q`` may be an
  array: its axes come first. Other methods and ``weights=`` are refused.
- ``np.polyfit(x, y, deg, rcond, w=)``: NumPy's least squares: the Vandermonde matrix
  (times ``w``), its columns scaled to unit norm, ``np.linalg.lstsq`` with NumPy's
  ``rcond``, the coefficients divided by the scales. ``full=True`` and ``cov=True`` are
  refused.
- ``np.histogram(a, bins, range, density, weights)`` and ``np.histogram_bin_edges``: the
  edges as NumPy makes them (``np.linspace`` between ``a``'s least and greatest entries or
  the ``range``, moved apart by a half where they are equal, for a count or a named rule;
  the ``bins`` array itself), so they move with ``a``; the counts ``np.bincount`` of each
  entry's bin (NumPy's bins: ``edges[i] <= a < edges[i + 1]``, the last one closed, entries
  outside left out) with the weights, a constant without them; ``density``: NumPy's
  ``n / widths / n.sum()``. Complex weights are refused.

tests/rules/test_statistic_composites.py compares them with NumPy and checks their
derivatives against central differences.
"""

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.rules.composites import composite


@composite(np.linalg.cond)
def condition_number(x, p=None):
    if p is None or p == 2 or p == -2:
        s = np.linalg.svd(x, compute_uv=False)
        if p == -2:
            r = s[..., -1] / s[..., 0]
        else:
            r = s[..., 0] / s[..., -1]
    else:
        r = np.linalg.norm(x, p, axis=(-2, -1)) * np.linalg.norm(np.linalg.inv(x), p,
                                                                 axis=(-2, -1))
    return np.where(np.isnan(r) & ~np.any(np.isnan(x), axis=(-2, -1)), np.inf, r)


def tensorsolve_plan(a, b, axes):
    """``(order, shape, prod)`` of ``np.linalg.tensorsolve(a, b, axes)``: the transpose that
    moves ``axes`` to the end (None: none), the solution's shape and its size, found as
    NumPy finds them (LinAlgError when ``a`` is not square in NumPy's sense). A constant."""
    an = np.ndim(a)
    order = list(range(an))
    if axes is not None:
        for k in axes:
            order.remove(k)
            order.insert(an, k)
    shape = tuple(np.shape(a)[k] for k in order)[-(an - np.ndim(b)):]
    prod = 1
    for k in shape:
        prod *= k
    if np.size(a) != prod ** 2:
        raise np.linalg.LinAlgError(
            "Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == "
            "prod(a.shape[:b.ndim])")
    return order, shape, prod


@composite(np.linalg.tensorsolve)
def tensorsolve(a, b, axes=None):
    order, shape, prod = tensorsolve_plan(a, b, axes)
    square = np.reshape(np.transpose(np.asarray(a), order), (prod, prod))
    return np.reshape(np.linalg.solve(square, np.ravel(b)), shape)


def tensorinv_plan(a, ind):
    """``(rows, shape)`` of ``np.linalg.tensorinv(a, ind)``: the size of ``a``'s last axes
    from ``ind`` on and the inverse's shape (those axes, then the first ``ind``), found as
    NumPy finds them (ValueError for ``ind <= 0``). A constant."""
    old = np.shape(a)
    if not ind > 0:
        raise ValueError("Invalid ind argument.")
    prod = 1
    for k in old[ind:]:
        prod *= k
    return prod, old[ind:] + old[:ind]


@composite(np.linalg.tensorinv)
def tensorinv(a, ind=2):
    rows, shape = tensorinv_plan(a, ind)
    return np.reshape(np.linalg.inv(np.reshape(np.asarray(a), (rows, -1))), shape)


@composite(np.nanmedian)
def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    a = np.asarray(a)
    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = tuple(sorted(int(k) % a.ndim for k in np.atleast_1d(axis)))
    moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    ordered = np.sort(rows, axis=-1)
    kept = np.sum(~np.isnan(rows), axis=-1, keepdims=True)
    low = np.take_along_axis(ordered, np.maximum(kept - 1, 0) // 2, axis=-1)
    high = np.take_along_axis(ordered, kept // 2, axis=-1)
    middle = (low[..., 0] + high[..., 0]) / 2.0
    if keepdims:
        return np.expand_dims(middle, axes)
    return middle


def nanquantile_plan(a, q, given, axis, method, weights=None):
    """The reduced axes (sorted) of ``np.nanquantile(a, q, axis)`` and the result's dtype
    (NumPy's: of ``a`` and the ``q`` as ``given``, a float); raises as NumPy for a ``q``
    outside [0, 1], SrcdiffError for a method other than linear or weights. A constant."""
    if method != "linear" or weights is not None:
        what = f"method={method!r}" if method != "linear" else "weights="
        raise SrcdiffError(f"np.nanquantile/np.nanpercentile with {what} is not "
                           "differentiated (only NumPy's default method, linear)",
                           hint='use the default method="linear"')
    q = np.asarray(q)
    if not np.all((q >= 0) & (q <= 1)):
        raise ValueError("Quantiles must be in the range [0, 1]")
    ndim = np.ndim(a)
    dtype = np.result_type(a, np.asarray(given) if isinstance(given, (list, tuple)) else given,
                           1.0)
    if axis is None:
        return tuple(range(ndim)), dtype
    return tuple(sorted(int(k) % ndim for k in np.atleast_1d(axis))), dtype


def nanquantile_positions(kept, at):
    """The positions below and above the virtual index ``at`` of slices with ``kept``
    non-NaN elements, as NumPy takes them (an all-NaN slice: position 0, a NaN). A
    constant."""
    low = np.floor(at).astype(np.intp)
    high = np.minimum(low + 1, kept - 1)
    return np.clip(low, 0, None), np.clip(high, 0, None), np.clip(low, 0, None) != low


@composite(np.nanquantile)
def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None):
    return _nanquantile(a, q, q, axis, method, keepdims, weights)


@composite(np.nanpercentile)
def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None):
    return _nanquantile(a, np.true_divide(q, 100), q, axis, method, keepdims, weights)


def _nanquantile(a, q, given, axis, method, keepdims, weights):
    a = np.asarray(a)
    axes, dtype = nanquantile_plan(a, q, given, axis, method, weights)
    moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    rows = np.reshape(moved, np.shape(moved)[:a.ndim - len(axes)] + (-1,))
    ordered = np.sort(rows, axis=-1)
    kept = np.sum(~np.isnan(rows), axis=-1, keepdims=True)
    qs = np.reshape(q, np.shape(q) + (1,) * np.ndim(kept))
    at = qs * (kept - 1)
    low, high, empty = nanquantile_positions(kept, at)
    wide = np.broadcast_to(ordered, np.shape(at)[:-1] + np.shape(ordered)[-1:])
    below = np.take_along_axis(wide, low, axis=-1)[..., 0]
    above = np.take_along_axis(wide, high, axis=-1)[..., 0]
    t = (at - low)[..., 0].astype(dtype)
    step = above - below
    value = np.where(t >= 0.5, above - step * (1 - t), below + step * t)
    value = np.where(empty[..., 0], np.nan, value)
    if keepdims:
        return np.expand_dims(value, tuple(np.ndim(q) + k for k in axes))
    return value


def polyfit_plan(x, y, deg, rcond, full, w, cov):
    """``rcond`` as ``np.polyfit`` sets it; raises as NumPy for bad shapes, SrcdiffError for
    ``full=True`` and ``cov=``. A constant."""
    if full or cov:
        raise SrcdiffError("np.polyfit with full=True or cov= is not differentiated",
                           hint="differentiate the coefficients (the default)")
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if np.ndim(x) != 1:
        raise TypeError("expected 1D vector for x")
    if np.size(x) == 0:
        raise TypeError("expected non-empty vector for x")
    if np.ndim(y) < 1 or np.ndim(y) > 2:
        raise TypeError("expected 1D or 2D array for y")
    if np.shape(x)[0] != np.shape(y)[0]:
        raise TypeError("expected x and y to have same length")
    if w is not None and (np.ndim(w) != 1 or np.shape(w)[0] != np.shape(y)[0]):
        raise TypeError("expected a 1-d array for weights of the same length as y")
    if rcond is None:
        return len(x) * np.finfo(np.result_type(x, 0.0)).eps
    return rcond


@composite(np.polyfit)
def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    cutoff = polyfit_plan(x, y, deg, rcond, full, w, cov)
    lhs = np.vander(np.asarray(x) + 0.0, int(deg) + 1)
    rhs = np.asarray(y) + 0.0
    if w is not None:
        lhs = lhs * np.reshape(np.asarray(w) + 0.0, (-1, 1))
        if np.ndim(rhs) == 2:
            rhs = rhs * np.reshape(np.asarray(w) + 0.0, (-1, 1))
        else:
            rhs = rhs * (np.asarray(w) + 0.0)
    scale = np.sqrt(np.sum(lhs * lhs, axis=0))
    c = np.linalg.lstsq(lhs / scale, rhs, rcond=cutoff)[0]
    return (c.T / scale).T


def histogram_plan(a, bins, range, weights):
    """``(count, edges_given, bins_of, dtype)``: the number of bins, whether ``bins`` is
    the array of edges, the bin of each entry of ``a`` ravelled (``-1`` for one NumPy leaves
    out) and the edges' dtype, from NumPy's own edges (which raise as NumPy does for bad
    arguments); SrcdiffError for complex weights. A constant."""
    if weights is not None and np.iscomplexobj(weights):
        raise SrcdiffError("np.histogram with complex weights is not differentiated",
                           hint="histogram the real and imaginary parts apart")
    edges = np.histogram_bin_edges(a, bins, range, weights)
    count = len(edges) - 1
    flat = np.ravel(a)
    at = np.searchsorted(edges, flat, side="right") - 1
    at = np.where(flat == edges[-1], count - 1, at)
    inside = (at >= 0) & (at < count) & (flat >= edges[0]) & (flat <= edges[-1])
    return count, np.ndim(bins) == 1, np.where(inside, at, -1), edges.dtype


@composite(np.histogram_bin_edges)
def histogram_bin_edges(a, bins=10, range=None, weights=None):
    count, edges_given, bins_of, dtype = histogram_plan(a, bins, range, weights)
    return _histogram_edges(a, bins, range, count, edges_given, dtype)


def _histogram_edges(a, bins, range, count, edges_given, dtype):
    if edges_given:
        return np.asarray(bins)
    if range is not None:
        first, last = range
    elif np.size(a) == 0:
        first, last = 0, 1
    else:
        first, last = np.min(a), np.max(a)
    if first == last:
        first = first - 0.5
        last = last + 0.5
    return np.linspace(first, last, count + 1, endpoint=True, dtype=dtype)


@composite(np.histogram)
def histogram(a, bins=10, range=None, density=None, weights=None):
    count, edges_given, bins_of, dtype = histogram_plan(a, bins, range, weights)
    edges = _histogram_edges(a, bins, range, count, edges_given, dtype)
    kept = bins_of >= 0
    if weights is None:
        n = np.bincount(bins_of[kept], minlength=count)
    else:
        w = np.ravel(weights)[kept]
        n = np.bincount(bins_of[kept], weights=w, minlength=count).astype(np.result_type(w))
    if density:
        widths = np.array(np.diff(edges), float)
        return n / widths / np.sum(n), edges
    return n, edges
