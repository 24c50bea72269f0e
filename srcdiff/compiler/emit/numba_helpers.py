"""numba versions of the run-time helpers generated gradients call (``backend="numba"``).

Without numba installed it defines only the stubs (numba is optional). Each
helper is a stub with a ``numba.extending.overload`` that picks, at compile time, the
implementation for its argument types: float scalars (and ints, as constants) and float
arrays of up to two dimensions (three for some). Any other type has no implementation, so
numba's typing fails and numba_emit.py reports it as a SrcdiffError (never a guess). The
semantics are runtime.py's, restricted to those types. (``unbroadcast`` and matmul's
gradients, for arrays of any rank: numba_broadcast.py; a called function's tuple of
outputs' cotangent: numba_tuples.py.)

The implementations are cached on disk by numba (``cache=True``: in ``__pycache__`` next
to this file, or numba's ``NUMBA_CACHE_DIR``), so a process compiling a new gradient
compiles only the gradient, not the helpers again (0.3-0.8 s each for ``tanh_fast`` or
``mul_into`` on arrays). **Invariant (why a cached helper is the one asked for).** numba
keys an entry by the argument types, the implementation's bytecode and closure values,
the CPU and numba's version, and drops it when this file's stamp changes; the helpers
call nothing compiled from another file (numba_math.py's are cached by its own stamp).
``SRCDIFF_NUMBA_CACHE=0`` when this module is first imported turns it off.
"""

import os

import numpy as np

from srcdiff.compiler.emit.float_lists import float_entries

try:  # optional: without numba this module defines the stubs only (nothing compiles them)
    import numba
    from numba import types
    from numba.extending import overload as _overload

    CACHE = os.environ.get("SRCDIFF_NUMBA_CACHE", "1") != "0"

    def overload(stub, jit_options=None, **options):
        """numba's overload, its implementations cached on disk (module docstring)."""
        return _overload(stub, jit_options={**(jit_options or {}), "cache": CACHE}, **options)

    def njit(fn):
        return numba.njit(cache=CACHE)(fn)
except ImportError:  # pragma: no cover - numba is in the test extra
    numba = types = None

    def overload(stub, jit_options=None, **options):
        return lambda impl: impl

    def njit(fn):
        return fn


def _num(t):
    return isinstance(t, (types.Float, types.Integer, types.Boolean))


def _arr(t, most=2):
    return isinstance(t, types.Array) and 1 <= t.ndim <= most \
        and isinstance(t.dtype, (types.Float, types.Integer))


def _zero_d(t):
    """A 0-d array of numbers: ``np.copy(b[0])`` of an entry makes one in compiled code, and
    ``grad_ys`` may be one (SPEC: scalars and 0-d arrays match); its ``.sum()`` is its number."""
    return isinstance(t, types.Array) and t.ndim == 0 \
        and isinstance(t.dtype, (types.Float, types.Integer))


def _none(t):
    return t is None or isinstance(t, (types.NoneType, types.Omitted))


def add_tree(a, b):
    """``a + b`` where None is a zero gradient (runtime.add_tree)."""


@overload(add_tree)
def _add_tree(a, b):
    if _none(a):
        return lambda a, b: b
    if _none(b):
        return lambda a, b: a
    if (_num(a) or _arr(a)) and (_num(b) or _arr(b)):
        return lambda a, b: a + b
    return None


def zeros_tree(x):
    """A zero gradient shaped like ``x`` (runtime.zeros_tree)."""


@overload(zeros_tree)
def _zeros_tree(x):
    if _num(x):
        return lambda x: 0.0
    if _arr(x, 3):
        return lambda x: np.zeros(x.shape)
    return None


def zeros_like_of(x):
    """``np.zeros_like(x)``, but the float ``0.0`` for a number (NumPy's 0-d array of zero,
    the same value: numba's helpers and arithmetic take numbers, not 0-d arrays)."""


@overload(zeros_like_of)
def _zeros_like_of(x):
    if _num(x):
        return lambda x: 0.0
    if isinstance(x, types.Array) and x.ndim >= 1:
        return lambda x: np.zeros_like(x)
    return None


def seed(grad_ys, y, index=None):
    """The cotangent of output ``y`` (runtime.seed)."""


