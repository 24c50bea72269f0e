"""Run-time helpers of generated code that trade memory: checkpointed loops' schedules
(reverse/checkpoint.py; their snapshots: runtime_snapshots.py), and in-place reuse of a
buffer read for the last time (optimize/release.py); and the faster spellings the final
code uses of a sum over a short axis (optimize/sums.py), of arithmetic of broadcast arrays
with a short last axis (optimize/planes.py) and of a product scattered into a new gradient
(optimize/views.py; like shape_only, never in code differentiated again). Like
srcdiff/runtime.py, each helper depends only on NumPy and the standard library and is
copied verbatim into standalone modules.
"""

import itertools
import math
import sys

import numpy as np

from srcdiff.errors import SrcdiffError, VerificationError
from srcdiff.runtime import (
    add_tree,
    fill_zeros,
    index_add,
    not_differentiable,
    unbroadcast,
    zeros_tree,
)

# ----------------------------------------------------------------- values kept for shapes

def shape_only(x, _made={}):
    """A stand-in for ``x`` kept on a tape where only its shape and dtype are read
    (reverse/shapesaves.py): for an ndarray of numbers, a read-only array of its shape
    and dtype whose every stride is 0 over one element (it owns no memory, so ``x``'s can
    be reused); any other value as it is. Stand-ins of one shape and dtype are one array
    (``_made``: a few dozen at most, owning no memory)."""
    if type(x) is not np.ndarray:
        return x
    shape = x.shape
    got = _made.get(shape)
    if got is not None and got.dtype is x.dtype:  # (NumPy's built-in dtypes are singletons)
        return got
    if x.dtype.kind not in "biufc":
        return x
    if got is None or got.dtype != x.dtype:
        if len(_made) > 64:
            _made.clear()
        got = _made[shape] = np.ndarray(shape, x.dtype, bytes(x.dtype.itemsize), 0,
                                        (0,) * x.ndim)
    return got


# ----------------------------------------------------------------- sequences
# (the adjoint and tangent of list(x) / tuple(x): rules/runtime_rules.py)

def sequence_grad(g, x):
    """The adjoint of ``list(x)`` / ``tuple(x)`` for ``x``: ``g`` (one entry per item,
    ``None`` for zero) as ``x``'s gradient: a list for a list or tuple, the stacked rows for
    an array. A dict's items are its keys, which have no gradient: refused."""
    if isinstance(x, (list, tuple)):
        return None if g is None else list(g)
    if isinstance(x, np.ndarray) and x.ndim:  # (no rows: nothing to stack)
        return zeros_tree(x) if g is None or not len(x) else np.stack(fill_zeros(g, list(x)))
    return not_differentiable(f"the items of a {type(x).__name__} through list()/tuple()")


def sequence_tangent(d, x):
    """The tangent of ``list(x)`` / ``tuple(x)`` from ``x``'s tangent ``d`` (the transpose of
    :func:`sequence_grad`): one entry per item."""
    if isinstance(x, (list, tuple)):
        return [None] * len(x) if d is None else list(d)
    if isinstance(x, np.ndarray) and x.ndim:
        return [np.zeros_like(r, dtype=float) for r in x] if d is None else list(d)
    return not_differentiable(f"the items of a {type(x).__name__} through list()/tuple()")


def concat_sequences(a, b):
    """``a + b`` of two lists or two tuples: Python's concatenation, which generated code
    calls where the compiler knows both operands are sequences (analysis/list_arguments.py).
    Anything else is refused: ``+`` of an array and a list adds entry by entry."""
    if not (isinstance(a, (list, tuple)) and isinstance(b, (list, tuple))):
        raise SrcdiffError(f"`+` was compiled as the concatenation of two lists or tuples, but "
                           f"it finds a {type(a).__name__} and a {type(b).__name__}",
                           hint="convert both operands with list(...), or use np.concatenate "
                                "on arrays")
    if isinstance(a, list) != isinstance(b, list):  # (`xs += (v,)` extends a list in place)
        raise SrcdiffError(f"`+` (or `+=`) of a {type(a).__name__} and a {type(b).__name__} "
                           "is differentiated as the concatenation of two lists or two tuples",
                           hint="make both lists (`xs += [v]`) or both tuples")
    return a + b


