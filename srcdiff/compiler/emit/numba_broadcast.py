"""numba versions of the helpers of broadcasting and of matmul's stacked products
(``backend="numba"``), on the terms of numba_helpers.py (its docstring): an overload per
helper picks the implementation for its argument types; any type without one is numba's
typing error, which numba_emit.py reports as a SrcdiffError naming the helper.

- ``unbroadcast(g, x)`` (runtime.unbroadcast) for float or int arrays of any rank: ``g``
  summed over its leading axes and over the axes where ``x`` has length 1, and spread
  over the axes where ``g`` has length 1 and ``x`` does not (NumPy's ``broadcast_to``
  at the end of the runtime's version); another length is a ValueError, as there. ``g``
  itself when the shapes are equal and ``g`` is float64 (the runtime returns it: the
  generated code's in-place writes were placed for that aliasing), else a new float64
  array (where the runtime may return a read-only broadcast view: the same values).
  ``g``'s axes merged into at most three runs of kept or summed axes are added by plain
  loops (``_blocks``), others by a counter over rows (``_by_rows``): the same additions
  in the same order either way (tests/numba/test_numba_unread_tapes.py).
- ``matmul_of(a, b)``: ``a @ b``. Every ``@`` of a numba gradient is written so
  (:func:`stacked_matmuls`): numba's ``@`` takes arrays of one or two dimensions, which
  ``matmul_of`` passes to it unchanged (a float64 and an int operand: the int one cast
  to float64 first, as NumPy's matmul casts it); with more (a stack of matrices, NumPy's
  broadcasting of the stack axes) of float64 it is one BLAS product per matrix of the
  stack.
- ``matmul_lhs``/``matmul_rhs`` (rules/product_rules.py) and ``vjp_matmul`` (its
  ``matmul`` rule) for float64 arrays of any ranks, written as the rules' general paths
  with the helpers above (the runtime's fast paths compute the same sums in another order).

All of them live in this one file: numba caches an implementation by its own file's stamp
(numba_helpers.py's invariant), so one that calls another must be in the same file.
"""

import ast

import numpy as np

from srcdiff.compiler.emit.numba_helpers import _num, _zero_d, njit, overload, types


def _any(t):
    """A numba array of numbers of one or more dimensions."""
    return isinstance(t, types.Array) and t.ndim >= 1 \
        and isinstance(t.dtype, (types.Float, types.Integer))


def _f64(t):
    return _any(t) and t.dtype == types.float64


# ----------------------------------------------------------------- unbroadcast

def unbroadcast(g, x):
    """``g`` summed to the shape of ``x`` (runtime.unbroadcast; module docstring)."""


_MISMATCH = "srcdiff: unbroadcast of a gradient whose shape does not broadcast to its value's"


@njit
def _advance(idx, shape, steps, off, last):
    """The index ``idx`` over the axes ``0..last`` of ``shape`` moved to the next entry
    in C order (in place), and the offset ``off`` moved by ``steps[d]`` a unit along
    each axis ``d``."""
    d = last
    idx[d] += 1
    off += steps[d]
    while d > 0 and idx[d] == shape[d]:
        off -= steps[d] * shape[d]
        idx[d] = 0
        d -= 1
        idx[d] += 1
        off += steps[d]
    return off


@njit
def _unbroadcast_any(g, x):
    """The general case (module docstring): a new float64 array of ``x``'s shape. ``g`` is
    read once, in C order, with a counter of its index that carries the offset of the
    entry of the result it adds into (0 along a summed axis)."""
    nd_g, nd_x = g.ndim, x.ndim
    extra = nd_g - nd_x
    out = np.zeros(x.shape)
    flat = out.reshape(out.size)
    xs = np.empty(nd_x, np.int64)  # C strides of the result, in elements
    step = 1
    spread = False
    for i in range(nd_x - 1, -1, -1):
        xs[i] = step
        step *= x.shape[i]
        gi = i + extra
        glen = g.shape[gi] if gi >= 0 else 1
        if glen != x.shape[i]:
            if x.shape[i] == 1:
                continue
            if glen != 1:
                raise ValueError(_MISMATCH)
            spread = True
    if g.size and out.size:
        ostr = np.zeros(max(nd_g, 1), np.int64)  # per axis of g: its step in the result
        for d in range(extra if extra > 0 else 0, nd_g):
            if g.shape[d] == x.shape[d - extra]:
                ostr[d] = xs[d - extra]
        if not _blocks(g, ostr, flat):
            _by_rows(g, ostr, flat, nd_g)
    if spread and out.size:  # copy the first entry along each spread axis to the others
        src = np.zeros(nd_x, np.int64)  # the source's step per axis: 0 along spread ones
        for i in range(nd_x):
            gi = i + extra
            glen = g.shape[gi] if gi >= 0 else 1
            if not (glen == 1 and x.shape[i] != 1):
                src[i] = xs[i]
        idx = np.zeros(nd_x, np.int64)
        off = 0
        for k in range(out.size):
            flat[k] = flat[off]  # (off <= k: the source was written before, never after)
            off = _advance(idx, x.shape, src, off, nd_x - 1)
    return out


