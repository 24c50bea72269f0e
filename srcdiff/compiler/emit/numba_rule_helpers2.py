"""numba versions of more array rule helpers the NumPy backend's gradients call
(``backend="numba"``, issue 18; numba_rule_helpers.py's sequel), each for the calls whose
forward value numba computes too, each the NumPy helper's operations in its order:

- ``norm_grad(g, ans, x, ord, None, False)`` (linalg_rules: ``np.linalg.norm(x, ord)`` of
  a 1-d float array, ord a number): ``g * x / safe`` for ord 2, ``g * share * sign`` for
  +-inf (``share``: 1/count on the entries whose magnitude is ``ans``), zeros for 0,
  ``g * sign`` for 1, else ``g * sign * (|x| / safe) ** (ord - 1)`` (0 where ``x`` is 0);
  ``safe`` is ``ans``, 1.0 where ``ans`` is 0; ``sign`` is ``x / |x|``, 0 at 0. A matrix
  (2-d ``x`` with an ord: its column or row sums, or an SVD) is refused at run time.
  Along an integer axis (``np.linalg.norm(x, ord, axis=k)``): numba_more_helpers.py's.
- ``prod_grad(g, ans, a, None, False)`` (reduction_rules: ``np.prod(a)``): ``g`` times the
  product of the other entries, the running products from the left and from the right
  (reduction_rules.prod_others' cumprods, in C order) multiplied: exact at zeros.
- ``diff_grad(g, a, n, -1, None, None)`` (``np.diff(a, n)`` along the last axis): ``n``
  times ``-np.diff(g, prepend=0.0, append=0.0)``, then the first ``a.shape[-1]`` entries.
- ``np.rot90(g, k, (0, 1))`` (the gradient of ``np.rot90``; numba's takes no axes): numba's
  ``np.rot90(g, k)`` (:func:`check`; other axes refused).
- ``dot_lhs(g, a, b)``, ``dot_rhs(g, a, b)`` (product_rules: ``np.dot`` of 1-d and 2-d
  float arrays): NumPy's tensordot as the product numba has for each pair of ranks
  (``np.outer``, exact; ``np.dot``, BLAS as NumPy's: equal to rounding).
- ``take_grad(g, a, indices, axis, 'raise')`` (``np.take``; ``axis`` None or an integer):
  ``g`` added into zeros of ``a``'s shape at the indices read, in the order of
  ``np.add.at`` (repeats accumulate in index order; a negative index counts from the end).

Other arguments (an axis numba's forward function does not take, a mode, prepend/append,
keywords) are refused when the gradient is generated (:func:`check`, located at the
call); argument types the versions here do not take are refused when it runs (a ValueError
starting numba_lists.REFUSED, which numba_emit's runner reports as a located
SrcdiffError), never left to numba's typing.

- ``max_axis(x, axis)``/``min_axis`` and ``extreme_grad(g, x, top, axis)`` of a 1-d float
  array (``np.max(x, axis=-1)``; numba_pieces' take 2-d arrays): NumPy's number (NaN
  propagating; an axis other than 0/-1 NumPy's AxisError, a ValueError) and its adjoint
  ``hit * (g / count)``, the runtime's over the one axis (tests/numba/test_numba_axis_1d.py);
  with ``keepdims=True`` (``g`` and ``top`` of one entry) the same with their entries.

Invariant: each returns the NumPy helper's values (the same operations in the same order);
tests/numba/test_numba_rule_helpers2.py compares the gradients with the NumPy backend's
(1e-12 relative) and with central finite differences.
"""

import ast

import numpy as np

from srcdiff.compiler.emit import numba_pieces
from srcdiff.compiler.emit.numba_helpers import overload, types
from srcdiff.compiler.emit.numba_lists import REFUSED
from srcdiff.compiler.emit.numba_rule_helpers import _axis_of

NAMES = ("norm_grad", "prod_grad", "diff_grad", "take_grad", "dot_lhs", "dot_rhs")

