"""numba versions of the rule helpers of ``np.linspace``, ``np.diagonal``/``np.diag``,
``np.sort``/``np.partition``, ``np.take_along_axis`` and ``np.quantile``
(``backend="numba"``, issue 18), each for float64 gradients, the NumPy helper's operations
where they are the same:

- ``linspace_grads(g, start, stop, num, endpoint, axis)`` (shape_rules): ``t`` as
  ``np.linspace(0.0, 1.0, num, endpoint)`` computes it (``i * (1.0 / div) + 0.0``, the last
  1.0 with ``endpoint``: the same numbers), then the sums of ``g * (1.0 - t)`` and ``g * t``
  along ``axis`` in index order (NumPy's are pairwise: equal to rounding), each summed down
  to its end's shape: a number (all), or an array of the shape the sums have (or of one
  entry: all). Another end shape is refused at run time.
- ``diagonal_grad(g, a, offset, axis1, axis2)`` (reduction_rules) of a 2-d ``a`` (the
  gradient of ``np.diagonal``, ``np.diag`` of a matrix): zeros of ``a``'s shape with ``g``
  on the diagonal read (axes ``(0, 1)`` or ``(1, 0)``, negative ones counted from the end);
  exact. A rank other than 2 is refused at run time.
- ``sort_grad(g, ans, a, axis)`` (shape_rules, ``np.sort``/``np.partition``) along an
  integer axis of any rank or ``None`` (all, flattened): per line along the axis, the
  stable argsorts ``ia`` of ``a`` and ``ians`` of ``ans`` (numba's mergesort, NumPy's
  stable sort: the same order, NaN last) and ``out[ia[k]] = g[ians[k]]``, the runtime's
  ``put_along_axis`` of ``matching_permutation``: exact.
- ``take_along_axis_grad(g, arr, indices, axis)`` (shape_rules) along an integer axis of
  any rank or ``None`` (``arr`` flattened, 1-d ``indices``), ``indices`` of ``g``'s shape
  and ``arr``'s lengths on the other axes (no broadcasting: refused at run time): ``g``
  added into zeros at the indices read, in C order of ``g`` as ``np.add.at`` (repeats
  accumulate in that order; a negative index counts from the end; out of range an
  IndexError, as NumPy's).

- ``quantile_grad(g, a, q, None, False, 'linear')`` (curve_rules; numba's np.quantile: of
  all of ``a``, method linear): per quantile ``q[j]`` the position ``q[j] (n - 1) = lo +
  frac``, the weight ``(1 - frac) (rank == lo) + frac (rank == hi)`` of each entry by its
  rank in a stable sort (NaN last), times ``g[j]``, added over the quantiles in order: the
  runtime's ``W^T g`` (its sum over the quantiles adds the same terms in the same order).
  keepdims or another method is refused at run time (numba's forward takes neither).

- ``np.linalg.norm(x, ord, axis)`` of a float array along an integer literal axis, ord
  None or a number, no keepdims (numba's norm takes no axis): :func:`rewrite` (run after
  numba_spellings.rewrite) writes it ``norm_along(x, ord, axis)``, NumPy's formulas per
  line (``sqrt`` of the sum of squares, the sum of magnitudes, the largest or smallest
  magnitude, NaN propagating, the count of nonzeros, ``(sum |x|**p) ** (1/p)``), summed in
  index order (NumPy's pairwise: equal to rounding); a number of a 1-d ``x``. Its gradient
  ``norm_grad(g, ans, x, ord, axis, False)`` (linalg_rules; numba_rule_helpers2.py's takes
  the whole of a vector): per line the runtime's ``g * x / safe``, ``g * share * sign``,
  zeros, ``g * sign``, ``g * sign * (|x| / safe) ** (p - 1)``, the same operations. A tuple
  of axes or keepdims is refused at generation (numba_rule_helpers2.check).

Refusals at run time are a ValueError starting numba_lists.REFUSED, which the runner
reports as a located SrcdiffError; argument types without an implementation here (not
arrays) are numba's typing error, reported likewise. The helpers call nothing compiled in
another file (numba_helpers.py's caching invariant).

Invariant: each returns the NumPy helper's values; tests/numba/test_numba_more_helpers.py
compares gradients with the NumPy backend's (1e-12 relative) and central finite differences.
"""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_rule_helpers2
from srcdiff.compiler.emit.numba_helpers import overload, types
from srcdiff.compiler.emit.numba_lists import REFUSED

