"""numba versions of array rule helpers the NumPy backend's gradients call, for argument
kinds numba_helpers.py's do not take (``backend="numba"``, issue 18):

- ``mul_into(m, mask)`` with a boolean array operand (the gradient of ``np.maximum``,
  ``np.minimum``, ``np.clip`` multiplies by a comparison's mask): NumPy's ``m * mask``,
  the mask read as 0.0/1.0 (a float times True is itself, times False 0.0 of its sign,
  NaN for NaN or an infinity: IEEE's product, as NumPy's).
- ``np.flip(a, axis)``, ``np.roll(a, shift, axis)``, ``np.cumsum(a, axis)`` with an integer
  axis (numba's take none; the gradients of flip, roll and cumsum call them too):
  :func:`rewrite` (run by numba_spellings.rewrite) writes them as ``flip_axis``,
  ``roll_axis``, ``cumsum_axis``, which view ``a`` as ``(before, n, after)`` around the axis
  and move (flip, roll: the same numbers) or add in order along it (cumsum: NumPy's
  ``add.accumulate``, the running sum in index order, so the same roundings). A negative
  axis counts from the end; one out of range raises ValueError (NumPy: AxisError, a
  ValueError); a shift or axis other than an integer has no implementation (numba's typing
  refuses it).
- ``extreme_grads(g, ans, args)`` (math_rules: the gradients of ``max(a, b, ...)`` and
  ``min``) of a tuple of numbers: the list ``t * share`` of ``ties``, ``t`` 1.0 for an
  argument equal to ``ans`` else 0.0, ``share = g / max(sum(ties), 1.0)`` (a NaN result
  ties nothing); of one 1-d float array ``(x,)``: ``[g * ties / max(sum(ties), 1.0)]``;
  of one list of numbers ``(ys,)``: ``[[t * share for t in ties]]`` (the runtime's).
  The runtime's operations in its order: the same numbers. ``extreme_tangent(d, ans,
  args)`` (forward mode) of a list of float tangents ``d`` and such a tuple: the mean of
  the tangents of the tied arguments, summed in order (0.0 for none tied); a tangent that
  is None (a constant argument) adds nothing, the runtime's (numba types ``d`` as a list
  of optional floats).
- ``np.var(a, ddof=k)``, ``np.std``, ``a.var(ddof=k)``, ``a.std`` over all axes (numba's
  take no ddof): :func:`rewrite` writes them as ``var_ddof(a, k)`` (``np.sqrt`` of it for
  std, NumPy's std), NumPy's two passes: the mean, then the sum of ``(a - mean)**2``
  divided by ``max(n - k, 0)`` (``inf``, or NaN for a zero sum, when that is 0: NumPy's
  float division). The sums run in index order, NumPy's pairwise: equal to rounding
  (1e-15 relative), not bit for bit. With ``axis=`` (and ``keepdims=``) of a 2-d array,
  ``var_ddof(a, k, axis)``: numba_pieces.var_axis's two passes, divided likewise.
- ``concat_rows(items)`` and ``stack_rows(items)`` of a tuple: numba_spellings respells
  ``np.concatenate(name)`` and ``np.array(name)`` of any name, and the generators bind a
  tuple operand to a name too (``items = x[:1], y * 2.0, x[-1:]``, the gradient and the
  tangent of ``np.concatenate((...))``): numba_helpers' take lists only. Of a tuple of
  arrays of one rank, ``np.concatenate(items)`` (numba's takes tuples: NumPy's numbers
  and dtype, copied); ``stack_rows`` of a tuple of numbers is ``np.array(items)`` (NumPy's
  dtype: float64 if any is a float, else int64), of a tuple of arrays of one rank
  ``np.stack(items)`` (NumPy's ``np.array`` of equal shapes; different shapes raise
  ValueError in both).

Invariant: each returns the values the NumPy runtime's returns; tests/numba/
test_numba_rule_helpers.py compares gradients with the NumPy backend's (1e-12 relative)
and central finite differences.
"""

import ast

import numpy as np

