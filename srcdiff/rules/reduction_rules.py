"""Rules for NumPy's reductions and scans: sums, means, extrema, products, moments,
cumulative sums and products, differences, traces.

Notation as in numpy_rules.py (``g``, ``ans``, ``d``). A reduction's gradient
is ``g`` spread back over the reduced axes (``unreduce``), times the local
derivative. Ties and kinks:

* ``max``/``min``/``amax``/``amin``/``ptp``: tied extreme elements share the
  gradient equally (``reduce_mask``). With ``initial=`` (a constant) the elements
  equal to the result share it with ``initial`` when it ties (half each for one),
  none if ``initial`` is larger (smaller).
  ``where=`` (a constant mask): unselected elements get no gradient.
* ``sum(..., where=)``: unselected elements get no gradient; ``initial=`` is a
  constant added to the sum.
* ``std`` of constant data: 0 (the minimum-norm subgradient).
* ``var``/``std``: ``correction=`` is ``ddof``; ``mean=`` a constant centre; ``where=``: only
  selected elements get a gradient (none in a slice of at most ``ddof`` of them).
* ``mean(..., where=)``: a selected element gets ``g`` over its slice's count, others none.
* ``prod``/``cumprod``: exact with zeros in the input (no division by zero; for
  ``cumprod`` the products are formed, in memory quadratic in the axis length,
  only when there are zeros).
* ``nansum``/``nanmean``/``nanprod``/``nanvar``/``nanstd``/``nanmax``/``nanmin``: in
  nan_rules.py (each is its plain reduction over the elements that are not NaN).
* ``prod(..., initial=, where=)``: ``initial`` times the product of the selected
  elements (``initial`` a constant); unselected elements get no gradient.
* ``average``: the weights are constants. ``trapezoid``: ``dx`` is a constant, the points
  ``x`` are differentiated; ``ediff1d``: ``to_begin``/``to_end`` are constants.
* ``gradient``: linear in ``f``; the spacings (scalars or coordinate arrays) are
  options (constants: one that depends on the differentiated inputs is refused).
  Its transpose along each axis is the matrix of ``np.gradient`` on that axis
  (``np.gradient(np.eye(n), h, edge_order=...)``, exact for every spacing and edge
  order), transposed; several axes give a tuple (its gradient a list).
"""

import numpy as np

from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import (
    broadcast_like,
    extreme_grad,
    fill_zeros,
    is_constant,
    reduce_mask,
    size_of,
    spread,
    unbroadcast,
    unreduce,
)

# ---------------------------------------------------------------- reductions