@njit
def _by_rows(g, ostr, flat, nd_g):
    """``g`` added into ``flat`` (``ostr``: per axis of g its step in the result, 0 where
    summed): the trailing axes of one kind (kept: a contiguous run of the result; summed:
    one entry of it) are read as rows of g in C order, the axes before by the counter."""
    kept = ostr[nd_g - 1] != 0
    last, width = nd_g - 1, 1
    while last >= 0 and (ostr[last] != 0) == kept:
        width *= g.shape[last]
        last -= 1
    rows = np.ascontiguousarray(g).reshape((g.size // width, width))
    idx = np.zeros(max(nd_g, 1), np.int64)
    off = 0
    for r in range(rows.shape[0]):
        if kept:
            for j in range(width):
                flat[off + j] += rows[r, j]
        else:
            total = 0.0
            for j in range(width):
                total += rows[r, j]
            flat[off] += total
        if last >= 0:
            off = _advance(idx, g.shape, ostr, off, last)


@njit
def _blocks(g, ostr, flat):
    """``g`` added into ``flat`` as :func:`_by_rows` adds it, for the common shapes: g's
    axes merged into runs of one kind (summed axes; kept axes whose steps in the result
    follow C order), at most three runs, read by three plain loops (nbody's ``(n, n, 3)``
    summed over its middle axis was 65536 rows of 3 through the counter: 2-3x slower).
    The same numbers added in the same order (C order of g; a summed innermost run is
    totalled first, as there). False, adding nothing, for more runs."""
    dims = np.ones(3, np.int64)
    steps = np.zeros(3, np.int64)
    nb = 0
    for d in range(g.ndim - 1, -1, -1):
        n, st = g.shape[d], ostr[d]
        if nb > 0 and (st == 0) == (steps[3 - nb] == 0) and (
                st == 0 or st == steps[3 - nb] * dims[3 - nb]):
            dims[3 - nb] *= n
            continue
        if nb == 3:
            return False
        nb += 1
        dims[3 - nb], steps[3 - nb] = n, st
    d0, d1, d2 = dims[0], dims[1], dims[2]
    s0, s1, s2 = steps[0], steps[1], steps[2]
    g3 = np.ascontiguousarray(g).reshape((d0, d1, d2))
    # kept, summed, kept with short rows: each entry's sum in a register (the same
    # additions in the same order: only this run adds to it), not a chain of loads and
    # stores of one entry (long rows: adding row by row vectorizes, and reads in order)
    if s1 == 0 and s2 != 0 and d2 < 16:
        for a in range(d0):
            for c in range(d2):
                at = a * s0 + c * s2
                total = flat[at]
                for b in range(d1):
                    total += g3[a, b, c]
                flat[at] = total
        return True
    for a in range(d0):
        for b in range(d1):
            base = a * s0 + b * s1
            if s2 == 0:
                total = 0.0
                for c in range(d2):
                    total += g3[a, b, c]
                flat[base] += total
            else:
                for c in range(d2):
                    flat[base + c * s2] += g3[a, b, c]
    return True


@njit
def _same_shape(g, x):
    if g.ndim != x.ndim:
        return False
    for i in range(g.ndim):
        if g.shape[i] != x.shape[i]:
            return False
    return True


@njit
def _rows_summed(g, n):
    """``unbroadcast`` of a 2-d ``g`` to a 1-d value of length ``n``, without
    :func:`_unbroadcast_any` (whose code, linked into every gradient that calls it, was a
    third of the RNN's LLVM module: tests/numba/test_numba_unbroadcast_rows.py): the rows
    summed in order into each kept entry (``g``'s row length ``n``), or all of ``g`` summed
    in C order from 0.0 into one total (``n`` 1: the entry; a row length of 1: spread
    over the ``n`` entries). The same additions in the same order as ``_blocks``."""
    m = g.shape[1]
    if m != n and n != 1 and m != 1:
        raise ValueError(_MISMATCH)
    out = np.zeros(n)
    if m == n:
        for i in range(g.shape[0]):
            for j in range(m):
                out[j] += g[i, j]
        return out
    total = 0.0
    for i in range(g.shape[0]):
        for j in range(m):
            total += g[i, j]
    for j in range(n):
        out[j] = total
    return out


@overload(unbroadcast)
def _unbroadcast(g, x):
    if _num(x) and _num(g):
        return lambda g, x: float(g)
    if _num(x) and (_any(g) or _zero_d(g)):
        return lambda g, x: float(g.sum())
    if _any(x) and _num(g):
        return lambda g, x: np.full(x.shape, float(g))
    if _any(x) and _zero_d(g):
        return lambda g, x: np.full(x.shape, float(g.sum()))
    if not (_any(x) and _any(g)):
        return None
    if x.ndim == 1 and g.ndim == 2:  # summed over the leading axis (_rows_summed)
        return lambda g, x: _rows_summed(g, x.shape[0])
    if x.ndim == 1 and g.layout == "C":  # (the leading axes as one: a C array's rows)
        return lambda g, x: _rows_summed(
            g.reshape((_stack_count(g.shape, 1), g.shape[g.ndim - 1])), x.shape[0])
    own = g.dtype == types.float64  # g itself for equal shapes (module docstring), else a copy
    if g.ndim == x.ndim:
        def same(g, x):
            if _same_shape(g, x):
                return g if own else np.asarray(g, dtype=np.float64) + 0.0
            return _unbroadcast_any(g, x)
        return same
    return lambda g, x: _unbroadcast_any(g, x)


# ----------------------------------------------------------------- matmul

def matmul_of(a, b):
    """``a @ b`` (module docstring)."""


_CORE = "matmul: Input operand 1 has a mismatch in its core dimension 0"


@njit
def _stack_count(shape, skip):
    n = 1
    for i in range(len(shape) - skip):
        n *= shape[i]
    return n


@njit
def _product(a, b, out, ta, tb):
    """``out`` set to ``a @ b`` with ``a`` (``ta``) or ``b`` (``tb``) transposed first, for
    C-ordered matrices: a transposed one is passed as its ``.T`` view, which numba types
    F-ordered and hands to BLAS as the same buffer with the transpose flag (no copy).
    Invariant: ``m.T`` holds the elements of ``np.ascontiguousarray(m.T)`` (the copy this
    replaced); tests/numba/test_numba_stacked_matmul.py checks the products."""
    if ta and tb:
        np.dot(a.T, b.T, out)
    elif ta:
        np.dot(a.T, b, out)
    elif tb:
        np.dot(a, b.T, out)
    else:
        np.dot(a, b, out)


@njit
def _stacked(a, b, ta=False, tb=False):
    """``a @ b`` for float64 arrays of two or more dimensions: one BLAS product per matrix
    of the stack, the stack axes broadcast as NumPy's matmul broadcasts them; ``ta``
    (``tb``): with the last two axes of ``a`` (``b``) swapped first (``np.swapaxes``, whose
    numba version takes seconds to compile: each matrix is passed transposed instead,
    :func:`_product`)."""
    a0, a1, b0, b1 = a.shape[-2], a.shape[-1], b.shape[-2], b.shape[-1]
    n, k = (a1, a0) if ta else (a0, a1)
    kb, m = (b1, b0) if tb else (b0, b1)
    if kb != k:
        raise ValueError(_CORE)
    stack = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    out = np.empty(stack + (n, m))
    count = _stack_count(out.shape, 2)
    if count == 0 or n == 0 or m == 0:
        return out
    out3 = out.reshape((count, n, m))
    a3 = np.ascontiguousarray(a).reshape((_stack_count(a.shape, 2), a0, a1))
    b3 = np.ascontiguousarray(b).reshape((_stack_count(b.shape, 2), b0, b1))
    if k == 0:
        out[...] = 0.0
        return out
    ns = len(stack)
    na, nb = a.ndim - 2, b.ndim - 2
    sa = np.zeros(max(ns, 1), np.int64)  # per stack axis: the step in a's (b's) stack
    sb = np.zeros(max(ns, 1), np.int64)
    step_a = step_b = 1
    for j in range(ns - 1, -1, -1):
        ja, jb = j - (ns - na), j - (ns - nb)
        if ja >= 0:
            if a.shape[ja] != 1:
                sa[j] = step_a
            step_a *= a.shape[ja]
        if jb >= 0:
            if b.shape[jb] != 1:
                sb[j] = step_b
            step_b *= b.shape[jb]
    idx = np.zeros(max(ns, 1), np.int64)
    pa = pb = 0
    for p in range(count):
        _product(a3[pa], b3[pb], out3[p], ta, tb)
        d = ns - 1
        if d < 0:
            continue
        idx[d] += 1
        pa += sa[d]
        pb += sb[d]
        while d > 0 and idx[d] == stack[d]:
            pa -= sa[d] * stack[d]
            pb -= sb[d] * stack[d]
            idx[d] = 0
            d -= 1
            idx[d] += 1
            pa += sa[d]
            pb += sb[d]
    return out


@overload(matmul_of)
def _matmul_of(a, b):
    if not (_any(a) and _any(b)):
        return None
    if a.ndim <= 2 and b.ndim <= 2 and _f64(a) != _f64(b) and (
            _f64(a) or isinstance(a.dtype, types.Integer)) and (
            _f64(b) or isinstance(b.dtype, types.Integer)):
        # float64 and int (numba's @ takes one dtype): the int operand cast to float64, as
        # NumPy's matmul casts it before its float64 product
        return lambda a, b: np.asarray(a, dtype=np.float64) @ np.asarray(b, dtype=np.float64)
    if a.ndim <= 2 and b.ndim <= 2:
        return lambda a, b: a @ b  # numba's own (as before every @ was written so)
    if not (_f64(a) and _f64(b)):
        return None
    if a.ndim == 1:
        return lambda a, b: _stacked(np.expand_dims(a, 0), b)[..., 0, :]
    if b.ndim == 1:
        return lambda a, b: _stacked(a, np.expand_dims(b, -1))[..., 0]
    return lambda a, b: _stacked(a, b)


def matmul_lhs(g, x, y):
    """The gradient of ``x @ y`` for ``x`` (rules/product_rules.matmul_lhs)."""


def matmul_rhs(g, x, y):
    """The gradient of ``x @ y`` for ``y`` (rules/product_rules.matmul_rhs)."""


def _products(g, x, y):
    return (_num(g) or _f64(g)) and _f64(x) and _f64(y)


def _gradient_overload(stub, vectors):
    """Register ``stub``'s overload: ``vectors`` for two 1-d operands (``g`` a number),
    else the implementation the decorated function picks from the operands' ranks."""
    def register(by_ranks):
        @overload(stub)
        def typed(g, x, y):
            if not _products(g, x, y):
                return None
            if x.ndim == 1 and y.ndim == 1:
                return vectors
            return by_ranks(x, y) if _f64(g) else None
        return by_ranks
    return register


@_gradient_overload(matmul_lhs, lambda g, x, y: g * y)
def _matmul_lhs(x, y):
    if y.ndim == 1:
        return lambda g, x, y: unbroadcast(np.expand_dims(g, -1) * y, x)
    if x.ndim == 1:  # np.sum(y * g[..., None, :], -1): the product with g as a column
        return lambda g, x, y: unbroadcast(matmul_of(y, np.expand_dims(g, -1))[..., 0], x)
    if x.ndim <= 2 and y.ndim <= 2:  # g @ np.swapaxes(y, -1, -2) (numba's @)
        return lambda g, x, y: unbroadcast(g @ np.ascontiguousarray(y.T), x)
    return lambda g, x, y: unbroadcast(_stacked(g, y, False, True), x)


@_gradient_overload(matmul_rhs, lambda g, x, y: g * x)
def _matmul_rhs(x, y):
    if x.ndim == 1:
        return lambda g, x, y: unbroadcast(np.expand_dims(x, -1) * np.expand_dims(g, -2), y)
    if y.ndim == 1 and x.ndim == 2:  # np.sum(x * g[..., None], -2): x.T @ g
        return lambda g, x, y: unbroadcast(np.ascontiguousarray(x.T) @ g, y)
    if y.ndim == 1:  # (a stack: the product with g as a column)
        return lambda g, x, y: unbroadcast(
            _stacked(x, np.expand_dims(g, -1), True, False)[..., 0], y)
    if y.ndim == 2 and x.ndim > 2:
        def rows(g, x, y):  # the stack's rows as one product (the rule's fast path)
            k, m = x.shape[-1], g.shape[-1]
            xs = np.ascontiguousarray(x).reshape((x.size // k if k else 0, k))
            gs = np.ascontiguousarray(g).reshape((g.size // m if m else 0, m))
            if xs.shape[0] != gs.shape[0]:
                raise ValueError("srcdiff: matmul's gradient of another stack")
            return np.ascontiguousarray(xs.T) @ gs
        return rows
    if x.ndim <= 2 and y.ndim <= 2:  # np.swapaxes(x, -1, -2) @ g (numba's @)
        return lambda g, x, y: unbroadcast(np.ascontiguousarray(x.T) @ g, y)
    return lambda g, x, y: unbroadcast(_stacked(x, g, True, False), y)


def vjp_matmul(g, ans, x, y):
    """The gradients of ``x @ y`` (rules/product_rules.matmul)."""


@overload(vjp_matmul)
def _vjp_matmul(g, ans, x, y):
    if not (_any(x) and _any(y)) or x.ndim > 2 or y.ndim > 2:
        if _products(g, x, y):
            return lambda g, ans, x, y: (matmul_lhs(g, x, y), matmul_rhs(g, x, y))
        return None
    if x.ndim == 2 and y.ndim == 2:
        return lambda g, ans, x, y: (g @ np.ascontiguousarray(y.T),
                                     np.ascontiguousarray(x.T) @ g)
    if x.ndim == 1 and y.ndim == 2:
        return lambda g, ans, x, y: (y @ g, np.outer(x, g))
    if x.ndim == 2 and y.ndim == 1:
        return lambda g, ans, x, y: (np.outer(g, y), np.ascontiguousarray(x.T) @ g)
    return lambda g, ans, x, y: (g * y, g * x)


def stacked_matmuls(tree):
    """Every ``a @ b`` and ``np.matmul(a, b)`` under ``tree`` as ``matmul_of(a, b)`` (module
    docstring; ``np`` is NumPy in the generated module, numba_emit.py's namespace)."""

    class Rewrite(ast.NodeTransformer):
        def visit_Call(self, node):  # np.matmul(a, b): the same product
            self.generic_visit(node)
            f = node.func
            if (isinstance(f, ast.Attribute) and f.attr == "matmul" and isinstance(
                    f.value, ast.Name) and f.value.id == "np" and len(node.args) == 2
                    and not node.keywords and not any(isinstance(a, ast.Starred)
                                                      for a in node.args)):
                node.func = ast.copy_location(ast.Name(id="matmul_of", ctx=ast.Load()), f)
            return node

        def visit_BinOp(self, node):
            self.generic_visit(node)
            if not isinstance(node.op, ast.MatMult):
                return node
            return ast.copy_location(ast.Call(func=ast.Name(id="matmul_of", ctx=ast.Load()),
                                              args=[node.left, node.right], keywords=[]),
                                     node)

    return Rewrite().visit(tree)


@njit
def cut3(g, start, end, axis):
    """``g``'s entries ``start:end`` along ``axis`` of a 3-d ``g`` (numba_pieces.split_rest)."""
    if axis == 0 or axis == -3:
        return g[start:end, :, :]
    if axis == 1 or axis == -2:
        return g[:, start:end, :]
    if axis != 2 and axis != -1:
        raise ValueError("srcdiff: split_rest's axis is out of range")
    return g[:, :, start:end]
