"""numba versions of ``np.pad`` (constant mode) and of the gradient of ``np.linalg.solve``
(``backend="numba"``, issue 18: refused as helpers without numba versions until session 46).

- ``np.pad(a, pad_width)`` (and ``mode='constant'`` written, with no other keyword): numba
  has no ``np.pad``. :func:`rewrite` writes it as ``pad_constant(a, pad_width)``: zeros of
  the padded shape (``a``'s dtype) with ``a`` copied in at ``before`` along each axis, NumPy's
  numbers exactly. Its gradient ``pad_grad(g, a, pad_width, 'constant', {})`` (shape_rules)
  is written as ``pad_grad(g, a, pad_width)``: a copy of ``g``'s interior (NumPy's is a view
  of it; the same numbers). ``pad_width`` as np.pad reads it: ``n``, ``(n,)``,
  ``(before, after)``, ``((before, after),)`` or one pair per axis (of integers; a negative
  width raises ValueError as NumPy's). Arrays of one to three dimensions. Forward mode's
  ``pad_tangent(d, pad_width, 'constant', {})`` is ``pad_constant(d, pad_width)`` (the
  tangent padded with zeros, as shape_rules').
- ``solve_transposed(a, g)`` (linalg_rules: ``np.linalg.solve(a.T, g)`` with its block
  triangular path): the same algorithm (above TRI_BLOCK an exactly triangular ``a.T`` is
  solved by halves, each block checked to be zero first; otherwise numba's
  ``np.linalg.solve``, LAPACK's gesv as NumPy's), so the same operations in the same order.
  (numba's np.linalg.solve raises LinAlgError for a NaN or infinite entry, where NumPy's
  returns NaNs: an error, never another number; the forward np.linalg.solve does so too.)

Other modes (edge, reflect, ... and any mode or keyword not written as a constant) and other
arguments are refused when the gradient is generated (:func:`check`, located at the call),
never left to numba's typing at the first call.

Invariant: each returns the NumPy function's values (the same operations in the same order);
tests/numba/test_numba_pad_solve.py compares the gradients with the NumPy backend's (1e-12
relative) and with central finite differences, and the helpers with NumPy's on their own.
"""

import ast

import numpy as np

from srcdiff.compiler.emit.numba_helpers import njit, overload, types
from srcdiff.compiler.emit.numba_lists import REFUSED
from srcdiff.rules.linalg_rules import TRI_BLOCK

NAMES = ("pad_constant", "pad_grad", "pad_tangent", "solve_transposed")


def rewrite(fn):
    """``np.pad(a, w)`` / ``np.pad(a, w, 'constant')`` / ``mode='constant'`` as
    ``pad_constant(a, w)``; ``pad_grad(g, a, w, 'constant', {})`` as ``pad_grad(g, a, w)``.
    Anything else stays as written, and :func:`check` refuses it."""
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args):
            continue
        name = ast.unparse(node.func)
        if name == "np.pad" and _constant_mode(node.args[2:], node.keywords):
            node.func = ast.Name(id="pad_constant", ctx=ast.Load())
            node.args, node.keywords = node.args[:2], []
        elif name == "pad_grad" and len(node.args) >= 3 and _constant_mode(
                node.args[3:], node.keywords, kwargs=True):
            node.args, node.keywords = node.args[:3], []
        elif name == "pad_tangent" and len(node.args) >= 2 and _constant_mode(
                node.args[2:], node.keywords, kwargs=True):
            node.func = ast.Name(id="pad_constant", ctx=ast.Load())  # (forward mode's)
            node.args, node.keywords = node.args[:2], []


def _constant_mode(rest, keywords, kwargs=False):
    """Whether the arguments after ``pad_width`` say constant mode and nothing else."""
    given = dict(zip(("mode", "kwargs" if kwargs else "constant_values"), rest))
    if len(rest) > 2 or any(k.arg is None or k.arg in given for k in keywords):
        return False
    given.update({k.arg: k.value for k in keywords})
    mode = given.pop("mode", None)
    extra = given.pop("kwargs", None) if kwargs else None
    return not given and (mode is None or ast.unparse(mode) in ("'constant'", '"constant"')) \
        and (extra is None or ast.unparse(extra) in ("{}", "None"))