@R.vjp(np.sum)
def sum_(g, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
    if where is not True:
        return unreduce(g, a, axis, keepdims) * where
    if axis is None:
        return spread(g, a)
    return unreduce(g, a, axis, keepdims)


@R.jvp(np.sum)
def sum_jvp(d, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
            where=True):
    if where is not True:
        return np.sum(d, axis=axis, keepdims=keepdims, where=where)
    return np.sum(d, axis=axis, keepdims=keepdims)


@R.vjp(sum, wrt=("start",))
def builtin_sum(g, ans, iterable, start=0):
    # sum(items, start) is start + items[0] + ...: start gets g summed to its shape
    return sum_of_items_grad(g, iterable), unbroadcast(g, start)


@R.jvp(sum, wrt=("start",))
def builtin_sum_jvp(d, ans, iterable, start=0):
    return broadcast_like(sum(fill_zeros(d, iterable)), ans), broadcast_like(d, ans)


def sum_of_items_grad(g, items):
    """The gradient of Python's ``sum(items)`` for each item (rows of an array, or a list);
    ``g`` may have a larger shape than an item's (a ``start`` broadcast them). A dict's
    items are its keys, constants: no gradient (None) for its values."""
    if isinstance(items, dict):
        return None
    if isinstance(items, np.ndarray):
        if not len(items):
            return np.zeros_like(items, dtype=float)
        return np.broadcast_to(unbroadcast(g, items[0]), items.shape)
    return [unbroadcast(g, x) for x in items]


@R.vjp(np.mean)
def mean(g, ans, a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    if where is not True:  # the mean of the selected elements (each slice's count of them)
        return mean_where_grad(g, a, axis, keepdims, where)
    if axis is None:
        return spread(g / size_of(a), a)
    return unreduce(g, a, axis, keepdims) * (size_of(ans) / size_of(a))


@R.jvp(np.mean)  # (linear; `where=` passed only when given: dask's and array-API means lack it)
def mean_jvp(d, ans, a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    if where is not True:
        return np.mean(d, axis=axis, keepdims=keepdims, where=where)
    return np.mean(d, axis=axis, keepdims=keepdims)


def mean_where_grad(g, a, axis, keepdims, where):
    """The gradient of ``np.mean(a, axis, keepdims=keepdims, where=where)`` for ``a``: ``g``
    over the count of selected elements of its slice, at the selected ones; unselected
    elements (a slice with none selected too, whose mean is NaN) get none."""
    mask = np.broadcast_to(where, np.shape(a))
    count = np.sum(mask, axis=axis, keepdims=keepdims)
    return np.where(mask, unreduce(g / np.maximum(count, 1), a, axis, keepdims), 0.0)


@R.vjp(np.var)  # (of a complex a: |a - c|^2, whose transposed derivative is conj(a - c))
def var(g, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
        mean=None, correction=None):
    if where is not True:
        half = masked_deviation(a, axis, where, mean, dof(ddof, correction))
        return unreduce(g, a, axis, keepdims) * 2.0 * half
    if axis is None and is_constant(ddof) and ddof == 0 and mean is None and correction is None:
        return g * 2.0 * np.conj(a - np.mean(a)) / size_of(a)
    return (unreduce(g, a, axis, keepdims) * 2.0 * np.conj(a - centre(a, axis, mean))
            / (size_of(a) / size_of(ans) - dof(ddof, correction)))


@R.jvp(np.var)
def var_jvp(d, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
            mean=None, correction=None):
    if where is not True:
        half = masked_deviation(a, axis, where, mean, dof(ddof, correction))
        return np.real(np.sum(d * half, axis=axis, keepdims=keepdims)) * 2.0
    return (np.real(np.sum(d * np.conj(a - centre(a, axis, mean)), axis=axis,
                           keepdims=keepdims))
            * 2.0 / (size_of(a) / size_of(ans) - dof(ddof, correction)))


def dof(ddof, correction=None):
    """The delta degrees of freedom: ``correction=`` (NumPy's alias) if given, else ``ddof``."""
    return ddof if correction is None else correction


def centre(a, axis=None, mean=None):
    """What var/std subtract: ``mean=`` (a constant option, keepdims-shaped), or the mean."""
    return np.mean(a, axis=axis, keepdims=True) if mean is None else mean


def masked_deviation(a, axis=None, where=True, mean=None, ddof=0):
    """``(a - c) / (n - ddof)`` at the elements ``where`` selects (``n`` of them in their
    slice, ``c`` their mean or the constant ``mean=``), 0 at the others: half the derivative
    of ``np.var(a, axis, ddof=ddof, where=where, mean=mean)``. 0 too in a slice of at most
    ``ddof`` selected elements, whose variance NumPy makes NaN or inf (a ``np.nansum`` or
    mask downstream drops it: no NaN or inf of it may reach the other slices). Conjugated:
    the variance of a complex ``a`` is of ``|a - c|^2`` (a forward rule takes the real
    part of its product with the tangent)."""
    mask = np.broadcast_to(where, np.shape(a))
    n = np.sum(mask, axis=axis, keepdims=True)
    c = (np.sum(np.where(mask, a, 0.0), axis=axis, keepdims=True) / np.maximum(n, 1)
         if mean is None else mean)
    return (np.where(mask & (n > ddof), np.conj(a - c), 0.0)
            / np.where(n > ddof, n - ddof, 1))


def positive_or_one(s):
    """``s`` where it is positive, 1 elsewhere (0, and NaN: a standard deviation NumPy makes
    NaN): what std's gradient divides by, its deviation being 0 where ``s`` is not."""
    return np.where(s > 0, s, 1.0)


@R.vjp(np.std)  # (of a complex a: as var's, conj(a - c))
def std(g, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
        mean=None, correction=None):
    if where is not True:
        half = masked_deviation(a, axis, where, mean, dof(ddof, correction))
        return unreduce(g / positive_or_one(ans), a, axis, keepdims) * half
    if axis is None and is_constant(ddof) and ddof == 0 and mean is None and correction is None:
        return g / np.where(ans == 0, 1.0, ans) * np.conj(a - np.mean(a)) / size_of(a)
    return (unreduce(g / np.where(ans == 0, 1.0, ans), a, axis, keepdims)
            * np.conj(a - centre(a, axis, mean))
            / (size_of(a) / size_of(ans) - dof(ddof, correction)))


@R.jvp(np.std)
def std_jvp(d, ans, a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
            mean=None, correction=None):
    if where is not True:
        half = masked_deviation(a, axis, where, mean, dof(ddof, correction))
        return (np.real(np.sum(d * half, axis=axis, keepdims=keepdims))
                / positive_or_one(ans))
    return (np.real(np.sum(d * np.conj(a - centre(a, axis, mean)), axis=axis,
                           keepdims=keepdims))
            / np.where(ans == 0, 1.0, ans) / (size_of(a) / size_of(ans) - dof(ddof, correction)))


@R.vjp(np.max, np.amax)
def max_(g, ans, a, axis=None, out=None, keepdims=False, initial=None, where=True):
    if initial is None and where is True:
        return extreme_grad(g, a, ans, axis, keepdims)
    return unreduce(g, a, axis, keepdims) * extreme_mask(a, ans, axis, keepdims, initial, where)


@R.jvp(np.max, np.amax)
def max_jvp(d, ans, a, axis=None, out=None, keepdims=False, initial=None, where=True):
    if initial is None and where is True:
        return np.sum(d * reduce_mask(a, ans, axis, keepdims), axis=axis, keepdims=keepdims)
    return np.sum(d * extreme_mask(a, ans, axis, keepdims, initial, where), axis=axis,
                  keepdims=keepdims)


@R.vjp(np.min, np.amin)
def min_(g, ans, a, axis=None, out=None, keepdims=False, initial=None, where=True):
    if initial is None and where is True:
        return extreme_grad(g, a, ans, axis, keepdims)
    return unreduce(g, a, axis, keepdims) * extreme_mask(a, ans, axis, keepdims, initial, where)


@R.jvp(np.min, np.amin)
def min_jvp(d, ans, a, axis=None, out=None, keepdims=False, initial=None, where=True):
    if initial is None and where is True:
        return np.sum(d * reduce_mask(a, ans, axis, keepdims), axis=axis, keepdims=keepdims)
    return np.sum(d * extreme_mask(a, ans, axis, keepdims, initial, where), axis=axis,
                  keepdims=keepdims)


def extreme_mask(a, ans, axis=None, keepdims=False, initial=None, where=True):
    """``reduce_mask`` for ``np.max``/``np.min`` with ``initial=`` or ``where=``: the
    elements selected by ``where`` and equal to the result share it equally with
    ``initial`` when it is equal too (half each at a tie of one element with
    ``initial``, as ``np.maximum``); none gets a gradient where ``initial`` is the
    result alone (it beat them all, or ``where`` selects nothing)."""
    full = ans if (axis is None or keepdims or not np.ndim(a)) else np.expand_dims(
        ans, tuple(x % np.ndim(a) for x in (axis if isinstance(axis, tuple) else (axis,))))
    hit = np.where((a == full) & where, 1.0, 0.0)
    share = np.sum(hit, axis=axis, keepdims=True) + np.where(full == initial, 1.0, 0.0)
    return hit / np.where(share == 0.0, 1.0, share)


@R.vjp(np.ptp)
def ptp(g, ans, a, axis=None, out=None, keepdims=False):
    return unreduce(g, a, axis, keepdims) * (
        reduce_mask(a, np.max(a, axis=axis, keepdims=keepdims), axis, keepdims)
        - reduce_mask(a, np.min(a, axis=axis, keepdims=keepdims), axis, keepdims))


@R.jvp(np.ptp)
def ptp_jvp(d, ans, a, axis=None, out=None, keepdims=False):
    return np.sum(d * (reduce_mask(a, np.max(a, axis=axis, keepdims=keepdims), axis, keepdims)
                       - reduce_mask(a, np.min(a, axis=axis, keepdims=keepdims), axis, keepdims)),
                  axis=axis, keepdims=keepdims)


@R.vjp(np.prod)
def prod(g, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
    if initial is None and where is True:
        return prod_grad(g, ans, a, axis, keepdims)
    return unreduce(g, a, axis, keepdims) * masked_prod_others(a, axis, initial, where)


@R.jvp(np.prod)
def prod_jvp(d, ans, a, axis=None, dtype=None, out=None, keepdims=False, initial=None,
             where=True):
    if initial is None and where is True:
        return np.sum(d * prod_others(a, axis), axis=axis, keepdims=keepdims)
    return np.sum(d * masked_prod_others(a, axis, initial, where), axis=axis, keepdims=keepdims)


def masked_prod_others(a, axis=None, initial=None, where=True):
    """``d prod / d a`` for ``np.prod(a, axis, initial=, where=)``, which is ``initial`` times
    the product of the selected elements: unselected ones count as 1 and get 0."""
    selected = np.where(where, a, 1.0)
    others = prod_others(selected, axis) * np.where(where, 1.0, 0.0)
    if initial is None:
        return others
    return others * initial


def prod_grad(g, ans, a, axis=None, keepdims=False):
    """Gradient of a product, exact where ``a`` has zeros (no division by zero)."""
    return unreduce(g, a, axis, keepdims) * prod_others(a, axis)


def prod_others(a, axis=None):
    """For each element of ``a``, the product of the others in its reduction (``d prod / d a``)."""
    a = a if hasattr(a, "ndim") else np.asarray(a)  # (an array keeps its own type)
    if a.size == 0:  # nothing to differentiate: an empty array of a's shape
        return np.zeros(a.shape)
    if a.ndim == 0:  # NumPy's product of a 0-d array over an axis is the array itself
        return np.ones(())
    ax = tuple(range(a.ndim)) if axis is None else (axis if isinstance(axis, tuple) else (axis,))
    ax = tuple(i % a.ndim for i in ax)
    keep = [i for i in range(a.ndim) if i not in ax]
    moved = np.transpose(a, keep + list(ax)).reshape([a.shape[i] for i in keep] + [-1])
    left = np.cumprod(np.concatenate([np.ones(moved.shape[:-1] + (1,)), moved[..., :-1]], -1), -1)
    right = np.cumprod(np.concatenate([np.ones(moved.shape[:-1] + (1,)), moved[..., :0:-1]], -1),
                       -1)[..., ::-1]
    others = (left * right).reshape([a.shape[i] for i in keep] + [a.shape[i] for i in ax])
    return np.transpose(others, tuple(np.argsort(keep + list(ax)).tolist()))


@R.linear(np.cumsum)
def cumsum(g, ans, a, axis=None, dtype=None, out=None):
    return np.reshape(np.flip(np.cumsum(np.flip(g, axis), axis), axis), np.shape(a))


@R.vjp(np.cumprod)
def cumprod(g, ans, a, axis=None, dtype=None, out=None):
    return cumprod_grad(g, ans, a, axis)


@R.jvp(np.cumprod)
def cumprod_jvp(d, ans, a, axis=None, dtype=None, out=None):
    return cumprod_tangent(d, ans, a, axis)


def _along_last(x, axis):
    """``x`` (flattened when ``axis`` is None) with ``axis`` moved last, and that axis."""
    x = np.asarray(x)
    if axis is None or x.ndim == 0:  # (NumPy takes a 0-d array as one of one element)
        return np.ravel(x), 0
    return np.moveaxis(x, axis, -1), axis


def _partial_products(a):
    """``L[i] = prod(a[:i])`` and ``T[i, j] = prod(a[i+1 : j+1])`` (0 for ``j < i``), along the
    last axis: ``d cumprod(a)[j] / d a[i] = L[i] T[i, j]``, a polynomial even where ``a`` is 0."""
    n = np.shape(a)[-1]
    later = np.arange(n)[None, :] > np.arange(n)[:, None]
    t = np.cumprod(np.where(later, np.expand_dims(a, -2), 1.0), axis=-1)
    t = t * (np.arange(n)[None, :] >= np.arange(n)[:, None])
    lead = np.cumprod(np.concatenate([np.ones(np.shape(a)[:-1] + (1,)), a[..., :-1]], -1), -1)
    return lead, t


def cumprod_grad(g, ans, a, axis=None):
    """Gradient of ``np.cumprod``: ``sum_(j >= i) g_j prod_(k <= j, k != i) a_k``. Without zeros
    in ``a`` that is ``reverse_cumsum(g * ans) / a``; with zeros, the products themselves
    (quadratic in the length of the axis)."""
    shape = np.shape(a)
    x, ax = _along_last(a, axis)
    gm, _ = _along_last(np.reshape(g, np.shape(ans)), axis)
    if np.any(x == 0):
        lead, t = _partial_products(x)
        out = lead * np.sum(t * np.expand_dims(gm, -2), axis=-1)
    else:
        p, _ = _along_last(ans, axis)
        out = np.flip(np.cumsum(np.flip(gm * p, -1), -1), -1) / x
    return np.reshape(np.moveaxis(out, -1, ax), shape)


def cumprod_tangent(d, ans, a, axis=None):
    """Tangent of ``np.cumprod``: ``sum_(i <= j) d_i prod_(k <= j, k != i) a_k`` (see
    :func:`cumprod_grad` for the two cases)."""
    x, ax = _along_last(a, axis)
    dm, _ = _along_last(np.broadcast_to(d, np.shape(a)), axis)
    if np.any(x == 0):
        lead, t = _partial_products(x)
        out = np.sum(np.expand_dims(dm * lead, -1) * t, axis=-2)
    else:
        p, _ = _along_last(ans, axis)
        out = p * np.cumsum(dm / x, -1)
    return np.moveaxis(out, -1, ax)


@R.vjp(np.diff)
def diff(g, ans, a, n=1, axis=-1, prepend=None, append=None):
    # (no inlined ``-np.diff(g, prepend=0.0, append=0.0)`` for n == 1: an empty axis and an
    # axis of length 1 both give an empty ``g``, so the adjoint's length is read from ``a``)
    return diff_grad(g, a, n, axis, prepend, append)


@R.jvp(np.diff)
def diff_jvp(d, ans, a, n=1, axis=-1, prepend=None, append=None):
    if prepend is None and append is None:
        return np.diff(d, n, axis)
    return diff_tangent(d, n, axis, prepend, append)


def diff_tangent(d, n=1, axis=-1, prepend=None, append=None):
    """The tangent of ``np.diff`` with constant ``prepend``/``append`` (zero tangents)."""
    extra = {}
    if prepend is not None:
        extra["prepend"] = np.zeros_like(np.asarray(prepend, dtype=float))
    if append is not None:
        extra["append"] = np.zeros_like(np.asarray(append, dtype=float))
    return np.diff(d, n, axis, **extra)


def diff_grad(g, a, n=1, axis=-1, prepend=None, append=None):
    """The gradient of ``np.diff(a, n, axis, prepend, append)`` for ``a``."""
    for _ in range(n):
        g = -np.diff(g, axis=axis, prepend=0.0, append=0.0)
    start = 0 if prepend is None else (np.shape(prepend)[axis] if np.ndim(prepend) else 1)
    index = [slice(None)] * np.ndim(g)
    index[axis] = slice(start, start + np.shape(a)[axis])
    return g[tuple(index)]


@R.vjp(np.ediff1d)
def ediff1d(g, ans, ary, to_end=None, to_begin=None):
    return ediff1d_grad(g, ary, to_end, to_begin)


@R.jvp(np.ediff1d)
def ediff1d_jvp(d, ans, ary, to_end=None, to_begin=None):
    return ediff1d_tangent(d, to_end, to_begin)


def ediff1d_grad(g, ary, to_end=None, to_begin=None):
    """``np.ediff1d`` is ``np.diff`` of the flattened ``ary`` between the constants
    ``to_begin`` and ``to_end``: the middle of ``g`` through ``np.diff``'s adjoint."""
    start = 0 if to_begin is None else np.size(to_begin)
    middle = g[start:start + max(np.size(ary) - 1, 0)]
    flat = -np.diff(middle, prepend=0.0, append=0.0)  # one too long for an empty ``ary``
    return np.reshape(flat[:np.size(ary)], np.shape(ary))


def ediff1d_tangent(d, to_end=None, to_begin=None):
    """The tangent of ``np.ediff1d``: the constants ``to_begin``/``to_end`` move by 0."""
    begin = None if to_begin is None else np.zeros(np.size(to_begin))
    end = None if to_end is None else np.zeros(np.size(to_end))
    return np.ediff1d(d, to_end=end, to_begin=begin)


if hasattr(np, "trapezoid"):  # NumPy 2.0 (np.trapz before, deprecated since)
    @R.vjp(np.trapezoid, wrt=("x",))
    def trapezoid(g, ans, y, x=None, dx=1.0, axis=-1):
        return (np.expand_dims(g, axis) * trapezoid_weights(y, x, dx, axis),
                None if x is None else trapezoid_points_grad(g, y, x, axis))

    @R.jvp(np.trapezoid, wrt=("x",))
    def trapezoid_jvp(d, ans, y, x=None, dx=1.0, axis=-1):
        return (np.sum(d * trapezoid_weights(y, x, dx, axis), axis=axis),
                None if x is None else np.sum(trapezoid_spacings(d, y, axis)
                                              * trapezoid_means(y, axis), axis=axis))


def trapezoid_spacings(x, y, axis):
    """NumPy's spacings ``d`` in ``np.trapezoid(y, x)`` (its sum of ``d`` times the means of
    neighbouring samples): a 1-D ``x``'s differences laid along ``axis`` of ``y``, else
    ``np.diff(x, axis=axis)``."""
    x = np.asarray(x, dtype=float)
    if np.ndim(x) != 1:
        return np.diff(x, axis=axis)
    shape = [1] * np.ndim(y)
    shape[axis] = max(np.size(x) - 1, 0)
    return np.reshape(np.diff(x), shape)


def trapezoid_means(y, axis):
    """The means of neighbouring samples of ``y`` along ``axis``, as NumPy forms them."""
    y = np.asarray(y)
    later, earlier = [slice(None)] * y.ndim, [slice(None)] * y.ndim
    later[axis], earlier[axis] = slice(1, None), slice(None, -1)
    return (y[tuple(later)] + y[tuple(earlier)]) / 2.0


def trapezoid_points_grad(g, y, x, axis):
    """The gradient of ``np.trapezoid`` for the sample points ``x``: the spacings' gradient
    (the seed times the means, summed over what broadcast them) through ``np.diff``'s
    adjoint, ``x[j]`` entering the spacing before it with ``+`` and the one after with ``-``."""
    d = trapezoid_spacings(x, y, axis)
    g_d = unbroadcast(np.expand_dims(g, axis) * trapezoid_means(y, axis), d)
    x = np.asarray(x)
    along = axis if np.ndim(x) != 1 else 0
    g_d = np.reshape(g_d, np.shape(np.diff(x, axis=along)))
    before, after = [(0, 0)] * np.ndim(x), [(0, 0)] * np.ndim(x)
    before[along], after[along] = (1, 0), (0, 1)
    return np.pad(g_d, before) - np.pad(g_d, after)


def trapezoid_weights(y, x=None, dx=1.0, axis=-1):
    """The weight of each sample of ``y`` in ``np.trapezoid(y, x, dx, axis)`` (a sum of
    ``(y[i] + y[i + 1]) / 2`` times the spacing ``x[i + 1] - x[i]``, or ``dx``), shaped to
    broadcast against ``y``: half the spacings on either side of the sample. The sample
    points ``x`` and ``dx`` are constants here (trapezoid_points_grad: ``x``'s gradient)."""
    ndim = np.ndim(y)
    ax = axis % ndim
    n = np.shape(y)[ax]
    if x is None:
        shape = [1] * ndim
        shape[ax] = max(n - 1, 0)
        gaps = np.full(shape, dx, dtype=float)
    elif np.ndim(x) == 1:
        shape = [1] * ndim
        shape[ax] = max(n - 1, 0)
        gaps = np.reshape(np.diff(np.asarray(x, dtype=float)), shape)
    else:
        gaps = np.diff(np.asarray(x, dtype=float), axis=ax)
    pad_before = [(0, 0)] * ndim
    pad_before[ax] = (1, 0)
    pad_after = [(0, 0)] * ndim
    pad_after[ax] = (0, 1)
    return 0.5 * (np.pad(gaps, pad_before) + np.pad(gaps, pad_after))


@R.vjp(np.gradient, options=("spacing",))
def gradient(g, ans, f, *spacing, axis=None, edge_order=1):
    return gradient_grad(g, f, spacing, axis, edge_order)


@R.jvp(np.gradient, options=("spacing",))
def gradient_jvp(d, ans, f, *spacing, axis=None, edge_order=1):
    return gradient_tangent(d, spacing, axis, edge_order)


R.tuple_output(np.gradient)


def gradient_axes(ndim, axis=None):
    """The axes ``np.gradient`` differentiates along, in the order of its outputs."""
    if axis is None:
        return list(range(ndim))
    if isinstance(axis, int):
        return [axis % ndim]
    return [a % ndim for a in axis]


def gradient_grad(g, f, varargs, axis=None, edge_order=1):
    """The gradient of ``np.gradient(f, *varargs, axis, edge_order)`` for ``f``: per axis,
    the transposed matrix of the one-axis gradient applied to that output's gradient."""
    axes = gradient_axes(np.ndim(f), axis)
    gs = [g] if len(axes) == 1 else g
    out = np.zeros(np.shape(f))
    for k in range(len(axes)):
        if gs[k] is None:
            continue
        ax = axes[k]
        eye = np.eye(np.shape(f)[ax])
        if len(varargs) == 0:
            m = np.gradient(eye, axis=0, edge_order=edge_order)
        elif len(varargs) == 1:
            m = np.gradient(eye, varargs[0], axis=0, edge_order=edge_order)
        else:
            m = np.gradient(eye, varargs[k], axis=0, edge_order=edge_order)
        out = out + np.moveaxis(np.tensordot(m, gs[k], axes=([0], [ax])), 0, ax)
    return out


def gradient_tangent(d, varargs, axis=None, edge_order=1):
    """``np.gradient`` of the tangent (it is linear), with the same spacings."""
    return np.gradient(d, *varargs, axis=axis, edge_order=edge_order)


@R.linear(np.trace)
def trace(g, ans, a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    if np.ndim(a) == 2 and axis1 == 0 and axis2 == 1:
        return g * np.eye(np.shape(a)[0], np.shape(a)[1], k=offset)
    return trace_grad(g, a, offset, axis1, axis2)


def trace_grad(g, a, offset=0, axis1=0, axis2=1):
    """The gradient of ``np.trace``: ``g`` on every element of the diagonal it sums."""
    n = np.shape(np.diagonal(a, offset, axis1, axis2))[-1]
    return diagonal_grad(np.repeat(np.expand_dims(g, -1), n, -1), a, offset, axis1, axis2)


def diagonal_grad(g, a, offset=0, axis1=0, axis2=1):
    """Scatter ``g`` (the gradient of ``np.diagonal(a, ...)``) back onto ``a``'s diagonal."""
    out = np.zeros(np.shape(a), dtype=np.result_type(g, float))
    view = np.diagonal(out, offset, axis1, axis2)
    view.setflags(write=True)
    view[...] = g
    return out


# ------------------------------------------------- second order: the scatter helpers
# Generated gradients call diagonal_grad (trace, diag, diagonal); it is linear
# in its first argument and its transpose is np.diagonal. ``a`` only gives the
# shape (no gradient).


@R.vjp(diagonal_grad, name="diagonal_grad")
def diagonal_grad_vjp(g, ans, grad, a, offset=0, axis1=0, axis2=1):
    return np.diagonal(g, offset, axis1, axis2), None


@R.jvp(diagonal_grad, name="diagonal_grad")
def diagonal_grad_jvp(d, ans, grad, a, offset=0, axis1=0, axis2=1):
    return diagonal_grad(d, a, offset, axis1, axis2), None
