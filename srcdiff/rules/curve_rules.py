"""Rules for curve tools and order statistics: ``np.convolve``, ``np.correlate``,
``np.polyval``, ``np.interp``, ``np.median``, ``np.quantile``, ``np.percentile`` and
Python's ``sorted``.

Notation as in numpy_rules.py (``g``, ``ans``, ``d``).

* ``convolve(a, v, mode)`` (1-D) is linear in each input: ``full[k] = sum_i a[i]
  v[k - i]``; ``"same"`` and ``"valid"`` keep the slice of the full output starting at
  ``(full - kept) // 2`` (NumPy swaps the inputs when ``v`` is the longer one, which
  gives the same slice). The gradient puts ``g`` back in place inside zeros of the full
  length and correlates it with the other input (``convolve(g_full, v[::-1],
  "valid")`` has exactly ``a``'s length). ``correlate(a, v, mode)`` of real inputs is
  ``convolve(a, v[::-1], mode)`` when ``a`` is at least as long as ``v``, and
  ``convolve(v, a[::-1], mode)[::-1]`` otherwise; complex inputs (where it conjugates
  ``v``) are refused at run time.
* ``polyval(p, x)``: ``d/dx`` is the derivative polynomial at ``x``; ``d/dp[k]`` is
  ``x ** (n - 1 - k)``.
* ``interp(x, xp, fp)``: piecewise linear. Inside segment ``i`` (``xp[i] <= x <
  xp[i + 1]``, the segment NumPy's own search picks; a point on a knot takes the slope
  of the segment on its right, the last knot the slope on its left) the value is
  ``fp[i] + t (fp[i + 1] - fp[i])`` with ``t = (x - xp[i]) / h``: ``d/dx = s`` (the
  slope), ``d/dfp`` is ``1 - t`` and ``t`` on the two knots, ``d/dxp`` is ``s (t -
  1)`` and ``-s t``. Outside ``[xp[0], xp[-1]]`` the value is ``fp[0]``/``fp[-1]``
  (gradient to that knot's ``fp``) or the constant ``left``/``right``. ``left``,
  ``right`` and ``period`` are options (constants); complex ``fp`` and knots that decrease
  somewhere (NumPy does not sort them) are refused at run time. With a ``period`` NumPy takes ``x``
  and ``xp`` modulo ``|period|``, sorts the knots and extends them by one copy at each
  end (``left``/``right`` ignored); the same formulas hold on the extended knots, whose
  gradients go back to the knots they copy (``x mod p`` has the derivative 1).
* ``median``, ``quantile``, ``percentile`` (``method="linear"``, NumPy's default) are
  linear combinations of at most two order statistics, ``(1 - frac) v[lo] + frac
  v[hi]`` with ``q (n - 1) = lo + frac``: the gradient goes back to the elements that
  hold them, found by a stable sort (tied values take the gradient in their order, one
  subgradient); ``q`` gets ``(n - 1) (v[hi] - v[lo])`` (the slope on the right where
  ``q (n - 1)`` is a whole number). The helpers are written without stores, so
  srcdiff differentiates them again for second order. Other methods are refused, and
  so is ``overwrite_input`` (not declared: NumPy may then reorder the argument in place).
* A forward rule's tangent of a list argument has ``None`` for its constant entries
  (registry.py): each passes through ``filled`` first.
* ``sorted(items, key=None, reverse=False)``: a permutation (stable, as Python's);
  each item's gradient goes back home. Its output is a list.
"""

import numpy as np

from srcdiff.errors import SrcdiffError
from srcdiff.rules.registry import DEFAULT as R
from srcdiff.runtime import filled, index_add, unbroadcast, zeros_tree

# ------------------------------------------------------------ convolve, correlate


@R.vjp(np.convolve)
def np_convolve(g, ans, a, v, mode="full"):
    return np_convolve_grad(g, a, v, mode), np_convolve_grad(g, v, a, mode)


@R.jvp(np.convolve)
def np_convolve_jvp(d, ans, a, v, mode="full"):
    return np.convolve(filled(d, a), v, mode), np.convolve(a, filled(d, v), mode)