try:  # (optional: without numba nothing compiles these)
    from numba import literal_unroll
except ImportError:  # pragma: no cover
    literal_unroll = None

from srcdiff.compiler.emit import numba_helpers
from srcdiff.compiler.emit.numba_helpers import _none, overload, types
from srcdiff.compiler.emit.numba_pieces import _axis_sums

NAMES = ("flip_axis", "roll_axis", "cumsum_axis", "extreme_grads", "extreme_tangent", "var_ddof")


def _mask(t):
    return isinstance(t, types.Array) and 1 <= t.ndim <= 3 and isinstance(t.dtype, types.Boolean)


def _floats(t):
    return isinstance(t, (types.Float, types.Integer)) and not isinstance(t, types.Boolean) \
        or isinstance(t, types.Array) and 1 <= t.ndim <= 3 \
        and isinstance(t.dtype, (types.Float, types.Integer))


@overload(numba_helpers.mul_into)
def _mul_into_mask(m, other):
    # (runtime_memory.mul_into: ``m * other``; the mask as float64, NumPy's promotion of
    # bool with a float; two masks are left to numba_helpers: not a gradient's product)
    if _floats(m) and _mask(other):
        return lambda m, other: m * other.astype(np.float64)
    if _mask(m) and _floats(other):
        return lambda m, other: m.astype(np.float64) * other
    return None


# ---------------------------------------------------------------- along an axis

AXIS_CALLS = {"np.flip": ("flip_axis", 1), "np.roll": ("roll_axis", 2),
              "np.cumsum": ("cumsum_axis", 1)}  # -> (helper, position of the axis)


def rewrite(fn):
    """``np.flip``/``np.roll``/``np.cumsum`` given an axis (positional or ``axis=``), as
    the helpers above; other calls stay as written."""
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func) in AXIS_CALLS):
            continue
        helper, at = AXIS_CALLS[ast.unparse(node.func)]
        if any(isinstance(a, ast.Starred) for a in node.args) \
                or any(k.arg != "axis" for k in node.keywords):
            continue
        args = node.args + [k.value for k in node.keywords]
        if len(args) != at + 1 or len(node.args) < at:
            continue  # (no axis: numba's own)
        if ast.unparse(args[at]) == "None":  # (all axes, flattened: numba's own)
            node.args, node.keywords = args[:at], []
            continue
        node.func, node.args, node.keywords = ast.Name(id=helper, ctx=ast.Load()), args, []
    for node in ast.walk(fn):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("var", "std")
                and not any(isinstance(a, ast.Starred) for a in node.args)):
            continue
        given = {k.arg: k.value for k in node.keywords}
        on_np = ast.unparse(node.func.value) == "np"
        if "ddof" not in given or set(given) - {"ddof", "axis", "keepdims"} \
                or len(node.args) != (1 if on_np else 0) or not _kept_ok(given):
            continue
        x = node.args[0] if on_np else node.func.value
        axis = [given["axis"]] if "axis" in given else []
        call = ast.Call(func=ast.Name(id="var_ddof", ctx=ast.Load()),
                        args=[x, given["ddof"]] + axis, keywords=[])
        if node.func.attr == "std":
            call = ast.Call(func=ast.parse("np.sqrt", mode="eval").body, args=[call],
                            keywords=[])
        if "keepdims" in given and given["keepdims"].value:
            call = ast.Call(func=ast.parse("np.expand_dims", mode="eval").body,
                            args=[call] + axis, keywords=[])
        node.func, node.args, node.keywords = call.func, call.args, []


def _kept_ok(given):
    """``keepdims`` absent, ``False``, or ``True`` with an integer literal axis (read
    twice: the reduction's and ``np.expand_dims``'s)."""
    kept = given.get("keepdims")
    if kept is None:
        return True
    if not (isinstance(kept, ast.Constant) and isinstance(kept.value, bool)):
        return False
    axis = given.get("axis")
    return not kept.value or isinstance(axis, ast.Constant) and type(axis.value) is int \
        or isinstance(axis, ast.UnaryOp) and isinstance(axis.op, ast.USub) \
        and isinstance(axis.operand, ast.Constant) and type(axis.operand.value) is int