def check(fn, where):
    """Refuse a np.pad or pad_grad :func:`rewrite` left as written (another mode, a keyword,
    a mode computed at run time), located at the call, before numba types anything."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) \
                and ast.unparse(node.func) in ("np.pad", "pad_grad", "pad_tangent") \
                and not (ast.unparse(node.func) == "pad_grad" and len(node.args) == 3
                         and not node.keywords):
            raise where.error("the numba backend compiles np.pad in constant mode with zeros "
                              f"only (np.pad(a, pad_width)): {ast.unparse(node)}",
                              'use backend="numpy" for this function', node=node)


def _arr(t):
    return isinstance(t, types.Array) and 1 <= t.ndim <= 3 \
        and isinstance(t.dtype, (types.Float, types.Integer)) \
        and not isinstance(t.dtype, types.Boolean)


def _int(t):
    return isinstance(t, types.Integer) and not isinstance(t, types.Boolean)


def _pair(t):
    return isinstance(t, types.UniTuple) and t.count == 2 and _int(t.dtype)


def _width_kind(w):
    """How ``pad_width``'s type reads: 'n' (one int, or ``(n,)``), 'pair' (one
    ``(before, after)``, or ``((before, after),)``), 'pairs' (a pair per axis); else None."""
    if _int(w) or isinstance(w, types.UniTuple) and w.count == 1 and _int(w.dtype):
        return "n"
    if _pair(w) or isinstance(w, types.UniTuple) and w.count == 1 and _pair(w.dtype):
        return "pair"
    if isinstance(w, types.UniTuple) and _pair(w.dtype):
        return "pairs"
    return None


def widths_of(pad_width, ndim):
    """``(before, after)`` per axis as an (ndim, 2) int array (shape_rules._pad_widths)."""


@overload(widths_of)
def _widths_of(pad_width, ndim):
    kind, w = _width_kind(pad_width), pad_width
    if kind == "n" and _int(w):
        return lambda pad_width, ndim: _rows(pad_width, pad_width, ndim)
    if kind == "n":
        return lambda pad_width, ndim: _rows(pad_width[0], pad_width[0], ndim)
    if kind == "pair" and _pair(w):
        return lambda pad_width, ndim: _rows(pad_width[0], pad_width[1], ndim)
    if kind == "pair":
        return lambda pad_width, ndim: _rows(pad_width[0][0], pad_width[0][1], ndim)
    if kind == "pairs":
        def of_pairs(pad_width, ndim):
            if ndim != len(pad_width):
                raise ValueError("operands could not be broadcast together (pad_width)")
            out = np.empty((ndim, 2), dtype=np.int64)
            for i in range(ndim):
                out[i, 0], out[i, 1] = pad_width[i][0], pad_width[i][1]
            return _checked(out)
        return of_pairs
    return None


@njit
def _rows(before, after, ndim):
    out = np.empty((ndim, 2), dtype=np.int64)
    for i in range(ndim):
        out[i, 0], out[i, 1] = before, after
    return _checked(out)


@njit
def _checked(widths):
    if (widths < 0).any():
        raise ValueError("index can't contain negative values")
    return widths


def pad_constant(a, pad_width):
    """``np.pad(a, pad_width)``: zeros around ``a`` (module docstring)."""


_REFUSED_PAD = REFUSED + "np.pad with this pad_width (integers, or tuples of them, only)"


def _refused_pad(a, pad_width):
    if a.size >= 0:  # (always; the return below types the call)
        raise ValueError(_REFUSED_PAD)
    return a.copy()


def _refused_pad_grad(g, array, pad_width):
    if g.size >= 0:  # (always; likewise)
        raise ValueError(_REFUSED_PAD)
    return g.copy()


@overload(pad_constant)
def _pad_constant(a, pad_width):
    if not _arr(a):
        return None
    if not _width_kind(pad_width):
        return _refused_pad  # (a list, an array: refused when it runs, located)
    nd = a.ndim
    if nd == 1:
        def pad1(a, pad_width):
            w = widths_of(pad_width, 1)
            out = np.zeros(a.shape[0] + w[0, 0] + w[0, 1], dtype=a.dtype)
            out[w[0, 0]:w[0, 0] + a.shape[0]] = a
            return out
        return pad1
    if nd == 2:
        def pad2(a, pad_width):
            w = widths_of(pad_width, 2)
            n0, n1 = a.shape
            out = np.zeros((n0 + w[0, 0] + w[0, 1], n1 + w[1, 0] + w[1, 1]), dtype=a.dtype)
            out[w[0, 0]:w[0, 0] + n0, w[1, 0]:w[1, 0] + n1] = a
            return out
        return pad2

    def pad3(a, pad_width):
        w = widths_of(pad_width, 3)
        n0, n1, n2 = a.shape
        out = np.zeros((n0 + w[0, 0] + w[0, 1], n1 + w[1, 0] + w[1, 1],
                        n2 + w[2, 0] + w[2, 1]), dtype=a.dtype)
        out[w[0, 0]:w[0, 0] + n0, w[1, 0]:w[1, 0] + n1, w[2, 0]:w[2, 0] + n2] = a
        return out
    return pad3


def pad_tangent(d, pad_width):
    """shape_rules.pad_tangent in constant mode, written as pad_constant (:func:`rewrite`)."""


def pad_grad(g, array, pad_width):
    """shape_rules.pad_grad in constant mode: ``g``'s interior (module docstring)."""


