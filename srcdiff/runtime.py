"""Run-time helpers that generated code calls.

Each helper is small, depends only on NumPy, and is copied verbatim into standalone modules
written by the command line, so generated code never imports srcdiff. Conventions: ``g`` is
an incoming gradient, ``x`` the primal value whose gradient is being formed; ``None`` stands
for a zero gradient of a container entry."""

import numpy as np

from srcdiff.errors import SrcdiffError

SUM_BY_EINSUM_SIZE = 4096  # unbroadcast: below this, np.sum's lower call overhead wins,
SUM_BY_PRODUCT_ROWS = 64  # except to sum this many rows or more (by 1-d ones @ g)


def unbroadcast(g, x):
    """Sum ``g`` down to the shape of ``x``: the adjoint of NumPy broadcasting. A real ``x`` gets
    the real part of a complex ``g`` (only ``Re(g)`` pairs with its changes; stays real)."""
    tx = type(x)
    if tx is float or tx is np.float64:  # the common cases, decided cheaply (as below)
        tg = type(g)
        if tg is float or tg is np.float64:
            return g
        if tg is np.ndarray and g.ndim and g.dtype.kind != "c":
            return g.sum()  # axis=None reduces the same axes as the general path's tuple
    elif tx is np.ndarray and type(g) is np.ndarray:
        if g.shape == x.shape and (g.dtype.kind != "c" or x.dtype.kind == "c"):
            return g
        extra = g.ndim - x.ndim  # (leading axes only: the paths below, decided cheaply)
        if extra > 0 and g.dtype.kind == "f" and x.shape == g.shape[extra:]:
            if extra == 1 and g.ndim == 2 and g.dtype == np.float64 and (
                    g.size >= SUM_BY_EINSUM_SIZE or len(g) >= SUM_BY_PRODUCT_ROWS) and (
                    g.flags.c_contiguous or g.flags.f_contiguous):
                return np.ones(g.shape[0]) @ g
            return g.sum(axis=0 if extra == 1 else tuple(range(extra)))
    if np.iscomplexobj(g) and not np.iscomplexobj(x):
        g = np.real(g)
    shape = np.shape(x)
    if np.shape(g) == shape:
        return g
    g = g if hasattr(g, "ndim") else np.asarray(g)  # (an array of any type keeps its type)
    if g.ndim < len(shape):  # a stored value's leading axes of length 1 (`y[:2] = v`, v 1 x 2)
        g = g.reshape((1,) * (len(shape) - g.ndim) + g.shape)
    extra = g.ndim - len(shape)
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and g.shape[extra + i] != 1)
    if type(g) is np.ndarray and g.ndim == 2 and g.dtype == np.float64 \
            and g.size >= SUM_BY_EINSUM_SIZE and (g.flags.c_contiguous or g.flags.f_contiguous):
        # a 2-D float64 array summed over one axis: a product with ones, 2-3x faster in BLAS than
        # einsum or np.sum (each product by 1.0 exact; another order; strided: einsum's)
        if shape == g.shape[1:] or shape == (1, g.shape[1]):
            return (np.ones(g.shape[0]) @ g).reshape(shape)
        if shape == (g.shape[0], 1):
            return (g @ np.ones(g.shape[1])).reshape(shape)
    if axes and extra >= 0 and g.size >= SUM_BY_EINSUM_SIZE and g.dtype.kind == "f" \
            and all(g.shape[extra + i] == n for i, n in enumerate(shape) if i not in axes):
        # einsum sums axes other than the leading ones 5-20x faster than np.sum (which walks
        # a short or strided axis element by element); the same sum in another order
        letters = "abcdefghijklmnopqrstuvwxyz"[:g.ndim]
        kept = "".join(c for i, c in enumerate(letters[extra:]) if i not in axes)
        return np.einsum(letters + "->" + kept, g).reshape(shape)
    if extra > 0:
        g = g.sum(axis=tuple(range(extra)))
    if axes:
        g = g.sum(axis=axes, keepdims=True)
    if np.shape(g) != shape:
        g = _broadcast(g, x)
    return g


