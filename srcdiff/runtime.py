"""Run-time helpers that generated code calls.

Each helper is small, depends only on NumPy, and is copied verbatim into
standalone modules written by the command line, so generated code never
imports srcdiff. Conventions: ``g`` is an incoming gradient, ``x`` the primal
value whose gradient is being formed; ``None`` stands for a zero gradient of a
container entry.
"""

import numpy as np

from srcdiff.errors import SrcdiffError, VerificationError


def unbroadcast(g, x):
    """Sum ``g`` down to the shape of ``x``: the adjoint of NumPy broadcasting."""
    tx = type(x)
    if tx is float:  # the common cases, decided cheaply (same results as below)
        tg = type(g)
        if tg is float or tg is np.float64:
            return g
        if tg is np.ndarray and g.ndim:
            return g.sum()  # axis=None reduces the same axes as the general path's tuple
    elif tx is np.ndarray and type(g) is np.ndarray and g.shape == x.shape:
        return g
    shape = np.shape(x)
    if np.shape(g) == shape:
        return g
    if not hasattr(g, "ndim"):  # a number (an array of any type keeps its own type)
        g = np.asarray(g)
    extra = g.ndim - len(shape)
    if extra > 0:
        g = g.sum(axis=tuple(range(extra)))
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and g.shape[i] != 1)
    if axes:
        g = g.sum(axis=axes, keepdims=True)
    if np.shape(g) != shape:
        g = _broadcast(g, x)
    return g


def _broadcast(g, x):
    """``g`` broadcast to the shape of ``x``: a read-only view, or for another array type
    ``x`` (dask) an array of that type chunked like ``x`` (a NumPy view would be sent to
    the workers whole, as data)."""
    if _other_array(x) and not _other_array(g):
        return np.zeros_like(x, dtype=np.asarray(g).dtype) + g
    return np.broadcast_to(g, np.shape(x))


def unreduce(g, x, axis=None, keepdims=False):
    """Spread the gradient of a reduction over ``axis`` back to the shape of ``x``."""
    shape = np.shape(x)
    if axis is not None and not keepdims:
        g = np.expand_dims(g, _normalize_axes(axis, len(shape)))
    return _broadcast(g, x)


def _normalize_axes(axis, ndim):
    axes = axis if isinstance(axis, tuple) else (axis,)
    return tuple(a % ndim if ndim else a for a in axes)


def reduce_mask(x, ans, axis=None, keepdims=False):
    """Where ``x`` attains the max/min ``ans``, shared equally among ties."""
    full = ans if (axis is None or keepdims) else np.expand_dims(ans, _normalize_axes(axis, np.ndim(x)))
    mask = np.where(x == full, 1.0, 0.0)
    return mask / np.sum(mask, axis=axis, keepdims=True)


def index_add(b, x, index, g):
    """``b + scatter(g at x[index])`` for an array ``x``; ``b`` is ``None`` (zero) or owned.

    Accumulates in place into ``b``; the compiler passes ``b`` only when it is
    an array that no other name refers to.
    """
    if b is None:
        dtype = x.dtype if hasattr(x, "dtype") else np.asarray(x).dtype
        b = np.zeros_like(x, dtype=dtype if np.issubdtype(dtype, np.inexact)
                          else np.result_type(dtype, np.float64))
    if _is_basic_index(index):
        b[index] += g
    elif _other_array(b):
        raise TypeError(f"the gradient of reading a {type(b).__module__.split('.')[0]} "
                        f"{type(b).__name__} at an integer-array "
                        "index (a scatter-add) is not supported; index it with ints and slices")
    else:
        np.add.at(b, index, g)
    return b


def _is_basic_index(index):
    if isinstance(index, tuple):
        return all(_is_basic_index(i) for i in index)
    return index is None or index is Ellipsis or isinstance(index, (int, np.integer, slice))