def repeat_sequence(a, n):
    """``a * n`` (or ``n * a``) of a list or tuple and an integer: Python's repetition, which
    generated code calls where the compiler knows ``a`` is a sequence and ``n`` an integer
    (analysis/list_arguments.py). Anything else is refused: ``*`` of an array multiplies."""
    if not isinstance(a, (list, tuple)) or isinstance(n, bool) \
            or not isinstance(n, (int, np.integer)):
        raise SrcdiffError(f"`*` was compiled as the repetition of a list or tuple, but it "
                           f"finds a {type(a).__name__} and a {type(n).__name__}",
                           hint="convert the sequence with list(...), or use np.tile on "
                                "arrays")
    return a * n


def sequence_repeat_grad(g, size):
    """The gradient of the ``size`` items of a repeated sequence from the result's ``g`` (one
    entry per item, ``None`` for zero; ``None`` for all zero): each item's, the sum of the
    gradients of its copies."""
    if g is None:
        return None
    out = [None] * size
    for k, gk in enumerate(g):
        if gk is not None:
            out[k % size] = add_tree(out[k % size], gk)
    return out


def sequence_part_grad(g, start, stop):
    """The gradient of the items ``start:stop`` of a concatenation, from its gradient ``g``
    (one entry per item, ``None`` for zero; ``None`` for all zero)."""
    return None if g is None else list(g[start:stop])


def sequence_padded_tangent(d, x, before, after):
    """The tangent of a concatenation along the items of its operand ``x`` (tangent ``d``):
    ``x``'s items' tangents with ``None`` (zero) for the ``before`` and ``after`` others."""
    return [None] * before + sequence_tangent(d, x) + [None] * after


# ----------------------------------------------------------------- checkpointed loops
# (reverse/checkpoint.py: a loop keeps snapshots of its state instead of every iteration's
# saved values, and the backward sweep recomputes segments from them)