NAMES = ("linspace_grads", "diagonal_grad", "sort_grad", "take_along_axis_grad",
         "quantile_grad", "norm_along")


def _number(t):
    return isinstance(t, (types.Float, types.Integer)) and not isinstance(t, types.Boolean)


def _floats(t):
    return isinstance(t, types.Array) and t.ndim >= 1 and isinstance(t.dtype, types.Float)


def _lines(a, axis):
    """``(before, n, after)`` around ``axis`` of ``a`` (a compiled helper of those below)."""


@overload(_lines)
def _lines_impl(a, axis):
    def impl(a, axis):
        ax = axis + a.ndim if axis < 0 else axis
        if ax < 0 or ax >= a.ndim:
            raise ValueError(REFUSED + "a gradient along an axis out of bounds")
        before, after = 1, 1
        for k in range(a.ndim):
            if k < ax:
                before *= a.shape[k]
            elif k > ax:
                after *= a.shape[k]
        return before, a.shape[ax], after
    return impl


# ---------------------------------------------------------------- np.linspace

def linspace_grads(g, start, stop, num=50, endpoint=True, axis=0):
    """shape_rules.linspace_grads (module docstring)."""


def _to_end(total, end):
    """``total`` (the sums along the samples' axis, flat) summed to the shape of ``end``."""


@overload(_to_end)
def _to_end_impl(total, end):
    if _number(end):
        def to_number(total, end):
            s = 0.0
            for k in range(total.shape[0]):
                s += total[k]
            return s
        return to_number
    if _floats(end):
        def to_array(total, end):
            if end.size == total.shape[0]:
                return total.copy().reshape(end.shape)
            if end.size == 1:
                s = 0.0
                for k in range(total.shape[0]):
                    s += total[k]
                return np.full(end.shape, s)
            raise ValueError(REFUSED + "the gradient of np.linspace with ends of another "
                             "shape than its samples'")
        return to_array
    return None


@overload(linspace_grads)
def _linspace_grads(g, start, stop, num=50, endpoint=True, axis=0):
    if not (_floats(g) and (_number(start) or _floats(start))
            and (_number(stop) or _floats(stop))):
        return None

    def impl(g, start, stop, num=50, endpoint=True, axis=0):
        div = num - 1 if endpoint else num
        t = np.empty(num)
        for i in range(num):
            t[i] = i * (1.0 / div) + 0.0 if div > 0 else i * 1.0 + 0.0
        if endpoint and num > 1:
            t[num - 1] = 1.0
        before, n, after = _lines(g, axis)
        if n != num:
            raise ValueError(REFUSED + "the gradient of np.linspace of another length")
        lines = np.ascontiguousarray(g).reshape((before, n, after))
        lo, hi = np.zeros(before * after), np.zeros(before * after)
        for b in range(before):
            for k in range(n):
                for c in range(after):
                    lo[b * after + c] += lines[b, k, c] * (1.0 - t[k])
                    hi[b * after + c] += lines[b, k, c] * t[k]
        return _to_end(lo, start), _to_end(hi, stop)
    return impl


# ---------------------------------------------------------------- np.diagonal

def diagonal_grad(g, a, offset=0, axis1=0, axis2=1):
    """reduction_rules.diagonal_grad of a matrix (module docstring)."""


@overload(diagonal_grad)
def _diagonal_grad(g, a, offset=0, axis1=0, axis2=1):
    if not (isinstance(g, types.Array) and isinstance(a, types.Array)):
        return None
    if not (g.ndim == 1 and a.ndim == 2 and isinstance(g.dtype, (types.Float, types.Integer))):
        def refused(g, a, offset=0, axis1=0, axis2=1):
            if a.size >= 0:  # (always; the return types the call as the gradient's)
                raise ValueError(REFUSED + "the gradient of np.diagonal of an array of "
                                 "more than two axes")
            return np.zeros(a.shape)
        return refused

    def impl(g, a, offset=0, axis1=0, axis2=1):
        first, second = axis1 % 2, axis2 % 2
        if first == second or axis1 < -2 or axis1 > 1 or axis2 < -2 or axis2 > 1:
            raise ValueError(REFUSED + "the gradient of np.diagonal of these axes")
        out = np.zeros(a.shape)
        rows, cols = (a.shape[0], a.shape[1]) if first == 0 else (a.shape[1], a.shape[0])
        i0, j0 = (0, offset) if offset >= 0 else (-offset, 0)
        n = max(min(rows - i0, cols - j0), 0)
        if g.shape[0] != n:
            raise ValueError(REFUSED + "the gradient of np.diagonal of another length")
        for k in range(n):
            if first == 0:
                out[i0 + k, j0 + k] = g[k]
            else:
                out[j0 + k, i0 + k] = g[k]
        return out
    return impl