@overload(seed)
def _seed(grad_ys, y, index=None):
    if _none(grad_ys) and _num(y):
        return lambda grad_ys, y, index=None: 1.0
    if _none(grad_ys) and _arr(y, 3):
        return lambda grad_ys, y, index=None: np.ones(y.shape)
    if _num(grad_ys) and _num(y):
        return lambda grad_ys, y, index=None: float(grad_ys)
    if _zero_d(grad_ys) and _num(y):
        return lambda grad_ys, y, index=None: float(grad_ys.sum())
    if _arr(grad_ys, 3) and _arr(y, 3) and grad_ys.ndim == y.ndim:
        def checked(grad_ys, y, index=None):
            if grad_ys.shape != y.shape:
                raise ValueError("grad_ys must have the output's shape")
            return np.asarray(grad_ys, dtype=np.float64) + 0.0
        return checked
    return None


def scalar_seed(grad_ys, index=None):
    """The cotangent of a float scalar output (runtime.scalar_seed)."""


@overload(scalar_seed)
def _scalar_seed(grad_ys, index=None):
    if _none(grad_ys):
        return lambda grad_ys, index=None: 1.0
    if _num(grad_ys):
        return lambda grad_ys, index=None: float(grad_ys)
    if _zero_d(grad_ys):
        return lambda grad_ys, index=None: float(grad_ys.sum())
    return None


def finish(g, x, zero=False, avoid=None):
    """The gradient for ``x`` as returned: ``x``'s shape, float, a new array (runtime.finish)."""


@overload(finish)
def _finish(g, x, zero=False, avoid=None):  # (arrays of any rank)
    if _num(x) and _num(g):
        return lambda g, x, zero=False, avoid=None: float(g)
    if _arr(x, 32) and _arr(g, 32) and g.ndim == x.ndim:
        def copied(g, x, zero=False, avoid=None):
            if g.shape != x.shape:
                raise ValueError("srcdiff: a gradient's shape differs from its value's")
            return np.asarray(g, dtype=np.float64).copy()
        return copied
    if _arr(x, 32) and _num(g):
        return lambda g, x, zero=False, avoid=None: np.full(x.shape, float(g))
    if isinstance(g, types.NoneType) and (_num(x) or _arr(x, 32)):  # (zero=True: zeros)
        return lambda g, x, zero=False, avoid=None: finish(0.0, x)


def spread(g, x):
    """``g`` repeated over the shape of ``x`` (runtime.spread)."""


@overload(spread)
def _spread(g, x):
    if _num(x) and _num(g):
        return lambda g, x: float(g)
    if isinstance(x, types.Array) and x.ndim >= 1 and _num(g):  # (any rank: np.full's)
        return lambda g, x: np.full(x.shape, float(g))
    return None


def loop_len(q):
    """``len(q)`` of what a loop iterates (runtime_checks.loop_len): in compiled code an
    array (numba types no dict or set, so there is nothing to refuse at run time)."""


@overload(loop_len)
def _loop_len(q):
    if isinstance(q, types.Array) and q.ndim >= 1:
        return lambda q: len(q)
    return None


def unpacked(q, n, starred=False):
    """``n``, the items ``a, b = q`` unpacks (runtime_checks.unpacked): an array or a list
    (a generator's values), its length checked, or a tuple (numba types no dict or set)."""


@overload(unpacked)
def _unpacked(q, n, starred=False):
    if isinstance(q, types.Array) and q.ndim >= 1 or isinstance(q, types.List):
        def check(q, n, starred=False):
            if len(q) < n or (len(q) > n and not starred):
                raise ValueError("wrong number of values to unpack")
            return n
        return check
    if isinstance(q, types.BaseTuple):
        return lambda q, n, starred=False: n
    return None


def mul_into(m, other):
    """``m * other`` (runtime_memory.mul_into; compiled code allocates a new array: the
    reference count that proves ``m``'s buffer free is not available inside numba)."""


@overload(mul_into)
def _mul_into(m, other):
    if (_num(m) or _arr(m, 32)) and (_num(other) or _arr(other, 32)):  # (any rank)
        return lambda m, other: m * other
    return None


def add_into(m, other):
    """``m + other`` (runtime_memory.add_into; a new array, as :func:`mul_into`)."""


@overload(add_into)
def _add_into(m, other):
    if (_num(m) or _arr(m, 32)) and (_num(other) or _arr(other, 32)):  # (any rank)
        return lambda m, other: m + other
    return None


def size_of(x):
    """The number of elements of ``x`` (runtime.size_of)."""