def checkpoint_schedule(n, how):
    """The plan of a checkpointed loop of ``n`` iterations: ``(forward, backward)``.

    ``forward``: segments ``(a, b)`` the primal sweep runs, keeping a snapshot of the
    state at each ``a``. ``backward``: actions ``(a, m, b, last)``: restore the snapshot
    at ``a`` (dropped when ``last``), run ``a .. m-1`` saving nothing; then if ``b`` is
    None keep a snapshot at ``m``, else run ``m .. b-1`` saving, and their adjoints back.
    ``how``: ``k`` (a snapshot every k iterations), ``"sqrt"`` (k about sqrt(n): each
    iteration run twice) or ``"binomial[:c]"`` (revolve: at most c snapshots, c about
    log2(n), one iteration taped at a time, the fewest re-runs any schedule has).
    """
    if not (isinstance(how, str) and how.startswith("binomial")):
        k = max(1, int(n ** 0.5)) if how == "sqrt" else int(how)
        if how == "sqrt" and k * k < n:
            k += 1
        starts = range(0, n, max(1, k))
        return ([(a, min(a + k, n)) for a in starts],
                [(a, a, min(a + k, n), True) for a in reversed(starts)])
    # "binomial:c": revolve over single iterations with c snapshots. "binomial": revolve
    # over blocks of BINOMIAL_BLOCK iterations, each block taped whole (its adjoint sums
    # over its iterations at once), with log2(blocks) snapshots
    count = how.split(":")[1] if ":" in how else None
    block = 1 if count else BINOMIAL_BLOCK
    blocks = -(-n // block)
    slots = int(count) if count else max(2, blocks.bit_length())

    def binom(a, b):  # C(a, b), a >= b >= 0
        out = 1
        for j in range(b):
            out = out * (a - j) // (j + 1)
        return out

    def reverse(a, b, c):  # the actions reversing blocks [a, b) from a's snapshot
        while b - a > 1 and c == 1:  # none to spare: advance from a each time
            yield a, b - 1, b, False
            b -= 1
        if b - a == 1:
            yield a, a, b, True
            return
        steps, r = b - a, 0
        while binom(c + r, c) < steps:  # each block advanced at most r times
            r += 1
        m = max(1, binom(c + r - 2, c) if r >= 2 else 1, steps - binom(c + r - 1, c - 1))
        m = a + min(m, steps - 1)
        yield a, m, None, False
        yield from reverse(m, b, c - 1)
        yield from reverse(a, m, c)

    def iterations(actions):  # block boundaries as iteration numbers
        for a, m, b, last in actions:
            yield a * block, min(m * block, n), b if b is None else min(b * block, n), last

    # (a generator: the actions are made as the backward sweep takes them, in O(c) memory)
    actions = iterations(reverse(0, blocks, max(1, slots)))
    # the leading advances from 0 are the primal sweep's own run: it keeps their snapshots
    forward, at = [], 0
    for action in actions if n else ():
        if action[0] != at or action[2] is not None:
            actions = itertools.chain((action,), actions)
            break
        forward.append((at, action[1]))
        at = action[1]
    if n:
        forward.append((at, n))
    return forward, actions if n else []


BINOMIAL_BLOCK = 16  # iterations per block of checkpoint="binomial" (see checkpoint_schedule)


def check_in_place(m, v, op="add"):
    """``m op= v`` of an ndarray ``m`` writes the result into ``m`` (``np.add(m, v, out=m)``;
    ``op`` names the ufunc), where generated code computes ``m = m op v``, a new array
    (analysis/dtypes.py ``in_place_shapes``). NumPy's ValueError where the result would
    have another shape (``v`` of more axes, or longer along an axis where ``m`` has length
    1); NumPy's own error where the result's dtype does not cast to ``m``'s (``same_kind``: a
    bool ``m`` plus an int); refused where it casts to a narrower integer (an int8 ``m`` plus
    an int64 array wraps around in NumPy, not in ``m op v``). A float ``m`` narrowed
    (float32 plus float64) differs by rounding only: allowed. Nothing otherwise; a number,
    a list or a NumPy scalar ``m`` makes a new value, as ``m = m op v`` does."""
    if m.__class__ is not np.ndarray and not isinstance(m, np.ndarray):
        return
    shape, other = m.shape, np.shape(v)
    if op == "matmul":  # (NumPy wants ``m`` of 1 axis or more, ``v`` of 2 or more)
        if len(shape) < 1 or len(other) < 2:
            raise ValueError("inplace matrix multiplication requires the first operand to "
                             "have at least one and the second at least two dimensions.")
        result = np.broadcast_shapes(shape[:-2], other[:-2]) + shape[-2:-1] + other[-1:]
    else:
        result = shape if other == shape else np.broadcast_shapes(shape, other)
    if result != shape:
        raise ValueError(f"non-broadcastable output operand with shape {shape} doesn't "
                         f"match the broadcast shape {result}")
    kind, dtype = m.dtype.kind, m.dtype
    if getattr(v, "dtype", None) == dtype or type(v) is float and kind in "fc" \
            or type(v) is int and kind in "iufc":  # (Python numbers keep m's dtype)
        return
    wider = np.result_type(m, v)
    if wider == dtype or kind in "fc" and wider.kind == kind:
        return
    if not np.can_cast(wider, dtype, "same_kind"):  # (NumPy's error, by NumPy: its type)
        empty = np.empty(0, dtype)
        getattr(np, op)(empty, np.empty(0, v.dtype) if hasattr(v, "dtype") else v, out=empty)
    raise SrcdiffError(f"an in-place operation on an array of {dtype} computes {wider} "
                       f"values, which NumPy casts back to {dtype} (wrapping around) and "
                       "the generated gradient would keep as they are",
                       hint="convert the operand first: `m += v.astype(m.dtype)`")


def mul_into(m, other):
    """``m * other``, written into ``m``'s buffer when nothing else can see it.

    Generated code calls it (and :func:`add_into`) only where ``m`` appears once and its
    variable is not read again (optimize/release.py); it writes in place only into an
    ndarray that owns its data, that nothing but that variable refers to (its reference
    count is that of an array only a caller's variable holds: :func:`owned_refs`), and
    whose shape and dtype the result keeps. Otherwise (a record, a tape, a view or an
    alias holds it) it returns ``m * other``: the same numbers either way.
    """
    if type(m) is not np.ndarray or m.size < IN_PLACE_SIZE:  # (most calls: cheap first)
        return m * other
    refs = sys.getrefcount(m)  # (before any call: an argument on the stack would count)
    if _owned(m, other, refs):
        return np.multiply(m, other, out=m)
    return m * other


def add_into(m, other):
    """``m + other``, into ``m``'s buffer when nothing else can see it (:func:`mul_into`)."""
    if type(m) is not np.ndarray or m.size < IN_PLACE_SIZE:  # (most calls: cheap first)
        return m + other
    refs = sys.getrefcount(m)  # (before any call: an argument on the stack would count)
    if _owned(m, other, refs):
        return np.add(m, other, out=m)
    return m + other


def _owned(m, other, refs):  # (m: an ndarray of IN_PLACE_SIZE elements or more)
    if refs > owned_refs():
        return False
    t = type(other)
    if t is np.ndarray:  # the same dtype and shape: the result's are m's
        same = other.dtype == m.dtype and other.shape == m.shape
    else:
        same = (t is float or t is np.float64) and m.dtype == np.float64
    return same and m.flags.owndata and m.flags.writeable


IN_PLACE_SIZE = 1 << 13  # below, the reference-count check costs more than a new array saves
# (a call and its checks: about 1 µs; an 8,192-element sum: 5-9 µs, of which the allocation
# and the cold cache lines of a new buffer are 2-4 µs)


def owned_refs(refs_seen=lambda m, other: sys.getrefcount(m)):
    """The reference count :func:`mul_into` sees for an array only its caller's variable
    holds, measured once on the running interpreter (it differs between versions)."""
    if not hasattr(owned_refs, "value"):
        m = np.empty(1)
        owned_refs.value = refs_seen(m, None)  # (called as mul_into is)
    return owned_refs.value


# ----------------------------------------------------------------- sums over a short axis

SHORT_AXIS = 8  # NumPy adds fewer elements than this one after another (no pairwise blocks)
SHORT_SUM_SIZE = 64  # results smaller than this: np.sum's one call is as fast


PLANEWISE_SIZE = 4096  # results smaller than this: one call of the operation is as fast


def planewise(op, a, b):
    """``a - b`` (``a + b``, ``a * b``, ``a / b`` for ``op`` np.subtract, np.add, np.multiply,
    np.true_divide), bit for bit, faster where NumPy is slow.

    When two float arrays share a short last axis (two to four entries) and one broadcasts
    against the other along the axis before it (``X[:, None, :] - X[None, :, :]``, pairwise
    differences of points in two or three dimensions), NumPy cannot join the last axis to
    the others and runs one inner loop per element of the other axes, as long as the last
    axis (354 us for 200 x 200 x 2). Here each coordinate's plane is computed with one call
    (its inner loop runs along the broadcast axis), written into its place in the result
    (87 us; 1000 x 8 x 4: 82 -> 58 us; 500 x 24 x 7 is no faster, so longer axes are left
    alone). The same operation on the same numbers, into an array of the shape, dtype and
    memory layout NumPy gives (C order, NumPy's for C-ordered operands), so nothing
    downstream can tell (tests/optimize/test_planewise.py checks it over shapes, dtypes and
    layouts; verification mode checks each call, runtime_checks.verify_planewise). Anything
    else (other types, dtypes, shapes, a small result) is the operator itself."""
    if type(a) is np.ndarray and type(b) is np.ndarray and a.dtype == b.dtype \
            and (a.dtype == np.float64 or a.dtype == np.float32) and a.ndim == b.ndim > 1:
        n = a.shape[-1]
        if 2 <= n <= 4 and b.shape[-1] == n and a.shape[-2] != b.shape[-2] \
                and a.flags.c_contiguous and b.flags.c_contiguous:  # (NumPy's result: C order)
            shape = np.broadcast_shapes(a.shape, b.shape)
            if math.prod(shape) >= PLANEWISE_SIZE:
                out = np.empty(shape, dtype=a.dtype)
                for i in range(n):
                    op(a[..., i], b[..., i], out=out[..., i])
                return out
    return _by_operator(op, a, b)


def _by_operator(op, a, b):
    """``a - b`` for np.subtract (``+``, ``*``, ``/`` for np.add, np.multiply,
    np.true_divide): the operator, which takes any operand types, not the ufunc."""
    if op is np.subtract:
        return a - b
    if op is np.add:
        return a + b
    if op is np.multiply:
        return a * b
    return a / b


def short_sum(x, axis, keepdims=False):
    """``np.sum(x, axis=axis, keepdims=keepdims)``, bit for bit, faster where NumPy is slow.

    NumPy sums an axis of fewer than SHORT_AXIS elements of a float array one element after
    another from 0.0, ``((0.0 + x0) + x1) + ...``, but for an axis that is not the outermost
    it walks the elements of each result in turn (one inner loop of length n per result):
    10-20x slower than adding whole slices (``np.sum(d ** 2, axis=-1)`` over 256 x 256 x 3).
    Here the slices are added whole in the same order: ``x0 + x1`` is ``(0.0 + x0) + x1``
    except for the sign of a zero (0.0 + -0.0 is 0.0), and so is each later partial sum, so
    the closing ``+ 0.0`` (which changes only a -0.0) makes every result NumPy's, signed
    zeros included (tests/optimize/test_short_sums.py checks it on every memory layout;
    verification mode checks each call, runtime_checks.verify_short_sum). Anything else
    (another axis length, dtype or array type, a small result) is np.sum itself."""
    if type(x) is np.ndarray and type(axis) is int and x.ndim > 1 \
            and (x.dtype == np.float64 or x.dtype == np.float32) and -x.ndim <= axis < x.ndim:
        n = x.shape[axis]
        axis %= x.ndim
        if 2 <= n < SHORT_AXIS and x.size >= SHORT_SUM_SIZE * n \
                and (axis or not x.flags.c_contiguous):  # (the outermost: NumPy is fast)
            lead = (slice(None),) * axis
            out = x[lead + (0,)] + x[lead + (1,)]
            for i in range(2, n):
                out += x[lead + (i,)]
            out += 0.0
            return np.expand_dims(out, axis) if keepdims else out
    return np.sum(x, axis=axis, keepdims=keepdims)


# ------------------------------------------------------- a product into a gradient's place

VIEW_SIZE = 4096  # smaller gradients: the general path (its calls cost less than the saving)


def index_add_product(b, x, index, a, c, like=None):
    """``index_add(b, x, index, unbroadcast(a * c, like))`` (``like`` None: ``a * c``), with
    the product written straight into its place in a new gradient when ``b`` is None.

    ``index_add(None, ...)`` makes the product, a zero array shaped like ``x``, and copies
    the product into it: three arrays written. Here the new gradient is made once, what
    ``index`` does not reach is zeroed (only that, for one slice of the first axis), and
    ``np.multiply`` writes into the view ``b[index]``: the product's own numbers where
    ``index_add`` stores them (it stores, not adds, into its zeros), zeros elsewhere; the
    same array bit for bit (optimize/views.py; verification mode checks each call,
    runtime_checks.verify_index_add_product). Taken when ``x`` is a float64 NumPy array
    of at least VIEW_SIZE elements (below, the two calls cost less: 2.4 against 4.1 us at
    56), ``index`` one slice of step 1, and ``a`` and ``c`` float64
    arrays of the view's shape (or one of them a float), ``like`` too (``unbroadcast`` is
    then the identity); anything else, or a ``b`` already made, is the general path, the
    two calls themselves. (The array fuzzer sets VIEW_SIZE to 1: its arrays are small.)"""
    if b is None and type(x) is np.ndarray and x.size >= VIEW_SIZE and x.dtype == np.float64 \
            and type(index) is slice and index.step in (None, 1):
        # (one slice: where index_add stores into its zeros; at a tuple of slices it adds,
        # 0.0 + -0.0 giving 0.0, and a product written in place would keep the -0.0)
        shape = _product_shape(a, c)
        if shape is not None:
            b = np.empty(x.shape)
            view = b[index]
            if shape == view.shape and (like is None or np.shape(like) == shape):
                start, stop, _ = index.indices(x.shape[0])
                b[:start] = 0.0
                b[max(start, stop):] = 0.0
                np.multiply(a, c, out=view)
                return b
            b = None
    g = a * c
    return index_add(b, x, index, g if like is None else unbroadcast(g, like))


def _product_shape(a, c):
    """The shape of ``a * c`` for float64 arrays of one shape, or one of them a float; else
    None (the product broadcasts, or is of another type)."""
    ta, tc = type(a), type(c)
    if ta is np.ndarray and a.dtype == np.float64:
        if tc is np.ndarray and c.dtype == np.float64:
            return a.shape if a.shape == c.shape else None
        return a.shape if tc is float or tc is np.float64 else None
    if (ta is float or ta is np.float64) and tc is np.ndarray and c.dtype == np.float64:
        return c.shape
    return None


# ------------------------------------------------- a product summed without the product array

PRODUCT_SUM_SIZE = 4096  # smaller products: unbroadcast(a * b, x)'s calls cost less
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def sum_product(a, b, x, _plans={}):
    """``unbroadcast(a * b, x)`` without the product array: each product ``a_i * b_i`` is
    rounded as ``a * b`` rounds it, and the products that ``unbroadcast`` adds into one
    entry are added here too, in another order (optimize/contractions.py).

    Taken for float NumPy arrays ``a`` and ``b`` of one dtype whose broadcast product has
    at least PRODUCT_SUM_SIZE elements and which ``x``'s shape reduces (leading axes, and
    axes where ``x`` has length 1; a float ``x``: every axis, a NumPy scalar as unbroadcast
    returns); axes of length 1 are dropped (views), and the rest is
    one ``np.einsum`` (multiply and add in one pass), or one ``np.matmul`` where the sum
    is a batch of vector-matrix products (one axis summed, one kept from one operand
    only: n-body's ``sum_j w_ij d_ijk``, 4x faster than einsum at 256 x 256 x 3).
    Anything else is ``unbroadcast(a * b, x)`` itself. ``_plans``: (a's shape, b's shape,
    x's shape) -> how they are added (or None), made once per shapes."""
    tx = type(x)
    if type(a) is np.ndarray and type(b) is np.ndarray and a.dtype == b.dtype \
            and a.dtype.kind == "f" and (tx is np.ndarray and x.ndim or tx is float
                                         or tx is np.float64):  # (a number: a full sum)
        key = (a.shape, b.shape, np.shape(x))
        plan = _plans.get(key, False)
        if plan is False:
            if len(_plans) > 256:
                _plans.clear()
            plan = _plans[key] = _product_plan(*key)
        if plan is not None:
            kind, spec, ra, rb, shape = plan
            a, b = a.reshape(ra), b.reshape(rb)
            if kind == "einsum":
                out = np.einsum(spec, a, b)
            else:
                ta, tb, tout = spec
                out = np.matmul(a.transpose(ta), b.transpose(tb))
                if tout is not None:
                    out = np.transpose(out, tout)
            # (a new array, not a view of one, where the shape is already x's: finish keeps
            # an array that owns its memory as it is, and copies a view)
            return out if out.shape == shape else out.reshape(shape)
    return unbroadcast(a * b, x)


def _product_plan(sa, sb, sx):
    """How :func:`sum_product` adds ``a * b`` down to ``sx``: ``(kind, spec, a's shape
    without the broadcast axes, b's likewise, sx)``, or None (no saving, or another
    reduction than unbroadcast's)."""
    n = max(len(sa), len(sb))
    if len(sx) > n or n > len(_LETTERS):
        return None
    pa, pb, px = ((1,) * (n - len(s)) + tuple(s) for s in (sa, sb, sx))
    full = tuple(max(p, q) for p, q in zip(pa, pb))
    if any(p not in (1, f) for p, f in zip(pa + pb + px, full * 3)) \
            or int(np.prod(full)) < PRODUCT_SUM_SIZE:
        return None
    axes = [i for i in range(n) if full[i] != 1]
    la = [i for i in axes if pa[i] != 1]
    lb = [i for i in axes if pb[i] != 1]
    lo = [i for i in axes if px[i] != 1]
    if lo == axes:
        return None  # nothing summed: the product itself
    ra, rb = tuple(full[i] for i in la), tuple(full[i] for i in lb)
    batch = [i for i in lo if i in la and i in lb]
    summed = [i for i in axes if i not in lo and i in la and i in lb]
    ka, kb = [i for i in lo if i not in lb], [i for i in lo if i not in la]
    if len(summed) == 1 and len(ka) + len(kb) == 1 and set(la) | set(lb) == set(axes) \
            and len(batch) + 1 + len(ka) == len(la) and len(batch) + 1 + len(kb) == len(lb):
        # a batch of vector-matrix products: (batch, 1, c) @ (batch, c, k), or the other way
        (c,) = summed
        if ka:  # a: (batch, k, c) @ b: (batch, c, 1)
            ta, tb = [la.index(i) for i in batch + ka + [c]], [lb.index(i) for i in batch + [c]]
            rb, tb = rb + (1,), tb + [len(lb)]
        else:  # a: (batch, 1, c) @ b: (batch, c, k)
            ta, tb = [la.index(i) for i in batch + [c]], [lb.index(i) for i in batch + [c] + kb]
            ra, ta = ra + (1,), ta[:len(batch)] + [len(la)] + ta[len(batch):]
        order = batch + (ka or [None]) + (kb or [None])  # the product's axes
        kept = [i for i in order if i is not None]
        tout = [order.index(i) for i in lo] + [k for k, i in enumerate(order) if i is None]
        if sorted(kept) != lo:
            return None
        tout = None if tout == sorted(tout) else tout
        return "matmul", (ta, tb, tout), ra, rb, tuple(sx)
    spec = "".join(_LETTERS[i] for i in la) + "," + "".join(_LETTERS[i] for i in lb) \
        + "->" + "".join(_LETTERS[i] for i in lo)
    return "einsum", spec, ra, rb, tuple(sx)


def stacked_lhs(g, x, y):
    """The gradient of ``x @ y`` for ``x`` where NumPy float arrays make it one product
    (rules/product_rules.py ``matmul_lhs``: its general path's operations, decided from
    attributes): a stack of matrices by one matrix, or by a vector; else None."""
    if type(g) is np.ndarray and type(x) is np.ndarray and type(y) is np.ndarray \
            and x.ndim >= 2 and g.dtype.kind == "f" and y.dtype.kind == "f":
        # the product has x's shape, so the general path's unbroadcast returns it
        if y.ndim == 2 and x.ndim > 2 and g.shape == x.shape[:-1] + y.shape[-1:]:
            return g @ y.swapaxes(-1, -2)
        if y.ndim == 1 and g.shape == x.shape[:-1]:
            return g[..., None] * y  # (np.expand_dims(g, -1)'s view)
    return None


def stacked_rhs(g, x, y):
    """Likewise for ``y`` (``matmul_rhs``): one matrix for a stack of NumPy arrays, the
    sum over the stack as one product of the stacked rows; else None."""
    if type(g) is np.ndarray and type(x) is np.ndarray and type(y) is np.ndarray \
            and x.ndim > 2 and y.ndim == 2:
        return x.reshape(-1, x.shape[-1]).T @ g.reshape(-1, g.shape[-1])
    return None


def verify_summed(g, x):
    """``unbroadcast(g, x)`` where the shape patterns prove it sums axes of ``g`` away
    (reverse/backward.py ``_summed_away``: taken as a new array the gradient owns): check
    that ``g`` has more axes than ``x`` and that the sum is a number or a writeable array
    sharing no memory with ``g``, and return it."""
    out = unbroadcast(g, x)
    if np.ndim(g) <= np.ndim(x) or isinstance(out, np.ndarray) and (
            not out.flags.writeable or isinstance(g, np.ndarray) and np.may_share_memory(out, g)):
        raise VerificationError(f"srcdiff verification: a gradient of shape {np.shape(g)} "
                                f"taken to be summed to a new array of shape {np.shape(x)} "
                                "is not")
    return out