def _broadcast(g, x):
    """``g`` broadcast to ``x``'s shape: a read-only view, or for another array type ``x``
    (dask) one of that type chunked like ``x`` (a NumPy view would go to the workers whole)."""
    if _other_array(x) and not _other_array(g):
        return np.zeros_like(x, dtype=np.asarray(g).dtype) + g
    return np.broadcast_to(g, np.shape(x))


def unreduce(g, x, axis=None, keepdims=False, like=None):
    """Spread the gradient of a reduction over ``axis`` back to the shape of ``x``.

    ``like``: a value the caller's arithmetic combines the result with; when it has ``x``'s
    shape, the reduced axes come back with length 1 and that arithmetic broadcasts them (the
    same values; optimize/spreads.py's ``unreduce_like``)."""
    shape = np.shape(x)
    if type(g) is np.ndarray and type(axis) is int and not keepdims and shape and g.ndim == \
            len(shape) - 1 and -len(shape) <= axis < len(shape):  # (expand_dims's view, cheaply)
        g = g.reshape(g.shape[:axis % len(shape)] + (1,) + g.shape[axis % len(shape):])
    elif axis is not None and not keepdims and shape:  # (a 0-d x: NumPy reduces nothing)
        g = np.expand_dims(g, _normalize_axes(axis, len(shape)))
    if like is not None and type(like) is np.ndarray and like.shape == shape \
            and not _other_array(g) and not _other_array(x):
        return g
    return _broadcast(g, x)


def _normalize_axes(axis, ndim):
    axes = axis if isinstance(axis, tuple) else (axis,)
    return tuple(a % ndim if ndim else a for a in axes)


def reduce_mask(x, ans, axis=None, keepdims=False):
    """Where ``x`` attains the max/min ``ans``, shared equally among ties."""
    full = ans if (axis is None or keepdims or not np.ndim(x)) else np.expand_dims(ans, _normalize_axes(axis, np.ndim(x)))
    mask = np.where(x == full, 1.0, 0.0)
    return mask / np.sum(mask, axis=axis, keepdims=True)


def extreme_grad(g, x=None, top=None, axis=None, keepdims=False):
    """The adjoint of ``np.max``/``np.min`` of ``x`` over ``axis`` reaching ``top``: ``g`` shared
    equally among the elements equal to ``top`` (ties), ``unreduce(g, x, axis, keepdims) *
    reduce_mask(x, top, axis, keepdims)`` by one comparison and one product over ``x``."""
    if axis is None or keepdims or not np.ndim(x):  # (a 0-d x: NumPy reduces nothing)
        hit = x == top
    else:
        axes = _normalize_axes(axis, np.ndim(x))
        hit = x == np.expand_dims(top, axes)
        g = np.expand_dims(g, axes)
    if axis is None and type(hit) is np.ndarray:
        return hit * (g / np.count_nonzero(hit))
    if type(hit) is np.ndarray and type(top) is np.ndarray and top.dtype.kind in "fiu" \
            and type(g) is np.ndarray and g.dtype == np.float64 \
            and np.count_nonzero(hit) == top.size and not np.isnan(top).any():
        # no ties: each of the top.size groups holds an element equal to its extreme (only NaN
        # differs from itself): one hit per group, each count 1, g / 1 == g. A g of strides 0
        # (spread's view) is one value v: hit as float64 times v in place (the same products)
        if g.size and not any(g.strides) and np.broadcast(hit, g).shape == hit.shape:
            out, v = hit.astype(np.float64), g.item(0)
            return out if v == 1.0 else np.multiply(out, v, out=out)
        return np.multiply(hit, g, dtype=np.float64)  # hit * g's casts and products, faster
    return hit * (g / np.sum(hit, axis=axis, keepdims=True))