# the literal arguments each call must have, by position: (position, allowed sources)
_LITERALS = {
    "norm_grad": ((5, ("False",)),),
    "prod_grad": ((3, ("None",)), (4, ("False",))),
    "diff_grad": ((3, ("-1",)), (4, ("None",)), (5, ("None",))),
    "take_grad": ((4, ("'raise'",)),),
}
_ARITY = {"norm_grad": 6, "prod_grad": 5, "diff_grad": 6, "take_grad": 5}
_WHAT = {"norm_grad": "np.linalg.norm", "prod_grad": "np.prod", "diff_grad": "np.diff",
         "take_grad": "np.take"}


def check(fn, where):
    """Refuse a call of a helper here with arguments its numba version does not model
    (module docstring): before numba types anything, located at the call. And
    ``np.rot90(m, k, axes)`` (the rule's gradient, or the user's) as numba's
    ``np.rot90(m, k)`` when ``axes`` is ``(0, 1)``, NumPy's default, written or a name
    bound once to it (numba's takes no axes; it turns the same entries:
    tests/numba/test_numba_rule_helpers2.py), refused at the call for other axes."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "np.rot90":
            _rot90(node, where, fn)
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in _LITERALS):
            continue
        name = node.func.id
        ok = not node.keywords and len(node.args) == _ARITY[name] and not any(
            isinstance(a, ast.Starred) for a in node.args)
        ok = ok and all(ast.unparse(node.args[k]) in allowed for k, allowed in _LITERALS[name])
        if ok and name == "norm_grad":
            order, axis = node.args[3], node.args[4]
            ok = _number_literal(order) or isinstance(order, ast.Name)
            # (a name: ``-np.inf`` computed; a string there is refused when it runs; an
            # integer axis, ord None too: numba_more_helpers.py's)
            ok = ok and ast.unparse(axis) == "None" or _int_literal(axis) and (
                ok or ast.unparse(order) == "None")
        if ok and name == "diff_grad":
            n = node.args[2]
            ok = isinstance(n, ast.Constant) and type(n.value) is int and n.value >= 0
        if ok and name == "take_grad":
            ax = node.args[3]
            ok = ast.unparse(ax) == "None" or _int_literal(ax)
        if not ok:
            raise where.error(f"the numba backend has no compiled version of `{name}` for "
                              f"these arguments (the gradient of {_WHAT[name]}: "
                              f"{ast.unparse(node)})", 'use backend="numpy" for this function',
                              node=node)


def _rot90(node, where, fn):
    given = dict(zip(("m", "k", "axes"), node.args))
    given.update({k.arg: k.value for k in node.keywords})
    axes = given.pop("axes", None)
    if isinstance(axes, ast.Name):  # (``items = 0, 1``: the generator's name of a tuple)
        bound = [getattr(a, "value", None) for a in ast.walk(fn) if isinstance(a, (
                 ast.Assign, ast.AugAssign, ast.AnnAssign, ast.NamedExpr, ast.For, ast.With,
                 ast.comprehension)) and axes.id in {
                     t.id for t in ast.walk(a) if isinstance(t, ast.Name)
                     and isinstance(t.ctx, ast.Store)}]
        axes = bound[0] if len(bound) == 1 and bound[0] is not None else axes
    if len(node.args) > 3 or any(isinstance(a, ast.Starred) for a in node.args) \
            or set(given) - {"m", "k"} or "m" not in given \
            or axes is not None and ast.unparse(axes) not in ("(0, 1)", "[0, 1]"):
        raise where.error("the numba backend's np.rot90 turns axes (0, 1) only: "
                          f"{ast.unparse(node)}", 'use backend="numpy" for this function',
                          node=node)
    node.args = [given["m"]] + ([given["k"]] if "k" in given else [])
    node.keywords = []


def _int_literal(node):
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def _number_literal(node):
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) in (int, float) \
        or ast.unparse(node) in ("np.inf", "inf")


def _number(t):
    return isinstance(t, (types.Float, types.Integer)) and not isinstance(t, types.Boolean)


def _floats(t, least=1, most=3):
    return isinstance(t, types.Array) and least <= t.ndim <= most \
        and isinstance(t.dtype, types.Float)


# ---------------------------------------------------------------- np.linalg.norm

def norm_grad(g, ans, x, ord=None, axis=None, keepdims=False):
    """linalg_rules.norm_grad (module docstring)."""


def _refused_norm(g, ans, x, ord=None, axis=None, keepdims=False):
    if x.size >= 0:  # (always; the return below types the call as the gradient's)
        raise ValueError(REFUSED + "np.linalg.norm's gradient of a matrix or of these "
                         "arguments")
    return np.zeros(x.shape)


@overload(norm_grad)
def _norm_grad(g, ans, x, ord=None, axis=None, keepdims=False):
    if not isinstance(x, types.Array) or isinstance(axis, types.Integer):
        return None  # (along an integer axis: numba_more_helpers.py's)
    if not (_number(g) and _number(ans) and _floats(x, 1, 1)):
        return _refused_norm
    if isinstance(ord, (types.NoneType, types.Omitted)):
        def of_two(g, ans, x, ord=None, axis=None, keepdims=False):
            safe = 1.0 if ans == 0 else ans
            out = np.empty(x.shape[0])
            for i in range(x.shape[0]):
                out[i] = g * x[i] / safe
            return out
        return of_two
    if not _number(ord):
        return _refused_norm

    def of_ord(g, ans, x, ord=None, axis=None, keepdims=False):
        n = x.shape[0]
        safe = 1.0 if ans == 0 else ans
        out = np.zeros(n)
        if ord == 0:
            return out
        p = float(ord)
        count = 0.0
        for i in range(n):
            if abs(x[i]) == ans:
                count += 1.0
        for i in range(n):
            mag = abs(x[i])
            sign = x[i] / (1.0 if mag == 0 else mag)
            if p == 2.0:
                out[i] = g * x[i] / safe
            elif p == np.inf or p == -np.inf:
                # (no entry equal to a NaN norm: NumPy's 0 / 0, NaN; numba's raises)
                out[i] = g * ((1.0 if mag == ans else 0.0) / count if count else np.nan) * sign
            elif p == 1.0:
                out[i] = g * sign
            else:
                out[i] = g * sign * (0.0 if mag == 0 else (mag / safe) ** (p - 1))
        return out
    return of_ord


# ---------------------------------------------------------------- np.prod

def prod_grad(g, ans, a, axis=None, keepdims=False):
    """reduction_rules.prod_grad over all axes (module docstring)."""


@overload(prod_grad)
def _prod_grad(g, ans, a, axis=None, keepdims=False):
    if not (_number(g) and _floats(a)):
        return _refused_prod if isinstance(a, types.Array) else None

    def impl(g, ans, a, axis=None, keepdims=False):
        flat = a.ravel()  # (C order: prod_others' transpose and reshape of all axes)
        n = flat.shape[0]
        left, right = np.empty(n), np.empty(n)
        run = 1.0
        for i in range(n):
            left[i] = run
            run = run * flat[i]
        run = 1.0
        for i in range(n - 1, -1, -1):
            right[i] = run
            run = run * flat[i]
        out = np.empty(n)
        for i in range(n):
            out[i] = g * (left[i] * right[i])
        return out.reshape(a.shape)
    return impl


# ---------------------------------------------------------------- np.diff

def diff_grad(g, a, n=1, axis=-1, prepend=None, append=None):
    """reduction_rules.diff_grad along the last axis (module docstring)."""


@overload(diff_grad)
def _diff_grad(g, a, n=1, axis=-1, prepend=None, append=None):
    if not (_floats(g) and isinstance(a, types.Array) and a.ndim == g.ndim
            and isinstance(n, types.Integer)):
        return _refused_diff if isinstance(a, types.Array) else None

    def impl(g, a, n=1, axis=-1, prepend=None, append=None):
        length = g.shape[-1]
        rows = np.ascontiguousarray(g).reshape((_lead(g.shape), length))
        for _ in range(n):
            k = rows.shape[1]
            grown = np.empty((rows.shape[0], k + 1))
            for r in range(rows.shape[0]):
                before = 0.0
                for j in range(k):
                    grown[r, j] = -(rows[r, j] - before)
                    before = rows[r, j]
                grown[r, k] = -(0.0 - before)
            rows = grown
        m = min(a.shape[-1], rows.shape[1])
        out = np.ascontiguousarray(rows[:, :m])
        return out.reshape(g.shape[:-1] + (m,))
    return impl


def _lead(shape):
    """The product of ``shape`` but its last axis (a compiled helper)."""


@overload(_lead)
def _lead_impl(shape):
    def impl(shape):
        total = 1
        for k in range(len(shape) - 1):
            total *= shape[k]
        return total
    return impl


# ---------------------------------------------------------------- np.take

def take_grad(g, a, indices, axis=None, mode="raise"):
    """shape_rules.take_grad with mode 'raise' (module docstring)."""


@overload(take_grad)
def _take_grad(g, a, indices, axis=None, mode="raise"):
    ints = isinstance(indices, types.Integer) or isinstance(indices, (types.Array, types.List)) \
        and isinstance(indices.dtype, types.Integer)  # (a list: the display ``[0, 2]``)
    if not ((_number(g) or _floats(g, 0, 4)) and _floats(a) and ints
            and (isinstance(axis, (types.NoneType, types.Omitted))
                 or isinstance(axis, types.Integer))):
        return _refused_take if isinstance(a, types.Array) else None
    whole = isinstance(axis, (types.NoneType, types.Omitted))

    def impl(g, a, indices, axis=None, mode="raise"):
        if whole:
            before, n, after = 1, a.size, 1
        else:
            before, n, after = _axis_of(a, axis)
        idx = np.asarray(indices).ravel()
        m = idx.shape[0]
        gv = np.ascontiguousarray(np.asarray(g)).reshape((before, m, after))
        out = np.zeros((before, n, after))
        for i in range(before):
            for j in range(m):
                t = idx[j] + n if idx[j] < 0 else idx[j]
                if t < 0 or t >= n:
                    raise IndexError("srcdiff: take_grad's index is out of range")
                for k in range(after):
                    out[i, t, k] += gv[i, j, k]
        return out.reshape(a.shape)
    return impl


def _refused_prod(g, ans, a, axis=None, keepdims=False):
    if a.size >= 0:  # (always; the return below types the call as the gradient's)
        raise ValueError(REFUSED + "np.prod's gradient for these arguments")
    return np.zeros(a.shape)


def _refused_diff(g, a, n=1, axis=-1, prepend=None, append=None):
    if a.size >= 0:  # (always: as above)
        raise ValueError(REFUSED + "np.diff's gradient for these arguments")
    return np.zeros(a.shape)


def _refused_take(g, a, indices, axis=None, mode="raise"):
    if a.size >= 0:  # (always: as above)
        raise ValueError(REFUSED + "np.take's gradient for these arguments")
    return np.zeros(a.shape)


# ---------------------------------------------------------------- np.dot

def dot_lhs(g, a, b):
    """product_rules.dot_lhs of 1-d and 2-d float arrays (module docstring)."""


def dot_rhs(g, a, b):
    """product_rules.dot_rhs of 1-d and 2-d float arrays (module docstring)."""


def _dot_kinds(g, a, b):
    """``(a.ndim, b.ndim)`` when ``a`` and ``b`` are 1-d or 2-d float arrays and ``g`` the
    float number or array their product's gradient is, else None."""
    if not (_floats(a, 1, 2) and _floats(b, 1, 2)):
        return None
    rank = a.ndim + b.ndim - 2
    if rank == 0 and isinstance(g, types.Float) or _floats(g, 1, 2) and g.ndim == rank:
        return a.ndim, b.ndim
    return None