# ---------------------------------------------------------------- np.sort

def sort_grad(g, ans, a, axis=-1):
    """shape_rules.sort_grad (module docstring)."""


@overload(sort_grad)
def _sort_grad(g, ans, a, axis=-1):
    if not (_floats(g) and isinstance(ans, types.Array) and isinstance(a, types.Array)
            and ans.ndim == g.ndim):
        return None
    if isinstance(axis, types.NoneType) and g.ndim == 1:
        def flat(g, ans, a, axis=-1):
            out = np.zeros(a.size)
            _sort_lines(np.ascontiguousarray(g).reshape((1, g.size, 1)),
                        np.ascontiguousarray(ans).reshape((1, ans.size, 1)),
                        np.ascontiguousarray(a).reshape((1, a.size, 1)),
                        out.reshape((1, a.size, 1)))
            return out.reshape(a.shape)
        return flat
    if not (isinstance(axis, types.Integer) and a.ndim == g.ndim):
        return None

    def along(g, ans, a, axis=-1):
        before, n, after = _lines(a, axis)
        if g.shape != a.shape or ans.shape != a.shape:
            raise ValueError(REFUSED + "the gradient of np.sort of another shape")
        out = np.zeros(a.shape)
        _sort_lines(np.ascontiguousarray(g).reshape((before, n, after)),
                    np.ascontiguousarray(ans).reshape((before, n, after)),
                    np.ascontiguousarray(a).reshape((before, n, after)),
                    out.reshape((before, n, after)))
        return out
    return along


def _sort_lines(g, ans, a, out):
    """``out[b, ia[k], c] = g[b, ians[k], c]`` per line (module docstring)."""


@overload(_sort_lines)
def _sort_lines_impl(g, ans, a, out):
    def impl(g, ans, a, out):
        for b in range(a.shape[0]):
            for c in range(a.shape[2]):
                ia = np.argsort(a[b, :, c], kind="mergesort")
                ians = np.argsort(ans[b, :, c], kind="mergesort")
                for k in range(a.shape[1]):
                    out[b, ia[k], c] = g[b, ians[k], c]
    return impl


# ---------------------------------------------------------------- np.take_along_axis

def take_along_axis_grad(g, arr, indices, axis=-1):
    """shape_rules.take_along_axis_grad (module docstring)."""


@overload(take_along_axis_grad)
def _take_along_axis_grad(g, arr, indices, axis=-1):
    if not (_floats(g) and isinstance(arr, types.Array) and isinstance(indices, types.Array)
            and isinstance(indices.dtype, types.Integer) and indices.ndim == g.ndim):
        return None
    if isinstance(axis, types.NoneType):
        if g.ndim != 1:
            return None

        def flat(g, arr, indices, axis=-1):
            out = np.zeros(arr.size)
            _scatter_lines(g.reshape((1, g.size, 1)), arr.size,
                           np.ascontiguousarray(indices).reshape((1, g.size, 1)),
                           out.reshape((1, arr.size, 1)))
            return out.reshape(arr.shape)
        return flat
    if not (isinstance(axis, types.Integer) and arr.ndim == g.ndim):
        return None

    def along(g, arr, indices, axis=-1):
        before, n, after = _lines(arr, axis)
        gb, m, ga = _lines(g, axis)
        if gb != before or ga != after or g.shape != indices.shape:
            raise ValueError(REFUSED + "the gradient of np.take_along_axis with indices "
                             "broadcast against the array")
        out = np.zeros(arr.shape)
        _scatter_lines(np.ascontiguousarray(g).reshape((before, m, after)), n,
                       np.ascontiguousarray(indices).reshape((before, m, after)),
                       out.reshape((before, n, after)))
        return out
    return along


def _scatter_lines(g, n, indices, out):
    """``out[b, indices[b, k, c], c] += g[b, k, c]`` in C order (module docstring)."""


@overload(_scatter_lines)
def _scatter_lines_impl(g, n, indices, out):
    def impl(g, n, indices, out):
        for b in range(g.shape[0]):
            for k in range(g.shape[1]):
                for c in range(g.shape[2]):
                    i = indices[b, k, c]
                    p = i + n if i < 0 else i
                    if p < 0 or p >= n:
                        raise IndexError("srcdiff: an index of np.take_along_axis is out "
                                         "of range")
                    out[b, p, c] += g[b, k, c]
    return impl