def _axis_of(a, axis):
    """``(before, n, after)``: the sizes of ``a``'s axes before ``axis``, its length, the
    sizes after it (a compiled helper of the helpers below)."""


@overload(_axis_of)
def _axis_of_impl(a, axis):
    def impl(a, axis):
        ax = axis + a.ndim if axis < 0 else axis
        if ax < 0 or ax >= a.ndim:
            raise ValueError("srcdiff: axis is out of bounds for the array's dimension")
        before, after = 1, 1
        for k in range(a.ndim):
            if k < ax:
                before *= a.shape[k]
            elif k > ax:
                after *= a.shape[k]
        return before, a.shape[ax], after
    return impl


def _along(a, axis):
    return isinstance(a, types.Array) and a.ndim >= 1 and isinstance(axis, types.Integer) \
        and isinstance(a.dtype, (types.Float, types.Integer, types.Boolean))


def flip_axis(a, axis):
    """``np.flip(a, axis)`` (module docstring)."""


@overload(flip_axis)
def _flip_axis(a, axis):
    if not _along(a, axis):
        return None

    def impl(a, axis):
        before, n, after = _axis_of(a, axis)
        src = np.ascontiguousarray(a).reshape((before, n, after))
        out = np.empty_like(src)
        for i in range(before):
            for j in range(n):
                out[i, n - 1 - j, :] = src[i, j, :]
        return out.reshape(a.shape)
    return impl


def roll_axis(a, shift, axis):
    """``np.roll(a, shift, axis)`` (module docstring)."""


@overload(roll_axis)
def _roll_axis(a, shift, axis):
    if not (_along(a, axis) and isinstance(shift, types.Integer)):
        return None

    def impl(a, shift, axis):
        before, n, after = _axis_of(a, axis)
        src = np.ascontiguousarray(a).reshape((before, n, after))
        out = np.empty_like(src)
        if n > 0:
            s = shift % n  # (Python's modulo: a non-negative shift, NumPy's)
            for i in range(before):
                for j in range(n):
                    out[i, (j + s) % n, :] = src[i, j, :]
        return out.reshape(a.shape)
    return impl


def cumsum_axis(a, axis):
    """``np.cumsum(a, axis)`` (module docstring)."""


@overload(cumsum_axis)
def _cumsum_axis(a, axis):
    if not (_along(a, axis) and isinstance(a.dtype, types.Float)):
        return None  # (integers and booleans: NumPy's result dtype, not modelled here)

    def impl(a, axis):
        before, n, after = _axis_of(a, axis)
        src = np.ascontiguousarray(a).reshape((before, n, after))
        out = np.empty_like(src)
        for i in range(before if n > 0 else 0):
            for k in range(after):
                total = src[i, 0, k]  # (in the array's float type, as NumPy's)
                out[i, 0, k] = total
                for j in range(1, n):
                    total = total + src[i, j, k]
                    out[i, j, k] = total
        return out.reshape(a.shape)
    return impl


# ---------------------------------------------------------------- max and min

def _number(t):
    return isinstance(t, (types.Float, types.Integer)) and not isinstance(t, types.Boolean)


def extreme_grads(g, ans, args):
    """``math_rules.extreme_grads`` (module docstring)."""