@R.vjp(np.correlate)
def correlate(g, ans, a, v, mode="valid"):
    return correlate_grad_a(g, a, v, mode), correlate_grad_v(g, a, v, mode)


@R.jvp(np.correlate)
def correlate_jvp(d, ans, a, v, mode="valid"):
    return (real_correlate(filled(d, a), v, mode, a, v),
            real_correlate(a, filled(d, v), mode, a, v))


def real_correlate(x, y, mode, a, v):
    """``np.correlate(x, y, mode)`` (bilinear), for real ``a`` and ``v`` only."""
    return np.correlate(real_only(x, a, v), y, mode)


def real_only(x, a, v):
    """``x``, when ``a`` and ``v`` are real: for complex inputs ``np.correlate`` conjugates
    its second input, which these rules do not model (refused)."""
    if np.iscomplexobj(a) or np.iscomplexobj(v):
        raise SrcdiffError("the rules of np.correlate do not model complex inputs (it "
                           "conjugates its second input)")
    return x


def correlate_grad_a(g, a, v, mode="valid"):
    """The gradient for ``a`` of ``np.correlate(a, v, mode)`` of real inputs, which is
    ``convolve(a, v[::-1], mode)`` when ``a`` is at least as long as ``v`` and
    ``convolve(v, a[::-1], mode)[::-1]`` otherwise (NumPy swaps the inputs then, which
    moves the centre of ``"same"`` by one for some lengths)."""
    g = real_only(g, a, v)
    if np.size(a) >= np.size(v):
        return np_convolve_grad(g, a, np.flip(v), mode)
    return np.flip(np_convolve_grad(np.flip(g), np.flip(a), v, mode))


def correlate_grad_v(g, a, v, mode="valid"):
    """The gradient for ``v`` of ``np.correlate(a, v, mode)`` (see :func:`correlate_grad_a`)."""
    g = real_only(g, a, v)
    if np.size(a) >= np.size(v):
        return np.flip(np_convolve_grad(g, np.flip(v), a, mode))
    return np_convolve_grad(np.flip(g), v, np.flip(a), mode)


def np_convolve_grad(g, x, other, mode="full"):
    """The gradient for ``x`` of the 1-D ``np.convolve(x, other, mode)`` (or of
    ``convolve(other, x, mode)``: the convolution is symmetric)."""
    n_full = np.size(x) + np.size(other) - 1
    before = (n_full - np.size(g)) // 2
    full = np.pad(g, (before, n_full - np.size(g) - before))
    return np.convolve(full, np.flip(other), "valid")


# ------------------------------------------------------------ polynomials


@R.vjp(np.polyval)
def polyval(g, ans, p, x):
    return polyval_coefficient_grad(g, p, x), unbroadcast(g * poly_slope(p, x), x)


@R.jvp(np.polyval)
def polyval_jvp(d, ans, p, x):
    return np.polyval(np.asarray(filled(d, p)), x), np.asarray(filled(d, x)) * poly_slope(p, x)


def poly_slope(p, x):
    """The derivative of the polynomial ``p`` (highest power first) at ``x``."""
    p = np.asarray(p)
    n = np.size(p)
    if n < 2:
        return np.zeros(np.shape(x))
    return np.polyval(p[:-1] * np.arange(n - 1, 0, -1), x)


def polyval_coefficient_grad(g, p, x):
    """``d polyval(p, x) / d p[k] = x ** (n - 1 - k)``, summed against ``g`` over ``x``."""
    n = np.size(p)
    powers = np.asarray(x)[..., None] ** np.arange(n - 1, -1, -1)
    out = np.sum(np.broadcast_to(g, np.shape(powers)[:-1])[..., None] * powers,
                 axis=tuple(range(np.ndim(powers) - 1)))
    return list(out) if isinstance(p, (list, tuple)) else np.reshape(out, np.shape(p))


# ------------------------------------------------------------ interpolation


@R.vjp(np.interp)
def interp(g, ans, x, xp, fp, left=None, right=None, period=None):
    return (interp_grad_x(g, x, xp, fp, period), interp_grad_xp(g, x, xp, fp, period),
            interp_grad_fp(g, x, xp, fp, left, right, period))