def index_add(b, x, index, g, distinct=False):
    """``b + scatter(g at x[index])`` for an array ``x``; ``b`` is ``None`` (zero) or owned
    (no other name refers to it: added into in place). ``distinct``: ``index`` reaches no
    position twice (analysis/makers.py), so ``b[index] += g`` is ``np.add.at``'s sum."""
    ti, tg = type(index), type(g)
    if type(b) is np.ndarray and tg is not np.ndarray and tg is not float and _other_array(g):
        return b + index_add(None, x, index, g)  # (a dask g: not into a NumPy buffer)
    if b is not None and (ti is int or ti is slice):  # the common case, decided cheaply
        if tg is complex or tg is np.complex128 or tg is np.ndarray and g.dtype.kind == "c":
            g = match_complex(g, x)  # (a complex g for a real x: its real part)
        b[index] += g
        return b
    if b is None:
        dtype = x.dtype if hasattr(x, "dtype") else np.asarray(x).dtype
        if type(x) is np.ndarray and (dtype == np.float64 or dtype.kind in "fc"):
            b = np.zeros(x.shape, dtype)  # (zeros_like's result, with less overhead)
            if (ti is int or ti is slice or distinct) and (
                    type(g) is np.ndarray and g.dtype == dtype
                    or type(g) is float and dtype == np.float64):
                # each element reached at most once: storing is adding (a -0.0 stays -0.0)
                b[index] = g
                return b
        else:
            if not np.issubdtype(dtype, np.inexact):
                dtype = np.result_type(dtype, np.float64)
            # (a NumPy scalar read at a mask or an index array: a 0-d array to add into)
            b = np.zeros_like(x, dtype=dtype) if _other_array(x) else np.zeros(np.shape(x), dtype)
    elif type(b) is not np.ndarray and not _other_array(b):  # (a float's gradient so far: a
        b = np.array(b, np.result_type(b, np.float64))  # 0-d x read at a mask, at `...`)
    if type(b) is np.ndarray and b.dtype.kind != "c":  # a real x: the real part of g
        g = match_complex(g, x)
    if _is_basic_index(index) or distinct and type(b) is np.ndarray:
        b[index] += g
    elif type(x) is not np.ndarray and (_other_array(b) or _other_array(g)):
        other = b if _other_array(b) else g
        raise TypeError(f"the gradient of reading a {type(other).__module__.split('.')[0]} "
                        f"{type(other).__name__} at an integer-array "
                        "index (a scatter-add) is not supported; index it with ints and slices")
    else:  # (of a NumPy x: a dask gradient is computed, then scattered)
        b = np.asarray(b)
        np.add.at(b, index, np.asarray(g))
    return b


def last_writes(x, index):
    """Which elements of ``x[index]`` a store ``x[index] = v`` leaves in ``x``: all of them
    for a basic index (ints, slices), and for an integer-array index with repeats only the
    write NumPy performs last at each position (the earlier ones are overwritten, so their
    values get no gradient). ``True`` when every write lasts."""
    if _is_basic_index(index):
        return True
    shape = np.shape(x[index])
    order = np.full(np.shape(x), -1, dtype=np.intp)
    ticket = np.arange(int(np.prod(shape, dtype=np.intp))).reshape(shape)
    order[index] = ticket  # the same index and assignment as the store: the same winners
    lasted = order[index] == ticket
    return True if lasted.all() else lasted


def add_at(a, index, v):
    """``np.add.at(a, index, v)`` as a value: a copy of ``a`` with ``v`` added at ``index``
    once per occurrence of a position (``a[index] += v`` adds once), in ``a``'s dtype.
    front/containers.py lowers the statement to ``a[...] = add_at(a, index, v)``."""
    out = np.array(a, copy=True)
    np.add.at(out, index, v)
    return out


def _is_basic_index(index):
    t = type(index)
    if t is int or t is slice:  # the common cases, decided cheaply
        return True
    if t is tuple:
        for i in index:
            ti = type(i)
            if ti is not int and ti is not slice and not _is_basic_index(i):
                return False
        return True
    return index is None or index is Ellipsis or isinstance(index, (int, np.integer, slice))


def item_add(b, x, key, g):
    """The adjoint of reading ``x[key]`` from a list, tuple or dict ``x``; ``b`` may be None."""
    if isinstance(x, np.ndarray) or _other_array(x):  # (a dask array: an array too)
        return index_add(None if b is None else b.copy(), x, key, g)
    if isinstance(x, dict):
        b = dict(b) if b is not None else {}
        b[key] = add_tree(b.get(key), g)
        return b
    b = list(b) if b is not None else [None] * len(x)
    if isinstance(key, slice):
        for i, gi in zip(range(*key.indices(len(x))), g):
            b[i] = add_tree(b[i], gi)
    else:
        b[key] = add_tree(b[key], g)
    return b