@overload(extreme_grads)
def _extreme_grads(g, ans, args):
    if not (_number(g) and _number(ans) and isinstance(args, types.BaseTuple)):
        return None
    if len(args) == 1 and isinstance(args[0], types.Array) and args[0].ndim == 1 \
            and isinstance(args[0].dtype, types.Float):
        def of_items(g, ans, args):
            ties = args[0] == ans
            return [g * ties / max(float(np.sum(ties)), 1.0)]
        return of_items
    if len(args) == 1 and isinstance(args[0], types.List) and _number(args[0].dtype):
        def of_list(g, ans, args):  # (max(ys) of a list of numbers: one gradient an item)
            ties = [1.0 if a == ans else 0.0 for a in args[0]]
            count = 0  # (the runtime's sum(ties), from the integer 0, in order)
            for t in ties:
                count = count + t
            share = g / max(count, 1.0)
            return [[t * share for t in ties]]
        return of_list
    if len(args) < 2 or not all(_number(a) for a in args):
        return None

    def of_numbers(g, ans, args):
        ties = [0.0] * len(args)
        i = 0
        for a in literal_unroll(args):
            ties[i] = 1.0 if a == ans else 0.0  # (float(a == ans))
            i += 1
        count = 0  # (the runtime's sum(ties), from the integer 0, in order)
        for t in ties:
            count = count + t
        share = g / max(count, 1.0)
        return [t * share for t in ties]
    return of_numbers


def extreme_tangent(d, ans, args):
    """``math_rules.extreme_tangent`` (module docstring)."""


@overload(extreme_tangent)
def _extreme_tangent(d, ans, args):
    entry = d.dtype.type if isinstance(d, types.List) \
        and isinstance(d.dtype, types.Optional) else getattr(d, "dtype", None)
    if not (isinstance(d, types.List) and isinstance(entry, types.Float) and _number(ans)
            and isinstance(args, types.BaseTuple) and len(args) >= 2
            and all(_number(a) for a in args)):
        return None

    def impl(d, ans, args):
        if len(d) != len(args):
            raise ValueError("srcdiff: one tangent for each argument of max/min")
        total, count, i = 0.0, 0.0, 0
        for a in literal_unroll(args):
            if a == ans:
                count = count + 1.0
                t = d[i]
                if t is not None:  # (a constant argument's tangent: none)
                    total = total + t
            i += 1
        return total / max(count, 1.0)
    return impl


def var_ddof(a, ddof, axis=None):
    """``np.var(a, ddof=ddof)`` over all axes, or over ``axis`` of a 2-d array (module
    docstring)."""


@overload(var_ddof)
def _var_ddof(a, ddof, axis=None):
    if not (isinstance(a, types.Array) and isinstance(a.dtype, types.Float)
            and _number(ddof)):
        return None
    if _none(axis):
        def impl(a, ddof, axis=None):
            mean = np.sum(a) / a.size
            total = 0.0
            for v in a.flat:
                d = v - mean
                total += d * d
            count = max(a.size - ddof, 0)
            if count == 0:
                return np.inf if total > 0 else np.nan
            return total / count
        return impl
    if not (a.ndim == 2 and isinstance(axis, types.Integer)):
        return None

    def along(a, ddof, axis=None):
        if axis < -2 or axis > 1:
            raise ValueError("srcdiff: axis is out of bounds for the array's dimension")
        ax = axis % 2
        n = a.shape[ax]
        total = _axis_sums(a, ax, _axis_sums(a, ax, None) / n)  # (var_axis's passes)
        count = max(n - ddof, 0)
        if count == 0:
            return np.where(total > 0, np.inf, np.nan)
        return total / count
    return along


# ---------------------------------------------------------------- tuples of operands

def _arrays_of_one_rank(t):
    return isinstance(t, types.BaseTuple) and len(t) >= 1 and all(
        isinstance(a, types.Array) and a.ndim == t[0].ndim >= 1
        and isinstance(a.dtype, (types.Float, types.Integer)) for a in t)


@overload(numba_helpers.concat_rows)
def _concat_tuple(arrays):
    if _arrays_of_one_rank(arrays):
        return lambda arrays: np.concatenate(arrays)
    return None


@overload(numba_helpers.stack_rows)
def _stack_tuple(items):
    if isinstance(items, types.BaseTuple) and len(items) >= 1 and all(
            _number(a) for a in items):
        return lambda items: np.array(items)
    if _arrays_of_one_rank(items):
        return lambda items: np.stack(items)
    return None


def helpers():
    """The helpers of this module by the names generated code calls them."""
    return {name: globals()[name] for name in NAMES}