@R.jvp(np.interp)
def interp_jvp(d, ans, x, xp, fp, left=None, right=None, period=None):
    return (interp_tangent_x(filled(d, x), x, xp, fp, period),
            interp_tangent_xp(filled(d, xp), x, xp, fp, period),
            interp_tangent_fp(filled(d, fp), x, xp, fp, left, right, period))


def periodic_knots(x, xp, fp, period):
    """NumPy's periodic ``interp`` before its ordinary one: ``x`` and ``xp`` modulo
    ``|period|``, the knots sorted (the same ``np.argsort`` call as NumPy's) and extended by
    the last one minus the period before and the first one plus the period after. Returns
    ``(x, knots, values, source)``: extended knot ``k`` is a copy of ``xp[source[k]]``
    (shifted by a constant), its value of ``fp[source[k]]``."""
    if period == 0:
        raise ValueError("period must be a non-zero value")
    p = abs(period)
    xm = np.asarray(xp, float) % p
    order = np.argsort(xm)
    source = np.concatenate((order[-1:], order, order[:1]))
    n = np.size(order)
    shift = np.concatenate((np.array([-p]), np.zeros(n), np.array([p])))
    return np.asarray(x, float) % p, xm[source] + shift, np.asarray(fp, float)[source], source


def interp_pieces(x, xp, fp, left, right, period):
    """Per point of ``x``: the knots ``i`` and ``j`` of its segment (indices of ``xp``),
    ``t``, the slope and masks of the points below ``xp[0]`` and above ``xp[-1]`` (see the
    module docstring; with a ``period``, of NumPy's extended knots, which no point leaves)."""
    if np.iscomplexobj(fp):
        raise SrcdiffError("np.interp with complex values fp is not differentiated",
                           hint="interpolate the real and imaginary parts apart")
    xp, fp = np.asarray(xp, float), np.asarray(fp, float)
    x = np.asarray(x, float)
    source = np.arange(np.size(xp))
    if period is not None:
        x, xp, fp, source = periodic_knots(x, xp, fp, period)
    elif np.any(np.diff(xp) < 0):
        raise SrcdiffError("np.interp with knots xp that decrease somewhere is not "
                           "differentiated (NumPy does not sort them: its result is not "
                           "the piecewise linear curve)",
                           hint="sort xp (and fp in the same order), or pass period=")
    n = np.size(xp)
    i = np.clip(np.searchsorted(xp, x, side="right") - 1, 0, max(n - 2, 0))
    j = np.minimum(i + 1, n - 1)
    h = xp[j] - xp[i]
    safe = np.where(h == 0, 1.0, h)
    t = np.where(h == 0, 0.0, (x - xp[i]) / safe)
    s = np.where(h == 0, 0.0, (fp[j] - fp[i]) / safe)
    below, above = x < xp[0], x > xp[-1]
    inside = ~(below | above)
    return source[i], source[j], t, s, below, above, inside


def interp_grad_x(g, x, xp, fp, period=None):
    """The gradient of ``np.interp`` for the points ``x``: ``g`` times the slope inside
    (``x mod p`` has the derivative 1)."""
    _, _, _, s, _, _, inside = interp_pieces(x, xp, fp, None, None, period)
    return unbroadcast(np.where(inside, g * s, 0.0), x)


def interp_grad_xp(g, x, xp, fp, period=None):
    """The gradient of ``np.interp`` for the knots ``xp`` (module docstring)."""
    i, j, t, s, _, _, inside = interp_pieces(x, xp, fp, None, None, period)
    g_in = np.where(inside, np.broadcast_to(g, np.shape(t)), 0.0)
    return index_add(None, xp, i, g_in * s * (t - 1)) - index_add(None, xp, j, g_in * s * t)