@overload(pad_grad)
def _pad_grad(g, array, pad_width):
    if not (_arr(g) and _arr(array) and g.ndim == array.ndim):
        return None
    if not _width_kind(pad_width):
        return _refused_pad_grad
    nd = g.ndim
    if nd == 1:
        def grad1(g, array, pad_width):
            w = widths_of(pad_width, 1)
            return g[w[0, 0]:w[0, 0] + array.shape[0]].copy()
        return grad1
    if nd == 2:
        def grad2(g, array, pad_width):
            w = widths_of(pad_width, 2)
            n0, n1 = array.shape
            return g[w[0, 0]:w[0, 0] + n0, w[1, 0]:w[1, 0] + n1].copy()
        return grad2

    def grad3(g, array, pad_width):
        w = widths_of(pad_width, 3)
        n0, n1, n2 = array.shape
        return g[w[0, 0]:w[0, 0] + n0, w[1, 0]:w[1, 0] + n1, w[2, 0]:w[2, 0] + n2].copy()
    return grad3


# ---------------------------------------------------------------- np.linalg.solve

def solve_transposed(a, g):
    """linalg_rules.solve_transposed: ``np.linalg.solve(a.T, g)`` (module docstring)."""


@overload(solve_transposed)
def _solve_transposed(a, g):
    if not (isinstance(a, types.Array) and a.ndim == 2 and isinstance(a.dtype, types.Float)
            and isinstance(g, types.Array) and 1 <= g.ndim <= 2
            and isinstance(g.dtype, types.Float)):
        return None

    def solve_t(a, g):
        n = a.shape[-1]
        if n > TRI_BLOCK and a.shape[0] == n:
            first = a[-1, 0] == 0  # (linalg_rules: ``not a[-1, 0]``, the triangle tried first)
            for lower in (first, not first):
                ok, x = _tri_solve(a.T, g, lower)
                if ok:
                    return x
        return np.linalg.solve(a.T, g)
    return solve_t


@njit
def _tri_solve(t, b, lower):
    """linalg_rules._tri_solve: ``(True, solve(t, b))`` for a triangular ``t`` (``lower``
    or upper), ``(False, _)`` when ``t`` is not. Its recursion unrolled (numba's cached
    recursive functions crash): a stack of the same blocks visited in the same order, each
    block ``[lo, hi)`` checked when the recursion would check it, a leaf (order TRI_BLOCK or
    less) solved by np.linalg.solve, and between a half and the other the same update of
    the other half's right-hand side (``b2 - C x1``: a product, then a difference)."""
    rhs = np.ascontiguousarray(b).copy()
    x = np.zeros(rhs.shape)
    stack = [(0, 0, t.shape[0])]  # (0: solve the block [lo, hi); 1: update after a half)
    while len(stack):
        kind, lo, hi = stack.pop()
        h = lo + (hi - lo) // 2
        if kind == 1:  # the recursion's ``b[h:] - t[h:, :h] @ head`` (or the upper's)
            if lower:
                rhs[h:hi] = rhs[h:hi] - _c(t[h:hi, lo:h]) @ x[lo:h]
            else:
                rhs[lo:h] = rhs[lo:h] - _c(t[lo:h, h:hi]) @ x[h:hi]
        elif hi - lo <= TRI_BLOCK:
            block = t[lo:hi, lo:hi]
            if (np.triu(block, 1) if lower else np.tril(block, -1)).any():
                return False, x
            x[lo:hi] = np.linalg.solve(block, rhs[lo:hi])
        else:
            if (t[lo:h, h:hi] if lower else t[h:hi, lo:h]).any():
                return False, x
            first, second = ((lo, h), (h, hi)) if lower else ((h, hi), (lo, h))
            stack.append((0, second[0], second[1]))  # (last in, first out)
            stack.append((1, lo, hi))
            stack.append((0, first[0], first[1]))
    return True, x


@njit
def _c(x):
    return np.ascontiguousarray(x)


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