@overload(size_of)
def _size_of(x):
    if _num(x):
        return lambda x: 1
    if isinstance(x, types.Array):
        return lambda x: x.size
    return None


def concat_rows(arrays):
    """``np.concatenate(arrays)`` (axis 0) of a list of arrays of one shape after the first
    axis (numba's concatenate takes tuples only)."""


@overload(concat_rows)
def _concat_rows(arrays):
    if not (isinstance(arrays, types.List) and _arr(arrays.dtype)):
        return None
    if arrays.dtype.ndim == 1:
        def rows1(arrays):
            n = 0
            for a in arrays:
                n += a.shape[0]
            out = np.empty(n)
            k = 0
            for a in arrays:  # element loops: a slice store compiles numba's shape errors
                for i in range(a.shape[0]):
                    out[k + i] = a[i]
                k += a.shape[0]
            return out
        return rows1

    def rows2(arrays):
        n = 0
        for a in arrays:
            n += a.shape[0]
            if a.shape[1] != arrays[0].shape[1]:
                raise ValueError("concatenate: arrays of different widths")
        out = np.empty((n, arrays[0].shape[1]))
        k = 0
        for a in arrays:
            for i in range(a.shape[0]):
                for j in range(a.shape[1]):
                    out[k + i, j] = a[i, j]
            k += a.shape[0]
        return out
    return rows2


def stack_rows(items):
    """``np.array(items)`` of a list of floats (a vector) or of 1-d arrays of one length
    (their rows), or of an array (its copy)."""


@overload(stack_rows)
def _stack_rows(items):
    if isinstance(items, types.Array):  # (``np.array(xs)`` of an array argument: a copy)
        return lambda items: items.copy()
    if isinstance(items, types.List) and _num(items.dtype):
        return lambda items: np.asarray(items, dtype=np.float64)
    if not (isinstance(items, types.List) and _arr(items.dtype, 1)):
        return None

    def rows(items):
        out = np.empty((len(items), items[0].shape[0] if len(items) else 0))
        for k in range(len(items)):
            if items[k].shape[0] != out.shape[1]:
                raise ValueError("array: rows of different lengths")
            for j in range(out.shape[1]):
                out[k, j] = items[k][j]
        return out
    return rows


@njit
def tape_pop_prev(tape):
    """Pop a tape that holds values after each trip: the value before the popped trip,
    or (first trip, where the restored value is never read) the popped one."""
    v = tape.pop()
    if len(tape):
        return tape[-1]
    return v


@njit
def tape_pop_entry(tape, entry):
    """Pop a tape of values after each trip of a name bound before the loop: the value
    before the popped trip, ``entry`` (its value on entry) on the first trip."""
    tape.pop()
    if len(tape):
        return tape[-1]
    return entry


def sum_rows(x):
    """``np.sum(x, axis=0)`` of a float array of one to three dimensions."""


@overload(sum_rows)
def _sum_rows(x):
    if _arr(x, 1):
        return lambda x: x.sum()
    if _arr(x, 2):
        def rows2(x):  # loops: numba's np.sum(axis=) compiles slowly
            out = np.zeros(x.shape[1])
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    out[j] += x[i, j]
            return out
        return rows2
    if _arr(x, 3):
        def rows3(x):
            out = np.zeros((x.shape[1], x.shape[2]))
            for i in range(x.shape[0]):
                for j in range(x.shape[1]):
                    for k in range(x.shape[2]):
                        out[j, k] += x[i, j, k]
            return out
        return rows3
    return None


def index_add(b, x, index, g, distinct=False):
    """``b + scatter(g at x[index])`` (runtime.index_add) for an int, slice, or tuple of
    ints and slices as ``index`` (integer-array indices: numba_pieces.py, numba's
    ``b[idx] += g`` would add into a copy)."""


def _basic(index):
    if isinstance(index, (types.Integer, types.SliceType)):
        return True
    return isinstance(index, types.BaseTuple) and all(  # (None: a new axis of length 1)
        isinstance(t, (types.Integer, types.SliceType, types.NoneType)) for t in index.types)