@overload(dot_lhs)
def _dot_lhs(g, a, b):
    kinds = _dot_kinds(g, a, b)
    if kinds == (2, 1):
        return lambda g, a, b: np.outer(g, b)  # (tensordot(g, b, axes=0): g[i] * b[j])
    if kinds == (1, 1):
        return lambda g, a, b: g * b
    if kinds == (1, 2):
        return lambda g, a, b: np.dot(np.ascontiguousarray(b), np.ascontiguousarray(g))
    if kinds == (2, 2):
        return lambda g, a, b: np.dot(np.ascontiguousarray(g), np.ascontiguousarray(b.T))
    return _refused_dot if isinstance(a, types.Array) else None


@overload(dot_rhs)
def _dot_rhs(g, a, b):
    kinds = _dot_kinds(g, a, b)
    if kinds in ((2, 1), (2, 2)):
        return lambda g, a, b: np.dot(np.ascontiguousarray(a.T), np.ascontiguousarray(g))
    if kinds == (1, 1):
        return lambda g, a, b: a * g
    if kinds == (1, 2):
        return lambda g, a, b: np.outer(a, g)
    return _refused_dot_rhs if isinstance(b, types.Array) else None


def _refused_dot(g, a, b):
    if a.size >= 0:  # (always; the return below types the call as the gradient's)
        raise ValueError(REFUSED + "np.dot's gradient for these arguments")
    return np.zeros(a.shape)