# ---------------------------------------------------------------- np.quantile

def quantile_grad(g, a, q, axis=None, keepdims=False, method="linear"):
    """curve_rules.quantile_grad of all of ``a`` (module docstring)."""


@overload(quantile_grad)
def _quantile_grad(g, a, q, axis=None, keepdims=False, method="linear"):
    if not (_floats(a) and isinstance(axis, (types.NoneType, types.Omitted))
            and (_number(q) and _number(g) or _floats(q) and _floats(g))):
        return None
    if not (isinstance(keepdims, (types.Boolean, types.Omitted))
            and isinstance(method, (types.UnicodeType, types.StringLiteral, types.Omitted))):
        return None

    def impl(g, a, q, axis=None, keepdims=False, method="linear"):
        if keepdims or method != "linear":
            raise ValueError(REFUSED + "the gradient of np.quantile with keepdims or "
                             "another method than 'linear'")
        qs, gs = np.asarray(q).ravel(), np.asarray(g).ravel()
        if qs.shape != gs.shape:
            raise ValueError(REFUSED + "the gradient of np.quantile of another shape")
        flat = np.ascontiguousarray(a).reshape(a.size)
        n = flat.shape[0]
        rank = np.empty(n, dtype=np.int64)
        order = np.argsort(flat, kind="mergesort")
        for k in range(n):
            rank[order[k]] = k
        out = np.zeros(n)
        for j in range(qs.shape[0]):
            pos = qs[j] * (n - 1)
            lo = np.floor(pos)
            hi = min(lo + 1, n - 1)
            frac = pos - lo
            for i in range(n):
                w = (1.0 - frac) * (rank[i] == lo) + frac * (rank[i] == hi)
                out[i] = w * gs[j] if j == 0 else out[i] + w * gs[j]
        return out.reshape(a.shape)
    return impl


# ---------------------------------------------------------------- np.linalg.norm(x, axis=k)

def rewrite(fn):
    """``np.linalg.norm(x, ord, axis)`` with an integer literal axis and no keepdims (or
    ``False``; numba's norm takes no axis) as ``norm_along(x, ord, axis)``; with an ord
    and no axis as ``norm_along(x, ord, None)`` (numba's of a vector skips a NaN after the
    first entry in its largest or smallest magnitude, NumPy's is NaN)."""
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func) == "np.linalg.norm"
                and len(node.args) <= 4 and not any(
                    isinstance(a, ast.Starred) for a in node.args)):
            continue
        given = dict(zip(("x", "ord", "axis", "keepdims"), node.args))
        if any(k.arg is None or k.arg in given for k in node.keywords):
            continue
        given.update({k.arg: k.value for k in node.keywords})
        if set(given) - {"x", "ord", "axis", "keepdims"} or "x" not in given \
                or ast.unparse(given.get("keepdims", ast.Constant(False))) != "False":
            continue
        axis, order = given.get("axis", ast.Constant(None)), given.get("ord")
        whole = ast.unparse(axis) == "None" and order is not None \
            and ast.unparse(order) != "None"
        if not (whole or numba_rule_helpers2._int_literal(axis)):
            continue
        node.func = ast.Name(id="norm_along", ctx=ast.Load())
        node.args = [given["x"], given.get("ord", ast.Constant(None)), axis]
        node.keywords = []


def norm_along(x, ord, axis):
    """``np.linalg.norm(x, ord, axis)`` of a float array along an integer axis (module
    docstring)."""


@overload(norm_along)
def _norm_along(x, ord, axis):
    if not (_floats(x) and (isinstance(ord, types.NoneType) or _number(ord))):
        return None
    plain = isinstance(ord, types.NoneType)
    if isinstance(axis, types.NoneType):  # (numba's of a vector: a NaN after the first
        if x.ndim == 1:                   # is skipped by its max; NumPy's propagates it)
            def whole(x, ord, axis):
                p = 2.0 if plain else float(ord)
                return _norms(x.reshape((1, x.shape[0], 1)), p)[0]
            return whole
        if x.ndim == 2:  # (a matrix norm: numba's; its gradient is refused when it runs)
            return lambda x, ord, axis: np.linalg.norm(x, ord)
        return None
    if not isinstance(axis, types.Integer):
        return None

    def impl(x, ord, axis):
        before, n, after = _lines(x, axis)
        p = 2.0 if plain else float(ord)
        return _shaped(_norms(np.ascontiguousarray(x).reshape((before, n, after)), p),
                       x, axis)
    return impl