def interp_grad_fp(g, x, xp, fp, left=None, right=None, period=None):
    """The gradient of ``np.interp`` for the values ``fp``: ``1 - t`` and ``t`` on the two
    knots of each point's segment; points outside go to the end value unless ``left`` /
    ``right`` replaced it."""
    i, j, t, _, below, above, inside = interp_pieces(x, xp, fp, left, right, period)
    g = np.broadcast_to(g, np.shape(t))
    g_in = np.where(inside, g, 0.0)
    g_fp = index_add(None, fp, i, g_in * (1 - t)) + index_add(None, fp, j, g_in * t)
    if left is None:
        g_fp = g_fp + index_add(None, fp, 0, np.sum(np.where(below, g, 0.0)))
    if right is None:
        g_fp = g_fp + index_add(None, fp, -1, np.sum(np.where(above, g, 0.0)))
    return g_fp


def interp_tangent_x(d, x, xp, fp, period=None):
    """The tangent of ``np.interp`` from the points' tangent ``d``: the slope times ``d``."""
    _, _, _, s, _, _, inside = interp_pieces(x, xp, fp, None, None, period)
    return np.where(inside, d * s, 0.0)


def interp_tangent_xp(d, x, xp, fp, period=None):
    """The tangent of ``np.interp`` from the knots' tangent ``d`` (shaped like ``xp``)."""
    i, j, t, s, _, _, inside = interp_pieces(x, xp, fp, None, None, period)
    d = np.asarray(d)
    return np.where(inside, d[i] * s * (t - 1) - d[j] * s * t, 0.0)


def interp_tangent_fp(d, x, xp, fp, left=None, right=None, period=None):
    """The tangent of ``np.interp`` from the values' tangent ``d`` (shaped like ``fp``)."""
    i, j, t, _, below, above, inside = interp_pieces(x, xp, fp, left, right, period)
    d = np.asarray(d)
    return np.where(inside, d[i] * (1 - t) + d[j] * t,
                    np.where(below, d[0] if left is None else 0.0,
                             d[-1] if right is None else 0.0))


# ------------------------------------------------------------ order statistics


METHODS = ("linear", "lower", "higher", "midpoint", "nearest")  # the ones modelled


@R.checks(np.quantile, np.percentile, np.median)
def quantile_check(literals):
    """A method written in the call other than ``"linear"`` (refused when compiled)."""
    method = literals.get("method", "linear")
    if method not in METHODS or literals.get("interpolation") is not None:
        return f"method={method!r} is not modelled (only {', '.join(map(repr, METHODS))})"
    return None


@R.vjp(np.median)
def median(g, ans, a, axis=None, out=None, *, keepdims=False):
    return quantile_grad(g, a, 0.5, axis, keepdims)


@R.jvp(np.median)
def median_jvp(d, ans, a, axis=None, out=None, *, keepdims=False):
    return quantile_tangent(filled(d, a), a, 0.5, axis, keepdims)


@R.vjp(np.quantile)
def quantile(g, ans, a, q, axis=None, out=None, *, method="linear", keepdims=False):
    return (quantile_grad(g, a, q, axis, keepdims, method),
            quantile_q_grad(g, a, q, axis, keepdims, method))


@R.jvp(np.quantile)
def quantile_jvp(d, ans, a, q, axis=None, out=None, *, method="linear", keepdims=False):
    return (quantile_tangent(filled(d, a), a, q, axis, keepdims, method),
            quantile_q_tangent(filled(d, q), a, q, axis, keepdims, method))


@R.vjp(np.percentile)
def percentile(g, ans, a, q, axis=None, out=None, *, method="linear", keepdims=False):
    return (quantile_grad(g, a, np.divide(q, 100.0), axis, keepdims, method),
            quantile_q_grad(g, a, np.divide(q, 100.0), axis, keepdims, method) / 100.0)


@R.jvp(np.percentile)
def percentile_jvp(d, ans, a, q, axis=None, out=None, *, method="linear", keepdims=False):
    return (quantile_tangent(filled(d, a), a, np.divide(q, 100.0), axis, keepdims, method),
            quantile_q_tangent(np.divide(filled(d, q), 100.0), a, np.divide(q, 100.0), axis,
                               keepdims, method))