def _refused_dot_rhs(g, a, b):
    if b.size >= 0:  # (always: as above)
        raise ValueError(REFUSED + "np.dot's gradient for these arguments")
    return np.zeros(b.shape)


def _extreme_1d(bigger):
    # np.max(x, axis=0 or -1) / np.min of a 1-d float array (numba_pieces.max_axis takes
    # 2-d arrays): NumPy's number, NaN propagating; another axis NumPy's AxisError (a
    # ValueError), no entries its ValueError
    def typed(x, axis):
        if not (isinstance(x, types.Array) and x.ndim == 1 and isinstance(x.dtype, types.Float)
                and isinstance(axis, types.Integer)):
            return None

        def whole(x, axis):
            if axis < -1 or axis > 0:
                raise ValueError("srcdiff: axis is out of bounds for array of dimension 1")
            if x.shape[0] == 0:
                raise ValueError("zero-size array to reduction operation which has no identity")
            best = x[0]
            for j in range(1, x.shape[0]):
                v = x[j]
                if np.isnan(best):
                    break
                if np.isnan(v) or (v > best if bigger else v < best):
                    best = v
            return best
        return whole
    return typed


overload(numba_pieces.max_axis)(_extreme_1d(True))
overload(numba_pieces.min_axis)(_extreme_1d(False))