def _norms(lines, p):
    """The ``p``-norm of each line ``lines[b, :, c]``, flat (module docstring)."""


@overload(_norms)
def _norms_impl(lines, p):
    def impl(lines, p):
        before, n, after = lines.shape
        out = np.empty(before * after)
        if n == 0 and (p == np.inf or p == -np.inf):
            raise ValueError("zero-size array to reduction operation which has no identity")
        for b in range(before):
            for c in range(after):
                if p == np.inf or p == -np.inf:
                    top = abs(lines[b, 0, c])
                    for k in range(1, n):
                        v = abs(lines[b, k, c])
                        if np.isnan(top) or np.isnan(v):
                            top = np.nan
                        elif v > top if p > 0 else v < top:
                            top = v
                    out[b * after + c] = top
                    continue
                total = 0.0
                for k in range(n):
                    v = lines[b, k, c]
                    if p == 2.0:
                        total += v * v
                    elif p == 1.0:
                        total += abs(v)
                    elif p == 0.0:
                        total += 1.0 if v != 0 else 0.0
                    else:
                        total += abs(v) ** p
                if p == 2.0:
                    total = np.sqrt(total)
                elif p != 1.0 and p != 0.0:
                    total = total ** (1.0 / p)
                out[b * after + c] = total
        return out
    return impl


def _shaped(out, x, axis):
    """The norms ``out`` (flat) shaped as NumPy's: a number of a 1-d ``x``, else an array of
    ``x``'s shape without ``axis`` (a compiled helper of those here)."""


@overload(_shaped)
def _shaped_impl(out, x, axis):
    if x.ndim == 1:
        return lambda out, x, axis: out[0]
    # (numba's np.sum along a run-time axis: an array of the shape wanted, of static rank)
    return lambda out, x, axis: out.reshape(np.sum(x, axis=axis).shape)


def _flat(v):
    """A number or an array as a flat float array (a compiled helper of those here)."""


@overload(_flat)
def _flat_impl(v):
    if _number(v):
        return lambda v: np.full(1, float(v))
    if isinstance(v, types.Array):
        return lambda v: np.ascontiguousarray(v).reshape(v.size).astype(np.float64)
    return None


@overload(numba_rule_helpers2.norm_grad)
def _norm_grad_along(g, ans, x, ord=None, axis=None, keepdims=False):
    # along an integer axis (numba_rule_helpers2's: all of a vector)
    if not (_floats(x) and isinstance(axis, types.Integer)
            and (isinstance(ord, types.NoneType) or _number(ord))
            and (_number(g) and _number(ans) and x.ndim == 1
                 or isinstance(g, types.Array) and isinstance(ans, types.Array)
                 and g.ndim == ans.ndim == x.ndim - 1)):
        return None
    plain = isinstance(ord, types.NoneType)

    def impl(g, ans, x, ord=None, axis=None, keepdims=False):
        if keepdims:
            raise ValueError(REFUSED + "np.linalg.norm's gradient with keepdims")
        before, n, after = _lines(x, axis)
        lines = np.ascontiguousarray(x).reshape((before, n, after))
        gs, tops = _flat(g), _flat(ans)
        if gs.shape[0] != before * after or tops.shape[0] != before * after:
            raise ValueError(REFUSED + "np.linalg.norm's gradient of another shape")
        out = np.zeros((before, n, after))
        p = 2.0 if plain else float(ord)
        for b in range(before):
            for c in range(after):
                gv, top = gs[b * after + c], tops[b * after + c]
                safe = 1.0 if top == 0 else top
                count = 0.0
                for k in range(n):
                    if abs(lines[b, k, c]) == top:
                        count += 1.0
                for k in range(n):
                    v = lines[b, k, c]
                    mag = abs(v)
                    sign = v / (1.0 if mag == 0 else mag)
                    if p == 2.0:
                        out[b, k, c] = gv * v / safe
                    elif p == np.inf or p == -np.inf:
                        # (no entry equal to a NaN norm: NumPy's 0 / 0, NaN)
                        share = (1.0 if mag == top else 0.0) / count if count else np.nan
                        out[b, k, c] = gv * share * sign
                    elif p == 0.0:
                        out[b, k, c] = 0.0
                    elif p == 1.0:
                        out[b, k, c] = gv * sign
                    else:
                        out[b, k, c] = gv * sign * (0.0 if mag == 0 else (mag / safe) ** (p - 1))
        return out.reshape(x.shape)
    return impl


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