def _last_axis_view(a, axis):
    """``(rows, kept, axes)``: ``a`` with the reduced ``axes`` moved last and merged into one
    (``axis`` None, an int or a tuple), the ``kept`` axes first."""
    a = np.asarray(a)
    if axis is None:
        axes = tuple(range(a.ndim))
    else:
        axes = tuple(int(k) % a.ndim for k in np.atleast_1d(axis))
    kept = [k for k in range(a.ndim) if k not in axes]
    moved = np.transpose(a, kept + list(axes))
    return np.reshape(moved, moved.shape[:len(kept)] + (-1,)), kept, axes


def _positions(q, n, method):
    """For the quantiles ``q`` (flattened) of rows of ``n`` values: the lower rank ``lo``,
    the upper rank ``hi`` and the fraction ``frac`` between them (method "linear":
    ``q (n - 1) = lo + frac``). ``frac`` is differentiable in ``q``; the ranks are not.
    The other methods pick ranks as NumPy does from ``(n - 1) q``: "lower", "higher" and
    "nearest" its floor, ceiling and ``np.around`` (one element, ``frac`` 0); "midpoint"
    half of the floor's and half of the ceiling's (all of it where they are one rank).
    Their value is piecewise constant in ``q`` (``_slopes`` gives 0)."""
    pos = np.reshape(q, (-1,)) * (n - 1)
    if method == "linear":
        lo = np.floor(pos)
        return lo, np.minimum(lo + 1, n - 1), pos - lo
    if method == "midpoint":
        lo, hi = np.floor(pos), np.ceil(pos)
        return lo, hi, np.where(lo == hi, 0.0, 0.5)
    if method == "lower":
        k = np.floor(pos)
    elif method == "higher":
        k = np.ceil(pos)
    elif method == "nearest":
        k = np.around(pos)
    else:
        raise SrcdiffError(f"the rules of np.quantile do not model method={method!r}")
    return k, k, np.zeros(np.shape(pos))


def _weights(rows, q, method):
    """``w[..., j, i]``: the weight of element ``i`` of each row in its quantile ``q[j]``
    (``1 - frac`` on the element of rank ``lo``, ``frac`` on the one of rank ``hi``; ranks
    from a stable sort, so tied values take the weight in their order). Written without
    stores, so srcdiff differentiates it again (in ``q``; the ranks are constants)."""
    lo, hi, frac = _positions(q, rows.shape[-1], method)
    rank = np.argsort(np.argsort(rows, axis=-1, kind="stable"), axis=-1, kind="stable")
    rank = rank[..., None, :]
    return ((1.0 - frac)[:, None] * (rank == lo[:, None])
            + frac[:, None] * (rank == hi[:, None]))


def _rows_of_g(g, q, kept_shape, axes, keepdims):
    """The output gradient of a quantile, ``q``'s axes first, as ``(*kept, len(q))``."""
    if keepdims:
        g = np.squeeze(g, axis=tuple(k + np.ndim(q) for k in axes))
    return np.moveaxis(np.reshape(g, (np.size(q),) + kept_shape), 0, -1)


def quantile_grad(g, a, q, axis=None, keepdims=False, method="linear"):
    """The gradient for ``a`` of ``np.quantile(a, q, axis, keepdims=keepdims)``: ``W^T g``
    for the weights ``W`` of :func:`_weights`."""
    a = np.asarray(a)
    rows, kept, axes = _last_axis_view(a, axis)
    g = _rows_of_g(g, q, rows.shape[:-1], axes, keepdims)
    flat = np.sum(_weights(rows, q, method) * g[..., None], axis=-2)
    back = np.reshape(flat, tuple(a.shape[k] for k in kept) + tuple(a.shape[k] for k in axes))
    return np.transpose(back, np.argsort(kept + list(axes)))


def quantile_tangent(d, a, q, axis=None, keepdims=False, method="linear"):
    """The tangent of ``np.quantile`` from ``a``'s tangent ``d``: ``W d``."""
    a = np.asarray(a)
    rows, kept, axes = _last_axis_view(a, axis)
    d_rows, _, _ = _last_axis_view(d + np.zeros(a.shape), axis)
    out = np.moveaxis(np.sum(_weights(rows, q, method) * d_rows[..., None, :], axis=-1), -1, 0)
    return _quantile_shaped(out, q, axes, keepdims)