@overload(numba_pieces.extreme_grad)
def _extreme_grad_1d(g, x=None, top=None, axis=None, keepdims=False):
    # its adjoint (runtime.extreme_grad over the one axis: hit * (g / count), as the
    # whole array's; a NaN top, no hit: numba's ZeroDivisionError, as numba_pieces')
    if not (isinstance(x, types.Array) and x.ndim == 1 and isinstance(axis, types.Integer)):
        return None
    if all(isinstance(v, types.Array) and v.ndim == 1 for v in (g, top)):
        def kept(g, x=None, top=None, axis=None, keepdims=False):  # (keepdims: one entry)
            if axis < -1 or axis > 0 or not keepdims or g.shape[0] != 1 or top.shape[0] != 1:
                raise ValueError("srcdiff: extreme_grad of a 1-d array: axis 0, keepdims")
            hit = x == top[0]
            return hit * (g[0] / hit.sum())
        return kept
    if not (isinstance(g, (types.Float, types.Integer))
            and isinstance(top, (types.Float, types.Integer))):
        return None

    def along(g, x=None, top=None, axis=None, keepdims=False):
        if axis < -1 or axis > 0 or keepdims:
            raise ValueError("srcdiff: extreme_grad of a 1-d array: axis 0, no keepdims")
        hit = x == top
        return hit * (g / hit.sum())
    return along


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