@overload(index_add)
def _index_add(b, x, index, g, distinct=False):
    if not (_arr(x, 3) and _basic(index) and (_num(g) or _arr(g, 8))  # (g: x[index]'s axes)
            and (_none(b) or (_arr(b, 3) and b.ndim == x.ndim))):
        return None
    if isinstance(index, types.Integer) and x.ndim == 1 and _num(g):
        def one(b, x, index, g, distinct=False):
            out = np.zeros(x.shape) if b is None else b
            out[index] += g
            return out
        return one
    if isinstance(index, types.Integer) and x.ndim == 2 and _arr(g, 1):
        def row(b, x, index, g, distinct=False):
            out = np.zeros(x.shape) if b is None else b
            if g.shape[0] != x.shape[1]:
                raise ValueError("srcdiff: index_add of a row of another length")
            for j in range(g.shape[0]):
                out[index, j] += g[j]
            return out
        return row

    if isinstance(index, types.BaseTuple) and len(index.types) == x.ndim and all(
            isinstance(t, types.Integer) for t in index.types):
        def element(b, x, index, g, distinct=False):  # one element (out[index]: a number)
            out = np.zeros(x.shape) if b is None else b
            out[index] += g
            return out
        return element

    if _arr(g, 8):
        def view_of_array(b, x, index, g, distinct=False):  # slices: += into b's view
            out = np.zeros(x.shape) if b is None else b
            part = out[index]
            # (numba's += reads g's elements while it writes the view's, NumPy's a copy of
            # g when the two share memory: the same numbers only through a copy)
            _add_view(part, g.copy() if _shares_nd(part, g) else g)
            return out
        return view_of_array

    def view(b, x, index, g, distinct=False):  # slices, g a number: += into b's view
        out = np.zeros(x.shape) if b is None else b
        part = out[index]
        part += g
        return out
    return view


def _add_view(part, g):
    """``part += g`` for a ``g`` that does not share memory with ``part``: loops over the
    axes when both have one shape of three axes (numba's ``+=`` of strided 3-d views is its
    general broadcasting loop, three to six times slower), else numba's ``+=``.
    Invariant: each element gets the one addition ``+=`` makes (the same numbers)."""


@overload(_add_view)
def _add_view_impl(part, g):
    if not (_arr(part, 3) and _arr(g, 3) and part.ndim == g.ndim == 3):
        return lambda part, g: _add_broadcast(part, g)

    def loops(part, g):
        if part.shape != g.shape:
            return _add_broadcast(part, g)
        for i in range(part.shape[0]):
            for j in range(part.shape[1]):
                for k in range(part.shape[2]):
                    part[i, j, k] += g[i, j, k]
    return loops


@njit
def _add_broadcast(part, g):
    part += g


def shares_nd(a, b):
    """Whether the arrays ``a`` and ``b`` (any number of axes) may share memory: their byte
    ranges, from the lowest to the highest address any of their elements takes, meet."""
    if a.size == 0 or b.size == 0:
        return False
    lo_a, hi_a = a.ctypes.data, a.ctypes.data + a.itemsize
    for k in range(a.ndim):
        step = (a.shape[k] - 1) * a.strides[k]
        lo_a, hi_a = lo_a + min(0, step), hi_a + max(0, step)
    lo_b, hi_b = b.ctypes.data, b.ctypes.data + b.itemsize
    for k in range(b.ndim):
        step = (b.shape[k] - 1) * b.strides[k]
        lo_b, hi_b = lo_b + min(0, step), hi_b + max(0, step)
    return lo_a < hi_b and lo_b < hi_a


_shares_nd = njit(shares_nd)


def broadcast_like(t, ans):
    """A forward rule's tangent ``t`` broadcast to the shape of ``ans`` (runtime.broadcast_like;
    arrays as numba's read-only broadcast view, so an in-place write to one is a typing
    error, never a write through to ``t``)."""


@overload(broadcast_like)
def _broadcast_like(t, ans):
    if _num(t) and _num(ans):
        return lambda t, ans: t
    if _num(t) and _arr(ans, 3):
        return lambda t, ans: np.full(ans.shape, float(t))
    if _arr(t, 3) and _arr(ans, 3) and t.ndim <= ans.ndim:
        return lambda t, ans: np.broadcast_to(t, ans.shape)
    return None


# ----------------------------------------------------------------- array tapes (numba_tapes.py)

def tape_alloc(n, value):
    """An uninitialised tape of ``n`` rows shaped and typed like ``value``."""