def item_add(b, x, key, g):
    """The adjoint of reading ``x[key]`` from a list, tuple or dict ``x``; ``b`` may be None."""
    if isinstance(x, np.ndarray):
        return index_add(None if b is None else np.array(b), x, key, g)
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
    """``a + b`` for gradients that may be ``None`` (zero), lists, tuples or dicts."""
    if a is None:
        return b
    if b is None:
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

    Raises ValueError when the shape differs (never broadcast) or the dtype is
    not a float.
    """
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
            raise ValueError(f"grad_ys for {what} must be a sequence of {len(y)} entries, "
                             f"got {type(grad_ys).__name__}")
        return [seed(gy, v, _join(index, k)) for k, (gy, v) in enumerate(zip(grad_ys, y))]
    if isinstance(y, dict):
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


def finish(g, x, zero=False):
    """The gradient for ``x`` as returned to the user: ``x``'s shape, float dtype, structure.

    ``None`` entries (no path to any output) stay ``None`` unless ``zero``.
    """
    tg = type(g)
    if tg is np.ndarray:
        if type(x) is np.ndarray and g.base is None and g.dtype == x.dtype \
                and g.shape == x.shape and g.flags.writeable:
            return g  # the common cases, decided cheaply (same results as below)
    elif tg is float or tg is np.float64:
        tx = type(x)
        if tx is float:
            return g
        if tx is np.float64:
            return np.float64(g)
    if isinstance(x, dict):
        g = g if g is not None else {}
        return {k: finish(g.get(k), v, zero) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        g = g if g is not None else [None] * len(x)
        out = [finish(gi, v, zero) for gi, v in zip(g, x)]
        return tuple(out) if isinstance(x, tuple) else out
    if g is None:
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
            return g
        return np.array(np.broadcast_to(g, x.shape), dtype=dtype)
    if _other_array(x):  # (a dask array's gradient: its own type, still lazy)
        dtype = x.dtype if np.issubdtype(x.dtype, np.inexact) else np.float64
        if type(g) is type(x) and g.shape == x.shape:
            return g.astype(dtype) if g.dtype != dtype else g.copy()
        return np.zeros_like(x, dtype=dtype) + g
    if isinstance(x, (np.floating, np.complexfloating)):
        return type(x)(g)
    if isinstance(g, np.ndarray) and g.ndim == 0:
        return g[()]
    return g


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
        b = np.array(b, dtype=float)
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


def snapshot_tree(v):
    """A copy of ``v`` (arrays, and lists, tuples and dicts of them) that later in-place
    writes cannot change."""
    if isinstance(v, np.ndarray):
        return v.copy()
    if isinstance(v, list):
        return [snapshot_tree(x) for x in v]
    if isinstance(v, tuple):
        return tuple(snapshot_tree(x) for x in v)
    if isinstance(v, dict):
        return {k: snapshot_tree(x) for k, x in v.items()}
    return v


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
    """The gradients ``gs`` of the entries ``xs`` of a tuple/list, ``None`` made zeros."""
    return [zeros_tree(x) if gi is None else gi for gi, x in zip(gs, xs)]


def filled(t, x):
    """The tangent ``t`` of a list or tuple ``x`` with every ``None`` entry (a constant's)
    made a zero shaped like its entry, for a rule that reads ``x`` as one array."""
    if isinstance(x, (list, tuple)) and isinstance(t, (list, tuple)):
        return [filled(a, b) for a, b in zip(t, x)]
    return zeros_tree(x) if t is None else t


def spread(g, x):
    """``g`` (a reduction's gradient) repeated over the shape of ``x``.

    Small arrays are filled (cheaper than a broadcast view); large ones get a
    read-only broadcast view, which costs no memory.
    """
    shape = np.shape(x)
    if isinstance(x, np.ndarray) and x.size <= 4096 and np.ndim(g) == 0 \
            and not _other_array(g):
        return np.full(shape, g)
    return _broadcast(g, x)


def size_of(x):
    """The number of elements of ``x``, read from an array's shape (never computed)."""
    return x.size if hasattr(x, "size") else np.size(x)


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

def verify_snapshot(ns, names):
    """The values of ``names`` in the namespace ``ns`` (unbound names left out), copied."""
    return {n: _verify_copy(ns[n]) for n in names if n in ns}


def verify_push(tape, sid, pre, ns, names):
    tape.setdefault(sid, []).append((pre, verify_snapshot(ns, names)))


def verify_pop(tape, sid, where):
    records = tape.get(sid)
    if not records:
        raise VerificationError(f"srcdiff verification: the backward sweep reached the adjoint "
                                f"of {where} more often than the primal sweep ran it")
    return records.pop()


def verify_check(record, ns, names, where, pre=None, shape_only=(), aliases=None):
    """Each name in ``names`` holds in ``ns`` what it held in the primal sweep (``record``).

    ``pre`` maps a name to the variable whose value *before* the statement it
    holds; ``aliases`` maps a name that holds a copy of a variable (a saved value,
    or one popped for another statement, which the optimizer may read in the
    variable's place) to that variable: either value recorded is right.
    """
    pre = pre or {}
    aliases = aliases or {}
    for n in names:
        if n in pre:
            book, key = record[0] or {}, pre[n]
        else:
            book, key = record[1], n
        if n in aliases and n not in pre and n in ns:
            alias = aliases[n]
            if (n in book and _verify_same(book[n], ns[n], n in shape_only)) or (
                    alias in book and _verify_same(book[alias], ns[n], n in shape_only)):
                continue
            key = alias if n not in book else n
        if (n in ns) != (key in book) or (n in ns and not _verify_same(
                book[key], ns[n], n in shape_only)):
            had = repr(book[key]) if key in book else "unbound"
            has = repr(ns[n]) if n in ns else "unbound"
            what = f"{key!r} (as it was before the statement)" if n in pre else repr(n)
            raise VerificationError(
                f"srcdiff verification: the backward sweep, in the adjoint of {where}, read "
                f"{what} holding {has[:200]}, but the primal sweep had {had[:200]} there. "
                "The generated gradient would be wrong: this is a bug in srcdiff (please "
                "report it); sd.grad(..., optimize=False) gives the reference gradient")


def verify_saved(saves, stack):
    """Mirror of a tape push: keep a copy of the value just pushed on ``stack``."""
    saves.append(_verify_copy(stack[-1]))


def verify_restored(saves, stack, where, depth=1):
    """Before a tape pop: the value about to be taken back is the one the primal
    sweep pushed (not changed in place since, not another value's)."""
    if not saves or len(stack) < depth:
        raise VerificationError(f"srcdiff verification: the backward sweep, in the adjoint "
                                f"of {where}, takes a value back from a tape the primal "
                                f"sweep did not fill")
    kept = saves.pop()
    if not _verify_same(kept, stack[-depth], False):
        raise VerificationError(
            f"srcdiff verification: the backward sweep, in the adjoint of {where}, takes "
            f"back {stack[-depth]!r} from the tape, but the primal sweep saved {kept!r} (changed "
            f"in place after it was saved, or taken back in the wrong order). The generated "
            f"gradient would be wrong: this is a bug in srcdiff (please report it); "
            f"sd.grad(..., optimize=False) gives the reference gradient")


def verify_equal(kept, value, where="a value computed once for a loop"):
    """A rewrite's invariant: the value it kept equals the value it replaced."""
    if not _verify_same(kept, value, False):
        raise VerificationError(f"srcdiff verification: {where} is {kept!r} but the "
                                f"expression it stands for is {value!r} here")


def _verify_copy(v):
    if isinstance(v, np.ndarray) or _other_array(v):
        return v.copy()
    if isinstance(v, list):
        return [_verify_copy(x) for x in v]
    if isinstance(v, tuple):
        items = [_verify_copy(x) for x in v]
        return type(v)(*items) if hasattr(v, "_fields") else tuple(items)
    if isinstance(v, dict):
        return {k: _verify_copy(x) for k, x in v.items()}
    return v


def _verify_same(a, b, shape_only):
    if shape_only:  # the same structure, and the same shape at each leaf
        if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
            return type(a) is type(b) and len(a) == len(b) and all(
                _verify_same(x, y, True) for x, y in zip(a, b))
        if isinstance(a, dict) or isinstance(b, dict):
            return isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys() \
                and all(_verify_same(a[k], b[k], True) for k in a)
        return np.shape(a) == np.shape(b)
    if _other_array(a) or _other_array(b):  # (verification computes: it compares values)
        return np.shape(a) == np.shape(b) and bool(np.all((a == b) | ((a != a) & (b != b))))
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return np.shape(a) == np.shape(b) and _verify_same(np.asarray(a).item(),
                                                             np.asarray(b).item(), False)
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.dtype.kind in "fc":
            return bool(np.array_equal(a, b, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(
            _verify_same(x, y, False) for x, y in zip(a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(
            _verify_same(a[k], b[k], False) for k in a)
    if isinstance(a, (float, complex, np.floating, np.complexfloating)) and \
            isinstance(b, (float, complex, np.floating, np.complexfloating, int, np.integer)):
        return a == b or (a != a and b != b)
    if a is b:
        return True
    try:
        return bool(a == b)
    except Exception:
        return False


def verify_unchanged(snapshot, ns, names):
    """A moved value's invariant: the names it reads hold what they held where it was."""
    for n in names:
        if (n in snapshot) != (n in ns) or (n in ns and not _verify_same(snapshot[n], ns[n],
                                                                         False)):
            raise VerificationError(f"srcdiff verification: the optimizer moved an "
                                    f"expression reading {n!r} past a change of {n!r}")