def add_tree(a, b):
    """``a + b`` for gradients that may be ``None`` or ``0.0`` (zero), lists, tuples or dicts."""
    if a is None or isinstance(a, float) and a == 0 and isinstance(b, (dict, list, tuple)):
        return b  # (0.0: zeros_tree of an entry still None, which a list or dict then reaches)
    if b is None or isinstance(b, float) and b == 0 and isinstance(a, (dict, list, tuple)):
        return a
    if isinstance(a, dict):
        out = dict(a)
        for k, v in b.items():
            out[k] = add_tree(out.get(k), v)
        return out
    if isinstance(a, (list, tuple)):
        return [add_tree(x, y) for x, y in zip(a, b)]
    return a + b


def zeros_tree(x):
    """A zero gradient shaped like ``x`` (arrays, scalars and containers of them)."""
    if isinstance(x, dict):
        return {k: zeros_tree(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [zeros_tree(v) for v in x]
    if isinstance(x, np.ndarray):
        return np.zeros(x.shape, dtype=x.dtype if np.issubdtype(x.dtype, np.inexact) else float)
    if _other_array(x):
        return np.zeros_like(x, dtype=x.dtype if np.issubdtype(x.dtype, np.inexact) else float)
    return 0.0


def _other_array(x):
    """An array of another library that NumPy's functions dispatch to (a dask array): built
    with ``np.zeros_like`` and the like, never converted to a NumPy array."""
    return hasattr(x, "__array_function__") and hasattr(x, "shape") \
        and not isinstance(x, np.ndarray)


def seed(grad_ys, y, index=None):
    """The cotangent of output ``y``: ones when ``grad_ys`` is None, else ``grad_ys`` checked.

    Raises ValueError when the shape differs (never broadcast) or the dtype is not a float."""
    if grad_ys is None:
        if isinstance(y, np.ndarray):
            return np.ones(y.shape, dtype=y.dtype if np.issubdtype(y.dtype, np.inexact) else float)
        if _other_array(y):
            return np.ones_like(y, dtype=y.dtype if np.issubdtype(y.dtype, np.inexact) else float)
        if isinstance(y, (list, tuple)):
            return [seed(None, v) for v in y]
        if isinstance(y, dict):
            return {k: seed(None, v) for k, v in y.items()}
        return 1.0
    what = "the output" if index is None else f"output {index}"
    if isinstance(y, (list, tuple)) and not isinstance(grad_ys, np.ndarray):
        if not isinstance(grad_ys, (list, tuple)) or len(grad_ys) != len(y):
            got = f"{len(grad_ys)} entries" if isinstance(grad_ys, (list, tuple)) else \
                type(grad_ys).__name__
            raise ValueError(f"grad_ys for {what} must be a sequence of {len(y)} entries, "
                             f"got {got}")
        return [seed(gy, v, _join(index, k)) for k, (gy, v) in enumerate(zip(grad_ys, y))]
    if isinstance(y, dict):  # the same keys: a missing or unknown one is a mistake
        if not isinstance(grad_ys, dict) or set(grad_ys) != set(y):
            got = "keys " + ", ".join(sorted(map(repr, grad_ys))) \
                if isinstance(grad_ys, dict) else type(grad_ys).__name__
            raise ValueError(f"grad_ys for {what} must be a dict with the output's keys "
                             f"{', '.join(sorted(map(repr, y)))}; got {got}")
        return {k: seed(grad_ys[k], v, _join(index, k)) for k, v in y.items()}
    g = grad_ys if _other_array(grad_ys) else np.asarray(grad_ys)
    if g.shape != np.shape(y):
        raise ValueError(f"grad_ys for {what} has shape {g.shape}, but {what} has shape "
                         f"{np.shape(y)}; they must be equal")
    if not np.issubdtype(g.dtype, np.inexact):
        if np.issubdtype(g.dtype, np.number) or g.dtype == bool:
            g = g.astype(float)
        else:
            raise ValueError(f"grad_ys for {what} has dtype {g.dtype}; it must be a float")
    if g.dtype.kind == "c" and not np.iscomplexobj(y):
        raise ValueError(f"grad_ys for {what} is complex ({g.dtype}) but {what} is real; "
                         "give a real cotangent")
    return g if isinstance(grad_ys, np.ndarray) or g.ndim else g[()]


def _join(index, k):
    return k if index is None else f"{index}[{k}]"


def check_outputs(grad_ys, n):
    """Check that ``grad_ys`` for a function with ``n`` outputs has ``n`` entries."""
    if grad_ys is None:
        return (None,) * n
    if not isinstance(grad_ys, (tuple, list)) or len(grad_ys) != n:
        got = len(grad_ys) if isinstance(grad_ys, (tuple, list)) else type(grad_ys).__name__
        raise ValueError(f"the function has {n} outputs, so grad_ys must be a tuple of {n} "
                         f"cotangents (got {got})")
    return grad_ys


def finish(g, x, zero=False, avoid=None):
    """The gradient for ``x`` as returned to the user: ``x``'s shape, float dtype, structure.

    ``None`` entries (no path to any output) stay ``None`` unless ``zero``. ``avoid`` (when
    the generated code does not own ``g``): values (``grad_ys``, the gradients returned
    before) whose arrays the result's must not share memory with: those are copied.
    """
    tg = type(g)
    if tg is np.ndarray and type(x) is np.ndarray and g.base is None and g.dtype == x.dtype \
            and g.shape == x.shape and g.flags.writeable:  # the common cases, decided cheaply
        if avoid is None or type(avoid) is tuple and _apart(g, avoid):
            return g
        return _own(g, avoid if type(avoid) is dict else _taken(avoid))
    if avoid is not None and type(avoid) is not dict:
        avoid = _taken(avoid)
    if tg is float or tg is np.float64:
        tx = type(x)
        if tx is float:
            return g
        if tx is np.float64:
            return np.float64(g)
    if isinstance(x, dict):
        g = g if g is not None else {}
        return {k: finish(g.get(k), v, zero, avoid) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        g = g if g is not None else [None] * len(x)
        out = [finish(gi, v, zero, avoid) for gi, v in zip(g, x)]
        if not isinstance(x, tuple):
            return out  # (a named tuple's gradient is one of its class)
        return type(x)(*out) if hasattr(type(x), "_fields") else tuple(out)
    if g is None or x is None or isinstance(x, (int, np.integer, np.bool_)) or isinstance(
            x, np.ndarray) and x.dtype.kind in "biu":  # (ints, bools, None: constants)
        return zeros_tree(x) if zero else None
    if np.iscomplexobj(g) and not np.iscomplexobj(x):
        g = np.real(g)  # a real input's gradient is real (e.g. through an FFT)
    if isinstance(x, np.ndarray) and _other_array(g):  # (lazy: NumPy data, dask gradient)
        dtype = x.dtype if np.issubdtype(x.dtype, np.inexact) else np.float64
        return np.broadcast_to(g, x.shape).astype(dtype)
    if isinstance(x, np.ndarray):
        dtype = x.dtype if np.issubdtype(x.dtype, np.inexact) else np.float64
        if isinstance(g, np.ndarray) and g.dtype == dtype and g.shape == x.shape \
                and g.flags.writeable and g.base is None:
            return g if avoid is None else _own(g, avoid)
        return np.array(np.broadcast_to(g, x.shape), dtype=dtype)
    if _other_array(x):  # (a dask array's gradient: its own type, still lazy)
        dtype = x.dtype if np.issubdtype(x.dtype, np.inexact) else np.float64
        if type(g) is type(x) and g.shape == x.shape:
            return g.astype(dtype) if g.dtype != dtype else g.copy()
        return np.zeros_like(x, dtype=dtype) + g
    if isinstance(x, (np.floating, np.complexfloating)):
        return type(x)(g)
    if type(x) is float and isinstance(g, (np.floating, np.ndarray)) and np.ndim(g) == 0:
        return float(g)  # (a Python float is a float64: x * float32_array gives a float32 g)
    if isinstance(g, np.ndarray) and g.ndim == 0:
        return g[()]
    return g if avoid is None or not isinstance(g, np.ndarray) else _own(g, avoid)


def _owner(a):
    while isinstance(a.base, np.ndarray):
        a = a.base
    return id(a)


def _apart(g, values):
    """Does no array among ``values`` (None, floats, arrays; else False) share memory with
    ``g``, which owns its memory? Only ``g`` or a view of it could (as ``_own`` decides)."""
    for v in values:
        tv = type(v)
        if v is None or tv is float:
            continue
        if tv is not np.ndarray or v is g or v.base is not None and _owner(v) == id(g):
            return False
    return True


def _taken(values):
    """``{id of the array owning the memory: [arrays]}`` of the arrays among ``values``."""
    out, todo = {}, [values]
    while todo:
        v = todo.pop()
        if isinstance(v, (list, tuple, dict)):
            todo.extend(v.values() if isinstance(v, dict) else v)
        elif isinstance(v, np.ndarray):
            out.setdefault(_owner(v), []).append(v)
    return out


def _own(a, taken):
    """``a``, or a copy where it may share memory with an array ``taken``; then taken."""
    if any(np.may_share_memory(a, b) for b in taken.get(_owner(a), ())):
        a = a.copy()
    taken.setdefault(_owner(a), []).append(a)
    return a


def not_differentiable(name):
    """A rule's entry for an argument whose derivative srcdiff does not have (the order of
    a Bessel function, ``a`` of ``gammainc``): raised when that argument is differentiated."""
    raise SrcdiffError(f"no gradient with respect to {name}",
                       hint="differentiate with respect to the other arguments, or wrap this "
                            "one in sd.stop_gradient(...) if it is meant to be a constant")


def item_grad(b, key, x):
    """The gradient entry ``b[key]`` of a container gradient, as a zero shaped like ``x`` if absent."""
    if b is None:
        return zeros_tree(x)
    if isinstance(b, dict):
        g = b.get(key)
    else:
        g = b[key]
    return zeros_tree(x) if g is None else g


def item_clear(b, key):
    """A copy of container gradient ``b`` with entry ``key`` zeroed (``None``)."""
    if b is None:
        return None
    if isinstance(b, np.ndarray):
        b = np.array(b, dtype=np.result_type(b, float))  # (a complex gradient stays complex)
        b[key] = 0.0
        return b
    b = dict(b) if isinstance(b, dict) else list(b)
    if isinstance(b, dict):
        b[key] = None
    elif isinstance(key, slice):
        for i in range(*key.indices(len(b))):
            b[i] = None
    else:
        b[key] = None
    return b


def zero_entry(b):
    """The zero to store into an entry of tangent ``b``: 0.0 in an array, ``None`` in a
    list or dict (where ``None`` means zero)."""
    return 0.0 if isinstance(b, np.ndarray) else None


def pop_grad(b, x):
    """Undo ``xs.append(x)`` on the gradient of ``xs``: return (rest, gradient of x)."""
    if b is None:
        return None, zeros_tree(x)
    b = list(b)
    g = b.pop()
    return b, (zeros_tree(x) if g is None else g)


def snapshot(v):
    """A copy of ``v`` that later in-place writes cannot change."""
    return np.copy(v) if isinstance(v, np.ndarray) else v


def is_constant(x):
    """In a rule: True when the compiler sees a literal here; at run time, never."""
    return False


def cotangent(g, y):
    """The incoming gradient of a called function's output ``y``: ``None`` means zero."""
    return zeros_tree(y) if g is None else g


# ------------------------------------------------------------ helpers of the rule tables
def rule_results(r, n):
    """A rule's return value as ``n`` gradients: a tuple of ``n``, or the first argument's only."""
    if isinstance(r, tuple) and len(r) == n:
        return r
    return (r,) + (None,) * (n - 1)


def broadcast_like(t, ans):
    """A forward rule's tangent contribution ``t`` broadcast to the shape of the output ``ans``."""
    shape = np.shape(ans)
    if np.shape(t) == shape:
        return t
    return np.broadcast_to(t, shape)


def match_complex(g, x):
    """``g`` as the gradient of ``x``: its real part when ``x`` is real (a real input
    only moves along real directions, so only ``Re(g)`` pairs with its changes)."""
    if np.iscomplexobj(g) and not np.iscomplexobj(x):
        return np.real(g)
    return g


def fill_zeros(gs, xs):
    """The gradients ``gs`` of the entries ``xs`` of a tuple/list, ``None`` made zeros (a
    dict's entries, as Python iterates it, are its keys: constants, none)."""
    if isinstance(xs, dict):
        return []
    return [zeros_tree(x) if gi is None else gi for gi, x in zip(gs, xs)]


def filled(t, x):
    """The tangent ``t`` of a list or tuple ``x`` with every ``None`` entry (a constant's)
    made a zero shaped like its entry, for a rule that reads ``x`` as one array."""
    if isinstance(x, (list, tuple)) and isinstance(t, (list, tuple)):
        return [filled(a, b) for a, b in zip(t, x)]
    return zeros_tree(x) if t is None else t


def indexable(t):
    """The tangent ``t`` of a value that is indexed: a Python number (the tangent of a
    float, where the value may be a 0-d array: ``np.clip(s, lo, hi)[None]``) becomes a
    0-d array; arrays, including dask's, are returned as they are."""
    return np.asarray(t) if isinstance(t, (int, float, complex)) else t


def spread(g, x):
    """``g`` (a reduction's gradient) repeated over the shape of ``x``.

    Small arrays are filled (cheaper than a broadcast view); large ones get a
    read-only broadcast view, which costs no memory.
    """
    # (a number x: a writable 0-d array too, never a read-only 0-d view; np.float64 is a
    # float)
    if (isinstance(x, np.ndarray) and x.size <= 4096 or isinstance(x, (float, int, complex))) \
            and np.ndim(g) == 0 and not _other_array(g):
        return np.full(np.shape(x), g)
    return _broadcast(g, x)


def size_of(x):
    """The number of elements of ``x``, from its shape (none: NumPy's 0, which divides)."""
    n = x.size if hasattr(x, "size") else np.size(x)
    return n if n else np.intp(0)


def scalar_seed(grad_ys, index=None):
    """The cotangent of an output the compiler knows is a float scalar: 1.0 when
    ``grad_ys`` is None, else ``grad_ys`` checked as :func:`seed` does.

    It does not need the output's value, so code computing only the output
    (a loss nobody asked for) is dead and removed.
    """
    if grad_ys is None:
        return 1.0
    return seed(grad_ys, 0.0, index)


# ----------------------------------------------------------------- verification mode
# (verify.py inserts calls to these; the primal sweep records what the backward sweep
# will read, and each backward read is checked against the record)

def dict_of(keys, values):
    """``dict(zip(keys, values))``: the dict a dict comprehension builds, entry by entry."""
    return dict(zip(keys, values))


def dict_of_grad(g, keys):
    """The adjoint of :func:`dict_of` for its values: entry ``g[k]`` for the last value
    stored under key ``k`` (an earlier one was overwritten), ``None`` (zero) elsewhere."""
    last = {k: i for i, k in enumerate(keys)}
    g = {} if g is None else g
    return [g.get(k) if last[k] == i else None for i, k in enumerate(keys)]


def key_list(d):
    """The keys of dict ``d``, in order, as a list (what ``d.keys()`` iterates over).
    Anything but a mapping is refused: the compiler lowered a loop over its keys (an
    argument's entry that was a dict when the function was called may be a list now)."""
    if not isinstance(d, dict) and not hasattr(d, "keys"):
        raise SrcdiffError(f"a loop over the keys of a dict finds a {type(d).__name__}: "
                           "srcdiff compiled it for the dict this entry held when the "
                           "function was called",
                           hint="iterate `list(...)` of it, or keep the entry a dict")
    return list(d)


def as_tuple(items):
    """``tuple(items)`` of a list srcdiff built (a generator expression's items)."""
    return tuple(items)