@overload(tape_alloc)
def _tape_alloc(n, value):
    if isinstance(value, types.Float) or _zero_d(value) and isinstance(value.dtype, types.Float):
        return lambda n, value: np.empty(n)  # (a 0-d save, np.copy(u[i]): a row of a number)
    if isinstance(value, types.Boolean):
        return lambda n, value: np.empty(n, dtype=np.bool_)
    if isinstance(value, types.Integer):
        return lambda n, value: np.empty(n, dtype=np.int64)
    if isinstance(value, types.Array) and value.ndim >= 1 and isinstance(  # (any rank)
            value.dtype, (types.Float, types.Integer, types.Boolean)):  # (an index; a mask)
        dtype = np.bool_ if isinstance(value.dtype, types.Boolean) else np.int64 \
            if isinstance(value.dtype, types.Integer) else np.float64
        return lambda n, value: np.empty((n,) + value.shape, dtype=dtype)
    return None


SAVED_SHAPE_CHANGED = ("srcdiff: a value saved in a loop changed shape between trips "
                       "(use backend=\"numpy\")")
_SHAPE = SAVED_SHAPE_CHANGED  # (numba_emit.py turns it into a SrcdiffError)


def to_number(a, shape):  # (numba_pieces.reshaped to the shape ``()``)
    if a.size != 1:
        raise ValueError("srcdiff: cannot reshape an array of another size than 1 to ()")
    return a.ravel()[0]


def tape_put(tape, k, value):
    """Row ``k`` of ``tape`` set to ``value`` (whose shape must be the tape's row shape)."""


@overload(tape_put)
def _tape_put(tape, k, value):
    if not isinstance(tape, types.Array):
        return None
    if tape.ndim == 1 and (_num(value) or _zero_d(value)):
        def put0(tape, k, value):
            tape[k] = value
        return put0
    if not (isinstance(value, types.Array) and 1 <= value.ndim == tape.ndim - 1):
        return None
    if value.ndim == 1:
        def put1(tape, k, value):  # element loops: a slice store compiles numba's shape errors
            if value.shape[0] != tape.shape[1]:
                raise ValueError(_SHAPE)
            for i in range(value.shape[0]):
                tape[k, i] = value[i]
        return put1
    if value.ndim == 2:
        def put2(tape, k, value):
            if value.shape[0] != tape.shape[1] or value.shape[1] != tape.shape[2]:
                raise ValueError(_SHAPE)
            for i in range(value.shape[0]):
                for j in range(value.shape[1]):
                    tape[k, i, j] = value[i, j]
        return put2

    def put3(tape, k, value):  # (and more axes: a row's store after its shape's check)
        if value.shape != tape.shape[1:]:
            raise ValueError(_SHAPE)
        tape[k][...] = value
    return put3


@njit
def tape_get(tape, k):
    """Row ``k`` of ``tape`` (a view for array rows); a negative ``k`` means more reads
    than saves, which is an error, never a wrapped index."""
    if k < 0:
        raise IndexError("srcdiff: a tape was read more often than it was written")
    return tape[k]


@njit
def tape_get_prev(tape, k):
    """The row before row ``k`` (the value before trip ``k`` of a tape that holds values
    after each trip), or row 0 on the first trip, where the value read is never used."""
    if k < 0:
        raise IndexError("srcdiff: a tape was read more often than it was written")
    return tape[k - 1] if k > 0 else tape[k]


@njit
def tape_get_entry(tape, k, entry):
    """``tape_get_prev`` of a name bound before the loop: ``entry`` on the first trip."""
    if k < 0:
        raise IndexError("srcdiff: a tape was read more often than it was written")
    return tape[k - 1] if k > 0 else entry


def tape_rows(tape):
    """The rows of the arrays a tape holds, concatenated (``np.concatenate`` of a list of
    them): the first two axes merged."""


@overload(tape_rows)
def _tape_rows(tape):
    if isinstance(tape, types.Array) and tape.ndim >= 2:  # (any rank)
        return lambda tape: tape.reshape((tape.shape[0] * tape.shape[1],) + tape.shape[2:])
    return None


def float_array(value):
    """``value`` as a float64 array when it is a non-empty list or tuple of Python floats,
    else ``value`` itself. Plain Python (not compiled): written modules (``srcdiff
    --backend numba``) call it on the arguments their gradient reads only by index, as
    numba_runner.Runner passes them (numba would convert a list element by element)."""
    entries = float_entries(value) if type(value) in (list, tuple) else None
    return value if entries is None else entries.copy()