def _quantile_shaped(out, q, axes, keepdims):
    """``(len(q), *kept)`` values shaped as ``np.quantile`` returns them."""
    out = np.reshape(out, np.shape(q) + out.shape[1:])
    if keepdims:
        for k in sorted(axes):
            out = np.expand_dims(out, k + np.ndim(q))
    return out


def _slopes(rows, q, method):
    """``d quantile / d q`` of each row: ``(n - 1) (v[hi] - v[lo])`` of the sorted values
    (the slope on the right of a kink, where ``q (n - 1)`` is a whole number)."""
    lo, hi, _ = _positions(q, rows.shape[-1], method)
    ordered = np.sort(rows, axis=-1)
    if method != "linear":  # a rank that is constant between the kinks
        return np.zeros(ordered.shape[:-1] + np.shape(lo))
    return (rows.shape[-1] - 1) * (ordered[..., hi.astype(int)] - ordered[..., lo.astype(int)])


def quantile_q_grad(g, a, q, axis=None, keepdims=False, method="linear"):
    """The gradient of ``np.quantile`` for ``q``: ``g`` times the slope, summed over rows."""
    rows, _, axes = _last_axis_view(a, axis)
    g = _rows_of_g(g, q, rows.shape[:-1], axes, keepdims)
    per_q = np.sum(np.reshape(g * _slopes(rows, q, method), (-1, np.size(q))), axis=0)
    return np.reshape(per_q, np.shape(q)) if np.ndim(q) else np.sum(per_q)


def quantile_q_tangent(d, a, q, axis=None, keepdims=False, method="linear"):
    """The tangent of ``np.quantile`` from ``q``'s tangent ``d``: the slope times ``d``."""
    rows, _, axes = _last_axis_view(a, axis)
    out = np.moveaxis(_slopes(rows, q, method) * np.reshape(d, (-1,)), -1, 0)
    return _quantile_shaped(out, q, axes, keepdims)


# ------------------------------------------------------------ sorted


R.tuple_output(sorted)


@R.vjp(sorted)
def sorted_(g, ans, iterable, key=None, reverse=False):
    return sorted_grad(g, iterable, key, reverse)


@R.jvp(sorted)
def sorted_jvp(d, ans, iterable, key=None, reverse=False):
    return sorted_tangent(d, iterable, key, reverse)


def sorted_order(items, key=None, reverse=False):
    """The permutation ``sorted`` applies: ``sorted(items)[k] is items[order[k]]`` (Python's
    sort is stable, also with ``reverse=True``)."""
    items = list(items)
    if key is None:
        return sorted(range(len(items)), key=items.__getitem__, reverse=reverse)
    return sorted(range(len(items)), key=lambda i: key(items[i]), reverse=reverse)


def sorted_grad(g, items, key=None, reverse=False):
    """Each item's gradient goes back home: a list for a list, an array for an array. A
    dict's items are its keys, constants: no gradient (None) for its values."""
    if isinstance(items, dict):
        return None
    parts = list(items)
    home = inverse_order(sorted_order(parts, key, reverse))
    out = [_item_grad(g[home[i]], parts[i]) for i in range(len(parts))]
    if isinstance(items, np.ndarray):
        return np.reshape(np.array(out, dtype=float), np.shape(items))
    return out


def _item_grad(g, item):
    """An item's gradient: a tree for a tuple or list item (``sorted(d.items())``: pairs),
    summed to the item's shape for an array or a number."""
    if g is None:
        return zeros_tree(item)
    if isinstance(item, (list, tuple, dict)):
        return g
    return unbroadcast(g, item)


def inverse_order(order):
    """``home`` with ``order[home[i]] == i``."""
    return [int(k) for k in np.argsort(order)]


def sorted_tangent(d, items, key=None, reverse=False):
    if isinstance(items, dict):  # (its keys: constants)
        return [0.0] * len(items)
    parts = list(items)
    if isinstance(items, np.ndarray):
        d = list(np.broadcast_to(d, np.shape(items)))
    order = sorted_order(parts, key, reverse)
    return [zeros_tree(parts[i]) if d[i] is None else d[i] for i in order]
